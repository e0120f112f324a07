// Japanese readings for the speech worker: espeak-ng's `ja` voice reads kana but
// knows no kanji (it says "chinese letter" for each, or drops them), so a worker
// bound to a Japanese voice first turns each text into the readings MeCab gives
// with its IPA dictionary (Debian's mecab-ipadic-utf8): 閉じる becomes トジル.
// Words MeCab does not know (an app's Latin name) and marks are kept as written.
#ifndef EARSHOT_READINGS_H
#define EARSHOT_READINGS_H

/// Opens MeCab with the system's default dictionary: 0 on success.
int readings_open(void);

/// Whether the worker reads its texts (it was bound to a Japanese voice).
int readings_bound(void);

/// `text` with each word MeCab knows in its pronunciation (katakana), the rest as written;
/// a new string to free, or NULL when MeCab failed (the text is then spoken as written).
char *readings_of(const char *text);

#endif
