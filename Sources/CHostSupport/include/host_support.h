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

/** The user id of the process at the other end of the connected Unix socket `fd` (SO_PEERCRED),
 *  stored in `*uid` (owned by the caller). Returns 0, or -1 with errno. Any thread. */
int linkstr_peer_uid(int fd, unsigned int *uid);

/** Starts `path` with `argv` (NULL-terminated; both owned by the caller, read before returning) as
 *  a detached process: in a new session (setsid), stdin/stdout/stderr on /dev/null, no other file
 *  descriptor and no blocked signal inherited, not a child of the caller (a double fork, so no
 *  zombie is left). Only async-signal-safe calls run between fork
 *  and exec, so any thread may call it. Returns the new process's id, or -1 with errno. */
int linkstr_spawn_detached(const char *path, char *const argv[]);

/** Names the calling thread for the kernel (pthread_setname_np(3)): `top -H`, `perf` and
 *  /proc/PID/task/TID/comm show it. At most 15 bytes are kept; a longer name is refused (ERANGE).
 *  `name` is read during the call only. Returns 0 or an errno value. */
int linkstr_name_current_thread(const char *name);

/** Lowers the calling thread's scheduling priority by `steps` nice values (setpriority(2) on its
 *  thread id: on Linux a thread's nice value is its own), up to 19. Lowering needs no privilege.
 *  Returns 0 or an errno value. */
int linkstr_lower_current_thread_priority(int steps);

#endif
