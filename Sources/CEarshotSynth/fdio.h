// Whole reads and writes on a pipe or socket (again after a short transfer or
// an interruption). Private to this target: the forked fallback (synth.c) and
// the helper processes (helper.c) use them.
#ifndef EARSHOT_FDIO_H
#define EARSHOT_FDIO_H

#include <errno.h>
#include <stddef.h>
#include <unistd.h>

/// 0 when every byte was written, -1 otherwise.
static inline int earshot_write_all(int fd, const void *data, size_t size) {
    const char *p = data;
    while (size > 0) {
        ssize_t n = write(fd, p, size);
        if (n < 0) { if (errno == EINTR) continue; return -1; }
        p += n;
        size -= (size_t)n;
    }
    return 0;
}

/// 0 when every byte was read, -1 on an error or the end of the stream.
static inline int earshot_read_all(int fd, void *data, size_t size) {
    char *p = data;
    while (size > 0) {
        ssize_t n = read(fd, p, size);
        if (n < 0) { if (errno == EINTR) continue; return -1; }
        if (n == 0) return -1;
        p += n;
        size -= (size_t)n;
    }
    return 0;
}

#endif
