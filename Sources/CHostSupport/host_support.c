#define _GNU_SOURCE
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <signal.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <pthread.h>
#include <stdlib.h>
#include "host_support.h"

const char *linkstr_secure_getenv(const char *name) { return secure_getenv(name); }

const char *linkstr_image_path(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0) return NULL;
    return info.dli_fname;
}

int linkstr_forbid_core_dumps(void) {
    struct rlimit none = {0, 0};
    if (setrlimit(RLIMIT_CORE, &none) != 0) return -1;
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

int linkstr_is_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
}

int linkstr_peer_uid(int fd, unsigned int *uid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *uid = credentials.uid;
    return 0;
}

int linkstr_spawn_detached(const char *path, char *const argv[]) {
    /* The grandchild's pid comes back to the caller through a pipe. */
    int channel[2];
    if (pipe2(channel, O_CLOEXEC) != 0) return -1;
    pid_t child = fork();
    if (child < 0) {
        close(channel[0]);
        close(channel[1]);
        return -1;
    }
    if (child == 0) {
        pid_t grandchild = fork();
        if (grandchild == 0) {
            setsid();
            int null = open("/dev/null", O_RDWR);
            if (null >= 0) {
                dup2(null, 0);
                dup2(null, 1);
                dup2(null, 2);
            }
            closefrom(3);
            /* A blocked signal mask is inherited through exec: the agent must still end on SIGTERM. */
            sigset_t none;
            sigemptyset(&none);
            sigprocmask(SIG_SETMASK, &none, NULL);
            execv(path, argv);
            _exit(127);
        }
        (void)!write(channel[1], &grandchild, sizeof grandchild);
        _exit(grandchild < 0 ? 1 : 0);
    }
    close(channel[1]);
    pid_t started = -1;
    ssize_t got = read(channel[0], &started, sizeof started);
    close(channel[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    if (got != sizeof started || started < 0) {
        errno = ECHILD;
        return -1;
    }
    return started;
}

int linkstr_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

int linkstr_lower_current_thread_priority(int steps) {
    pid_t thread = gettid();
    errno = 0;
    int current = getpriority(PRIO_PROCESS, (id_t)thread);
    if (current == -1 && errno != 0) return errno;
    int lowered = current + steps > 19 ? 19 : current + steps;
    return setpriority(PRIO_PROCESS, (id_t)thread, lowered) == 0 ? 0 : errno;
}
