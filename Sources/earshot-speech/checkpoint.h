// Synthesis from a checkpoint inside the worker (checkpoint.c).
#ifndef EARSHOT_CHECKPOINT_H
#define EARSHOT_CHECKPOINT_H

#include "collect.h"

/// Call once, before espeak_Initialize. 1 when espeak-ng's allocations now go
/// to the worker's arena, so its state can be checkpointed and restored; 0
/// where that cannot be done (then fork per utterance).
int checkpoint_prepare(void);

/// Records espeak-ng's state as the one every synthesis starts from. 0 on success.
int checkpoint_take(void);

/// Puts espeak-ng's state back as the checkpoint recorded it.
void checkpoint_restore(void);

/// Restores the checkpoint, then synthesizes `text` into `output` (through the
/// synth callback, which must append to `output`), within the limits of `sent`, the
/// text as Earshot sent it (`text` may be its reading). `restoring` gets the seconds
/// the restore took, `cpu` the CPU seconds of espeak_Synth itself. EARSHOT_WIRE_OK,
/// EARSHOT_WIRE_SYNTHESIS_FAILED when espeak-ng failed, EARSHOT_WIRE_NO_CHECKPOINT without a checkpoint.
int checkpoint_synthesize(const char *text, const char *sent, int sample_rate, earshot_collected *output, double *restoring,
                          double *cpu);

#endif
