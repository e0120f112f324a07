// The layouts both ends rely on, checked where they are compiled.
#include "earshot_wire.h"

_Static_assert(sizeof(earshot_wire_head) == 16, "a head is 16 bytes");
_Static_assert(sizeof(earshot_wire_result) == 56, "a result's head is 56 bytes");
_Static_assert(sizeof(earshot_wire_word) == 12, "a word mark is 12 bytes");
_Static_assert(sizeof(earshot_wire_batch_result) == 24, "a batch result is 24 bytes");
_Static_assert(sizeof(earshot_wire_hello) == 12, "a hello's head is 12 bytes");
