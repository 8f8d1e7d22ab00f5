/* Unit test of the file notifier with the C test harness (linkstr_plugin_test.h), no linkstr running:
 *
 *   cc -std=c11 -pthread Plugins/Notify/CFile/file_notifier.c Plugins/Notify/CFile/test_file_notifier.c \
 *      $(pkg-config --cflags --libs linkstr-plugin) -o test_file_notifier && ./test_file_notifier
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "linkstr_plugin_test.h"

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    static char text[65536];
    size_t length = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[length] = '\0';
    return text;
}

int main(void) {
    char path[] = "/tmp/linkstr-file-notifier-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    unlink(path);

    /* Without a path, create refuses with a message naming the setting. */
    lkh_test_host *bare = lkh_test_host_new("org.linkstr.example.notify-file");
    lkh_test_instance refused;
    lkh_error err = {.struct_size = sizeof err};
    LKH_TEST_CHECK(lkh_test_open(bare, lkh_plugin_entry, &refused, &err) == LKH_E_INVALID);
    LKH_TEST_CHECK(strstr(err.message, "needs path = ") != NULL);
    lkh_test_host_free(bare);

    lkh_test_host *host = lkh_test_host_new("org.linkstr.example.notify-file");
    lkh_test_host_set(host, "path", path);
    lkh_test_instance plugin;
    LKH_TEST_CHECK(lkh_test_open(host, lkh_plugin_entry, &plugin, &err) == LKH_OK);
    const lkh_notifier_v1 *notifier = lkh_test_capability(&plugin, LKH_CAP_NOTIFIER_V1);
    LKH_TEST_CHECK(notifier != NULL && notifier->probe(plugin.instance, &err) == LKH_OK);

    lkh_notification notification = {
        .struct_size = sizeof notification, .id = "post-0a0a", .kind = LKH_NOTIFY_POST, .title = "linkstr",
        .body = "New link \"quoted\"\n", .session = "Weekend", .created_at = 1739877200,
    };
    lkh_test_call *call = lkh_test_call_new();
    LKH_TEST_CHECK(notifier->notify(plugin.instance, &notification, lkh_test_call_done, call, NULL, &err) == LKH_OK);
    LKH_TEST_CHECK(lkh_test_call_wait(call, 1000));
    LKH_TEST_CHECK(lkh_test_call_status(call) == LKH_OK);
    LKH_TEST_CHECK(lkh_test_call_done_count(call) == 1);
    lkh_test_call_free(call);

    const char *written = read_file(path);
    LKH_TEST_CHECK(written != NULL && strcmp(written,
        "{\"kind\":1,\"created_at\":1739877200,\"id\":\"post-0a0a\",\"title\":\"linkstr\","
        "\"body\":\"New link \\\"quoted\\\"\\u000a\",\"session\":\"Weekend\"}\n") == 0);

    lkh_test_close(&plugin);
    lkh_test_host_free(host);
    unlink(path);
    return lkh_test_finish();
}
