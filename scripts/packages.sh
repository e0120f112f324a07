#!/bin/sh
# Prints the packages of the groups named (build, run, cli, browser, fetch), from
# scripts/debian-packages.txt, once each, on one line: `apt-get install -y $(scripts/packages.sh run)`.
set -eu
list="$(dirname "$0")/debian-packages.txt"
[ $# -gt 0 ] || { echo "packages.sh: name a group: build, run, cli, browser or fetch" >&2; exit 2; }
packages=""
for group in "$@"; do
    line=$(grep "^$group:" "$list" || true)
    [ -n "$line" ] || { echo "packages.sh: no group '$group' in $list (expected build, run, cli, browser or fetch)" >&2; exit 2; }
    for package in ${line#*:}; do
        case " $packages " in *" $package "*) ;; *) packages="${packages:+$packages }$package" ;; esac
    done
done
echo "$packages"
