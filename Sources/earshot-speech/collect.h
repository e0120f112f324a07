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
} earshot_collected;

/// Appends one callback's samples and word events; 1 (stop synthesis) when memory runs out.
static inline int earshot_collect(earshot_collected *c, short *wav, int count, espeak_EVENT *events) {
    for (espeak_EVENT *e = events; e && e->type != espeakEVENT_LIST_TERMINATED; e++) {
        if (e->type != espeakEVENT_WORD) continue;
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
