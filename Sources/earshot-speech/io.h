// Whole reads and writes on a pipe or socket (again after a short transfer or
// an interruption), and a monotonic clock.
#ifndef EARSHOT_IO_H
#define EARSHOT_IO_H

#include <errno.h>
#include <stddef.h>
#include <time.h>
#include <unistd.h>

/// Seconds on the monotonic clock.
static inline double earshot_monotonic(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/// Seconds of CPU this thread has used: synthesis measured apart from waiting for a core.
static inline double earshot_thread_cpu(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

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
