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
// ended or stopped it). It can also be told another voice and rate, which it
// applies to the engine as initialized (earshot_rewind_restore_base), as this
// process does; so one helper serves a whole run, whatever its voices. It closes every other descriptor it inherited, so
// that pipes this process has open elsewhere still see their end.
#define _GNU_SOURCE
#include "earshot_synth.h"
#include "fdio.h"
#include "private.h"

#if defined(__linux__)

#include <espeak-ng/speak_lib.h>
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

/// Applies a voice and rate to the engine as initialized, then records the checkpoint,
/// as EspeakEngine.select does in the parent (a name, else a language espeak-ng knows).
static void select_voice(const char *voice, int rate) {
    earshot_rewind_restore_base();
    if (espeak_SetVoiceByName(voice) != EE_OK) {
        espeak_ListVoices(NULL);
        espeak_VOICE spec;
        memset(&spec, 0, sizeof(spec));
        spec.languages = voice;
        espeak_SetVoiceByProperties(&spec);
    }
    espeak_SetParameter(espeakRATE, rate, 0);
    earshot_rewind_checkpoint();
}

static void serve(int fd, int sample_rate) {
    signal(SIGPIPE, SIG_DFL);   // a parent gone while a result is written ends the child
    for (;;) {
        uint8_t kind;
        uint32_t length;
        if (earshot_read_all(fd, &kind, 1) != 0) _exit(0);
        if (earshot_read_all(fd, &length, sizeof(length)) != 0) _exit(1);
        char *payload = malloc((size_t)length + 1);
        if (!payload || earshot_read_all(fd, payload, length) != 0) _exit(1);
        payload[length] = 0;
        if (kind == 'S') {
            int32_t rate;
            if (length < sizeof(rate)) _exit(1);
            memcpy(&rate, payload, sizeof(rate));
            select_voice(payload + sizeof(rate), rate);
            free(payload);
            continue;
        }
        double restoring_before, synthesizing_before, restoring_after, synthesizing_after;
        earshot_synth_times(&restoring_before, &synthesizing_before);
        earshot_synthesis result;
        int status = earshot_synth_rewound(payload, sample_rate, &result);
        earshot_synth_times(&restoring_after, &synthesizing_after);
        free(payload);
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

/// Sends one message: a kind byte, a length and the payload (send with MSG_NOSIGNAL: a helper
/// that died must not take this process with it by SIGPIPE). 0 on success, -3 when it is gone.
static int send_message(earshot_helper *helper, uint8_t kind, const void *head, size_t head_size,
                        const char *body, size_t body_size) {
    if (helper->fd < 0) return -3;
    uint32_t length = (uint32_t)(head_size + body_size);
    const char *parts[4] = { (const char *)&kind, (const char *)&length, head, body };
    size_t sizes[4] = { 1, sizeof(length), head_size, body_size };
    for (int i = 0; i < 4; i++) {
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
    return 0;
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
    if (send_message(helper, 'T', NULL, 0, text, strlen(text)) != 0) return -3;
    helper->busy++;
    return 0;
}

int earshot_helper_select(earshot_helper *helper, const char *voice, int rate) {
    int32_t value = rate;
    return send_message(helper, 'S', &value, sizeof(value), voice, strlen(voice));
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
int earshot_helper_select(earshot_helper *helper, const char *voice, int rate) { (void)helper; (void)voice; (void)rate; return -3; }
int earshot_helper_ready(const earshot_helper *helper) { (void)helper; return -3; }
int earshot_helper_receive(earshot_helper *helper, earshot_synthesis *result) { (void)helper; (void)result; return -3; }
void earshot_helper_stop(earshot_helper *helper) { helper->fd = -1; helper->pid = 0; helper->busy = 0; }

#endif
