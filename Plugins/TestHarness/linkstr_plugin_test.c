/* The C test harness of linkstr_plugin_test.h: a fake host, done waiters, checks. */
#define _POSIX_C_SOURCE 200809L
#include "linkstr_plugin_test.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- The fake host --------------------------------------------------------------------------- */

typedef struct setting {
    char *key;
    char *value;
} setting;

typedef struct log_line {
    int32_t level;
    char *text;
} log_line;

struct lkh_test_host {
    lkh_host table; /* first: the plugin's `host` pointer is the test host */
    char *plugin_id;
    pthread_mutex_t lock;
    setting *settings;
    size_t setting_count;
    log_line *lines;
    size_t line_count;
};

static lkh_test_host *owner(const lkh_host *table) { return (lkh_test_host *)table; }

static void host_log(const lkh_host *table, int32_t level, const char *message) {
    lkh_test_host *host = owner(table);
    pthread_mutex_lock(&host->lock);
    log_line *grown = realloc(host->lines, (host->line_count + 1) * sizeof *grown);
    if (grown != NULL) {
        host->lines = grown;
        host->lines[host->line_count++] = (log_line){level, strdup(message != NULL ? message : "")};
    }
    pthread_mutex_unlock(&host->lock);
}

static size_t host_config_get(const lkh_host *table, const char *key, char *buffer, size_t capacity) {
    lkh_test_host *host = owner(table);
    size_t needed = 0;
    pthread_mutex_lock(&host->lock);
    for (size_t index = 0; index < host->setting_count; index++) {
        if (strcmp(host->settings[index].key, key) != 0) continue;
        const char *value = host->settings[index].value;
        needed = strlen(value) + 1;
        if (buffer != NULL && capacity > 0) snprintf(buffer, capacity, "%s", value);
        break;
    }
    pthread_mutex_unlock(&host->lock);
    return needed;
}

static uint64_t host_monotonic_ns(const lkh_host *table) {
    (void)table;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static int64_t host_wall_clock_ns(const lkh_host *table) {
    (void)table;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

static lkh_status host_random_bytes(const lkh_host *table, uint8_t *buffer, size_t length) {
    (void)table;
    FILE *source = fopen("/dev/urandom", "rb");
    if (source == NULL) return LKH_E_IO;
    size_t read = fread(buffer, 1, length, source);
    fclose(source);
    return read == length ? LKH_OK : LKH_E_IO;
}

static void host_emit_event(const lkh_host *table, const char *event_id, lkh_bytes payload) {
    (void)table;
    (void)event_id;
    (void)payload;
}

static void host_post(const lkh_host *table, void (*fn)(void *user_data), void *user_data) {
    (void)table;
    fn(user_data);
}

static const void *host_get_service(const lkh_host *table, const char *service_id) {
    (void)table;
    (void)service_id;
    return NULL;
}

lkh_test_host *lkh_test_host_new(const char *plugin_id) {
    lkh_test_host *host = calloc(1, sizeof *host);
    if (host == NULL) return NULL;
    host->table = (lkh_host){
        .struct_size = sizeof(lkh_host), .abi_major = LKH_ABI_MAJOR, .abi_minor = LKH_ABI_MINOR, .host_ctx = host,
        .log = host_log, .config_get = host_config_get, .monotonic_ns = host_monotonic_ns, .wall_clock_ns = host_wall_clock_ns,
        .random_bytes = host_random_bytes, .emit_event = host_emit_event, .post = host_post, .get_service = host_get_service,
    };
    host->plugin_id = strdup(plugin_id != NULL ? plugin_id : "");
    pthread_mutex_init(&host->lock, NULL);
    return host;
}

void lkh_test_host_set(lkh_test_host *host, const char *key, const char *value) {
    pthread_mutex_lock(&host->lock);
    for (size_t index = 0; index < host->setting_count; index++) {
        if (strcmp(host->settings[index].key, key) == 0) {
            free(host->settings[index].value);
            host->settings[index].value = strdup(value);
            pthread_mutex_unlock(&host->lock);
            return;
        }
    }
    setting *grown = realloc(host->settings, (host->setting_count + 1) * sizeof *grown);
    if (grown != NULL) {
        host->settings = grown;
        host->settings[host->setting_count++] = (setting){strdup(key), strdup(value)};
    }
    pthread_mutex_unlock(&host->lock);
}

const lkh_host *lkh_test_host_table(lkh_test_host *host) { return &host->table; }

size_t lkh_test_host_log_count(lkh_test_host *host) {
    pthread_mutex_lock(&host->lock);
    size_t count = host->line_count;
    pthread_mutex_unlock(&host->lock);
    return count;
}

const char *lkh_test_host_log_line(lkh_test_host *host, size_t index, int32_t *level) {
    pthread_mutex_lock(&host->lock);
    const char *text = NULL;
    if (index < host->line_count) {
        text = host->lines[index].text;
        if (level != NULL) *level = host->lines[index].level;
    }
    pthread_mutex_unlock(&host->lock);
    return text;
}

int lkh_test_host_logged(lkh_test_host *host, const char *text) {
    pthread_mutex_lock(&host->lock);
    int found = 0;
    for (size_t index = 0; index < host->line_count && !found; index++) found = strstr(host->lines[index].text, text) != NULL;
    pthread_mutex_unlock(&host->lock);
    return found;
}

void lkh_test_host_free(lkh_test_host *host) {
    if (host == NULL) return;
    for (size_t index = 0; index < host->setting_count; index++) {
        free(host->settings[index].key);
        free(host->settings[index].value);
    }
    for (size_t index = 0; index < host->line_count; index++) free(host->lines[index].text);
    free(host->settings);
    free(host->lines);
    free(host->plugin_id);
    pthread_mutex_destroy(&host->lock);
    free(host);
}

/* ---- Loading ---------------------------------------------------------------------------------- */

/* Reverse-DNS: [a-z0-9-]+(.[a-z0-9-]+)+ */
static int is_reverse_dns(const char *id) {
    if (id == NULL || *id == '\0') return 0;
    int dots = 0;
    int label = 0;
    for (const char *c = id; *c; c++) {
        if (*c == '.') {
            if (label == 0) return 0;
            dots++;
            label = 0;
        } else if (islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '-') {
            label++;
        } else {
            return 0;
        }
    }
    return dots >= 1 && label > 0;
}

lkh_status lkh_test_open(lkh_test_host *host, lkh_plugin_entry_fn entry, lkh_test_instance *out, lkh_error *err) {
    out->descriptor = NULL;
    out->instance = NULL;
    const lkh_plugin_desc *desc = entry(LKH_ABI_MAJOR, LKH_ABI_MINOR);
    if (desc == NULL) return lkh_error_set(err, LKH_E_UNSUPPORTED, "lkh_plugin_entry returned NULL for ABI %u.%u", LKH_ABI_MAJOR, LKH_ABI_MINOR);
    if (desc->struct_size < offsetof(lkh_plugin_desc, get_capability) + sizeof desc->get_capability)
        return lkh_error_set(err, LKH_E_INVALID, "the descriptor's struct_size %u is shorter than ABI 1.0's", desc->struct_size);
    if (desc->abi_major != LKH_ABI_MAJOR)
        return lkh_error_set(err, LKH_E_UNSUPPORTED, "built for ABI %u.x, the host speaks %u.x", desc->abi_major, LKH_ABI_MAJOR);
    if (!is_reverse_dns(desc->id)) return lkh_error_set(err, LKH_E_INVALID, "plugin id '%s' is not reverse-DNS", desc->id ? desc->id : "(null)");
    if (desc->name == NULL || desc->version == NULL) return lkh_error_set(err, LKH_E_INVALID, "the descriptor has no name or version");
    if (desc->provides == NULL || desc->provides[0] == NULL) return lkh_error_set(err, LKH_E_INVALID, "the descriptor provides nothing");
    if (desc->create == NULL || desc->destroy == NULL || desc->get_capability == NULL)
        return lkh_error_set(err, LKH_E_INVALID, "the descriptor lacks create, destroy or get_capability");
    void *instance = NULL;
    lkh_error created = {.struct_size = sizeof created};
    lkh_status status = desc->create(&host->table, &instance, &created);
    if (status != LKH_OK) return lkh_error_set(err, status, "create failed: %s", created.message);
    out->descriptor = desc;
    out->instance = instance;
    return LKH_OK;
}

const void *lkh_test_capability(const lkh_test_instance *instance, const char *capability_id) {
    int provided = 0;
    for (const char *const *id = instance->descriptor->provides; *id != NULL; id++) provided |= strcmp(*id, capability_id) == 0;
    return provided ? instance->descriptor->get_capability(instance->instance, capability_id) : NULL;
}

void lkh_test_close(lkh_test_instance *instance) {
    if (instance->descriptor != NULL) instance->descriptor->destroy(instance->instance);
    instance->descriptor = NULL;
    instance->instance = NULL;
}

/* ---- Waiting for done ------------------------------------------------------------------------- */

struct lkh_test_call {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int done_count;
    lkh_status status;
    char message[LKH_ERROR_MESSAGE_CAPACITY];
    char *result;
    size_t result_len;
};

lkh_test_call *lkh_test_call_new(void) {
    lkh_test_call *call = calloc(1, sizeof *call);
    if (call == NULL) return NULL;
    pthread_mutex_init(&call->lock, NULL);
    pthread_cond_init(&call->changed, NULL);
    return call;
}

void lkh_test_call_done(void *user_data, lkh_status status, const lkh_error *err, lkh_owned_bytes result) {
    lkh_test_call *call = user_data;
    pthread_mutex_lock(&call->lock);
    if (call->done_count++ == 0) {
        call->status = status;
        if (status != LKH_OK && err != NULL) snprintf(call->message, sizeof call->message, "%s", err->message);
        call->result = malloc(result.len + 1);
        if (call->result != NULL) {
            if (result.len > 0) memcpy(call->result, result.data, result.len);
            call->result[result.len] = '\0';
            call->result_len = result.len;
        }
    }
    pthread_cond_broadcast(&call->changed);
    pthread_mutex_unlock(&call->lock);
    if (result.release != NULL) result.release(result.release_ctx);
}

int lkh_test_call_wait(lkh_test_call *call, uint32_t timeout_ms) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += timeout_ms / 1000;
    deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&call->lock);
    while (call->done_count == 0) {
        if (pthread_cond_timedwait(&call->changed, &call->lock, &deadline) == ETIMEDOUT) break;
    }
    int done = call->done_count > 0;
    pthread_mutex_unlock(&call->lock);
    return done;
}

int lkh_test_call_done_count(lkh_test_call *call) {
    pthread_mutex_lock(&call->lock);
    int count = call->done_count;
    pthread_mutex_unlock(&call->lock);
    return count;
}

lkh_status lkh_test_call_status(lkh_test_call *call) {
    pthread_mutex_lock(&call->lock);
    lkh_status status = call->status;
    pthread_mutex_unlock(&call->lock);
    return status;
}

const char *lkh_test_call_message(lkh_test_call *call) { return call->message; }

const char *lkh_test_call_result(lkh_test_call *call, size_t *len) {
    if (len != NULL) *len = call->result_len;
    return call->result != NULL ? call->result : "";
}

void lkh_test_call_free(lkh_test_call *call) {
    if (call == NULL) return;
    free(call->result);
    pthread_mutex_destroy(&call->lock);
    pthread_cond_destroy(&call->changed);
    free(call);
}

/* ---- Checks ----------------------------------------------------------------------------------- */

static int checks_run;
static int checks_failed;

int lkh_test_check(int passed, const char *expression, const char *file, int line) {
    __atomic_fetch_add(&checks_run, 1, __ATOMIC_RELAXED);
    if (!passed) {
        __atomic_fetch_add(&checks_failed, 1, __ATOMIC_RELAXED);
        fprintf(stderr, "FAIL %s:%d: %s\n", file, line, expression);
    }
    return passed;
}

int lkh_test_finish(void) {
    printf("%d checks, %d failed\n", checks_run, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}
