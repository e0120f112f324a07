// See readings.h.
#include "readings.h"

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

char *readings_of(const char *text) {
    if (!tagger) return NULL;
    const mecab_node_t *node = mecab_sparse_tonode(tagger, text);
    if (!node) return NULL;
    // A reading is at most three bytes (one kana) for each byte of the text's words,
    // plus the spaces MeCab skips.
    size_t capacity = strlen(text) * 4 + 16, used = 0;
    char *result = malloc(capacity);
    if (!result) return NULL;
    for (; node; node = node->next) {
        if (node->stat == MECAB_BOS_NODE || node->stat == MECAB_EOS_NODE) continue;
        // The spaces before the word (MeCab's rlength counts them) are kept.
        size_t spaces = node->rlength > node->length ? node->rlength - node->length : 0;
        size_t length = 0;
        const char *pronunciation = node->stat == MECAB_NOR_NODE ? field(node->feature, 8, &length) : NULL;
        const char *word = pronunciation ? pronunciation : node->surface;
        if (!pronunciation) length = node->length;
        if (used + spaces + length + 1 > capacity) {
            capacity = (used + spaces + length + 1) * 2;
            char *grown = realloc(result, capacity);
            if (!grown) { free(result); return NULL; }
            result = grown;
        }
        memset(result + used, ' ', spaces);
        used += spaces;
        memcpy(result + used, word, length);
        used += length;
    }
    result[used] = 0;
    return result;
}
