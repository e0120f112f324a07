// Helper processes: a second espeak-ng, on a second core, for the price of a
// fork. espeak-ng is one engine per process (global state, not thread-safe),
// so speaking two utterances at once takes two processes. A child forked
// right after a checkpoint has the engine exactly as the checkpoint recorded
// it (the arena and the library's data are copied with the rest), so it
// synthesizes from the checkpoint as this process does (rewind.c): the
// same samples, whichever process speaks an utterance.
//
// The child runs only C: it reads a text from its socket, synthesizes it,
// writes the result back, and exits when the socket closes (this process
// ended or stopped it). It closes every other descriptor it inherited, so
// that pipes this process has open elsewhere still see their end.
#define _GNU_SOURCE
#include "earshot_synth.h"
#include "fdio.h"
#include "private.h"

#if defined(__linux__)

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/// What precedes a result's samples and word marks on the socket.
typedef struct {
    int64_t status;
    uint64_t sample_count;
    uint64_t word_count;
    double restoring;
    double synthesizing;
} result_header;

/// Keeps only the descriptors 0-2 (pointed at /dev/null) and `keep`.
static void close_inherited(int keep) {
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        for (int fd = 0; fd < 3; fd++) if (fd != keep) dup2(null, fd);
        if (null > 2 && null != keep) close(null);
    }
#ifdef SYS_close_range
    if (keep > 3 && syscall(SYS_close_range, 3u, (unsigned)keep - 1, 0u) != 0) {
        for (int fd = 3; fd < keep; fd++) close(fd);
    }
    if (syscall(SYS_close_range, (unsigned)keep + 1, ~0u, 0u) == 0) return;
#else
    for (int fd = 3; fd < keep; fd++) close(fd);
#endif
    long limit = sysconf(_SC_OPEN_MAX);
    if (limit < 0 || limit > 65536) limit = 65536;
    for (int fd = keep + 1; fd < limit; fd++) close(fd);
}

static void serve(int fd, int sample_rate) {
    signal(SIGPIPE, SIG_DFL);   // a parent gone while a result is written ends the child
    for (;;) {
        uint32_t length;
        if (earshot_read_all(fd, &length, sizeof(length)) != 0) _exit(0);
        char *text = malloc((size_t)length + 1);
        if (!text || earshot_read_all(fd, text, length) != 0) _exit(1);
        text[length] = 0;
        double restoring_before, synthesizing_before, restoring_after, synthesizing_after;
        earshot_synth_times(&restoring_before, &synthesizing_before);
        earshot_synthesis result;
        int status = earshot_synth_rewound(text, sample_rate, &result);
        earshot_synth_times(&restoring_after, &synthesizing_after);
        free(text);
        result_header header = {
            status, status == 0 ? result.sample_count : 0, status == 0 ? result.word_count : 0,
            restoring_after - restoring_before, synthesizing_after - synthesizing_before,
        };
        if (earshot_write_all(fd, &header, sizeof(header)) != 0
            || earshot_write_all(fd, result.samples, header.sample_count * sizeof(int16_t)) != 0
            || earshot_write_all(fd, result.words, header.word_count * 3 * sizeof(int32_t)) != 0) _exit(1);
        earshot_synthesis_free(&result);
    }
}

int earshot_helper_start(earshot_helper *helper, int sample_rate) {
    helper->fd = -1;
    helper->pid = 0;
    helper->busy = 0;
    if (!earshot_rewind_has_checkpoint()) return -5;
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return -2;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        int room = 1 << 20;
        setsockopt(fds[1], SOL_SOCKET, SO_SNDBUF, &room, sizeof(room));
        close_inherited(fds[1]);
        serve(fds[1], sample_rate);
        _exit(0);
    }
    close(fds[1]);
    // Room for a few results, so that the helper goes on to the next text while this process is busy.
    int room = 1 << 20;
    setsockopt(fds[0], SOL_SOCKET, SO_RCVBUF, &room, sizeof(room));
    helper->fd = fds[0];
    helper->pid = pid;
    return 0;
}

int earshot_helper_send(earshot_helper *helper, const char *text) {
    if (helper->fd < 0) return -3;
    size_t size = strlen(text);
    uint32_t length = (uint32_t)size;
    // send with MSG_NOSIGNAL: a helper that died must not take this process with it (SIGPIPE).
    const char *parts[2] = { (const char *)&length, text };
    size_t sizes[2] = { sizeof(length), size };
    for (int i = 0; i < 2; i++) {
        const char *p = parts[i];
        size_t left = sizes[i];
        while (left > 0) {
            ssize_t n = send(helper->fd, p, left, MSG_NOSIGNAL);
            if (n < 0) {
                if (errno == EINTR) continue;
                return -3;
            }
            p += n;
            left -= (size_t)n;
        }
    }
    helper->busy++;
    return 0;
}

int earshot_helper_ready(const earshot_helper *helper) {
    if (helper->fd < 0) return -3;
    struct pollfd waiting = { helper->fd, POLLIN, 0 };
    int n = poll(&waiting, 1, 0);
    if (n < 0) return errno == EINTR ? 0 : -3;
    return n > 0 ? 1 : 0;
}

int earshot_helper_receive(earshot_helper *helper, earshot_synthesis *result) {
    memset(result, 0, sizeof(*result));
    if (helper->fd < 0 || !helper->busy) return -3;
    result_header header;
    if (earshot_read_all(helper->fd, &header, sizeof(header)) != 0) return -3;
    helper->busy--;
    earshot_synth_add_times(header.restoring, header.synthesizing);
    result->samples = malloc(header.sample_count * sizeof(int16_t) + 1);
    result->words = malloc(header.word_count * 3 * sizeof(int32_t) + 1);
    if (!result->samples || !result->words
        || earshot_read_all(helper->fd, result->samples, header.sample_count * sizeof(int16_t)) != 0
        || earshot_read_all(helper->fd, result->words, header.word_count * 3 * sizeof(int32_t)) != 0) {
        earshot_synthesis_free(result);
        return -3;
    }
    result->sample_count = (size_t)header.sample_count;
    result->word_count = (size_t)header.word_count;
    if (header.status != 0) {
        earshot_synthesis_free(result);
        return -4;
    }
    return 0;
}

void earshot_helper_stop(earshot_helper *helper) {
    if (helper->fd >= 0) close(helper->fd);   // the child reads the end of its stream and exits
    if (helper->pid > 0) {
        if (helper->busy) kill(helper->pid, SIGKILL);   // no one will read what it is saying
        while (waitpid(helper->pid, NULL, 0) < 0 && errno == EINTR) {}
    }
    helper->fd = -1;
    helper->pid = 0;
    helper->busy = 0;
}

#else   // in-process synthesis from a checkpoint is Linux-only (rewind.c), and so are helpers

int earshot_helper_start(earshot_helper *helper, int sample_rate) {
    (void)sample_rate;
    helper->fd = -1;
    helper->pid = 0;
    helper->busy = 0;
    return -5;
}
int earshot_helper_send(earshot_helper *helper, const char *text) { (void)helper; (void)text; return -3; }
int earshot_helper_ready(const earshot_helper *helper) { (void)helper; return -3; }
int earshot_helper_receive(earshot_helper *helper, earshot_synthesis *result) { (void)helper; (void)result; return -3; }
void earshot_helper_stop(earshot_helper *helper) { helper->fd = -1; helper->pid = 0; helper->busy = 0; }

#endif
