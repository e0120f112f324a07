#!/usr/bin/env bash
# Makes sure the system libraries Earshot links are installed: espeak-ng and, for Japanese,
# MeCab with its IPA dictionary (the speech worker reads Japanese with it before speaking);
# the packages are scripts/debian-packages.txt's.
# Root on Debian: installs them with apt-get. Anyone else: prints the command and stops.
# --with-cli: also the espeak-ng command, which the tests compare Earshot's samples with.
# --with-browser: also Chromium, which the tests open the HTML report in (headless).
set -euo pipefail

with_cli=false
with_browser=false
for option in "$@"; do
    case "$option" in
        --with-cli) with_cli=true ;;
        --with-browser) with_browser=true ;;
        *) echo "ensure-deps.sh: unknown option '$option' (expected --with-cli or --with-browser)" >&2; exit 2 ;;
    esac
done

have_espeak() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists espeak-ng; }
have_data() {
    # espeak-ng's voices and dictionaries (espeak-ng-data on Debian).
    [ -d /usr/lib/x86_64-linux-gnu/espeak-ng-data ] || [ -d /usr/lib/aarch64-linux-gnu/espeak-ng-data ] \
        || [ -d /usr/share/espeak-ng-data ] || [ -d /usr/local/share/espeak-ng-data ] \
        || [ -d /opt/homebrew/share/espeak-ng-data ] \
        || { command -v dpkg-query >/dev/null 2>&1 && dpkg-query -W -f='${Status}' espeak-ng-data 2>/dev/null | grep -q 'ok installed'; }
}

have_cli() { ! $with_cli || command -v espeak-ng >/dev/null 2>&1; }
have_mecab() {
    # The library and header the worker links, and a dictionary MeCab's configuration names.
    { [ -f /usr/include/mecab.h ] || [ -f /usr/local/include/mecab.h ] || [ -f /opt/homebrew/include/mecab.h ]; } \
        && { [ -f /etc/mecabrc ] || [ -f /usr/local/etc/mecabrc ] || [ -f /opt/homebrew/etc/mecabrc ]; }
}
have_browser() {
    ! $with_browser || [ -n "${EARSHOT_CHROMIUM:-}" ] \
        || command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1
}

if have_espeak && have_data && have_cli && have_browser && have_mecab; then
    exit 0
fi

# The one list of packages (scripts/debian-packages.txt), as docs/ci.md's recipes install them.
groups="build"
$with_cli && groups="$groups cli"
have_browser || groups="$groups browser"
packages=$("$(dirname "$0")/packages.sh" $groups)
if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        echo "earshot: installing $packages with apt-get" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq $packages </dev/null
        exit 0
    fi
    echo "earshot: espeak-ng's library, its data or command, MeCab and its dictionary (Japanese readings), or Chromium (for the HTML report's tests) is missing. Install them with:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y $packages" >&2
    exit 1
fi
if command -v brew >/dev/null 2>&1; then
    if ! (have_espeak && have_data && have_cli); then
        echo "earshot: espeak-ng is missing. Install it with:" >&2
        echo "    brew install espeak-ng pkg-config" >&2
    fi
    if ! have_mecab; then
        echo "earshot: MeCab is missing (Japanese is read with it before it is spoken). Install it with:" >&2
        echo "    brew install mecab mecab-ipadic" >&2
    fi
    if ! have_browser; then
        echo "earshot: Chromium is missing (the HTML report's tests open it headless). Install it with:" >&2
        echo "    brew install --cask chromium    # or set EARSHOT_CHROMIUM to a Chrome or Chromium binary" >&2
    fi
    exit 1
fi
if ! (have_espeak && have_data && have_cli); then
    echo "earshot: espeak-ng's library (libespeak-ng, with pkg-config's espeak-ng.pc) is missing; install it with your package manager." >&2
fi
have_mecab || echo "earshot: MeCab and its IPA dictionary are missing (Japanese is read with them before it is spoken); install them with your package manager." >&2
have_browser || echo "earshot: Chromium is missing (the HTML report's tests open it headless); install it, or set EARSHOT_CHROMIUM to a Chrome or Chromium binary." >&2
exit 1
