#ifndef EARSHOT_SYNTH_H
#define EARSHOT_SYNTH_H

#include <stddef.h>
#include <stdint.h>

/// One utterance synthesized by espeak-ng.
typedef struct {
    int16_t *samples;
    size_t sample_count;
    /// Per word: text position (1-based), length in characters, first sample.
    int32_t *words;
    size_t word_count;
    /// The buffers belong to the engine and stay valid until its next synthesis.
    int borrowed;
} earshot_synthesis;

/// Synthesizes `text` (UTF-8) in a child forked from the calling process, so
/// the synthesis starts from the engine state the caller set up (espeak_Initialize,
/// voice and rate) and never changes it: every utterance is independent of the
/// ones before it, as with a fresh `espeak-ng` process. Returns 0 on success,
/// else a negative error (-1 fork, -2 pipe, -3 read, -4 child failed).
int earshot_synth_isolated(const char *text, earshot_synthesis *result);

void earshot_synthesis_free(earshot_synthesis *result);

/// Makes in-process synthesis from a checkpoint possible (see rewind.c). Call
/// once, before espeak_Initialize. Returns 1 when espeak-ng's allocations now go
/// to Earshot's arena, so its state can be checkpointed and restored; 0 where
/// that cannot be done (then use earshot_synth_isolated).
int earshot_rewind_prepare(void);

/// Records espeak-ng's state as the one every synthesis starts from: call after
/// initializing and after each voice or rate change. 0 on success.
int earshot_rewind_checkpoint(void);

/// Puts espeak-ng's state back as the last checkpoint recorded it.
void earshot_rewind_restore(void);

/// Records the state as the base every voice and rate is applied to: call
/// once, right after initializing and recording the first checkpoint. 0 on success.
int earshot_rewind_mark_base(void);

/// Puts espeak-ng's state back as it was at earshot_rewind_mark_base (then
/// set the voice and rate, and record a checkpoint).
void earshot_rewind_restore_base(void);

/// Whether the large blocks (the data files espeak-ng loaded), which a restore
/// leaves alone, are as the last checkpoint recorded them. 1 when they are.
int earshot_rewind_verify(void);

/// Bytes of the arena in use (espeak-ng's heap), for diagnostics.
size_t earshot_rewind_arena_bytes(void);

/// Synthesizes `text` in this process from the last checkpoint, so that, like
/// earshot_synth_isolated, every utterance is independent of the ones before
/// it. The result's buffers are borrowed (valid until the next synthesis).
/// `sample_rate` converts word times to samples. 0 on success; -4 when
/// espeak-ng failed, -5 when there is no checkpoint.
int earshot_synth_rewound(const char *text, int sample_rate, earshot_synthesis *result);

/// Seconds earshot_synth_rewound has spent restoring checkpoints and in espeak_Synth, since the process started.
void earshot_synth_times(double *restoring, double *synthesizing);

/// For the benchmark: synthesizes each text with a bare espeak_Synth call (a
/// callback that only counts samples, no restore between texts) and reports the
/// seconds spent in those calls and the samples made. The engine is restored
/// to its checkpoint before and after. 0 on success, -5 without a checkpoint.
int earshot_synth_bare_batch(const char *const *texts, size_t count, double *seconds, size_t *samples);

/// A helper process: a child forked from this one right after a checkpoint,
/// which synthesizes from that checkpoint as this process would (same samples,
/// same word positions), so that two utterances can be spoken at once on two
/// cores. Only C runs in the child; it exits when its socket closes.
typedef struct {
    int fd;      // this process's end of the socket; -1 when not running
    int pid;
    int busy;    // texts sent whose results are not yet received
} earshot_helper;

/// Forks a helper from the last checkpoint, so it speaks with this process's
/// current voice and rate (in-process synthesis must be set up:
/// earshot_rewind_prepare, a checkpoint and earshot_rewind_mark_base). 0 on success; -5 without a
/// checkpoint, -1 fork, -2 socket.
int earshot_helper_start(earshot_helper *helper, int sample_rate);

/// Sends a text (UTF-8); a helper takes texts in order, so several can wait
/// for it. 0 on success, -3 when it is gone.
int earshot_helper_send(earshot_helper *helper, const char *text);

/// Tells the helper to speak the texts sent after this with another voice and
/// rate, applied as EspeakEngine applies them in this process (the voice by
/// name, else as a language). 0 on success, -3 when it is gone.
int earshot_helper_select(earshot_helper *helper, const char *voice, int rate);

/// Whether the next result can be read without waiting: 1 yes, 0 not yet, -3 the helper is gone.
int earshot_helper_ready(const earshot_helper *helper);

/// Reads the next result (texts in the order sent), waiting for it; the buffers are the
/// caller's (free with earshot_synthesis_free). Its seconds restoring and
/// synthesizing are added to earshot_synth_times. 0 on success, -3 when the
/// helper is gone, -4 when espeak-ng failed in it.
int earshot_helper_receive(earshot_helper *helper, earshot_synthesis *result);

/// Ends the helper and waits for it.
void earshot_helper_stop(earshot_helper *helper);

#endif
