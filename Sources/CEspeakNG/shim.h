#ifndef EARSHOT_CESPEAKNG_SHIM_H
#define EARSHOT_CESPEAKNG_SHIM_H
// espeak-ng's C API (Debian: libespeak-ng-dev 1.51). speak_lib.h is the
// classic synthesis API; espeak_ng.h adds the status codes and data paths.
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#endif
