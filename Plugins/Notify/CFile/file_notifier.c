/*
 * A notifier in C: appends each notification to a file as one JSON line. Built from
 * linkstr_plugin.h alone:
 *
 *   cc -std=c11 -O2 -shared -fPIC -fvisibility=hidden -pthread -I Sources/PluginABI/include \
 *      Plugins/Notify/CFile/file_notifier.c -o ~/.local/share/linkstr/plugins/liblinkstr-plugin-file-notifier.so
 *
 * config.toml:
 *   notifiers = ["org.linkstr.example.notify-file"]
 *   [plugins."org.linkstr.example.notify-file"]
 *   path = "/home/me/linkstr-notifications.jsonl"   # required
 *   include_content = true                            # the host then passes url, note, sender
 *
 * `notify` writes the line and calls `done` before it returns: a local file needs no thread. Lines
 * are written with one write(2) each under a mutex, so notifications from several threads do not
 * interleave.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "linkstr_plugin.h"

#define PLUGIN_ID "org.linkstr.example.notify-file"

typedef struct notifier {
    char path[4096];
    pthread_mutex_t lock;
} notifier;

/* Appends `text` as a JSON string (quotes included) to `buffer`; returns 0 when it does not fit. */
static int append_json_string(char **cursor, const char *end, const char *text) {
    static const char hex[] = "0123456789abcdef";
    char *out = *cursor;
    if (out >= end) return 0;
    *out++ = '"';
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (end - out < 7) return 0;
        if (*c == '"' || *c == '\\') {
            *out++ = '\\';
            *out++ = (char)*c;
        } else if (*c < 0x20) {
            out += sprintf(out, "\\u00%c%c", hex[*c >> 4], hex[*c & 15]);
        } else {
            *out++ = (char)*c;
        }
    }
    if (end - out < 2) return 0;
    *out++ = '"';
    *cursor = out;
    return 1;
}

static int append_field(char **cursor, const char *end, const char *name, const char *value) {
    if (value == NULL) return 1;
    int written = snprintf(*cursor, (size_t)(end - *cursor), ",\"%s\":", name);
    if (written < 0 || written >= end - *cursor) return 0;
    *cursor += written;
    return append_json_string(cursor, end, value);
}

static lkh_status file_notify(void *instance, const lkh_notification *notification, lkh_done_fn done, void *user_data,
                              uint64_t *out_operation_id, lkh_error *err) {
    notifier *self = instance;
    if (out_operation_id != NULL) *out_operation_id = 0;
    size_t capacity = 64 * 1024 + (notification->note != NULL ? 6 * strlen(notification->note) : 0);
    char *line = malloc(capacity);
    if (line == NULL) return lkh_error_set(err, LKH_E_NOMEM, "file notifier: out of memory");
    char *cursor = line;
    const char *end = line + capacity - 2;
    cursor += sprintf(cursor, "{\"kind\":%d,\"created_at\":%lld", notification->kind, (long long)notification->created_at);
    int fits = append_field(&cursor, end, "id", notification->id) && append_field(&cursor, end, "title", notification->title)
               && append_field(&cursor, end, "body", notification->body) && append_field(&cursor, end, "session", notification->session)
               && append_field(&cursor, end, "url", notification->url) && append_field(&cursor, end, "note", notification->note)
               && append_field(&cursor, end, "sender", notification->sender);
    if (!fits) {
        free(line);
        return lkh_error_set(err, LKH_E_INVALID, "file notifier: the notification is too long for one line");
    }
    *cursor++ = '}';
    *cursor++ = '\n';

    pthread_mutex_lock(&self->lock);
    int fd = open(self->path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    ssize_t written = fd < 0 ? -1 : write(fd, line, (size_t)(cursor - line));
    if (fd >= 0) close(fd);
    pthread_mutex_unlock(&self->lock);
    int complete = written == cursor - line;
    free(line);

    lkh_owned_bytes nothing = {NULL, 0, NULL, NULL};
    if (!complete) {
        lkh_error failure = {.struct_size = sizeof failure};
        lkh_error_set(&failure, LKH_E_IO, "cannot append to %s; check that its folder exists and is writable", self->path);
        done(user_data, LKH_E_IO, &failure, nothing);
    } else {
        done(user_data, LKH_OK, NULL, nothing);
    }
    return LKH_OK;
}

static lkh_status file_probe(void *instance, lkh_error *err) {
    notifier *self = instance;
    int fd = open(self->path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) return lkh_error_set(err, LKH_E_UNAVAILABLE, "cannot open %s for appending", self->path);
    close(fd);
    return LKH_OK;
}

static void file_cancel(void *instance, uint64_t operation_id) {
    (void)instance;
    (void)operation_id; /* every notify finished before it returned */
}

static const lkh_notifier_v1 notifier_vtable = {
    .struct_size = sizeof(lkh_notifier_v1),
    .probe = file_probe,
    .notify = file_notify,
    .set_action_handler = NULL, /* no actions: a file cannot be clicked */
    .cancel = file_cancel,
};

static lkh_status file_create(const lkh_host *host, void **out_instance, lkh_error *err) {
    notifier *self = calloc(1, sizeof *self);
    if (self == NULL) return lkh_error_set(err, LKH_E_NOMEM, "file notifier: out of memory");
    size_t needed = host->config_get(host, "path", self->path, sizeof self->path);
    if (needed == 0 || needed > sizeof self->path || self->path[0] != '/') {
        free(self);
        return lkh_error_set(err, LKH_E_INVALID,
                             "[plugins.\"" PLUGIN_ID "\"] needs path = \"/absolute/file.jsonl\" (the file notifications are appended to)");
    }
    pthread_mutex_init(&self->lock, NULL);
    *out_instance = self;
    return LKH_OK;
}

static void file_destroy(void *instance) {
    notifier *self = instance;
    pthread_mutex_destroy(&self->lock);
    free(self);
}

static const void *file_get_capability(void *instance, const char *capability_id) {
    (void)instance;
    return strcmp(capability_id, LKH_CAP_NOTIFIER_V1) == 0 ? &notifier_vtable : NULL;
}

static const char *const provides[] = {LKH_CAP_NOTIFIER_V1, NULL};

static const lkh_plugin_desc descriptor = {
    .struct_size = sizeof(lkh_plugin_desc),
    .abi_major = LKH_ABI_MAJOR,
    .abi_minor = LKH_ABI_MINOR,
    .id = PLUGIN_ID,
    .name = "File notifier (C example)",
    .version = "1.0.0",
    .provides = provides,
    .requires = NULL,
    .create = file_create,
    .destroy = file_destroy,
    .get_capability = file_get_capability,
    .built_with = "cc",
};

LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_minor;
    return host_abi_major == LKH_ABI_MAJOR ? &descriptor : NULL;
}
