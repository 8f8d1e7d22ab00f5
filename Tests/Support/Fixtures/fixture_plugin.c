/*
 * A configurable test plugin, compiled by the tests with cc and -D switches:
 *   FIXTURE_ID="…"          plugin id (default "org.linkstr.test.fixture")
 *   FIXTURE_ABI_MAJOR=n     ABI major in the descriptor (default LKH_ABI_MAJOR)
 *   FIXTURE_ABI_MINOR=n     ABI minor in the descriptor (default LKH_ABI_MINOR)
 *   FIXTURE_NO_ENTRY        export no lkh_plugin_entry
 *   FIXTURE_REFUSE_HOST     the entry returns NULL
 *   FIXTURE_SHORT_VTABLE    the capability vtable claims 8 bytes
 *   FIXTURE_CREATE_FAILS    create fails with a message
 *   FIXTURE_CREATE_CRASHES  create dereferences NULL
 *   FIXTURE_STORAGE         provide org.linkstr.storage/1 instead of a media provider
 *   FIXTURE_HOST_PREFIX="…" media: claim URLs starting with this prefix (default "https://fixture.example/")
 *   FIXTURE_SLOW_CLASSIFY_MS=n  media: classify takes n milliseconds
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "linkstr_plugin.h"

/* Some definitions go unused under some switches. */
#define FIXTURE_UNUSED __attribute__((unused))

#ifndef FIXTURE_ID
#define FIXTURE_ID "org.linkstr.test.fixture"
#endif
#ifndef FIXTURE_ABI_MAJOR
#define FIXTURE_ABI_MAJOR LKH_ABI_MAJOR
#endif
#ifndef FIXTURE_ABI_MINOR
#define FIXTURE_ABI_MINOR LKH_ABI_MINOR
#endif
#ifndef FIXTURE_HOST_PREFIX
#define FIXTURE_HOST_PREFIX "https://fixture.example/"
#endif

FIXTURE_UNUSED static lkh_status fixture_classify(void *instance, const char *url, lkh_media_classification *out,
                                   lkh_error *err) {
    (void)instance;
    (void)err;
#ifdef FIXTURE_SLOW_CLASSIFY_MS
    struct timespec delay = {FIXTURE_SLOW_CLASSIFY_MS / 1000, (FIXTURE_SLOW_CLASSIFY_MS % 1000) * 1000000L};
    nanosleep(&delay, NULL);
#endif
    size_t prefix = strlen(FIXTURE_HOST_PREFIX);
    if (strncmp(url, FIXTURE_HOST_PREFIX, prefix) != 0) return LKH_E_NOT_FOUND;
    snprintf(out->provider, sizeof out->provider, "%s", FIXTURE_ID);
    out->mode = LKH_MEDIA_MODE_LINK;
    snprintf(out->canonical_url, sizeof out->canonical_url, "%s", url);
    out->embed_url[0] = '\0';
    return LKH_OK;
}

FIXTURE_UNUSED static const lkh_media_provider_v1 media_vtable = {
#ifdef FIXTURE_SHORT_VTABLE
    .struct_size = 8,
#else
    .struct_size = sizeof(lkh_media_provider_v1),
#endif
    .priority = 0,
    .classify = fixture_classify,
};

FIXTURE_UNUSED static const lkh_storage_v1 storage_vtable = {
#ifdef FIXTURE_SHORT_VTABLE
    .struct_size = 8,
#else
    .struct_size = sizeof(lkh_storage_v1),
#endif
};

#ifdef FIXTURE_STORAGE
#define FIXTURE_CAPABILITY LKH_CAP_STORAGE_V1
#define FIXTURE_VTABLE (&storage_vtable)
#else
#define FIXTURE_CAPABILITY LKH_CAP_MEDIA_PROVIDER_V1
#define FIXTURE_VTABLE (&media_vtable)
#endif

FIXTURE_UNUSED static int marker;

static lkh_status fixture_create(const lkh_host *host, void **out_instance, lkh_error *err) {
#if defined(FIXTURE_CREATE_FAILS)
    (void)host;
    (void)out_instance;
    err->code = LKH_E_IO;
    snprintf(err->message, sizeof err->message, "cannot open /nonexistent/fixture.db: No such file or directory");
    return LKH_E_IO;
#elif defined(FIXTURE_CREATE_CRASHES)
    (void)host;
    (void)err;
    volatile int *null_pointer = NULL;
    *out_instance = (void *)(long)*null_pointer;
    return LKH_OK;
#else
    (void)err;
    char value[64];
    if (host->config_get(host, "greeting", value, sizeof value) > 0) host->log(host, LKH_LOG_INFO, value);
    *out_instance = &marker;
    return LKH_OK;
#endif
}

static void fixture_destroy(void *instance) { (void)instance; }

static const void *fixture_get_capability(void *instance, const char *capability_id) {
    (void)instance;
    return strcmp(capability_id, FIXTURE_CAPABILITY) == 0 ? FIXTURE_VTABLE : NULL;
}

static const char *const provides[] = {FIXTURE_CAPABILITY, NULL};

FIXTURE_UNUSED static const lkh_plugin_desc descriptor = {
    .struct_size = sizeof(lkh_plugin_desc),
    .abi_major = FIXTURE_ABI_MAJOR,
    .abi_minor = FIXTURE_ABI_MINOR,
    .id = FIXTURE_ID,
    .name = "Test fixture",
    .version = "0.0.1",
    .provides = provides,
    .requires = NULL,
    .create = fixture_create,
    .destroy = fixture_destroy,
    .get_capability = fixture_get_capability,
    .built_with = "cc",
};

#ifdef FIXTURE_NO_ENTRY
LKH_EXPORT const lkh_plugin_desc *not_the_entry(void) { return &descriptor; }
#else
LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_major;
    (void)host_abi_minor;
#ifdef FIXTURE_REFUSE_HOST
    return NULL;
#else
    return &descriptor;
#endif
}
#endif
