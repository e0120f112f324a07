#!/usr/bin/env bash
# Runs COMMAND with TMPDIR a folder of its own, removed when it ends however it ends: the tests
# make a folder of their own under the temporary directory for nearly every case, and left them
# there, run after run (82,000 of them, 68 GB, filled a disk). The folder is under /tmp (or the
# TMPDIR given), never in the repository: tests rely on their folders being outside the project.
#
#   scripts/with-tmpdir.sh COMMAND [ARG...]
#
# The exit status is COMMAND's.
set -uo pipefail

if [ $# -lt 1 ]; then
    echo "usage: scripts/with-tmpdir.sh COMMAND [ARG...]" >&2
    exit 2
fi
folder=$(mktemp -d "${TMPDIR:-/tmp}/earshot-tests.XXXXXX") || exit 3
trap 'rm -rf "$folder"' EXIT
TMPDIR="$folder" "$@"
