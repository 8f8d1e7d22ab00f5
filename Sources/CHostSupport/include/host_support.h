#ifndef LINKSTR_HOST_SUPPORT_H
#define LINKSTR_HOST_SUPPORT_H
/* Small libc calls that Swift's Glibc module does not expose (they need _GNU_SOURCE). */

/** getenv that answers NULL in setuid/setgid or capability-elevated processes (secure_getenv(3)). */
const char *linkstr_secure_getenv(const char *name);

/** The file name of the loaded image (executable or shared library) that contains `address`, as the
 *  dynamic loader knows it (dladdr(3)), or NULL. The string belongs to the loader. */
const char *linkstr_image_path(const void *address);

#endif
