#!/usr/bin/env bash
# One step of `make test` beside the others: runs `scripts/quiet.sh NAME -- bash -c COMMAND` in
# the background, in a process group of its own, while FOREGROUND runs; then waits for it and
# prints its one line (or its failures). A foreground that fails stops the background step, as
# does an interrupt, so nothing is left running.
#
#   scripts/beside.sh NAME 'COMMAND' -- FOREGROUND [ARG...]
#
# `make test` runs the fuzz smoke this way: its fuzzing uses one core, and the tests leave part
# of the other.
set -uo pipefail

if [ $# -lt 4 ] || [ "$3" != "--" ]; then
    echo "usage: scripts/beside.sh NAME 'COMMAND' -- FOREGROUND [ARG...]" >&2
    exit 2
fi
name=$1
background=$2
shift 3

logs=.build/test-logs
mkdir -p "$logs"
line="$logs/$(echo "$name" | tr -c 'A-Za-z0-9_.\n-' '-').line"
# In a session (so a process group) of its own where setsid(1) is there (Linux); elsewhere
# (macOS has no setsid) its processes are found through their parents.
if command -v setsid >/dev/null 2>&1; then
    setsid "$(dirname "$0")/quiet.sh" "$name" -- bash -c "$background" >"$line" 2>&1 &
    group=1
else
    "$(dirname "$0")/quiet.sh" "$name" -- bash -c "$background" >"$line" 2>&1 &
    group=0
fi
pid=$!

# The process and every process below it, deepest first.
descendants() {
    local child
    for child in $(pgrep -P "$1" 2>/dev/null); do descendants "$child"; done
    echo "$1"
}

# KILL, not TERM: a process may have been started with TERM blocked or ignored (a test runner's
# child, a CI agent's), and the background step has nothing to tidy.
stop() {
    if [ "$group" = 1 ]; then
        kill -KILL -- "-$pid" 2>/dev/null
    else
        kill -KILL $(descendants "$pid") 2>/dev/null
    fi
    wait "$pid" 2>/dev/null
}
trap 'stop; exit 130' INT TERM

"$@"
status=$?
if [ "$status" != 0 ]; then
    stop
    echo "$name: stopped, as a step beside it failed"
    exit "$status"
fi
wait "$pid"
status=$?
cat "$line"
exit "$status"
