/*
 * An example media-provider plugin in plain C: it claims Vimeo video links.
 *
 *   https://vimeo.com/76979871            -> embed https://player.vimeo.com/video/76979871
 *   https://player.vimeo.com/video/76979871
 *
 * Built from the ABI header alone — no Swift, no SwiftPM:
 *
 *   cc -std=c11 -O2 -shared -fPIC -fvisibility=hidden -I Sources/PluginABI/include \
 *      Plugins/Media/VimeoC/vimeo_provider.c -o liblinkstr-plugin-vimeo.so
 *
 * Drop the .so into ~/.local/share/linkstr/plugins (or any folder on LINKSTR_PLUGIN_PATH).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "linkstr_plugin.h"

/* Skips "http://" or "https://" (any case); returns NULL for other schemes. */
static const char *after_scheme(const char *url) {
    if (strncasecmp(url, "https://", 8) == 0) return url + 8;
    if (strncasecmp(url, "http://", 7) == 0) return url + 7;
    return NULL;
}

/* If `rest` starts with `host` followed by '/', returns what follows the '/'. Hosts compare
 * case-insensitively. */
static const char *after_host(const char *rest, const char *host) {
    size_t length = strlen(host);
    if (strncasecmp(rest, host, length) != 0 || rest[length] != '/') return NULL;
    return rest + length + 1;
}

/* Copies the leading run of digits of `path` (up to 20) into `id`; the run must end the path or be
 * followed by '/', '?' or '#'. */
static int read_video_id(const char *path, char id[21]) {
    size_t n = 0;
    while (isdigit((unsigned char)path[n])) {
        if (n == 20) return 0;
        id[n] = path[n];
        n++;
    }
    id[n] = '\0';
    return n > 0 && (path[n] == '\0' || path[n] == '/' || path[n] == '?' || path[n] == '#');
}

/* [thread-safe]: no state, no allocation. */
static lkh_status vimeo_classify(void *instance, const char *url, lkh_media_classification *out,
                                 lkh_error *err) {
    (void)instance;
    if (url == NULL || out == NULL || out->struct_size < sizeof(lkh_media_classification)) {
        return lkh_error_set(err, LKH_E_INVALID, "vimeo: missing URL or a result struct too small");
    }
    const char *rest = after_scheme(url);
    if (rest == NULL) return LKH_E_NOT_FOUND;
    const char *path = after_host(rest, "vimeo.com");
    if (path == NULL) path = after_host(rest, "www.vimeo.com");
    if (path == NULL) {
        path = after_host(rest, "player.vimeo.com");
        if (path == NULL || strncmp(path, "video/", 6) != 0) return LKH_E_NOT_FOUND;
        path += 6;
    }
    char id[21];
    if (!read_video_id(path, id)) return LKH_E_NOT_FOUND;

    snprintf(out->provider, sizeof out->provider, "vimeo");
    out->mode = LKH_MEDIA_MODE_EMBED;
    snprintf(out->canonical_url, sizeof out->canonical_url, "https://vimeo.com/%s", id);
    snprintf(out->embed_url, sizeof out->embed_url, "https://player.vimeo.com/video/%s", id);
    return LKH_OK;
}

static const lkh_media_provider_v1 vimeo_vtable = {
    .struct_size = sizeof(lkh_media_provider_v1),
    .priority = 10,
    .classify = vimeo_classify,
    .fetch_metadata = NULL, /* the host's generic OpenGraph/oEmbed fetcher is used */
    .extract = NULL,        /* embed only */
    .cancel = NULL,
};

/* The plugin keeps no per-instance state: the instance pointer is a non-NULL marker. */
static int instance_marker;

static lkh_status vimeo_create(const lkh_host *host, void **out_instance, lkh_error *err) {
    (void)err;
    if (host != NULL && host->log != NULL) host->log(host, LKH_LOG_DEBUG, "vimeo provider ready");
    *out_instance = &instance_marker;
    return LKH_OK;
}

static void vimeo_destroy(void *instance) { (void)instance; }

static const void *vimeo_get_capability(void *instance, const char *capability_id) {
    (void)instance;
    return strcmp(capability_id, LKH_CAP_MEDIA_PROVIDER_V1) == 0 ? &vimeo_vtable : NULL;
}

static const char *const vimeo_provides[] = {LKH_CAP_MEDIA_PROVIDER_V1, NULL};

static const lkh_plugin_desc vimeo_descriptor = {
    .struct_size = sizeof(lkh_plugin_desc),
    .abi_major = LKH_ABI_MAJOR,
    .abi_minor = LKH_ABI_MINOR,
    .id = "org.linkstr.example.vimeo",
    .name = "Vimeo (example C plugin)",
    .version = "1.0.0",
    .provides = vimeo_provides,
    .requires = NULL,
    .create = vimeo_create,
    .destroy = vimeo_destroy,
    .get_capability = vimeo_get_capability,
    .built_with = "cc",
};

LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_minor;
    return host_abi_major == LKH_ABI_MAJOR ? &vimeo_descriptor : NULL;
}
