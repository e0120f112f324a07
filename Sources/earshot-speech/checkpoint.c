// Synthesis from a checkpoint, inside the speech worker, without forking.
//
// espeak-ng keeps its state (wave generator phase, pitch flutter, echo,
// translator fields) in its own static data and in blocks it allocates, so
// in one process an utterance's samples depend on everything said before it.
// Forking a child per utterance isolates each one (main.c's fork isolation),
// but on our 2-core CI machines two workers forking per utterance spoke the
// bundled suite in about 1.2 times a bare espeak_Synth's time, past the
// benchmark's bound (docs/decisions.md, "Speech workers"). So, on ELF
// platforms with x86-64 or AArch64 relocations, the worker instead:
//
// 1. Before espeak_Initialize, points libespeak-ng's GOT entries for malloc,
//    calloc, realloc, free and strdup at an allocator over one private arena
//    (`checkpoint_prepare`): every block espeak-ng allocates lives there, and
//    the allocator's own bookkeeping lives at the arena's start.
// 2. After initializing and selecting the worker's one voice and rate, copies
//    the library's writable data (.data and .bss, after RELRO) and the used
//    part of the arena aside (`checkpoint_take`).
// 3. Before each synthesis copies both back (`checkpoint_restore`): espeak-ng
//    is exactly as it was at the checkpoint, as in a fresh `espeak-ng -w`
//    process. Blocks allocated by the synthesis vanish with the arena's
//    bookkeeping; nothing that survives a restore points at them.
//
// What stays outside: libc's own state (espeak-ng's `rand` is seeded again
// before each synthesis, as a fresh process starts) and the idle thread
// espeak_Initialize starts, which synchronous synthesis never uses. The
// worker runs nothing else, so nothing else can be disturbed; where
// `checkpoint_prepare` returns 0 the worker forks per utterance instead.
#define _GNU_SOURCE
#include "checkpoint.h"
#include "earshot_wire.h"
#include "collect.h"
#include "io.h"

#include <espeak-ng/speak_lib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#define EARSHOT_CAN_REWIND 1
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#else
#define EARSHOT_CAN_REWIND 0
#endif

#if EARSHOT_CAN_REWIND

// MARK: - The arena

// Size classes: powers of two from 16 bytes to 32 KiB; larger blocks are
// rounded to pages and kept on one first-fit list.
//
// Small and large blocks live in two halves of the reserve. The large ones
// are the data files espeak-ng reads at initialization (phoneme data,
// dictionaries, intonation), which it only reads afterwards: a restore
// copies back the small half and the library's data (a third of the whole),
// and leaves the large half alone (the tests' sample-for-sample comparisons
// with the espeak-ng command hold it to that). The large
// half's top and free list are kept in the small half, so large blocks a
// synthesis allocates are given back by the restore all the same.
#define SMALL_CLASSES 12
#define SMALL_LIMIT ((size_t)16 << (SMALL_CLASSES - 1))
#define ARENA_RESERVE ((size_t)1 << 30)
#define LARGE_OFFSET (ARENA_RESERVE / 2)
#define HEADER 16

typedef struct block {
    size_t size;          // usable bytes
    struct block *next;   // on a free list: the next free block
} block_t;

typedef struct {
    char *top;                          // first byte of the small half never handed out
    char *large_top;                    // the same in the large half
    block_t *small[SMALL_CLASSES];
    block_t *large;
} arena_state_t;

static char *arena;            // arena_state_t, then the blocks
static char *arena_end;
static int rewind_ready;

static inline arena_state_t *state(void) { return (arena_state_t *)arena; }
static inline block_t *header_of(void *p) { return (block_t *)((char *)p - HEADER); }
static inline int in_arena(const void *p) { return (const char *)p >= arena && (const char *)p < arena_end; }

static int small_class(size_t size) {
    int index = 0;
    size_t capacity = 16;
    while (capacity < size) { capacity <<= 1; index++; }
    return index;
}

static void *arena_malloc(size_t size) {
    if (size == 0) size = 1;
    arena_state_t *s = state();
    size_t usable;
    if (size <= SMALL_LIMIT) {
        int index = small_class(size);
        if (s->small[index]) {
            block_t *b = s->small[index];
            s->small[index] = b->next;
            return (char *)b + HEADER;
        }
        usable = (size_t)16 << index;
    } else {
        usable = (size + 4095) & ~(size_t)4095;
        for (block_t **link = &s->large; *link; link = &(*link)->next) {
            if ((*link)->size >= usable && (*link)->size <= usable * 2) {
                block_t *b = *link;
                *link = b->next;
                return (char *)b + HEADER;
            }
        }
    }
    char **top = usable <= SMALL_LIMIT ? &s->top : &s->large_top;
    char *limit = usable <= SMALL_LIMIT ? arena + LARGE_OFFSET : arena_end;
    if ((size_t)(limit - *top) < HEADER + usable) return NULL;
    block_t *b = (block_t *)*top;
    b->size = usable;
    *top += HEADER + usable;
    return (char *)b + HEADER;
}

static void arena_free(void *p) {
    if (!p) return;
    if (!in_arena(p)) { free(p); return; }   // not espeak-ng's: libc's own
    arena_state_t *s = state();
    block_t *b = header_of(p);
    if (b->size <= SMALL_LIMIT) {
        int index = small_class(b->size);
        b->next = s->small[index];
        s->small[index] = b;
    } else {
        b->next = s->large;
        s->large = b;
    }
}

static void *arena_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) return NULL;
    void *p = arena_malloc(count * size);
    if (p) memset(p, 0, count * size);   // reused blocks hold old bytes
    return p;
}

static void *arena_realloc(void *p, size_t size) {
    if (!p) return arena_malloc(size);
    size_t old = in_arena(p) ? header_of(p)->size : malloc_usable_size(p);
    if (in_arena(p) && size <= old) return p;
    void *grown = arena_malloc(size);
    if (!grown) return NULL;
    memcpy(grown, p, old < size ? old : size);
    arena_free(p);
    return grown;
}

static char *arena_strdup(const char *text) {
    size_t length = strlen(text) + 1;
    char *copy = arena_malloc(length);
    if (copy) memcpy(copy, text, length);
    return copy;
}

// MARK: - Pointing espeak-ng's allocations at the arena

#if defined(__x86_64__)
#define JUMP_SLOT R_X86_64_JUMP_SLOT
#define GLOB_DAT R_X86_64_GLOB_DAT
#else
#define JUMP_SLOT R_AARCH64_JUMP_SLOT
#define GLOB_DAT R_AARCH64_GLOB_DAT
#endif

static struct link_map *espeak_map(void) {
    Dl_info info;
    struct link_map *map = NULL;
    if (!dladdr1((void *)espeak_Synth, &info, (void **)&map, RTLD_DL_LINKMAP) || !map) return NULL;
    // Linked statically into the program, the GOT would be everyone's: not ours to change.
    if (!map->l_name || map->l_name[0] == 0) return NULL;
    return map;
}

static uintptr_t relro_start, relro_end;   // the library's RELRO range, read-only after loading
static uintptr_t got_plt_end;                // end of .got.plt, which lazy binding keeps writing

static int patch_allocations(struct link_map *map) {
    ElfW(Addr) base = map->l_addr;
    const ElfW(Sym) *symbols = NULL;
    const char *strings = NULL;
    const ElfW(Rela) *tables[2] = { NULL, NULL };
    size_t sizes[2] = { 0, 0 };
    uintptr_t got_plt = 0;
    for (const ElfW(Dyn) *d = map->l_ld; d->d_tag != DT_NULL; d++) {
        // glibc relocates these entries in place on most targets; others leave offsets.
        ElfW(Addr) value = d->d_un.d_ptr < base ? d->d_un.d_ptr + base : d->d_un.d_ptr;
        switch (d->d_tag) {
        case DT_SYMTAB: symbols = (const ElfW(Sym) *)value; break;
        case DT_STRTAB: strings = (const char *)value; break;
        case DT_JMPREL: tables[0] = (const ElfW(Rela) *)value; break;
        case DT_PLTRELSZ: sizes[0] = d->d_un.d_val; break;
        case DT_RELA: tables[1] = (const ElfW(Rela) *)value; break;
        case DT_RELASZ: sizes[1] = d->d_un.d_val; break;
        case DT_PLTGOT: got_plt = value; break;
        case DT_PLTREL: if (d->d_un.d_val != DT_RELA) return -1; break;
        }
    }
    if (!symbols || !strings) return -1;
    // Three reserved entries, then one per PLT relocation.
    if (got_plt) got_plt_end = got_plt + (3 + sizes[0] / sizeof(ElfW(Rela))) * sizeof(void *);

    static const struct { const char *name; void *function; } hooks[] = {
        { "malloc", (void *)arena_malloc }, { "calloc", (void *)arena_calloc },
        { "realloc", (void *)arena_realloc }, { "free", (void *)arena_free },
        { "strdup", (void *)arena_strdup },
    };
    enum { MAX_SLOTS = 32 };
    void **slots[MAX_SLOTS];
    void *functions[MAX_SLOTS];
    int count = 0, mallocs = 0, frees = 0;
    for (int t = 0; t < 2; t++) {
        for (size_t i = 0; tables[t] && i < sizes[t] / sizeof(ElfW(Rela)); i++) {
            const ElfW(Rela) *r = &tables[t][i];
            unsigned long type = ELF64_R_TYPE(r->r_info);
            if (type != JUMP_SLOT && type != GLOB_DAT) continue;
            const char *name = strings + symbols[ELF64_R_SYM(r->r_info)].st_name;
            for (size_t h = 0; h < sizeof(hooks) / sizeof(hooks[0]); h++) {
                if (strcmp(name, hooks[h].name) != 0) continue;
                if (count == MAX_SLOTS) return -1;
                slots[count] = (void **)(base + r->r_offset);
                functions[count++] = hooks[h].function;
                if (h == 0) mallocs++;
                if (h == 3) frees++;
            }
        }
    }
    // Both or neither: a block must never cross allocators.
    if (!mallocs || !frees) return -1;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    // Slots in RELRO are read-only after loading: open every such page first, so
    // that either all slots change or none does.
    for (int i = 0; i < count; i++) {
        uintptr_t start = (uintptr_t)slots[i] & ~(page - 1);
        if (start >= relro_start && start < relro_end && mprotect((void *)start, page, PROT_READ | PROT_WRITE) != 0) {
            return -2;
        }
    }
    for (int i = 0; i < count; i++) *slots[i] = functions[i];
    for (int i = 0; i < count; i++) {
        uintptr_t start = (uintptr_t)slots[i] & ~(page - 1);
        if (start >= relro_start && start < relro_end) mprotect((void *)start, page, PROT_READ);
    }
    return 0;
}

// MARK: - Checkpoints

static char *data_start;       // the library's writable data after RELRO
static size_t data_length;

/// The library's writable data and the arena's small half, copied aside.
typedef struct {
    char *data;                         // data_length bytes
    char *arena;
    size_t arena_length, arena_capacity;   // arena_length 0: nothing taken yet
} snapshot_t;

static snapshot_t checkpoint;           // what every synthesis starts from

static int find_data(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    struct link_map *map = context;
    if (info->dlpi_addr != map->l_addr || !info->dlpi_name || strcmp(info->dlpi_name, map->l_name) != 0) return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *p = &info->dlpi_phdr[i];
        if (p->p_type == PT_GNU_RELRO) {
            relro_start = info->dlpi_addr + p->p_vaddr;
            relro_end = relro_start + p->p_memsz;
        }
        if (p->p_type == PT_TLS) return -1;   // thread-local state we could not rewind
    }
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *p = &info->dlpi_phdr[i];
        if (p->p_type != PT_LOAD || !(p->p_flags & PF_W)) continue;
        uintptr_t start = info->dlpi_addr + p->p_vaddr, end = start + p->p_memsz;
        if (relro_end > start && relro_end < end) start = relro_end;
        if (data_start) return -1;   // more than one writable segment: not the layout we know
        data_start = (char *)start;
        data_length = end - start;
    }
    return data_start ? 1 : -1;
}

int checkpoint_prepare(void) {
    if (rewind_ready) return 1;
    struct link_map *map = espeak_map();
    if (!map) return 0;
    if (dl_iterate_phdr(find_data, map) != 1 || !data_start) return 0;
    arena = mmap(NULL, ARENA_RESERVE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (arena == MAP_FAILED) { arena = NULL; return 0; }
    arena_end = arena + ARENA_RESERVE;
    state()->top = arena + ((sizeof(arena_state_t) + 15) & ~(size_t)15);
    state()->large_top = arena + LARGE_OFFSET;
    if (patch_allocations(map) != 0) return 0;   // a failure leaves every slot as it was
    // Resolved PLT slots are the same after every restore; leaving them out spares re-resolving.
    if (got_plt_end > (uintptr_t)data_start && got_plt_end < (uintptr_t)data_start + data_length) {
        data_length -= got_plt_end - (uintptr_t)data_start;
        data_start = (char *)got_plt_end;
    }
    rewind_ready = 1;
    return 1;
}

static int save(char **copy, size_t *capacity, const char *from, size_t length) {
    if (length > *capacity) {
        char *grown = realloc(*copy, length);
        if (!grown) return -1;
        *copy = grown;
        *capacity = length;
    }
    memcpy(*copy, from, length);
    return 0;
}

static int take(snapshot_t *snapshot) {
    if (!snapshot->data && !(snapshot->data = malloc(data_length))) return -1;
    memcpy(snapshot->data, data_start, data_length);
    size_t used = (size_t)(state()->top - arena);
    if (save(&snapshot->arena, &snapshot->arena_capacity, arena, used) != 0) return -1;
    snapshot->arena_length = used;
    return 0;
}

static void put_back(const snapshot_t *snapshot) {
    if (!rewind_ready || !snapshot->arena_length) return;
    memcpy(data_start, snapshot->data, data_length);
    memcpy(arena, snapshot->arena, snapshot->arena_length);
}

int checkpoint_take(void) {
    if (!rewind_ready || take(&checkpoint) != 0) return -1;
    return 0;
}

void checkpoint_restore(void) { put_back(&checkpoint); }

#else

int checkpoint_prepare(void) { return 0; }
int checkpoint_take(void) { return -1; }
void checkpoint_restore(void) {}

#endif

// MARK: - Synthesis

int checkpoint_synthesize(const char *text, const char *sent, int sample_rate, earshot_collected *output, double *restoring,
                          double *cpu) {
#if EARSHOT_CAN_REWIND
    if (!rewind_ready || !checkpoint.arena_length) return EARSHOT_WIRE_NO_CHECKPOINT;
    double start = earshot_monotonic();
    checkpoint_restore();
    *restoring = earshot_monotonic() - start;
    srand(1);   // as a fresh process starts; only breathy voices draw from it
    output->count = 0;
    output->word_count = 0;
    output->failed = 0;
    output->sample_rate = sample_rate;
    earshot_limit(output, sent, sample_rate);
    double cpu_start = earshot_thread_cpu();
    espeak_ERROR status = espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0,
                                       espeakCHARS_AUTO | espeakENDPAUSE, NULL, NULL);
    *cpu = earshot_thread_cpu() - cpu_start;
    return status == EE_OK && !output->failed ? EARSHOT_WIRE_OK : EARSHOT_WIRE_SYNTHESIS_FAILED;
#else
    (void)text;
    (void)sent;
    (void)sample_rate;
    (void)output;
    *restoring = 0;
    *cpu = 0;
    return EARSHOT_WIRE_NO_CHECKPOINT;
#endif
}
