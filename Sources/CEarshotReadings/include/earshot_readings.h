// Japanese readings for the speech worker: espeak-ng's `ja` voice reads kana but
// knows no kanji (it says "Chinese letter" for each, or drops them), so a worker
// bound to a Japanese voice first turns each text into the readings MeCab gives
// with its IPA dictionary (Debian's mecab-ipadic-utf8): 閉じる becomes トジル.
// A kanji MeCab cannot read (鷗, 髙, 彅: rare, variant or name kanji) is read from
// Unihan (kanji.c, scripts/make-kanji-readings.py): through a variant MeCab reads
// (髙橋 as 高橋, タカハシ), else by its first Japanese reading (鷗 カモメ); one
// with neither is left out and counted. Words MeCab does not know (an app's Latin
// name) and marks are kept as written.
#ifndef EARSHOT_READINGS_H
#define EARSHOT_READINGS_H

#include <stddef.h>
#include <stdint.h>

// The reading step's revision, part of the utterance cache's key, is
// EARSHOT_WIRE_READINGS_REVISION (earshot_wire.h): raise it when the readings change.

/// Opens MeCab with the system's default dictionary: 0 on success.
int readings_open(void);

/// Whether the worker reads its texts (it was bound to a Japanese voice).
int readings_bound(void);

/// A stretch of a reading and the stretch of the text it reads, in characters (Unicode scalars).
typedef struct {
    int32_t reading_start, reading_length;
    int32_t text_start, text_length;
    /// 1: the reading is the text itself, character for character.
    int32_t verbatim;
} earshot_reading_span;

/// A text's reading: what espeak-ng speaks, and where each part of it comes from.
typedef struct {
    char *text;
    earshot_reading_span *spans;
    size_t span_count, span_capacity;
    /// The text's length in characters.
    int32_t text_characters;
    /// Ideographs left out: no reading MeCab or Unihan gives.
    uint32_t unread;
} earshot_reading;

/// Reads `text` into `reading` (each word MeCab knows in its pronunciation, in katakana; an
/// unknown kanji from Unihan; the rest as written): 0 on success, else nonzero with nothing to
/// free (the text is then spoken as written).
int readings_read(const char *text, earshot_reading *reading);

/// Moves a word's position (1-based) and length, in characters of the reading as espeak-ng
/// counts them, onto the text that was read.
void readings_place(const earshot_reading *reading, int32_t *position, int32_t *length);

void readings_free(earshot_reading *reading);

#endif
