#!/usr/bin/env python3
"""Writes Sources/CEarshotReadings/kanji.c: what the speech worker says for a kanji MeCab cannot read.

MeCab's IPA dictionary knows the kanji of everyday Japanese; a rare or variant one (鷗, 髙, 彅,
閒) is an unknown word, which espeak-ng's `ja` voice would say as "Chinese letter". The worker
then reads it from this table, made from the Unicode Character Database's Unihan files
(Debian's unicode-data package, /usr/share/unicode/Unihan_*.txt.bz2):

- a variant MeCab reads (kZVariant, kSemanticVariant, kSpecializedSemanticVariant,
  kTraditionalVariant, kSimplifiedVariant, in that order, either way round), put in its place
  before the text is read again, so that 髙橋 is read as 高橋, タカハシ;
- else its first Japanese reading, kJapaneseKun (else kJapaneseOn), from Unihan's romanization
  to katakana: 鷗 カモメ, 彅 ナギ; without one of its own, its variants' (铲 as 鏟, サン).

Run it when Unihan or the dictionary changes (it needs `mecab` and mecab-ipadic-utf8):

    scripts/make-kanji-readings.py [UNIHAN_FOLDER]   # default /usr/share/unicode

The table's revision (EARSHOT_READINGS_REVISION in earshot_readings.h) is part of the utterance
cache's key: raise it when the table changes.
"""
import bz2
import os
import subprocess
import sys

folder = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
output = os.path.join(root, "Sources", "CEarshotReadings", "kanji.c")


def records(name):
    with bz2.open(os.path.join(folder, name), "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#") or not line.strip():
                continue
            code, field, value = line.rstrip("\n").split("\t", 2)
            yield int(code[2:], 16), field, value


version = "unknown"
with bz2.open(os.path.join(folder, "Unihan_Readings.txt.bz2"), "rt", encoding="utf-8") as lines:
    for line in lines:
        if line.startswith("# Unicode version:"):
            version = "Unicode " + line.split(":", 1)[1].strip()
            break
        if not line.startswith("#"):
            break

readings = {}
for code, field, value in records("Unihan_Readings.txt.bz2"):
    if field in ("kJapaneseKun", "kJapaneseOn"):
        readings.setdefault(code, {})[field] = value.split()

ORDER = ["kZVariant", "kSemanticVariant", "kSpecializedSemanticVariant", "kTraditionalVariant", "kSimplifiedVariant"]
variants = {}
for code, field, value in records("Unihan_Variants.txt.bz2"):
    if field not in ORDER:
        continue
    for item in value.split():
        other = int(item.split("<")[0][2:], 16)
        rank = ORDER.index(field)
        variants.setdefault(code, []).append((rank, other))
        variants.setdefault(other, []).append((rank + len(ORDER), code))   # the other way round ranks after

# Hepburn as Unihan writes it (upper case, no apostrophes, long vowels spelt out), to katakana.
KANA = {
    "A": "ア", "I": "イ", "U": "ウ", "E": "エ", "O": "オ",
    "KA": "カ", "KI": "キ", "KU": "ク", "KE": "ケ", "KO": "コ", "KYA": "キャ", "KYU": "キュ", "KYO": "キョ",
    "GA": "ガ", "GI": "ギ", "GU": "グ", "GE": "ゲ", "GO": "ゴ", "GYA": "ギャ", "GYU": "ギュ", "GYO": "ギョ",
    "SA": "サ", "SHI": "シ", "SI": "シ", "SU": "ス", "SE": "セ", "SO": "ソ", "SHA": "シャ", "SHU": "シュ", "SHO": "ショ", "SHE": "シェ",
    "ZA": "ザ", "JI": "ジ", "ZI": "ジ", "ZU": "ズ", "ZE": "ゼ", "ZO": "ゾ", "JA": "ジャ", "JU": "ジュ", "JO": "ジョ", "JE": "ジェ",
    "TA": "タ", "CHI": "チ", "TI": "チ", "TSU": "ツ", "TU": "ツ", "TE": "テ", "TO": "ト", "CHA": "チャ", "CHU": "チュ", "CHO": "チョ",
    "DA": "ダ", "DI": "ヂ", "DZU": "ヅ", "DU": "ヅ", "DE": "デ", "DO": "ド",
    "NA": "ナ", "NI": "ニ", "NU": "ヌ", "NE": "ネ", "NO": "ノ", "NYA": "ニャ", "NYU": "ニュ", "NYO": "ニョ",
    "HA": "ハ", "HI": "ヒ", "FU": "フ", "HU": "フ", "HE": "ヘ", "HO": "ホ", "HYA": "ヒャ", "HYU": "ヒュ", "HYO": "ヒョ",
    "BA": "バ", "BI": "ビ", "BU": "ブ", "BE": "ベ", "BO": "ボ", "BYA": "ビャ", "BYU": "ビュ", "BYO": "ビョ",
    "PA": "パ", "PI": "ピ", "PU": "プ", "PE": "ペ", "PO": "ポ", "PYA": "ピャ", "PYU": "ピュ", "PYO": "ピョ",
    "MA": "マ", "MI": "ミ", "MU": "ム", "ME": "メ", "MO": "モ", "MYA": "ミャ", "MYU": "ミュ", "MYO": "ミョ",
    "YA": "ヤ", "YU": "ユ", "YO": "ヨ",
    "RA": "ラ", "RI": "リ", "RU": "ル", "RE": "レ", "RO": "ロ", "RYA": "リャ", "RYU": "リュ", "RYO": "リョ",
    "WA": "ワ", "WI": "ヰ", "WE": "ヱ", "WO": "ヲ",
}
VOWELS = set("AIUEO")


def katakana(romaji):
    """The katakana of one reading, or None when it is not Hepburn as Unihan writes it."""
    text, out, i = romaji.upper(), [], 0
    while i < len(text):
        if text[i] == "N" and (i + 1 == len(text) or (text[i + 1] not in VOWELS and text[i + 1] != "Y")):
            out.append("ン")
            i += 1
            continue
        if i + 1 < len(text) and text[i] == text[i + 1] and text[i] not in VOWELS and text[i] != "N":
            out.append("ッ")
            i += 1
            continue
        if text.startswith("TCH", i):   # MATCHA
            out.append("ッ")
            i += 1
            continue
        for size in (3, 2, 1):
            if text[i:i + size] in KANA:
                out.append(KANA[text[i:i + size]])
                i += size
                break
        else:
            return None
    return "".join(out)


def reading(code):
    fields = readings.get(code, {})
    for field in ("kJapaneseKun", "kJapaneseOn"):
        for word in fields.get(field, []):
            kana = katakana(word)
            if kana:
                return kana
    return None


def known_to_mecab(codes):
    """The code points MeCab reads on their own (a word with a pronunciation, not an unknown word)."""
    text = "".join(chr(code) + "\n" for code in codes)
    result = subprocess.run(["mecab"], input=text, capture_output=True, text=True, check=True).stdout
    known = set()
    for line in result.split("\n"):
        if "\t" not in line:
            continue
        surface, feature = line.split("\t", 1)
        fields = feature.split(",")
        if len(surface) == 1 and len(fields) >= 9 and fields[8] != "*":
            known.add(ord(surface))
    return known


candidates = sorted(set(readings) | set(variants))
known = known_to_mecab(sorted(set(candidates) | {other for pairs in variants.values() for _, other in pairs}))

entries = []
for code in candidates:
    variant = 0
    if code not in known:
        for _, other in sorted(variants.get(code, [])):
            if other in known and other != code:
                variant = other
                break
    # Without a reading of its own, a variant's (a simplified form's, say) is its reading.
    kana = reading(code) or next((reading(other) for _, other in sorted(variants.get(code, [])) if reading(other)), None)
    if variant or kana:
        entries.append((code, variant, kana or ""))

with open(output, "w", encoding="utf-8") as out:
    out.write("// Generated by scripts/make-kanji-readings.py from the Unicode Character Database's Unihan\n")
    out.write(f"// files ({version}; Debian's unicode-data package): do not edit by hand.\n")
    out.write("// For each CJK ideograph: a variant MeCab's IPA dictionary reads, put in its place when\n")
    out.write("// MeCab cannot read it (0: none), and its first Japanese reading (kJapaneseKun, else\n")
    out.write("// kJapaneseOn, else a variant's) in katakana. Unihan is (c) Unicode, Inc., used under the Unicode License v3\n")
    out.write("// (https://www.unicode.org/license.txt), which allows this redistribution with its notice.\n")
    out.write('#include "kanji.h"\n\n')
    out.write(f"const size_t earshot_kanji_count = {len(entries)};\n\n")
    out.write("const earshot_kanji earshot_kanji_table[] = {\n")
    for code, variant, kana in entries:
        out.write(f'    {{ 0x{code:05X}, 0x{variant:05X}, "{kana}" }},\n')
    out.write("};\n")

with_variant = sum(1 for _, variant, _ in entries if variant)
with_reading = sum(1 for _, _, kana in entries if kana)
print(f"wrote {output}: {len(entries)} ideographs, {with_variant} with a variant MeCab reads, {with_reading} with a reading")
