// espeak-ng keeps its wave generator's phase, pitch flutter and sample count
// across utterances (wavegen.c), so in one process an utterance's samples
// depend on everything said before it. Forking for each synthesis keeps the
// parent's state exactly as it was after initialization: each utterance is
// synthesized as a fresh `espeak-ng -w` would, whatever the order or
// concurrency of the callers. Only C runs in the child.
#include "earshot_synth.h"
#include "collect.h"
#include "fdio.h"

#include <errno.h>
#include <espeak-ng/speak_lib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static earshot_collected child_buffer;

static int child_callback(short *wav, int count, espeak_EVENT *events) {
    return earshot_collect(&child_buffer, wav, count, events);
}

int earshot_synth_isolated(const char *text, earshot_synthesis *result) {
    memset(result, 0, sizeof(*result));
    int fds[2];
    if (pipe(fds) != 0) return -2;
    pid_t pid = fork();
    if (pid < 0) { close(fds[0]); close(fds[1]); return -1; }
    if (pid == 0) {
        close(fds[0]);
        memset(&child_buffer, 0, sizeof(child_buffer));
        child_buffer.sample_rate = 22050;  // espeak-ng's fixed output rate (espeak_Initialize reports it)
        espeak_SetSynthCallback(child_callback);
        espeak_ERROR status = espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0,
                                           espeakCHARS_AUTO | espeakENDPAUSE, NULL, NULL);
        uint64_t header[3] = { (status == EE_OK && !child_buffer.failed) ? 0 : 1,
                               child_buffer.count, child_buffer.word_count };
        int ok = earshot_write_all(fds[1], header, sizeof(header)) == 0
            && earshot_write_all(fds[1], child_buffer.samples, child_buffer.count * sizeof(int16_t)) == 0
            && earshot_write_all(fds[1], child_buffer.words, child_buffer.word_count * 3 * sizeof(int32_t)) == 0;
        _exit(ok ? 0 : 1);
    }
    close(fds[1]);
    uint64_t header[3];
    int rc = 0;
    if (earshot_read_all(fds[0], header, sizeof(header)) != 0) {
        rc = -3;
    } else if (header[0] != 0) {
        rc = -4;
    } else {
        result->sample_count = (size_t)header[1];
        result->word_count = (size_t)header[2];
        result->samples = malloc(result->sample_count * sizeof(int16_t) + 1);
        result->words = malloc(result->word_count * 3 * sizeof(int32_t) + 1);
        if (!result->samples || !result->words
            || earshot_read_all(fds[0], result->samples, result->sample_count * sizeof(int16_t)) != 0
            || earshot_read_all(fds[0], result->words, result->word_count * 3 * sizeof(int32_t)) != 0) {
            rc = -3;
        }
    }
    close(fds[0]);
    int child_status = 0;
    while (waitpid(pid, &child_status, 0) < 0 && errno == EINTR) {}
    if (rc == 0 && !(WIFEXITED(child_status) && WEXITSTATUS(child_status) == 0)) rc = -4;
    if (rc != 0) earshot_synthesis_free(result);
    return rc;
}

void earshot_synthesis_free(earshot_synthesis *result) {
    if (!result->borrowed) {
        free(result->samples);
        free(result->words);
    }
    result->borrowed = 0;
    result->samples = NULL;
    result->words = NULL;
    result->sample_count = 0;
    result->word_count = 0;
}
