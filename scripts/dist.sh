#!/usr/bin/env bash
# make dist: the release tarball, dist/earshot-VERSION-linux-ARCH.tar.gz, holding
#   bin/earshot, bin/earshot-speech and the resources they read beside them,
#   install-deps.sh (the runtime packages, from scripts/debian-packages.txt),
#   README.md (docs/install.md), LICENSE and CHANGELOG.md;
# then unpacks it in a temporary folder, away from the build, and runs a bundled scenario
# headless and spoken from there with a bare environment, as a team's CI would.
#
# The programs are a release build with the Swift runtime inside them (--static-swift-stdlib,
# in .build/dist so that .build/release keeps its flags): the machine that unpacks the tarball
# needs only the runtime packages, no Swift.
#
#   scripts/dist.sh                       build, pack and check (make dist)
#   scripts/dist.sh --from DIR --output D pack the programs already built in DIR instead (the
#                                         tests pack the debug build) into D, and check
set -euo pipefail
cd "$(dirname "$0")/.."

from=""
output="dist"
while [ $# -gt 0 ]; do
    case "$1" in
        --from) from="${2:?--from needs a folder}"; shift 2 ;;
        --output) output="${2:?--output needs a folder}"; shift 2 ;;
        *) echo "dist.sh: unknown option '$1' (expected --from DIR or --output DIR)" >&2; exit 2 ;;
    esac
done

version=$(sed -n 's/.*current = "\([0-9.]*\)".*/\1/p' Sources/EarshotCore/Version.swift)
[ -n "$version" ] || { echo "dist.sh: no version in Sources/EarshotCore/Version.swift" >&2; exit 3; }
name="earshot-$version-linux-$(uname -m)"

if [ -z "$from" ]; then
    swift=${SWIFT:-swift}
    for product in earshot earshot-speech; do
        "$swift" build -c release --static-swift-stdlib --scratch-path .build/dist --product "$product"
    done
    from=.build/dist/release
fi
for file in earshot earshot-speech Earshot_EarshotCore.resources Earshot_earshot.resources; do
    [ -e "$from/$file" ] || { echo "dist.sh: $from/$file is missing: build earshot and earshot-speech first" >&2; exit 3; }
done

mkdir -p "$output"
output=$(cd "$output" && pwd)
stage=$(mktemp -d)
check=$(mktemp -d)
trap 'rm -rf "$stage" "$check"' EXIT

root="$stage/$name"
mkdir -p "$root/bin"
cp "$from/earshot" "$from/earshot-speech" "$root/bin/"
cp -R "$from/Earshot_EarshotCore.resources" "$from/Earshot_earshot.resources" "$root/bin/"
cp LICENSE CHANGELOG.md "$root/"
cp docs/install.md "$root/README.md"
packages=$(scripts/packages.sh run)
cat > "$root/install-deps.sh" <<SCRIPT
#!/bin/sh
# The packages earshot and earshot-speech need on Debian or Ubuntu (Earshot's
# scripts/debian-packages.txt, group run). As root: installs them with apt-get. Anyone else:
# prints the command to run. --print: prints the packages.
set -eu
packages="$packages"
case "\${1:-}" in
    --print) echo "\$packages"; exit 0 ;;
    "") ;;
    *) echo "install-deps.sh: unknown option '\$1' (expected --print)" >&2; exit 2 ;;
esac
if [ "\$(id -u)" != 0 ]; then
    echo "install-deps.sh: run as root, or run: sudo apt-get update && sudo apt-get install -y \$packages" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq \$packages </dev/null
SCRIPT
chmod +x "$root/install-deps.sh"
tarball="$output/$name.tar.gz"
tar -C "$stage" -czf "$tarball.tmp" "$name"
mv "$tarball.tmp" "$tarball"

# The check: unpacked elsewhere, with nothing of the build on PATH or in the environment.
tar -C "$check" -xzf "$tarball"
cp -R Scenarios/notes "$check/notes"
bare=(env -i "PATH=/usr/bin:/bin" "HOME=$check" "LANG=C.UTF-8")
(cd "$check" && "${bare[@]}" "./$name/bin/earshot" --version >/dev/null)
(cd "$check" && "${bare[@]}" "./$name/bin/earshot" run --headless notes >/dev/null)
(cd "$check" && "${bare[@]}" "./$name/bin/earshot" run notes --audio-dir audio >/dev/null)
ls "$check"/audio/*.wav >/dev/null
if [ "$from" = .build/dist/release ]; then
    # The Swift runtime is inside the programs: neither names a library of the toolchain.
    if ldd "$check/$name/bin/earshot" "$check/$name/bin/earshot-speech" | grep -q 'libswift\|libFoundation\|libdispatch'; then
        echo "dist.sh: the programs still link the Swift runtime's libraries:" >&2
        ldd "$check/$name/bin/earshot" "$check/$name/bin/earshot-speech" | grep 'libswift\|libFoundation\|libdispatch' >&2
        exit 1
    fi
fi
echo "$tarball ($(du -h "$tarball" | cut -f1)): unpacked elsewhere, it ran the notes scenarios headless and spoken"
