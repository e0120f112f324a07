// Between this target's files only.
#ifndef EARSHOT_PRIVATE_H
#define EARSHOT_PRIVATE_H

/// Adds a helper process's seconds to those earshot_synth_times reports (rewind.c).
void earshot_synth_add_times(double restoring, double synthesizing);

/// 1 when in-process synthesis from a checkpoint is set up (rewind.c).
int earshot_rewind_has_checkpoint(void);

#endif
