#ifndef LINKSTR_HOST_SUPPORT_H
#define LINKSTR_HOST_SUPPORT_H
/* Small libc calls that Swift's Glibc module does not expose (they need _GNU_SOURCE). */

/** getenv that answers NULL in setuid/setgid or capability-elevated processes (secure_getenv(3)). */
const char *linkstr_secure_getenv(const char *name);

/** The file name of the loaded image (executable or shared library) that contains `address`, as the
 *  dynamic loader knows it (dladdr(3)), or NULL. The string belongs to the loader. */
const char *linkstr_image_path(const void *address);

/** Keeps secrets out of core dumps from now on: no core file (RLIMIT_CORE 0) and not dumpable
 *  (prctl PR_SET_DUMPABLE 0, which also keeps other processes of the same user from reading this
 *  one's memory through ptrace or /proc). Returns 0, or -1 with errno. */
int linkstr_forbid_core_dumps(void);

/** Whether the process is dumpable (prctl PR_GET_DUMPABLE): 1 or 0, -1 on error. */
int linkstr_is_dumpable(void);

#endif
