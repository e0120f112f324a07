// What one espeak_Synth call produces, gathered by its synth callback: the
// samples and, per word, its text position, length and first sample. Used by
// both isolations (checkpoint.c, and main.c's forked child). It allocates with
// libc's realloc, never with espeak-ng's redirected one, so a restore leaves
// what it gathered alone.
#ifndef EARSHOT_COLLECT_H
#define EARSHOT_COLLECT_H

#include <espeak-ng/speak_lib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int16_t *samples;
    size_t count, capacity;
    int32_t *words;
    size_t word_count, word_capacity;
    /// Converts word times (milliseconds) to samples.
    int sample_rate;
    int failed;
    /// The most one text may make (earshot_limit), past which its synthesis fails: what Earshot
    /// accepts from a worker (SpeechWorker.resultLimit), so a runaway never fills memory.
    size_t sample_limit, word_limit;
} earshot_collected;

/// Sets the limits for a text, as SpeechWorker.resultLimit computes them: ten seconds plus two
/// a character (Unicode scalars, counted as UTF-8 lead bytes) of samples, a word a character and one more.
static inline void earshot_limit(earshot_collected *c, const char *text, int sample_rate) {
    size_t characters = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if ((*p & 0xC0) != 0x80) characters++;
    }
    c->sample_limit = (size_t)sample_rate * (10 + 2 * characters);
    c->word_limit = characters + 1;
}

/// Appends one callback's samples and word events; 1 (stop synthesis) when memory runs out.
static inline int earshot_collect(earshot_collected *c, short *wav, int count, espeak_EVENT *events) {
    for (espeak_EVENT *e = events; e && e->type != espeakEVENT_LIST_TERMINATED; e++) {
        if (e->type != espeakEVENT_WORD) continue;
        if (c->word_count + 1 > c->word_limit) { c->failed = 1; return 1; }
        if (c->word_count + 1 > c->word_capacity) {
            size_t capacity = c->word_capacity ? c->word_capacity * 2 : 64;
            int32_t *grown = realloc(c->words, capacity * 3 * sizeof(int32_t));
            if (!grown) { c->failed = 1; return 1; }
            c->words = grown;
            c->word_capacity = capacity;
        }
        int32_t *w = c->words + c->word_count * 3;
        w[0] = e->text_position;
        w[1] = e->length;
        w[2] = (int32_t)((long)e->audio_position * c->sample_rate / 1000);
        c->word_count++;
    }
    if (wav && count > 0) {
        if (c->count + (size_t)count > c->sample_limit) { c->failed = 1; return 1; }
        if (c->count + (size_t)count > c->capacity) {
            size_t capacity = c->capacity ? c->capacity * 2 : 1 << 17;
            while (capacity < c->count + (size_t)count) capacity *= 2;
            int16_t *grown = realloc(c->samples, capacity * sizeof(int16_t));
            if (!grown) { c->failed = 1; return 1; }
            c->samples = grown;
            c->capacity = capacity;
        }
        memcpy(c->samples + c->count, wav, (size_t)count * sizeof(int16_t));
        c->count += (size_t)count;
    }
    return 0;
}

#endif
