/// The C sources `linkstr plugins new` writes, per kind: the plugin and its unit test on the C test
/// harness. `@NAME@` stands for the plugin's name, `@ID@` for its id.
extension PluginTemplate.Kind {
    /// The plugin's C source: its capability, then the descriptor and entry every kind shares.
    var pluginSource: String {
        let (source, capability, vtable) =
            switch self {
            case .media: (Self.mediaSource, "LKH_CAP_MEDIA_PROVIDER_V1", "provider_vtable")
            case .notifier: (Self.notifierSource, "LKH_CAP_NOTIFIER_V1", "notifier_vtable")
            case .storage: (Self.storageSource, "LKH_CAP_STORAGE_V1", "storage_vtable")
            }
        return source + Self.descriptorSource.replacingOccurrences(of: "@CAPABILITY@", with: capability)
            .replacingOccurrences(of: "@VTABLE@", with: vtable)
    }

    /// Its unit test.
    var testSource: String {
        switch self {
        case .media: Self.mediaTest
        case .notifier: Self.notifierTest
        case .storage: Self.storageTest
        }
    }

    private static let mediaSource = #"""
/*
 * @NAME@ — a linkstr media provider (org.linkstr.media-provider/1), made by `linkstr plugins new`.
 * It claims https://@NAME@.example/ links and plays them in a browser; change `classify` to claim
 * your site's links (and add fetch_metadata, resolve or extract, see linkstr_plugin.h).
 */
#include <stdio.h>
#include <string.h>

#include <linkstr_plugin.h>

#define PLUGIN_ID "@ID@"
#define CLAIMED_PREFIX "https://@NAME@.example/"

/* Must be fast: no I/O. LKH_E_NOT_FOUND for a link that is not yours. */
static lkh_status provider_classify(void *instance, const char *url, lkh_media_classification *out, lkh_error *err) {
    (void)instance;
    (void)err;
    if (strncmp(url, CLAIMED_PREFIX, strlen(CLAIMED_PREFIX)) != 0) return LKH_E_NOT_FOUND;
    snprintf(out->provider, sizeof out->provider, "@NAME@");
    out->mode = LKH_MEDIA_MODE_LINK;
    snprintf(out->canonical_url, sizeof out->canonical_url, "%s", url);
    out->embed_url[0] = '\0';
    return LKH_OK;
}

static const lkh_media_provider_v1 provider_vtable = {
    .struct_size = sizeof(lkh_media_provider_v1),
    .priority = 0,
    .classify = provider_classify,
};

static lkh_status plugin_create(const lkh_host *host, void **out_instance, lkh_error *err) {
    (void)host;
    (void)err;
    *out_instance = NULL; /* no state yet */
    return LKH_OK;
}

static void plugin_destroy(void *instance) { (void)instance; }

"""#

    private static let mediaTest = #"""
/* The unit test of @NAME@, on linkstr's C test harness (no linkstr running): `make test`. */
#include <string.h>

#include <linkstr_plugin_test.h>

int main(void) {
    lkh_test_host *host = lkh_test_host_new("@ID@");
    lkh_test_instance plugin;
    lkh_error err = {.struct_size = sizeof err};
    if (!LKH_TEST_CHECK(lkh_test_open(host, lkh_plugin_entry, &plugin, &err) == LKH_OK)) return lkh_test_finish();
    const lkh_media_provider_v1 *provider = lkh_test_capability(&plugin, LKH_CAP_MEDIA_PROVIDER_V1);
    LKH_TEST_CHECK(provider != NULL);

    lkh_media_classification out = {.struct_size = sizeof out};
    LKH_TEST_CHECK(provider->classify(plugin.instance, "https://@NAME@.example/watch/1", &out, &err) == LKH_OK);
    LKH_TEST_CHECK(strcmp(out.provider, "@NAME@") == 0);
    LKH_TEST_CHECK(strcmp(out.canonical_url, "https://@NAME@.example/watch/1") == 0);
    LKH_TEST_CHECK(provider->classify(plugin.instance, "https://elsewhere.example/", &out, &err) == LKH_E_NOT_FOUND);

    lkh_test_close(&plugin);
    lkh_test_host_free(host);
    return lkh_test_finish();
}
"""#

    private static let notifierSource = #"""
/*
 * @NAME@ — a linkstr notifier (org.linkstr.notifier/1), made by `linkstr plugins new`. It writes
 * each notification to linkstr's log; change `notifier_notify` to deliver it your way. Settings come
 * from [plugins."@ID@"] of config.toml through host->config_get (see `greeting` below).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linkstr_plugin.h>

#define PLUGIN_ID "@ID@"

typedef struct notifier {
    const lkh_host *host;
    char greeting[128];
} notifier;

/* Delivers one notification and reports through `done` (here before returning: nothing to wait
 * for). A delivery that takes time starts a thread and returns at once; see linkstr_plugin.h. */
static lkh_status notifier_notify(void *instance, const lkh_notification *notification, lkh_done_fn done, void *user_data,
                                  uint64_t *out_operation_id, lkh_error *err) {
    (void)err;
    notifier *self = instance;
    if (out_operation_id != NULL) *out_operation_id = 0;
    char line[1024];
    snprintf(line, sizeof line, "%s %s: %s", self->greeting, notification->title ? notification->title : "",
             notification->body ? notification->body : "");
    self->host->log(self->host, LKH_LOG_INFO, line);
    lkh_owned_bytes nothing = {NULL, 0, NULL, NULL};
    done(user_data, LKH_OK, NULL, nothing);
    return LKH_OK;
}

static void notifier_cancel(void *instance, uint64_t operation_id) {
    (void)instance;
    (void)operation_id;
}

static const lkh_notifier_v1 notifier_vtable = {
    .struct_size = sizeof(lkh_notifier_v1),
    .notify = notifier_notify,
    .cancel = notifier_cancel,
};

static lkh_status plugin_create(const lkh_host *host, void **out_instance, lkh_error *err) {
    notifier *self = calloc(1, sizeof *self);
    if (self == NULL) return lkh_error_set(err, LKH_E_NOMEM, "@NAME@: out of memory");
    self->host = host;
    if (host->config_get(host, "greeting", self->greeting, sizeof self->greeting) == 0) {
        snprintf(self->greeting, sizeof self->greeting, "notification");
    }
    *out_instance = self;
    return LKH_OK;
}

static void plugin_destroy(void *instance) { free(instance); }

"""#

    private static let notifierTest = #"""
/* The unit test of @NAME@, on linkstr's C test harness (no linkstr running): `make test`. */
#include <linkstr_plugin_test.h>

int main(void) {
    lkh_test_host *host = lkh_test_host_new("@ID@");
    lkh_test_host_set(host, "greeting", "hello");
    lkh_test_instance plugin;
    lkh_error err = {.struct_size = sizeof err};
    if (!LKH_TEST_CHECK(lkh_test_open(host, lkh_plugin_entry, &plugin, &err) == LKH_OK)) return lkh_test_finish();
    const lkh_notifier_v1 *notifier = lkh_test_capability(&plugin, LKH_CAP_NOTIFIER_V1);
    LKH_TEST_CHECK(notifier != NULL);

    lkh_notification notification = {
        .struct_size = sizeof notification, .id = "post-0a0a", .kind = LKH_NOTIFY_POST, .title = "linkstr", .body = "New link",
    };
    lkh_test_call *call = lkh_test_call_new();
    LKH_TEST_CHECK(notifier->notify(plugin.instance, &notification, lkh_test_call_done, call, NULL, &err) == LKH_OK);
    LKH_TEST_CHECK(lkh_test_call_wait(call, 1000) && lkh_test_call_status(call) == LKH_OK);
    LKH_TEST_CHECK(lkh_test_call_done_count(call) == 1);
    LKH_TEST_CHECK(lkh_test_host_logged(host, "hello linkstr: New link"));
    lkh_test_call_free(call);

    lkh_test_close(&plugin);
    lkh_test_host_free(host);
    return lkh_test_finish();
}
"""#

    private static let storageSource = #"""
/*
 * @NAME@ — a linkstr storage plugin (org.linkstr.storage/1), made by `linkstr plugins new`. A
 * skeleton: `open` reads the `path` setting, every other function answers LKH_E_UNSUPPORTED. Fill
 * them in following "The storage rules" of linkstr_plugin.h (Plugins/Storage/CMemory/memory_store.c
 * of linkstr's sources is a whole store in C), then run `linkstr plugins conformance` on the .so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linkstr_plugin.h>

#define PLUGIN_ID "@ID@"

typedef struct store {
    const lkh_host *host;
    char path[4096];
    int open;
} store;

static lkh_status store_open(void *instance, lkh_error *err) {
    store *self = instance;
    size_t needed = self->host->config_get(self->host, "path", self->path, sizeof self->path);
    if (needed == 0 || needed > sizeof self->path) {
        return lkh_error_set(err, LKH_E_INVALID, "[plugins.\"" PLUGIN_ID "\"] needs path = \"/a/file\"");
    }
    self->open = 1;
    return LKH_OK;
}

static lkh_status store_apply(void *instance, const lkh_storage_op *ops, size_t count, lkh_error *err) {
    (void)instance;
    (void)ops;
    (void)count;
    return lkh_error_set(err, LKH_E_UNSUPPORTED, "@NAME@: apply is not written yet");
}

static lkh_status store_get(void *instance, lkh_bytes owner, lkh_bytes collection, lkh_bytes key, lkh_record_fn fn, void *ctx,
                            lkh_error *err) {
    (void)instance;
    (void)owner;
    (void)collection;
    (void)key;
    (void)fn;
    (void)ctx;
    return lkh_error_set(err, LKH_E_UNSUPPORTED, "@NAME@: get is not written yet");
}

static lkh_status store_query(void *instance, const lkh_storage_query *query, lkh_record_fn fn, void *ctx, lkh_error *err) {
    (void)instance;
    (void)query;
    (void)fn;
    (void)ctx;
    return lkh_error_set(err, LKH_E_UNSUPPORTED, "@NAME@: query is not written yet");
}

static lkh_status store_count(void *instance, lkh_bytes owner, lkh_bytes collection, uint64_t *out_count, lkh_error *err) {
    (void)instance;
    (void)owner;
    (void)collection;
    (void)out_count;
    return lkh_error_set(err, LKH_E_UNSUPPORTED, "@NAME@: count is not written yet");
}

static lkh_status store_delete_owner(void *instance, lkh_bytes owner, uint64_t *out_deleted, lkh_error *err) {
    (void)instance;
    (void)owner;
    (void)out_deleted;
    return lkh_error_set(err, LKH_E_UNSUPPORTED, "@NAME@: delete_owner is not written yet");
}

static size_t store_describe(void *instance, char *buffer, size_t capacity) {
    store *self = instance;
    int length = snprintf(buffer, capacity, "{\"backend\":\"@NAME@\",\"location\":\"%s\",\"open\":%s}", self->path,
                          self->open ? "true" : "false");
    return length < 0 ? 0 : (size_t)length + 1;
}

static const lkh_storage_v1 storage_vtable = {
    sizeof(lkh_storage_v1), store_open, store_apply, store_get, store_query, store_count, store_delete_owner, store_describe,
};

static lkh_status plugin_create(const lkh_host *host, void **out_instance, lkh_error *err) {
    store *self = calloc(1, sizeof *self);
    if (self == NULL) return lkh_error_set(err, LKH_E_NOMEM, "@NAME@: out of memory");
    self->host = host;
    *out_instance = self;
    return LKH_OK;
}

static void plugin_destroy(void *instance) { free(instance); }

"""#

    private static let storageTest = #"""
/* The unit test of @NAME@, on linkstr's C test harness (no linkstr running): `make test`. Once the
 * store is written, `linkstr plugins conformance liblinkstr-plugin-@NAME@.so` checks all of it. */
#include <string.h>

#include <linkstr_plugin_test.h>

int main(void) {
    lkh_test_host *host = lkh_test_host_new("@ID@");
    lkh_test_host_set(host, "path", "/tmp/@NAME@.store");
    lkh_test_instance plugin;
    lkh_error err = {.struct_size = sizeof err};
    if (!LKH_TEST_CHECK(lkh_test_open(host, lkh_plugin_entry, &plugin, &err) == LKH_OK)) return lkh_test_finish();
    const lkh_storage_v1 *storage = lkh_test_capability(&plugin, LKH_CAP_STORAGE_V1);
    LKH_TEST_CHECK(storage != NULL);
    LKH_TEST_CHECK(storage->open(plugin.instance, &err) == LKH_OK);
    char description[512];
    LKH_TEST_CHECK(storage->describe(plugin.instance, description, sizeof description) > 0);
    LKH_TEST_CHECK(strstr(description, "\"open\":true") != NULL);

    lkh_test_close(&plugin);
    lkh_test_host_free(host);
    return lkh_test_finish();
}
"""#


    /// The end of every skeleton: `get_capability`, the descriptor and the entry point.
    private static let descriptorSource = #"""
static const void *plugin_get_capability(void *instance, const char *capability_id) {
    (void)instance;
    return strcmp(capability_id, @CAPABILITY@) == 0 ? &@VTABLE@ : NULL;
}

static const char *const provides[] = {@CAPABILITY@, NULL};

static const lkh_plugin_desc descriptor = {
    .struct_size = sizeof(lkh_plugin_desc),
    .abi_major = LKH_ABI_MAJOR,
    .abi_minor = LKH_ABI_MINOR,
    .id = PLUGIN_ID,
    .name = "@NAME@",
    .version = "0.1.0",
    .provides = provides,
    .create = plugin_create,
    .destroy = plugin_destroy,
    .get_capability = plugin_get_capability,
    .built_with = "cc",
};

LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_minor;
    return host_abi_major == LKH_ABI_MAJOR ? &descriptor : NULL;
}
"""#
}
