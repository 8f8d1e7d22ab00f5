/* Embeds an installed liblinkstr.so, built with `pkg-config --cflags --libs linkstr`: loads the plugins
 * installed beside the library (no LINKSTR_PLUGIN_PATH), prints them and classifies a URL.
 * Usage: installed_embed HOME URL */
#include <stdio.h>

#include <linkstr.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: installed_embed HOME URL\n");
        return 2;
    }
    lkh_error err = {.struct_size = sizeof err};
    linkstr_host_options options = {.struct_size = sizeof options, .home = argv[1]};
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
    static char plugins[65536];
    if (linkstr_host_plugins_json(host, plugins, sizeof plugins) == 0) return 1;
    printf("%s\n", plugins);
    char classification[4096];
    if (linkstr_host_classify_url(host, argv[2], classification, sizeof classification, &err) == 0) {
        printf("classify-error %s\n", err.message);
    } else {
        printf("%s\n", classification);
    }
    linkstr_host_free(host);
    return 0;
}
