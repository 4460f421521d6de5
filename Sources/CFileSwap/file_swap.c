#define _GNU_SOURCE
#include "file_swap.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
#endif

int backdrop_exchange_paths(const char *first, const char *second) {
#if defined(__linux__)
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#elif defined(__APPLE__)
    return renamex_np(first, second, RENAME_SWAP);
#else
    errno = ENOSYS;
    return -1;
#endif
}
