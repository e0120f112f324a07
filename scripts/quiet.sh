#!/usr/bin/env bash
# One step of `make test`, quietly: runs COMMAND with its whole output in a log under
# .build/test-logs/, and prints one line: the step, passed or FAILED, its counts and time.
#
#   scripts/quiet.sh NAME -- COMMAND [ARG...]
#
#   swift test: passed in 43 s (508 tests in 74 suites, 32 known issues; XCTest: 6 tests)
#
# When COMMAND fails, the failures come first (Swift Testing's ✘ issues with their details,
# XCTest's error lines, the compiler's errors, earshot's ✗ scenarios), then the log's last
# lines and its path; the exit status is COMMAND's. Tests that fail on purpose (inside
# withKnownIssue) keep their output in the log.
#
# VERBOSE=1 prints the command and everything it prints, as make would without this script.
set -uo pipefail

if [ $# -lt 3 ] || [ "$2" != "--" ]; then
    echo "usage: scripts/quiet.sh NAME -- COMMAND [ARG...]" >&2
    exit 2
fi
name=$1
shift 2

if [ "${VERBOSE:-0}" != 0 ]; then
    echo "$*"
    exec "$@"
fi

logs=.build/test-logs
mkdir -p "$logs"
log="$logs/$(echo "$name" | tr -c 'A-Za-z0-9_.\n-' '-').log"
started=$(date +%s)
"$@" >"$log" 2>&1
status=$?
took="$(($(date +%s) - started)) s"

# Counts, from whichever runner's summary lines are in the log.
#   ✔ Test run with 508 tests in 74 suites passed after 14.2 seconds with 32 known issues.
#   Executed 25 tests, with 0 failures (0 unexpected) in 1.2 (1.3) seconds
#   53 passed, 0 failed                                   (earshot run)
#   agreement: 72 of 110 utterances (65.5%) in 36 …       (earshot calibrate)
#   earshot-fuzz: no crash, hang or leak in 30 s, …       (scripts/fuzz.sh)
summary() {
    local parts=() line
    line=$(grep -aE 'Test run with [0-9]+ tests?' "$log" | tail -1)
    if [ -n "$line" ]; then
        local tests suites issues known
        tests=$(echo "$line" | sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p')
        suites=$(echo "$line" | sed -nE 's/.* in ([0-9]+) suites?.*/\1/p')
        issues=$(echo "$line" | sed -nE 's/.* with ([0-9]+) issues?.*/\1/p')
        known=$(echo "$line" | sed -nE 's/.* ([0-9]+) known issues?.*/\1/p')
        line="$tests tests${suites:+ in $suites suites}"
        # "with 3 issues (including 2 known issues)": the known ones are counted in the issues.
        if [ -n "$issues" ] && [ "$issues" != "${known:-0}" ]; then
            issues=$((issues - ${known:-0}))
            line="$line, $issues issue$([ "$issues" = 1 ] || echo s)"
        fi
        [ -n "$known" ] && line="$line, $known known issues"
        parts+=("$line")
    fi
    line=$(grep -aE '^[[:space:]]*Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -1)
    if [ -n "$line" ]; then
        local tests failures
        tests=$(echo "$line" | sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p')
        failures=$(echo "$line" | sed -nE 's/.*with ([0-9]+) failures?.*/\1/p')
        if [ "$failures" = 0 ]; then parts+=("XCTest: $tests tests"); else parts+=("XCTest: $tests tests, $failures failed"); fi
    fi
    line=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
    [ -n "$line" ] && parts+=("scenarios: $line")
    line=$(grep -aE '^agreement: [0-9]+ of [0-9]+ utterances' "$log" | tail -1 | sed -E 's/^agreement: /agreement with real VoiceOver: /')
    [ -n "$line" ] && parts+=("$line")
    line=$(grep -aE '^earshot-fuzz: ' "$log" | tail -1 | sed -E 's/^earshot-fuzz: //; s/ \(log: [^)]*\)$//')
    [ -n "$line" ] && parts+=("$line")
    if [ ${#parts[@]} = 0 ]; then
        local warnings
        warnings=$(grep -acE '^[^ ]+:[0-9]+:[0-9]+: warning: ' "$log")
        [ "$warnings" -gt 0 ] && parts+=("$warnings compiler warnings")
    fi
    local IFS=';'
    echo "${parts[*]}" | sed 's/;/; /g'
}

counts=$(summary)
if [ "$status" = 0 ]; then
    echo "$name: passed in $took${counts:+ ($counts)}"
    exit 0
fi

# The failures, first.
failures() {
    # Swift Testing: an issue is a "✘ … recorded an issue" line and the lines after it up to the
    # next line that starts with a symbol (◇ started, ✔ passed, ✘ failed, ━ known issue; ↳
    # details belong to the issue); then the tests and suites that failed, without their
    # doc comments. Known issues are not failures.
    awk '
        /^(◇|✔|✘|━|➜|⚠|⎙|±)/ { keep = 0 }
        /^✘/ && /recorded an issue/ { keep = 1 }
        /^✘/ && !keep { print }
        keep { print }
    ' "$log" | head -150
    # XCTest: the failed assertions and the failed test cases.
    grep -aE '^[^ :]+:[0-9]+: error: |^Test Case .* failed' "$log" | head -60
    # The compiler: errors with the source line and caret under them.
    grep -aE -A3 '^[^ ]+:[0-9]+:[0-9]+: error: ' "$log" | head -80
    # earshot run: each failed scenario and its indented report.
    awk '/^✗ / { keep = 1; print; next } /^[^ ]/ { keep = 0 } keep { print }' "$log" | head -80
}

echo "$name: FAILED${counts:+ ($counts)} after $took, exit status $status"
found=$(failures)
if [ -n "$found" ]; then
    echo "--- failures"
    echo "$found"
fi
echo "--- the last lines of $log"
tail -25 "$log"
echo "$name: FAILED; whole output: $log"
exit "$status"
