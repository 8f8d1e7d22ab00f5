/*
 * A notifier and media provider that misbehaves on request, compiled by the tests with cc -pthread.
 * What it does is the setting "behaviour" of its section (default FIXTURE_BEHAVIOUR, else "good"):
 *   good             answers at once (notify: done OK; resolve and metadata: a valid answer)
 *   hang             returns OK and never calls done
 *   slow             calls done after "delay_ms" milliseconds (default 30000), from a thread
 *   block            blocks inside notify/resolve for "delay_ms" milliseconds, then answers
 *   double-done      calls done twice
 *   done-then-error  calls done, then returns an error
 *   garbage          resolve and metadata: bytes that are neither UTF-8 nor JSON
 *   javascript       resolve: a javascript: embed_url; metadata: a javascript: thumbnail
 *   unterminated     classify: a canonical_url without its NUL
 *   javascript-embed classify: a javascript: embed_url
 *   block-classify   classify blocks for "delay_ms" milliseconds (a synchronous call that hangs)
 *   block-probe      the notifier's probe blocks for "delay_ms" milliseconds
 *   crash            notify, resolve and metadata die of SIGSEGV
 * Other switches: FIXTURE_ID="…" (default "org.linkstr.test.misbehaving"). With the setting
 * "record" (a file), notify appends each notification's id as a line. It claims URLs starting
 * with "https://misbehaving.example/".
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "linkstr_plugin.h"

#ifndef FIXTURE_ID
#define FIXTURE_ID "org.linkstr.test.misbehaving"
#endif
#ifndef FIXTURE_BEHAVIOUR
#define FIXTURE_BEHAVIOUR "good"
#endif
#define CLAIMED_PREFIX "https://misbehaving.example/"

typedef struct instance {
    char behaviour[32];
    long delay_ms;
    char record[1024];
} instance;

static void sleep_ms(long milliseconds) {
    struct timespec delay = {milliseconds / 1000, (milliseconds % 1000) * 1000000L};
    while (nanosleep(&delay, &delay) != 0) {}
}

static int is(const instance *self, const char *behaviour) { return strcmp(self->behaviour, behaviour) == 0; }

/* What a stray pointer does, without the undefined behaviour an optimiser may remove. */
static void crash(void) { raise(SIGSEGV); }

static lkh_owned_bytes owned_copy(const char *text, size_t len) {
    lkh_owned_bytes bytes = {NULL, 0, NULL, NULL};
    if (len == 0) return bytes;
    uint8_t *copy = malloc(len);
    memcpy(copy, text, len);
    bytes.data = copy;
    bytes.len = len;
    bytes.release = free;
    bytes.release_ctx = copy;
    return bytes;
}

typedef struct later {
    long delay_ms;
    lkh_done_fn done;
    void *user_data;
    const char *answer;
    size_t answer_len;
} later;

static void *answer_later(void *argument) {
    later *job = argument;
    sleep_ms(job->delay_ms);
    job->done(job->user_data, LKH_OK, NULL, owned_copy(job->answer, job->answer_len));
    free(job);
    return NULL;
}

/* Answers `answer` the way the behaviour says; returns what the starting function returns. */
static lkh_status answer(instance *self, const char *answer, size_t answer_len, const char *garbage, lkh_done_fn done,
                         void *user_data, uint64_t *out_operation_id, lkh_error *err) {
    static uint64_t next_operation = 1;
    if (out_operation_id != NULL) *out_operation_id = __atomic_fetch_add(&next_operation, 1, __ATOMIC_RELAXED);
    if (is(self, "crash")) crash();
    if (is(self, "hang")) return LKH_OK;
    if (is(self, "block")) sleep_ms(self->delay_ms);
    if ((is(self, "garbage") || is(self, "javascript")) && garbage != NULL) {
        answer = garbage;
        answer_len = strlen(garbage);
    }
    if (is(self, "slow")) {
        later *job = malloc(sizeof *job);
        *job = (later){self->delay_ms, done, user_data, answer, answer_len};
        pthread_t thread;
        pthread_create(&thread, NULL, answer_later, job);
        pthread_detach(thread);
        return LKH_OK;
    }
    done(user_data, LKH_OK, NULL, owned_copy(answer, answer_len));
    if (is(self, "double-done")) done(user_data, LKH_OK, NULL, owned_copy(answer, answer_len));
    if (is(self, "done-then-error")) return lkh_error_set(err, LKH_E_IO, "failed after calling done");
    return LKH_OK;
}

static lkh_status fixture_notify(void *opaque, const lkh_notification *notification, lkh_done_fn done, void *user_data,
                                 uint64_t *out_operation_id, lkh_error *err) {
    instance *self = opaque;
    if (self->record[0] != '\0' && notification->id != NULL) {
        FILE *file = fopen(self->record, "a");
        if (file != NULL) {
            fprintf(file, "%s\n", notification->id);
            fclose(file);
        }
    }
    return answer(self, "", 0, NULL, done, user_data, out_operation_id, err);
}

static lkh_status fixture_probe(void *opaque, lkh_error *err) {
    (void)err;
    instance *self = opaque;
    if (is(self, "block-probe")) sleep_ms(self->delay_ms);
    return LKH_OK;
}

static void fixture_cancel(void *opaque, uint64_t operation_id) {
    (void)opaque;
    (void)operation_id;
}

static lkh_status fixture_classify(void *opaque, const char *url, lkh_media_classification *out, lkh_error *err) {
    (void)err;
    instance *self = opaque;
    if (strncmp(url, CLAIMED_PREFIX, strlen(CLAIMED_PREFIX)) != 0) return LKH_E_NOT_FOUND;
    if (is(self, "block-classify")) sleep_ms(self->delay_ms);
    snprintf(out->provider, sizeof out->provider, "misbehaving");
    out->mode = LKH_MEDIA_MODE_EMBED;
    snprintf(out->canonical_url, sizeof out->canonical_url, "%s", url);
    snprintf(out->embed_url, sizeof out->embed_url, "%sembed", CLAIMED_PREFIX);
    if (is(self, "unterminated")) memset(out->canonical_url, 'a', sizeof out->canonical_url);
    if (is(self, "javascript-embed")) snprintf(out->embed_url, sizeof out->embed_url, "javascript:alert(1)");
    return LKH_OK;
}

static const char resolution[] =
    "{\"provider\":\"misbehaving\",\"mode\":\"embed\",\"resolved_url\":\"" CLAIMED_PREFIX "video\","
    "\"embed_url\":\"" CLAIMED_PREFIX "embed\"}";
static const char metadata[] = "{\"title\":\"A misbehaving title\",\"thumbnail\":\"" CLAIMED_PREFIX "thumb.jpg\"}";
static const char garbage_bytes[] = "\xff\xfe not JSON \xc3";
static const char javascript_resolution[] =
    "{\"provider\":\"misbehaving\",\"mode\":\"embed\",\"resolved_url\":\"" CLAIMED_PREFIX "video\","
    "\"embed_url\":\"javascript:alert(1)\"}";
static const char javascript_metadata[] = "{\"title\":\"t\",\"thumbnail\":\"javascript:alert(1)\"}";

static lkh_status fixture_resolve(void *opaque, const char *url, uint32_t timeout_ms, lkh_done_fn done, void *user_data,
                                  uint64_t *out_operation_id, lkh_error *err) {
    (void)timeout_ms;
    if (strncmp(url, CLAIMED_PREFIX, strlen(CLAIMED_PREFIX)) != 0) return LKH_E_NOT_FOUND;
    const char *bad = is(opaque, "javascript") ? javascript_resolution : garbage_bytes;
    return answer(opaque, resolution, strlen(resolution), bad, done, user_data, out_operation_id, err);
}

static lkh_status fixture_metadata(void *opaque, const char *url, uint32_t timeout_ms, lkh_done_fn done, void *user_data,
                                   uint64_t *out_operation_id, lkh_error *err) {
    (void)url;
    (void)timeout_ms;
    const char *bad = is(opaque, "javascript") ? javascript_metadata : garbage_bytes;
    return answer(opaque, metadata, strlen(metadata), bad, done, user_data, out_operation_id, err);
}

static const lkh_notifier_v1 notifier_vtable = {
    .struct_size = sizeof(lkh_notifier_v1),
    .probe = fixture_probe,
    .notify = fixture_notify,
    .cancel = fixture_cancel,
};

static const lkh_media_provider_v1 media_vtable = {
    .struct_size = sizeof(lkh_media_provider_v1),
    .priority = 100,
    .classify = fixture_classify,
    .fetch_metadata = fixture_metadata,
    .cancel = fixture_cancel,
    .resolve = fixture_resolve,
};

static void setting(const lkh_host *host, const char *key, char *buffer, size_t capacity, const char *fallback) {
    if (host->config_get(host, key, buffer, capacity) == 0) snprintf(buffer, capacity, "%s", fallback);
}

static lkh_status fixture_create(const lkh_host *host, void **out_instance, lkh_error *err) {
    (void)err;
    instance *self = calloc(1, sizeof *self);
    if (self == NULL) return LKH_E_NOMEM;
    char delay[32];
    setting(host, "behaviour", self->behaviour, sizeof self->behaviour, FIXTURE_BEHAVIOUR);
    setting(host, "delay_ms", delay, sizeof delay, "30000");
    setting(host, "record", self->record, sizeof self->record, "");
    self->delay_ms = atol(delay);
    *out_instance = self;
    return LKH_OK;
}

static void fixture_destroy(void *opaque) { free(opaque); }

static const void *fixture_get_capability(void *opaque, const char *capability_id) {
    (void)opaque;
    if (strcmp(capability_id, LKH_CAP_NOTIFIER_V1) == 0) return &notifier_vtable;
    if (strcmp(capability_id, LKH_CAP_MEDIA_PROVIDER_V1) == 0) return &media_vtable;
    return NULL;
}

static const char *const provides[] = {LKH_CAP_NOTIFIER_V1, LKH_CAP_MEDIA_PROVIDER_V1, NULL};

static const lkh_plugin_desc descriptor = {
    .struct_size = sizeof(lkh_plugin_desc),
    .abi_major = LKH_ABI_MAJOR,
    .abi_minor = LKH_ABI_MINOR,
    .id = FIXTURE_ID,
    .name = "Misbehaving fixture",
    .version = "0.0.1",
    .provides = provides,
    .requires = NULL,
    .create = fixture_create,
    .destroy = fixture_destroy,
    .get_capability = fixture_get_capability,
    .built_with = "cc",
};

LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_major;
    (void)host_abi_minor;
    return &descriptor;
}
