#ifndef EARSHOT_SYNTH_H
#define EARSHOT_SYNTH_H

#include <stddef.h>
#include <stdint.h>

/// One utterance synthesized by espeak-ng in a forked child.
typedef struct {
    int16_t *samples;
    size_t sample_count;
    /// Per word: text position (1-based), length in characters, first sample.
    int32_t *words;
    size_t word_count;
} earshot_synthesis;

/// Synthesizes `text` (UTF-8) in a child forked from the calling process, so
/// the synthesis starts from the engine state the caller set up (espeak_Initialize,
/// voice and rate) and never changes it: every utterance is independent of the
/// ones before it, as with a fresh `espeak-ng` process. Returns 0 on success,
/// else a negative error (-1 fork, -2 pipe, -3 read, -4 child failed).
int earshot_synth_isolated(const char *text, earshot_synthesis *result);

void earshot_synthesis_free(earshot_synthesis *result);

#endif
