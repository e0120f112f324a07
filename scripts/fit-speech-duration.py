#!/usr/bin/env python3
"""Fits SpeechDuration's coefficients for a language (Sources/EarshotReader/SpeechDuration.swift).

For each language: a scene of ordinary interface labels in that language is described by
`earshot tree` (descriptions and hints, the words Earshot's profile gives); each utterance is
spoken by `earshot say --language L --rate 175` (through the speech worker, so Japanese is read
with MeCab first) and its samples counted; the estimate's eight coefficients are fitted to
those lengths by least squares at 175 words a minute. The rate factors are English's, shared.

    swift build && python3 scripts/fit-speech-duration.py de ru ja

Prints each language's coefficients and the error of the fit (root mean square and largest, in
seconds), and of the English coefficients on the same utterances.
"""
import json, os, re, subprocess, sys, tempfile

LABELS = {
    'de': ["Einstellungen", "WLAN", "Bluetooth", "Mobilfunk", "Mitteilungen", "Töne & Haptik", "Fokus", "Bildschirmzeit",
           "Allgemein", "Kontrollzentrum", "Anzeige & Helligkeit", "Hintergrundbild", "Datenschutz & Sicherheit", "Passwörter",
           "Mail", "Kontakte", "Kalender", "Notizen", "Erinnerungen", "Nachrichten", "Abbrechen", "Fertig", "Sichern", "Senden",
           "Löschen", "Bearbeiten", "Neue Nachricht", "Betreff", "An", "Kopie an", "Entwurf löschen?",
           "Diese Aktion kann nicht widerrufen werden.", "Suchen", "Filter", "Preis", "Bewertung", "Sortieren nach",
           "Zurücksetzen", "Anmelden", "Passwort vergessen?"],
    'ru': ["Настройки", "Wi-Fi", "Bluetooth", "Сотовая связь", "Уведомления", "Звуки и тактильные сигналы", "Фокусирование",
           "Экранное время", "Основные", "Пункт управления", "Экран и яркость", "Обои", "Конфиденциальность и безопасность",
           "Пароли", "Почта", "Контакты", "Календарь", "Заметки", "Напоминания", "Сообщения", "Отменить", "Готово",
           "Сохранить", "Отправить", "Удалить", "Изменить", "Новое сообщение", "Тема", "Кому", "Копия", "Удалить черновик?",
           "Это действие нельзя отменить.", "Поиск", "Фильтр", "Цена", "Рейтинг", "Сортировать по", "Сбросить", "Войти",
           "Забыли пароль?"],
    'ja': ["設定", "Wi-Fi", "Bluetooth", "モバイル通信", "通知", "サウンドと触覚", "集中モード", "スクリーンタイム", "一般",
           "コントロールセンター", "画面表示と明るさ", "壁紙", "プライバシーとセキュリティ", "パスワード", "メール", "連絡先",
           "カレンダー", "メモ", "リマインダー", "メッセージ", "キャンセル", "完了", "保存", "送信", "削除", "編集",
           "新規メッセージ", "件名", "宛先", "Cc", "下書きを削除しますか?", "この操作は取り消せません。", "検索", "フィルタ",
           "価格", "評価", "並べ替え", "リセット", "サインイン", "パスワードをお忘れですか?"],
}
ROLES = ["button", "switch", "heading", "text", "link", "textField", "image", "searchField", "slider"]
ENGLISH = [0.0417, 0.2283, 0.0852, 0.4720, 0.3712, 0.4398, 0.4327]


def scene(language, shift):
    lines = ["scene: Fit", f"language: {language}", "root:"]
    for i, label in enumerate(LABELS[language]):
        role = ROLES[(i + shift) % len(ROLES)]
        lines.append(f"  - {role}: {json.dumps(label, ensure_ascii=False)}")
        if role == "switch": lines.append(f"    value: {'on' if i % 2 else 'off'}")
        if role == "slider": lines += [f"    value: {i * 7 % 100}", "    unit: percent"]
        if role == "button" and i % 3 == 0: lines.append("    enabled: false")
    lines += ["  - group: Tabs", "    tabBar: true", "    children:"]
    for i, label in enumerate(LABELS[language][:5]):
        lines.append(f"      - tab: {json.dumps(label, ensure_ascii=False)}" + ("\n        selected: true" if i == 0 else ""))
    return "\n".join(lines) + "\n"


def utterances(earshot, language, folder):
    said = []
    # Each label in three roles: three scenes, the roles shifted.
    tree = ""
    for shift in range(3):
        path = os.path.join(folder, f"{language}-{shift}.yaml")
        with open(path, "w") as f: f.write(scene(language, shift))
        tree += subprocess.run([earshot, "tree", path], capture_output=True, text=True, check=True).stdout
    for line in tree.splitlines():
        parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        if len(parts) < 2: continue
        text = parts[1]
        hint = re.search(r"\s+\[(.*)\]$", text)
        if hint:
            said.append(hint.group(1))
            text = text[:hint.start()]
        said.append(text)
    return sorted(set(said))


def seconds(earshot, language, text, folder):
    wav = os.path.join(folder, "u.wav")
    subprocess.run([earshot, "say", text, "--language", language, "--rate", "175", "-o", wav], check=True)
    return (os.path.getsize(wav) - 44) / 2 / 22050


def counts(text):
    """SpeechDuration.Counts, on UTF-8 bytes."""
    b = text.encode("utf-8")
    space = lambda c: c in (0x20, 0x0A, 0x09, 0x0D)
    letter = lambda c: 0x61 <= (c | 0x20) <= 0x7A
    digit = lambda c: 0x30 <= c <= 0x39
    wordy = lambda c: letter(c) or digit(c) or c >= 0x80
    letters = digits = words = symbols = clauses = ends = 0
    in_word = False
    i = 0
    while i < len(b):
        c = b[i]
        if space(c):
            in_word = False; i += 1; continue
        if not in_word: in_word = True; words += 1
        nxt = b[i + 1] if i + 1 < len(b) else None
        if b[i:i + 3] in (b"\xe3\x80\x81",):          # 、 an ideographic comma: a clause pause
            clauses += 1; i += 3; continue
        if b[i:i + 3] in (b"\xe3\x80\x82",):          # 。 an ideographic full stop: a sentence end
            ends += 1; i += 3; continue
        if letter(c) or c >= 0xC0: letters += 1
        elif digit(c): digits += 1
        elif c in (0x40, 0x25): symbols += 1
        elif c in (0x2C, 0x3B, 0x3A):
            if nxt is not None and space(nxt): clauses += 1
        elif c in (0x2E, 0x3F, 0x21):
            if c == 0x2E and i > 0 and wordy(b[i - 1]) and nxt is not None and wordy(nxt): symbols += 1
            elif nxt is not None and space(nxt):
                j = i + 1
                while j < len(b) and space(b[j]): j += 1
                if j == len(b) or not (0x61 <= b[j] <= 0x7A): ends += 1
        i += 1
    return [letters, digits, words, symbols, clauses, ends, 1]


def fit(rows, lengths):
    import numpy as np
    x, y = np.array(rows, dtype=float), np.array(lengths)
    # Columns the utterances never vary (no digits, say) keep English's coefficient.
    free = [j for j in range(x.shape[1]) if x[:, j].any()]
    coefficients = np.array(ENGLISH)
    # Least squares with no coefficient below zero: one that comes out negative is held at zero
    # and the rest fitted again (a longer text never takes less time).
    while True:
        solution, *_ = np.linalg.lstsq(x[:, free], y - x @ np.where(np.isin(range(len(coefficients)), free), 0, coefficients), rcond=None)
        if (solution >= 0).all():
            coefficients[free] = solution
            return coefficients
        worst = free[int(np.argmin(solution))]
        coefficients[worst] = 0.0
        free.remove(worst)


def error(rows, lengths, coefficients):
    import numpy as np
    residual = np.array(rows, dtype=float) @ np.array(coefficients) - np.array(lengths)
    return float(np.sqrt((residual ** 2).mean())), float(abs(residual).max())


def main():
    earshot = os.environ.get("EARSHOT", ".build/debug/earshot")
    with tempfile.TemporaryDirectory() as folder:
        for language in sys.argv[1:] or ["de", "ru", "ja"]:
            said = utterances(earshot, language, folder)
            lengths = [seconds(earshot, language, text, folder) for text in said]
            rows = [counts(text) for text in said]
            coefficients = fit(rows, lengths)
            print(f"{language}: {len(said)} utterances; coefficients (letters, digits, words, symbols, clause pauses, "
                  f"sentence ends, constant) = {[round(c, 4) for c in coefficients]}")
            print(f"  fitted: rms {error(rows, lengths, coefficients)[0]:.3f} s, at most {error(rows, lengths, coefficients)[1]:.3f} s;"
                  f" English's coefficients: rms {error(rows, lengths, ENGLISH)[0]:.3f} s, at most {error(rows, lengths, ENGLISH)[1]:.3f} s")


if __name__ == "__main__":
    main()
