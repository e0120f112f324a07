// earshot-speech: the speech worker. espeak-ng runs only here, never in the
// earshot process or in anything a Swift test imports: libespeak-ng keeps
// global state, is not thread-safe, cannot be initialized twice in one
// process, and crashes on damaged data. Earshot spawns workers and talks to
// each over its standard input and output (one socket), so a worker that
// crashes, stalls or answers garbage is killed and replaced, and the run goes
// on (EarshotSpeech's SpeechWorker.swift is the other end).
//
// A worker initializes espeak-ng once, says hello (its sample rate, version,
// data folder, isolation and installed voices), is bound to one voice and
// rate, then speaks texts in the order sent, each as a fresh `espeak-ng -w`
// process would: from a checkpoint restored before each one (checkpoint.c),
// or in a child forked for each one where that cannot be done or
// `EARSHOT_ESPEAK_ISOLATION=fork` asks for it.
//
// The messages, their kinds, layouts and statuses are earshot_wire.h's
// (Sources/CEarshotWire), which SpeechWorker.swift reads too.
//
// Bound to a Japanese voice, the worker reads each text first (CEarshotReadings): kanji
// are spoken by their readings, which espeak-ng's `ja` voice does not know.
#define _GNU_SOURCE
#include "checkpoint.h"
#include "earshot_wire.h"
#include "collect.h"
#include "io.h"
#include "earshot_readings.h"

#include <espeak-ng/speak_lib.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif


static int sample_rate;
static int forking;            // 1: a child per utterance; 0: a checkpoint restored per utterance
static earshot_collected output;

static int collect(short *wav, int count, espeak_EVENT *events) {
    return earshot_collect(&output, wav, count, events);
}

static size_t bare_samples;
static int count_only(short *wav, int count, espeak_EVENT *events) {
    (void)wav;
    (void)events;
    if (count > 0) bare_samples += (size_t)count;
    return 0;
}

// MARK: - Messages

/// FNV-1a over 64-bit words, then the remaining bytes (SpeechWorker.checksum). The parts of a
/// message are hashed as one run of bytes, so a part's tail is carried into the next.
typedef struct {
    uint64_t hash;
    unsigned char carry[8];
    size_t carried;
} checksum_state;

static void checksum_word(checksum_state *c, uint64_t word) {
    c->hash ^= word;
    c->hash *= 0x100000001b3ull;
}

static void checksum_add(checksum_state *c, const void *data, size_t size) {
    const unsigned char *p = data;
    while (size > 0 && c->carried > 0 && c->carried < 8) {
        c->carry[c->carried++] = *p++;
        size--;
        if (c->carried == 8) {
            uint64_t word;
            memcpy(&word, c->carry, 8);
            checksum_word(c, word);
            c->carried = 0;
        }
    }
    for (; size >= 8; p += 8, size -= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        checksum_word(c, word);
    }
    memcpy(c->carry + c->carried, p, size);
    c->carried += size;
}

static uint64_t checksum_end(checksum_state *c) {
    for (size_t i = 0; i < c->carried; i++) {
        c->hash ^= c->carry[i];
        c->hash *= 0x100000001b3ull;
    }
    return c->hash;
}

#define FNV_OFFSET 0xcbf29ce484222325ull

/// Writes one message made of parts; exits when Earshot is gone.
static void send_parts(uint32_t kind, const void *const *parts, const size_t *sizes, int count) {
    earshot_wire_head head = { EARSHOT_WIRE_MAGIC, kind, 0 };
    checksum_state state = { FNV_OFFSET, { 0 }, 0 };
    for (int i = 0; i < count; i++) {
        head.length += sizes[i];
        if (sizes[i]) checksum_add(&state, parts[i], sizes[i]);
    }
    uint64_t checksum = checksum_end(&state);
    if (earshot_write_all(1, &head, sizeof(head)) != 0) _exit(0);
    for (int i = 0; i < count; i++) {
        if (sizes[i] && earshot_write_all(1, parts[i], sizes[i]) != 0) _exit(0);
    }
    if (earshot_write_all(1, &checksum, sizeof(checksum)) != 0) _exit(0);
}

static void send_one(uint32_t kind, const void *payload, size_t size) {
    const void *parts[1] = { payload };
    size_t sizes[1] = { size };
    send_parts(kind, parts, sizes, 1);
}

/// A growing byte buffer for the hello.
typedef struct {
    char *bytes;
    size_t length, capacity;
} buffer;

static void append(buffer *b, const void *data, size_t size) {
    if (b->length + size > b->capacity) {
        size_t capacity = b->capacity ? b->capacity * 2 : 4096;
        while (capacity < b->length + size) capacity *= 2;
        char *grown = realloc(b->bytes, capacity);
        if (!grown) _exit(70);
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, data, size);
    b->length += size;
}

static void append_string(buffer *b, const char *text) { append(b, text ? text : "", strlen(text ? text : "") + 1); }


// MARK: - No audio device

/// espeak-ng 1.51 makes an audio device object (pcaudiolib's: PulseAudio, else ALSA) as it
/// initializes, whatever the output mode: PulseAudio's client then made $HOME/.config/pulse and a
/// pulse-* folder in the temporary folder on every run, though the worker only synthesizes
/// (AUDIO_OUTPUT_SYNCHRONOUS). This definition is the one libespeak-ng's call finds (the
/// executable's symbols come first): no device object, so nothing is opened or written outside
/// Earshot's outputs; espeak-ng goes without one (it checks for NULL before each use).
struct audio_object;
struct audio_object *create_audio_device_object(const char *device, const char *application_name, const char *description);
struct audio_object *create_audio_device_object(const char *device, const char *application_name, const char *description) {
    (void)device;
    (void)application_name;
    (void)description;
    return NULL;
}

// MARK: - Hello

/// espeak_VOICE.languages: pairs of a priority byte and a zero-terminated name, ending with a zero byte.
static void append_languages(buffer *b, const char *languages) {
    buffer joined = { 0 };
    for (const char *cursor = languages; cursor && *cursor; ) {
        cursor++;   // the priority byte
        if (joined.length) append(&joined, "\n", 1);
        append(&joined, cursor, strlen(cursor));
        cursor += strlen(cursor) + 1;
    }
    append(&joined, "", 1);
    append(b, joined.bytes, joined.length);
    free(joined.bytes);
}

/// Initializes espeak-ng and says hello: status, sample rate, isolation, then
/// version, data folder and error detail (NUL-ended), then the voices (a count,
/// then per voice its identifier, name and languages joined by line feeds).
/// Returns 0 when the engine is ready.
static int initialize(void) {
    const char *folder = getenv("EARSHOT_ESPEAK_DATA");
    const char *isolation = getenv("EARSHOT_ESPEAK_ISOLATION");
    forking = (isolation && strcmp(isolation, "fork") == 0) || checkpoint_prepare() != 1;
    // With espeakINITIALIZE_DONT_EXIT, 1.51 reports missing data on stderr and still
    // returns a sample rate; so the data folder it settled on is checked here.
    sample_rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, folder && *folder ? folder : NULL,
                                    espeakINITIALIZE_DONT_EXIT);
    const char *data = NULL;
    const char *version = espeak_Info(&data);
    char detail[512] = "";
    if (sample_rate <= 0) {
        snprintf(detail, sizeof(detail), "espeak_Initialize returned %d for the data in %s", sample_rate, data ? data : "(unknown)");
    } else {
        char phontab[4096];
        struct stat info;
        snprintf(phontab, sizeof(phontab), "%s/phontab", data ? data : "");
        if (!data || stat(phontab, &info) != 0) snprintf(detail, sizeof(detail), "no phoneme data in %s", data ? data : "(unknown)");
    }
    int status = detail[0] ? EARSHOT_WIRE_NOT_STARTED : EARSHOT_WIRE_OK;
    buffer hello = { 0 };
    earshot_wire_hello head = { status, sample_rate, forking };
    append(&hello, &head, sizeof(head));
    append_string(&hello, version);
    append_string(&hello, data);
    append_string(&hello, detail);
    const espeak_VOICE **voices = status == 0 ? espeak_ListVoices(NULL) : NULL;
    uint32_t count = 0;
    while (voices && voices[count]) count++;
    append(&hello, &count, sizeof(count));
    for (uint32_t i = 0; i < count; i++) {
        append_string(&hello, voices[i]->identifier);
        append_string(&hello, voices[i]->name);
        append_languages(&hello, voices[i]->languages);
    }
    send_one(EARSHOT_WIRE_HELLO, hello.bytes, hello.length);
    free(hello.bytes);
    // Until now standard error was Earshot's pipe, read if the worker did not start; from here
    // espeak-ng's complaints about damaged data would fill a pipe no one reads, so they go nowhere
    // (a text that fails is reported by Earshot its own way).
    if (status == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, 2);
            if (null != 2) close(null);
        }
    }
    espeak_SetSynthCallback(collect);
    return status;
}

/// Binds the worker to a voice and rate (Earshot has checked the voice against the
/// installed ones): by name, else as a language, as the espeak-ng command takes `-v`.
static int bind_voice(const char *voice, int rate) {
    // Japanese is read with MeCab first; a worker that cannot is not bound.
    if (strncmp(voice, "ja", 2) == 0 && (voice[2] == 0 || voice[2] == '-') && readings_open() != 0) return EARSHOT_WIRE_READINGS_MISSING;
    if (espeak_SetVoiceByName(voice) != EE_OK) {
        espeak_VOICE spec;
        memset(&spec, 0, sizeof(spec));
        spec.languages = voice;
        if (espeak_SetVoiceByProperties(&spec) != EE_OK) return EARSHOT_WIRE_NOT_STARTED;
    }
    if (espeak_SetParameter(espeakRATE, rate, 0) != EE_OK) return EARSHOT_WIRE_RATE_REFUSED;
    if (!forking && checkpoint_take() != 0) forking = 1;
    return 0;
}

// MARK: - Speaking

static void send_result(int32_t status, uint32_t unread, double restoring, double reading, double synthesizing, double cpu) {
    earshot_wire_result head = { status, unread, status == 0 ? output.count : 0, status == 0 ? output.word_count : 0,
                         restoring, reading, synthesizing, cpu };
    const void *parts[3] = { &head, output.samples, output.words };
    size_t sizes[3] = { sizeof(head), head.sample_count * sizeof(int16_t), head.word_count * sizeof(earshot_wire_word) };
    send_parts(EARSHOT_WIRE_RESULT, parts, sizes, 3);
}

static void synthesize_here(const char *text, const char *sent, double *restoring, double *cpu, int32_t *status) {
    *status = checkpoint_synthesize(text, sent, sample_rate, &output, restoring, cpu);
}

/// In a child forked for it: the worker's own state is never touched by a synthesis. `cpu` gets
/// the child's CPU time.
static void synthesize_in_child(const char *text, const char *sent, double *cpu, int32_t *status) {
    int fds[2];
    output.count = 0;
    output.word_count = 0;
    output.failed = 0;
    earshot_limit(&output, sent, sample_rate);
    if (pipe(fds) != 0) { *status = EARSHOT_WIRE_PIPE_FAILED; return; }
    pid_t pid = fork();
    if (pid < 0) { close(fds[0]); close(fds[1]); *status = EARSHOT_WIRE_FORK_FAILED; return; }
    if (pid == 0) {
        close(fds[0]);
#if defined(__linux__)
        prctl(PR_SET_PDEATHSIG, SIGKILL);   // never outlives a worker that was killed
#endif
        output.sample_rate = sample_rate;
        espeak_ERROR result = espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0,
                                           espeakCHARS_AUTO | espeakENDPAUSE, NULL, NULL);
        uint64_t head[3] = { (result == EE_OK && !output.failed) ? 0 : 1, output.count, output.word_count };
        int ok = earshot_write_all(fds[1], head, sizeof(head)) == 0
            && earshot_write_all(fds[1], output.samples, output.count * sizeof(int16_t)) == 0
            && earshot_write_all(fds[1], output.words, output.word_count * sizeof(earshot_wire_word)) == 0;
        _exit(ok ? 0 : 1);
    }
    close(fds[1]);
    uint64_t head[3];
    *status = EARSHOT_WIRE_OK;
    if (earshot_read_all(fds[0], head, sizeof(head)) != 0 || head[0] != 0) {
        *status = EARSHOT_WIRE_SYNTHESIS_FAILED;
    } else if (head[1] > output.sample_limit || head[2] > output.word_limit) {
        *status = EARSHOT_WIRE_SYNTHESIS_FAILED;   // more than the text can make: checked before anything is allocated for it
    } else {
        size_t samples = (size_t)head[1], words = (size_t)head[2];
        int16_t *s = realloc(output.samples, samples * sizeof(int16_t) + 1);
        int32_t *w = s ? realloc(output.words, words * 3 * sizeof(int32_t) + 1) : NULL;
        if (s) { output.samples = s; output.capacity = samples; }
        if (w) { output.words = w; output.word_capacity = words; }
        if (!s || !w || earshot_read_all(fds[0], output.samples, samples * sizeof(int16_t)) != 0
            || earshot_read_all(fds[0], output.words, words * sizeof(earshot_wire_word)) != 0) {
            *status = EARSHOT_WIRE_CHILD_LOST;
        } else {
            output.count = samples;
            output.word_count = words;
        }
    }
    close(fds[0]);
    int child = 0;
    struct rusage usage;
    memset(&usage, 0, sizeof(usage));
    while (wait4(pid, &child, 0, &usage) < 0 && errno == EINTR) {}
    *cpu = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec * 1e-6
         + (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec * 1e-6;
    // A child killed by a signal (damaged data) fails the text; Earshot retries it in a fresh worker.
    if (*status == EARSHOT_WIRE_OK && !(WIFEXITED(child) && WEXITSTATUS(child) == 0)) *status = EARSHOT_WIRE_SYNTHESIS_FAILED;
}

/// The benchmark's bare synthesis: each text with espeak_Synth and a callback that only counts
/// samples, no restore between them, in a child so the worker's state is left alone.
static void bare_batch(const char *texts, uint32_t count, size_t length) {
    int fds[2];
    earshot_wire_batch_result answer = { EARSHOT_WIRE_PIPE_FAILED, 0, 0, 0 };
    if (pipe(fds) == 0) {
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            if (!forking) checkpoint_restore();
            espeak_SetSynthCallback(count_only);
            const char *cursor = texts, *end = texts + length;
            answer.status = EARSHOT_WIRE_OK;
            double start = earshot_monotonic();
            for (uint32_t i = 0; i < count && cursor < end && answer.status == 0; i++) {
                size_t size = strnlen(cursor, (size_t)(end - cursor));
                if (espeak_Synth(cursor, size + 1, 0, POS_CHARACTER, 0, espeakCHARS_AUTO | espeakENDPAUSE, NULL, NULL) != EE_OK) {
                    answer.status = EARSHOT_WIRE_SYNTHESIS_FAILED;
                }
                cursor += size + 1;
            }
            answer.seconds = earshot_monotonic() - start;
            answer.samples = bare_samples;
            _exit(earshot_write_all(fds[1], &answer, sizeof(answer)) == 0 ? 0 : 1);
        }
        close(fds[1]);
        if (pid < 0 || earshot_read_all(fds[0], &answer, sizeof(answer)) != 0) answer.status = EARSHOT_WIRE_SYNTHESIS_FAILED;
        close(fds[0]);
        if (pid > 0) while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    }
    send_one(EARSHOT_WIRE_BATCH_RESULT, &answer, sizeof(answer));
}

// MARK: - The loop

/// Keeps only descriptors 0-2: nothing Earshot had open elsewhere stays open here.
static void close_inherited(void) {
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, 3u, ~0u, 0u) == 0) return;
#endif
    long limit = sysconf(_SC_OPEN_MAX);
    if (limit < 0 || limit > 65536) limit = 65536;
    for (int fd = 3; fd < limit; fd++) close(fd);
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    signal(SIGPIPE, SIG_DFL);   // Earshot gone while a result is written: end quietly
    // SwiftPM links executables with the Swift runtime, whose crash backtracer catches these
    // and takes seconds to print (or waits); a crash here must end the process at once, so
    // that Earshot sees it and replaces the worker.
    int crashes[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (size_t i = 0; i < sizeof(crashes) / sizeof(crashes[0]); i++) signal(crashes[i], SIG_DFL);
    close_inherited();
    if (initialize() != 0) return 1;
    int bound = 0;
    for (;;) {
        earshot_wire_head head;
        if (earshot_read_all(0, &head, sizeof(head)) != 0) return 0;   // Earshot closed its end
        if (head.magic != EARSHOT_WIRE_MAGIC || head.length > EARSHOT_WIRE_MAX_REQUEST) return 2;
        char *payload = malloc((size_t)head.length + 1);
        if (!payload || earshot_read_all(0, payload, (size_t)head.length) != 0) return 2;
        payload[head.length] = 0;
        switch (head.kind) {
        case EARSHOT_WIRE_VOICE: {
            int32_t rate, status;
            if (head.length < sizeof(rate) || bound) return 2;
            memcpy(&rate, payload, sizeof(rate));
            status = bind_voice(payload + sizeof(rate), rate);
            bound = status == 0;
            send_one(EARSHOT_WIRE_ANSWER, &status, sizeof(status));
            break;
        }
        case EARSHOT_WIRE_TEXT: {
            if (!bound) return 2;
            int32_t status;
            double restoring = 0, cpu = 0, start = earshot_monotonic();
            // Japanese: spoken from its reading, within the limits of the text as sent, its
            // words placed on the text as sent.
            earshot_reading reading;
            int read = readings_bound() && readings_read(payload, &reading) == 0;
            const char *spoken = read ? reading.text : payload;
            double read_at = earshot_monotonic();
            if (forking) synthesize_in_child(spoken, payload, &cpu, &status);
            else synthesize_here(spoken, payload, &restoring, &cpu, &status);
            uint32_t unread = 0;
            if (read) {
                for (size_t i = 0; status == EARSHOT_WIRE_OK && i < output.word_count; i++) {
                    readings_place(&reading, &output.words[i * 3], &output.words[i * 3 + 1]);
                }
                unread = reading.unread;
                readings_free(&reading);
            }
            send_result(status, unread, restoring, readings_bound() ? read_at - start : 0, earshot_monotonic() - read_at - restoring, cpu);
            break;
        }
        case EARSHOT_WIRE_BATCH: {
            uint32_t count;
            if (!bound || head.length < sizeof(count)) return 2;
            memcpy(&count, payload, sizeof(count));
            bare_batch(payload + sizeof(count), count, (size_t)head.length - sizeof(count));
            break;
        }
        default:
            return 2;
        }
        free(payload);
    }
}
