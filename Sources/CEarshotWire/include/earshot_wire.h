// The speech worker's messages, defined once for both ends: earshot-speech (C) writes
// and reads them, EarshotSpeech's SpeechWorker.swift (through this module) reads and
// writes them. Every field is in this machine's byte order: the worker is a child of
// the process it talks to.
//
// A message is a head (magic, kind, payload length), the payload, and, from the worker
// only, an FNV-1a 64 checksum of the payload.
//
//   Earshot -> worker                          worker -> Earshot
//                                              HELLO (sent at start)
//   VOICE rate (int32), voice                  ANSWER status (int32)
//   TEXT text                                  RESULT earshot_wire_result, samples (int16),
//                                                     words (earshot_wire_word)
//   BATCH count (uint32), texts NUL-ended      BATCH_RESULT earshot_wire_batch_result
//
// HELLO: earshot_wire_hello; version, data folder and error
// detail (NUL-ended); a voice count (uint32), then per voice its identifier, name
// and languages joined by line feeds (NUL-ended each).
#ifndef EARSHOT_WIRE_H
#define EARSHOT_WIRE_H

#include <stdint.h>

/// "ESW1": the first field of every head.
#define EARSHOT_WIRE_MAGIC 0x31575345u
/// What the worker's reading step does (CEarshotReadings), part of the utterance cache's key
/// (EspeakEngine.readingsDigest): raise it when the readings change. 1: MeCab's pronunciations;
/// 2: Unihan's variants and readings for the kanji MeCab cannot read, words placed on the text sent.
#define EARSHOT_WIRE_READINGS_REVISION 2
/// The longest payload the worker takes from Earshot.
#define EARSHOT_WIRE_MAX_REQUEST ((uint64_t)64 << 20)

/// What a message is: the ASCII letter that names it.
typedef enum {
    EARSHOT_WIRE_HELLO = 'H',
    EARSHOT_WIRE_VOICE = 'V',
    EARSHOT_WIRE_ANSWER = 'A',
    EARSHOT_WIRE_TEXT = 'T',
    EARSHOT_WIRE_RESULT = 'R',
    EARSHOT_WIRE_BATCH = 'B',
    EARSHOT_WIRE_BATCH_RESULT = 'b',
} earshot_wire_kind;

/// The statuses a HELLO, an ANSWER, a RESULT or a BATCH_RESULT carries.
typedef enum {
    EARSHOT_WIRE_OK = 0,
    /// HELLO: espeak-ng did not start (the detail says why). ANSWER: no such voice.
    EARSHOT_WIRE_NOT_STARTED = 1,
    /// ANSWER: the rate was refused.
    EARSHOT_WIRE_RATE_REFUSED = 2,
    /// ANSWER: a Japanese voice, and MeCab or its dictionary cannot be opened.
    EARSHOT_WIRE_READINGS_MISSING = 3,
    /// RESULT: no child could be forked for the text.
    EARSHOT_WIRE_FORK_FAILED = -1,
    /// RESULT, BATCH_RESULT: no pipe to the child.
    EARSHOT_WIRE_PIPE_FAILED = -2,
    /// RESULT: the child's samples did not all arrive.
    EARSHOT_WIRE_CHILD_LOST = -3,
    /// RESULT, BATCH_RESULT: espeak-ng failed on the text (or made more than it can).
    EARSHOT_WIRE_SYNTHESIS_FAILED = -4,
    /// RESULT: no checkpoint to restore.
    EARSHOT_WIRE_NO_CHECKPOINT = -5,
} earshot_wire_status;

/// Every message's head.
typedef struct {
    uint32_t magic;
    uint32_t kind;
    uint64_t length;
} earshot_wire_head;

/// What a HELLO holds before its strings.
typedef struct {
    int32_t status;
    int32_t sample_rate;
    /// 1: a child forked per utterance; 0: a checkpoint restored per utterance.
    int32_t forking;
} earshot_wire_hello;

/// What a RESULT holds before its samples and word marks.
typedef struct {
    int32_t status;
    /// Characters the reading step left out of the speech (Japanese: an ideograph neither
    /// MeCab nor Unihan reads); the transcript keeps them.
    uint32_t unread;
    uint64_t sample_count;
    uint64_t word_count;
    /// Seconds restoring the checkpoint; reading the text first (Japanese, MeCab); in
    /// espeak_Synth, on the clock (waiting for a core included) and in CPU time (a forked
    /// child's whole CPU time).
    double restoring;
    double reading;
    double synthesizing;
    double synthesizing_cpu;
} earshot_wire_result;

/// One word mark of a RESULT: where the word is in the text, and its first sample.
typedef struct {
    int32_t position;
    int32_t length;
    int32_t sample;
} earshot_wire_word;

/// A BATCH_RESULT: bare espeak_Synth of every text, for the benchmark.
typedef struct {
    int32_t status;
    uint32_t reserved;
    double seconds;
    uint64_t samples;
} earshot_wire_batch_result;

#endif
