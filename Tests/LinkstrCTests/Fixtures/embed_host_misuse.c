/* The host API's refusals of misuse: options of a wrong size, start and stop while another thread
 * classifies, and a handle freed twice or used after its free. Prints one line per check.
 * Usage: embed_host_misuse HOME URL   (URL is claimed by a plugin whose classify is slow) */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

#include "linkstr.h"

static linkstr_host *host;
static const char *url;
static atomic_int classified;

static void *classify(void *unused) {
    (void)unused;
    char buffer[4096];
    lkh_error err = {.struct_size = sizeof err};
    size_t written = linkstr_host_classify_url(host, url, buffer, sizeof buffer, &err);
    printf("classify %s\n", written > 0 ? "ok" : err.message);
    atomic_store(&classified, 1);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: embed_host_misuse HOME URL\n");
        return 2;
    }
    url = argv[2];
    lkh_error err = {.struct_size = sizeof err};
    linkstr_host_options small = {.struct_size = 4, .home = argv[1]};
    lkh_status status = linkstr_host_new(&small, &host, &err);
    printf("small %d %s\n", status, status == LKH_OK ? "" : err.message);

    linkstr_host_options options = {.struct_size = sizeof options, .home = argv[1]};
    if (linkstr_host_new(&options, &host, &err) != LKH_OK || linkstr_host_load_plugins(host, NULL, &err) != LKH_OK) {
        fprintf(stderr, "setup: %s\n", err.message);
        return 1;
    }
    pthread_t thread;
    pthread_create(&thread, NULL, classify, NULL);
    /* Until the classify call is inside the host, stop succeeds (and classify starts the providers
     * again); once it is, stop and start are refused. */
    lkh_status stopped = LKH_OK;
    while (!atomic_load(&classified) && (stopped = linkstr_host_stop(host, &err)) == LKH_OK) {
        struct timespec pause = {0, 5000000L};
        nanosleep(&pause, NULL);
    }
    if (stopped == LKH_OK) {
        printf("classify finished first\n");
        return 1;
    }
    printf("stop-while-classifying %d %s\n", stopped, err.message);
    status = linkstr_host_start(host, &err);
    printf("start-while-classifying %d %s\n", status, err.message);
    pthread_join(thread, NULL);
    printf("stop-after %d\n", linkstr_host_stop(host, &err));

    linkstr_host_free(host);
    linkstr_host_free(host);
    printf("freed twice\n");
    status = linkstr_host_start(host, &err);
    printf("start-after-free %d %s\n", status, err.message);
    return 0;
}
