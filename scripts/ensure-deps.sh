#!/usr/bin/env bash
# Makes sure the system libraries Earshot links are installed.
# Root on Debian: installs them with apt-get. Anyone else: prints the command and stops.
# --with-cli: also the espeak-ng command, which the tests compare Earshot's samples with.
set -euo pipefail

with_cli=false
[ "${1:-}" = "--with-cli" ] && with_cli=true

have_espeak() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists espeak-ng; }
have_data() {
    # espeak-ng's voices and dictionaries (espeak-ng-data on Debian).
    [ -d /usr/lib/x86_64-linux-gnu/espeak-ng-data ] || [ -d /usr/lib/aarch64-linux-gnu/espeak-ng-data ] \
        || [ -d /usr/share/espeak-ng-data ] || [ -d /usr/local/share/espeak-ng-data ] \
        || [ -d /opt/homebrew/share/espeak-ng-data ] \
        || { command -v dpkg-query >/dev/null 2>&1 && dpkg-query -W -f='${Status}' espeak-ng-data 2>/dev/null | grep -q 'ok installed'; }
}

have_cli() { ! $with_cli || command -v espeak-ng >/dev/null 2>&1; }

if have_espeak && have_data && have_cli; then
    exit 0
fi

packages="pkg-config libespeak-ng-dev espeak-ng-data"
$with_cli && packages="$packages espeak-ng"
if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        echo "earshot: installing $packages with apt-get" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq $packages </dev/null
        exit 0
    fi
    echo "earshot: espeak-ng's library is missing. Install it with:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y $packages" >&2
    exit 1
fi
if command -v brew >/dev/null 2>&1; then
    echo "earshot: espeak-ng is missing. Install it with:" >&2
    echo "    brew install espeak-ng pkg-config" >&2
    exit 1
fi
echo "earshot: espeak-ng's library (libespeak-ng, with pkg-config's espeak-ng.pc) is missing; install it with your package manager." >&2
exit 1
