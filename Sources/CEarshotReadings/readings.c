// See earshot_readings.h.
#include "earshot_readings.h"
#include "kanji.h"

#include <mecab.h>
#include <stdlib.h>
#include <string.h>

static mecab_t *tagger = NULL;

int readings_open(void) {
    if (!tagger) tagger = mecab_new2("");
    return tagger ? 0 : 1;
}

int readings_bound(void) { return tagger != NULL; }

/// The `index`-th comma-separated field of `feature` (IPA dictionary: 0 part of speech …
/// 7 reading, 8 pronunciation), its length in `length`; NULL when there is none or it is `*`.
static const char *field(const char *feature, int index, size_t *length) {
    const char *start = feature;
    for (int i = 0; i < index; i++) {
        start = strchr(start, ',');
        if (!start) return NULL;
        start++;
    }
    const char *end = strchr(start, ',');
    *length = end ? (size_t)(end - start) : strlen(start);
    if (*length == 0 || (*length == 1 && *start == '*')) return NULL;
    return start;
}

// MARK: - Characters

/// The code point at `p` (at most `left` bytes) and its length in bytes; a byte that does not
/// start a well-formed sequence is one character of its own (U+FFFD), as espeak-ng counts it.
static uint32_t decode(const unsigned char *p, size_t left, size_t *size) {
    uint32_t c = p[0];
    size_t n = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (n == 0 || n > left) { *size = 1; return 0xFFFD; }
    if (n == 1) { *size = 1; return c; }
    uint32_t code = c & (0xFF >> (n + 1));
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) { *size = 1; return 0xFFFD; }
        code = (code << 6) | (p[i] & 0x3F);
    }
    *size = n;
    return code;
}

static size_t encode(uint32_t code, char *out) {
    if (code < 0x80) { out[0] = (char)code; return 1; }
    if (code < 0x800) { out[0] = (char)(0xC0 | code >> 6); out[1] = (char)(0x80 | (code & 0x3F)); return 2; }
    if (code < 0x10000) {
        out[0] = (char)(0xE0 | code >> 12); out[1] = (char)(0x80 | ((code >> 6) & 0x3F)); out[2] = (char)(0x80 | (code & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | code >> 18); out[1] = (char)(0x80 | ((code >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((code >> 6) & 0x3F)); out[3] = (char)(0x80 | (code & 0x3F));
    return 4;
}

/// Characters in `size` bytes, counted as `decode` steps through them.
static int32_t characters(const char *text, size_t size) {
    int32_t count = 0;
    for (size_t at = 0, step; at < size; at += step) {
        decode((const unsigned char *)text + at, size - at, &step);
        count++;
    }
    return count;
}

/// CJK ideographs: the unified blocks and their extensions, and the compatibility ideographs.
static int is_ideograph(uint32_t c) {
    return (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF)
        || (c >= 0x20000 && c <= 0x2FA1F) || (c >= 0x30000 && c <= 0x323AF);
}

static const earshot_kanji *kanji(uint32_t code) {
    size_t low = 0, high = earshot_kanji_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (earshot_kanji_table[middle].code < code) low = middle + 1; else high = middle;
    }
    return low < earshot_kanji_count && earshot_kanji_table[low].code == code ? &earshot_kanji_table[low] : NULL;
}

// MARK: - Building a reading

typedef struct {
    earshot_reading *r;
    size_t used, capacity;
    int32_t reading_characters;
    int failed;
} builder;

static void append(builder *b, const char *bytes, size_t size) {
    if (b->failed) return;
    if (b->used + size + 1 > b->capacity) {
        size_t capacity = (b->used + size + 1) * 2;
        char *grown = realloc(b->r->text, capacity);
        if (!grown) { b->failed = 1; return; }
        b->r->text = grown;
        b->capacity = capacity;
    }
    memcpy(b->r->text + b->used, bytes, size);
    b->used += size;
}

/// Appends `size` bytes of reading for `text_length` characters of the text from `text_start`.
static void span(builder *b, const char *bytes, size_t size, int32_t text_start, int32_t text_length, int verbatim) {
    int32_t length = characters(bytes, size);
    earshot_reading *r = b->r;
    if (b->failed) return;
    earshot_reading_span *last = r->span_count ? &r->spans[r->span_count - 1] : NULL;
    if (verbatim && last && last->verbatim && last->text_start + last->text_length == text_start) {
        last->reading_length += length;
        last->text_length += text_length;
    } else {
        if (r->span_count == r->span_capacity) {
            size_t capacity = r->span_capacity ? r->span_capacity * 2 : 64;
            earshot_reading_span *grown = realloc(r->spans, capacity * sizeof(*grown));
            if (!grown) { b->failed = 1; return; }
            r->spans = grown;
            r->span_capacity = capacity;
        }
        r->spans[r->span_count++] = (earshot_reading_span){ b->reading_characters, length, text_start, text_length, verbatim };
    }
    append(b, bytes, size);
    b->reading_characters += length;
}

/// An unknown word, character by character: an ideograph by its Unihan reading (or left out),
/// anything else as written.
static void unknown_word(builder *b, const char *surface, size_t size, int32_t text_start) {
    for (size_t at = 0, step; at < size; at += step) {
        uint32_t code = decode((const unsigned char *)surface + at, size - at, &step);
        if (is_ideograph(code)) {
            const earshot_kanji *entry = kanji(code);
            if (entry && entry->reading[0]) {
                span(b, entry->reading, strlen(entry->reading), text_start, 1, 0);
            } else {
                span(b, "", 0, text_start, 1, 0);
                b->r->unread++;
            }
        } else {
            span(b, surface + at, step, text_start, 1, 1);
        }
        text_start++;
    }
}

/// Whether a node is a word MeCab read, with a pronunciation.
static const char *pronunciation(const mecab_node_t *node, size_t *length) {
    return node->stat == MECAB_NOR_NODE ? field(node->feature, 8, length) : NULL;
}

/// `text` with each ideograph of an unknown word that has a variant MeCab reads put in its
/// place; NULL when there is none. One code point for one, so characters keep their places.
static char *with_variants(const char *text, const mecab_node_t *node) {
    size_t size = strlen(text);
    char *copy = NULL;
    size_t used = 0, copied = 0;
    for (; node; node = node->next) {
        size_t length;
        if (node->stat == MECAB_BOS_NODE || node->stat == MECAB_EOS_NODE || pronunciation(node, &length)) continue;
        size_t offset = (size_t)(node->surface - text);
        if (node->surface < text || offset + node->length > size) { free(copy); return NULL; }
        for (size_t at = offset, step; at < offset + node->length; at += step) {
            uint32_t code = decode((const unsigned char *)text + at, size - at, &step);
            const earshot_kanji *entry = is_ideograph(code) ? kanji(code) : NULL;
            if (!entry || !entry->variant) continue;
            if (!copy && !(copy = malloc(size * 2 + 8))) return NULL;
            memcpy(copy + used, text + copied, at - copied);
            used += at - copied;
            used += encode(entry->variant, copy + used);
            copied = at + step;
        }
    }
    if (!copy) return NULL;
    memcpy(copy + used, text + copied, size - copied);
    copy[used + size - copied] = 0;
    return copy;
}

int readings_read(const char *text, earshot_reading *reading) {
    memset(reading, 0, sizeof(*reading));
    if (!tagger) return 1;
    const mecab_node_t *node = mecab_sparse_tonode(tagger, text);
    if (!node) return 1;
    // Variants first, then the whole text read again: 髙橋 is a word as 高橋.
    char *varied = with_variants(text, node);
    const char *read = varied ? varied : text;
    if (varied && !(node = mecab_sparse_tonode(tagger, varied))) { free(varied); return 1; }
    size_t size = strlen(read);
    builder b = { reading, 0, 0, 0, 0 };
    reading->text_characters = characters(read, size);
    size_t end = 0;
    int32_t position = 0;   // characters of the text before `end`
    for (; node && !b.failed; node = node->next) {
        if (node->stat == MECAB_BOS_NODE || node->stat == MECAB_EOS_NODE) continue;
        size_t offset = (size_t)(node->surface - read);
        if (node->surface < read || offset < end || offset + node->length > size) { b.failed = 1; break; }
        // What lies before the word (the spaces MeCab skips) is kept.
        int32_t between = characters(read + end, offset - end);
        span(&b, read + end, offset - end, position, between, 1);
        position += between;
        int32_t length = characters(node->surface, node->length);
        size_t spoken;
        const char *word = pronunciation(node, &spoken);
        if (word) span(&b, word, spoken, position, length, 0);
        else unknown_word(&b, node->surface, node->length, position);
        position += length;
        end = offset + node->length;
    }
    if (!b.failed) span(&b, read + end, size - end, position, characters(read + end, size - end), 1);
    if (!b.failed) append(&b, "", 1);
    free(varied);
    if (b.failed) { readings_free(reading); return 1; }
    return 0;
}

/// The span holding reading character `at` (0-based): the last with text that starts at or before it.
static const earshot_reading_span *holding(const earshot_reading *r, int32_t at) {
    size_t low = 0, high = r->span_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (r->spans[middle].reading_start <= at) low = middle + 1; else high = middle;
    }
    size_t index = low ? low - 1 : 0;
    while (index > 0 && r->spans[index].reading_length == 0) index--;
    return &r->spans[index];
}

void readings_place(const earshot_reading *r, int32_t *position, int32_t *length) {
    if (!r->span_count || *position < 1) return;
    int32_t start = *position - 1, end = start + (*length > 0 ? *length : 0);
    const earshot_reading_span *first = holding(r, start);
    int32_t from = first->verbatim && start < first->reading_start + first->reading_length
        ? first->text_start + (start - first->reading_start) : first->text_start;
    int32_t to = from;
    if (end > start) {
        const earshot_reading_span *last = holding(r, end - 1);
        to = last->verbatim && end <= last->reading_start + last->reading_length
            ? last->text_start + (end - last->reading_start) : last->text_start + last->text_length;
    }
    if (from > r->text_characters) from = r->text_characters;
    if (to > r->text_characters) to = r->text_characters;
    *position = from + 1;
    *length = to > from ? to - from : 0;
}

void readings_free(earshot_reading *reading) {
    free(reading->text);
    free(reading->spans);
    memset(reading, 0, sizeof(*reading));
}
