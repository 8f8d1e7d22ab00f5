/* Embeds the linkstr host from C: new → load plugins → list → classify → start → stop → free.
 * Usage: embed_host HOME URL   (plugins come from LINKSTR_PLUGIN_PATH) */
#include <stdio.h>
#include <string.h>

#include "linkstr.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: embed_host HOME URL\n");
        return 2;
    }
    lkh_error err = {.struct_size = sizeof err};
    linkstr_host_options options = {.struct_size = sizeof options, .home = argv[1], .config_path = NULL};
    linkstr_host *host = NULL;
    if (linkstr_host_new(&options, &host, &err) != LKH_OK) {
        fprintf(stderr, "new: %s\n", err.message);
        return 1;
    }
    uint32_t loaded = 0;
    if (linkstr_host_load_plugins(host, &loaded, &err) != LKH_OK) {
        fprintf(stderr, "load: %s\n", err.message);
        return 1;
    }
    printf("version %s\n", linkstr_version());
    printf("loaded %u\n", loaded);

    size_t needed = linkstr_host_providers_json(host, LKH_CAP_MEDIA_PROVIDER_V1, NULL, 0);
    char providers[4096];
    if (needed > sizeof providers) return 1;
    linkstr_host_providers_json(host, LKH_CAP_MEDIA_PROVIDER_V1, providers, sizeof providers);
    printf("providers %s\n", providers);

    char classification[4096];
    if (linkstr_host_classify_url(host, argv[2], classification, sizeof classification, &err) == 0) {
        printf("classify-error %d %s\n", err.code, err.message);
    } else {
        printf("classify %s\n", classification);
    }
    if (linkstr_host_start(host, &err) != LKH_OK) {
        printf("start-error %s\n", err.message);
    } else {
        printf("started\n");
    }
    linkstr_host_stop(host, &err);
    linkstr_host_free(host);
    printf("freed\n");
    return 0;
}
