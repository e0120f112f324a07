#!/usr/bin/env bash
# `make fuzz`: builds earshot-fuzz with libFuzzer and AddressSanitizer into .build/fuzz (so the
# ordinary builds are untouched), seeds a working corpus from the bundled scenes, scenarios and
# captures, and fuzzes the scene loader, the scenario loader and the capture importer for
# FUZZ_SECONDS. libFuzzer's output goes to a log; one line sums it up. A crash, hang, leak or
# runaway memory stops the run: the log's tail is printed, the input is saved under
# .build/fuzz-artifacts/ and the exit status is 1.
#
#   FUZZ_SECONDS  how long to fuzz (default 600)
#   FUZZ_CORPUS   the working corpus, kept between runs (default .build/fuzz-corpus/main)
#   FUZZ_FRESH=1  empty the working corpus first, so the run starts from the seeds alone
#   FUZZ_SMOKE=1  `make test`: a toolchain without libFuzzer (Xcode's) skips the run instead of failing
#   FUZZ_CONFIG   release (default) or debug. Release runs about 2.6 times as many inputs a second
#                 (460 against 180 on 2 cores) and keeps Swift's checks (bounds, overflow,
#                 preconditions; the loaders use no assert); debug builds in 40 s instead of 105.
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
seconds=${FUZZ_SECONDS:-600}
corpus=${FUZZ_CORPUS:-.build/fuzz-corpus/main}
config=${FUZZ_CONFIG:-release}
build=.build/fuzz
artifacts=.build/fuzz-artifacts
work=.build/fuzz-tmp
log=.build/fuzz.log
flags=(--product earshot-fuzz -c "$config" --build-path "$build"
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLIBFUZZER)

# libFuzzer's runtime comes with swift.org's toolchains (Linux, macOS), not with Xcode's.
resources=$("$swift" -print-target-info 2>/dev/null | sed -nE 's/.*"runtimeResourcePath": *"([^"]*)".*/\1/p')
if ! ls "$resources"/clang/lib/*/libclang_rt.fuzzer* >/dev/null 2>&1; then
    echo "earshot-fuzz: this Swift toolchain has no libFuzzer (no libclang_rt.fuzzer in $resources/clang/lib)" >&2
    [ "${FUZZ_SMOKE:-0}" = 1 ] && { echo "earshot-fuzz: fuzz smoke skipped" >&2; exit 0; }
    exit 1
fi

mkdir -p "$build" "$artifacts" "$work"
started=$(date +%s)
if ! "$swift" build "${flags[@]}" >"$build/build.log" 2>&1; then
    grep -v 'Cannot export local symbol' "$build/build.log" | tail -30 >&2
    echo "earshot-fuzz: the build failed (whole output: $build/build.log)" >&2
    exit 1
fi
fuzzer=$("$swift" build "${flags[@]}" --show-bin-path)/earshot-fuzz
built=$(date +%s)

# The seeds: each input's first byte chooses its target (Sources/earshot-fuzz/FuzzTarget.swift):
# 0 scene, 1 scenario, 2 captures (a screen, then NUL and the captures of a sheet over it),
# 3 a scene file with `base:` (NUL, then the captures it names, renamed c1, c2, …), 4 a file,
# 5 an audit configuration (`.earshot.yml`), 6 a scenario whose every report is checked, 7 two
# transcripts (NUL between) for the golden diff, 8 a speech worker's reply, 9 a file in a folder
# `earshot run` searches, 10 a text the speech worker reads as Japanese, 11 a recording (NUL, then its
# captures, renamed c1, c2, …) calibrated, or a profile overlay.
[ "${FUZZ_FRESH:-0}" = 1 ] && rm -rf "$corpus"
mkdir -p "$corpus"
seed() {   # seed NAME SELECTOR FILE… : the selector byte, then the files joined by NUL bytes
    local name=$1 selector=$2
    shift 2
    {
        printf "\\$(printf %03o "$selector")"
        local first=1
        for file in "$@"; do
            [ $first = 1 ] || printf '\0'
            first=0
            cat "$file"
        done
    } >"$corpus/seed-$name"
}
based_seed() {   # based_seed NAME SCENE_FILE : its capture paths become c1, c2, …, the files follow
    local name=$1 scene=$2 dir text n=0 path
    local captures=()
    dir=$(dirname "$scene")
    text=$(cat "$scene")
    for path in $(grep -oE '[A-Za-z0-9_./-]+\.(xml|json|txt)' "$scene" | awk '!seen[$0]++'); do
        [ -f "$dir/$path" ] && [ $n -lt 4 ] || continue
        n=$((n + 1))
        text=${text//"$path"/c$n}
        captures+=("$dir/$path")
    done
    printf '%s\n' "$text" >"$work/based.yaml"
    seed "$name" 3 "$work/based.yaml" "${captures[@]}"
}
for file in $(find Scenarios Tests/EarshotScenarioTests/Fixtures -type f \( -path 'Scenarios/*.yaml' -o -path 'Tests/*' \) | sort); do
    name=$(echo "$file" | tr / _)
    seed "scene-$name" 0 "$file"
    seed "scenario-$name" 1 "$file"
    seed "file-$name" 4 "$file"
    seed "discovery-$name" 9 "$file"
    grep -q '^base:' "$file" && based_seed "based-$name" "$file"
done
# Ways of writing a scenario's key that a folder's run once passed over, and Japanese to read
# (Unihan's kanji, names MeCab does not know, words whose reading is longer than they are).
printf '\xef\xbb\xbfscenario: S\nscene: {scene: S, root: [{button: OK}]}\nsteps: [swipeRight]\n' >"$work/discovery-bom"
printf '{"scene": {"scene": "S", "root": [{"button": "OK"}]}, "scenario": "S", "steps": ["swipeRight"]}\n' >"$work/discovery-json"
printf '"scenario" : S\nscene: {scene: S, root: [{button: OK}]}\nsteps: [swipeRight]\n' >"$work/discovery-quoted"
printf 'senario: S\nsteps: [swipeRight]\n' >"$work/discovery-typo"
for name in bom json quoted typo; do seed "discovery-$name" 9 "$work/discovery-$name"; done
printf '鷗外と髙橋と草彅、閒 志 𠀁𠀂ボタン Settingsを開く' >"$work/readings-names"
printf '龞鿷齒鼘鼩鿏鼐齹龰龀鿩鿗齊鼜鼐鿼龫齪齂齃 設定、見出し　閉じる。' >"$work/readings-rare"
for name in names rare; do seed "readings-$name" 10 "$work/readings-$name"; done
# Recordings (Examples/Calibration's, its capture as c1) and a profile overlay.
# (no '/' in it: the sandbox skips an input that names a path)
sed -e 's|capture: settings-general.debugdescription.txt|capture: c1|' -e 's|docs/calibration.md|the docs|' -e '/^#/d' \
    Examples/Calibration/settings-general.recording.yaml >"$work/recording.yaml"
seed "recording-example" 11 "$work/recording.yaml" Examples/Calibration/settings-general.debugdescription.txt
printf 'overlay: O\nplatform: ios\nfacts:\n  - { path: grabber.values.medium, value: Collapsed, from: "27", source: s }\n' >"$work/overlay.yaml"
seed "recording-overlay" 11 "$work/overlay.yaml"
fixtures=Tests/EarshotCaptureTests/Fixtures
# Every capture fixture, the corpus of real captures included (its SOURCES.md is no capture).
for file in $(find $fixtures -type f ! -name '*.md' | sort) Scenarios/settings/captures/*; do
    name=$(echo "$file" | tr / _)
    case "$file" in
        *.yaml) seed "scene-$name" 0 "$file" ;;
        *) seed "capture-$name" 2 "$file"
           seed "file-$name" 4 "$file"
           printf 'base: c1\noverrides: {}\n' >"$work/base.yaml"
           seed "based-$name" 3 "$work/base.yaml" "$file" ;;
    esac
done
# Audit configurations: every key, and a few shapes of each.
printf 'rules:\n  sheet-grabber: error\n  element-label: off\n  alert-actions: warning\nmaxStates: 500\nos: "18"\nbaseline: base/line.json\n' >"$work/config-all.yml"
printf '# only a comment\n' >"$work/config-empty.yml"
printf 'rules: { sheet-single: warning }\nmaxStates: 1\n' >"$work/config-flow.yml"
for name in all empty flow; do seed "configuration-$name" 5 "$work/config-$name.yml"; done
for format in wda.xml idb.json debugdescription.txt; do
    seed "capture-sheet-$format" 2 "$fixtures/settings.$format" \
        "$fixtures/settings-general-medium.$format" "$fixtures/settings-general-large.$format"
done
# Reports: every bundled scenario, and the text that broke the writers (U+FFFE and U+FFFF in a failing
# expectation, a mention, a bare URL and a right-to-left override, a wait longer than a day).
for file in Scenarios/*/*.yaml; do
    grep -q '^scenario:' "$file" && seed "reports-$(echo "$file" | tr / _)" 6 "$file"
done
printf 'scenario: "A \u202E @team"\nscene:\n  scene: S\n  root:\n    - button: "O\\uFFFEK\\uFFFF"\nsteps:\n  - touch: "O\\uFFFEK\\uFFFF"\n  - expect: "@team \\u202E www.example.com"\n' >"$work/reports-hostile.yaml"
printf 'scenario: Long\nscene:\n  scene: S\n  root:\n    - button: OK\nsteps:\n  - wait: 1e306\n  - touch: OK\n' >"$work/reports-wait.yaml"
for name in hostile wait; do seed "reports-$name" 6 "$work/reports-$name.yaml"; done
# The golden diff: each bundled golden against the next, against itself, and against nothing.
previous=""
for file in Scenarios/*/*.transcript; do
    name=$(echo "$file" | tr / _)
    [ -n "$previous" ] && seed "golden-diff-$name" 7 "$previous" "$file"
    seed "golden-diff-same-$name" 7 "$file" "$file"
    previous=$file
done
: >"$work/empty"
seed "golden-diff-empty" 7 "$previous" "$work/empty"
# Deep and long: captures nested 3,000 levels (XML, JSON, debugDescription) and a page source on one line.
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
depth = 3000
open(f"{work}/deep.xml", "w").write('<?xml version="1.0"?><AppiumAUT>' + '<XCUIElementTypeOther type="XCUIElementTypeOther" visible="true">' * depth + '</XCUIElementTypeOther>' * depth + '</AppiumAUT>')
open(f"{work}/deep.json", "w").write('[' + '{"type":"Group","children":[' * depth + ']}' * depth + ']')
open(f"{work}/deep.txt", "w").write('Attributes: Application, pid: 1, label: \'A\'\nElement subtree:\n' + ''.join(' ' * (i % 400) + f' →Other, 0x{i:x}, {{{{0, 0}}, {{10, 10}}}}\n' for i in range(depth)))
open(f"{work}/oneline.xml", "w").write('<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="A" label="A" enabled="true" visible="true" x="0" y="0" width="390" height="844">' + ''.join(f'<XCUIElementTypeButton type="XCUIElementTypeButton" name="b{i}" label="B {i}" enabled="true" visible="true" x="0" y="{i}" width="10" height="10"/>' for i in range(2000)) + '</XCUIElementTypeApplication></AppiumAUT>')
PY
for name in deep.xml deep.json deep.txt oneline.xml; do seed "capture-$name" 2 "$work/$name"; done
# A speech worker's replies: a sound result for a text and a sound hello, and heads that claim gigabytes.
python3 - "$work" <<'PY'
import struct, sys
work = sys.argv[1]
def checksum(data):
    h = 0xcbf29ce484222325
    words = len(data) // 8
    for i in range(words):
        h ^= struct.unpack_from('<Q', data, i * 8)[0]
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    for b in data[words * 8:]:
        h ^= b
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h
def message(kind, payload, length=None):
    head = struct.pack('<IIQ', 0x31575345, ord(kind), len(payload) if length is None else length)
    return head + payload + struct.pack('<Q', checksum(payload))
samples = [0, 100, -100, 32767] * 50
# The result's head (earshot_wire_result): status, reserved, counts, then restoring, reading, synthesizing, its CPU.
result = struct.pack('<iiQQdddd', 0, 0, len(samples), 1, 0.001, 0, 0.002, 0.002) + struct.pack(f'<{len(samples)}h', *samples) + struct.pack('<iii', 1, 4, 0)
hello = struct.pack('<iii', 0, 22050, 0) + b'1.51\0/usr/lib/espeak-ng-data\0\0' + struct.pack('<I', 1) + b'en-us\0English (America)\0en-us\0'
seeds = {
    'result': b'\x01Done.\x00' + message('R', result),
    'result-huge': b'\x01Done.\x00' + message('R', result, length=1 << 34),
    'hello': b'\x00\x00' + message('H', hello),
    'hello-huge': b'\x00\x00' + message('H', b'', length=1 << 40),
}
for name, data in seeds.items():
    open(f"{work}/worker-{name}", "wb").write(data)
PY
for name in result result-huge hello hello-huge; do seed "worker-$name" 8 "$work/worker-$name"; done

# Leaks are looked for once, when the run ends (LeakSanitizer, with Fuzz/lsan.supp), not after
# each input: every load starts a thread, so libFuzzer's per-input check would run after each one
# and cut the inputs a second to a tenth. libFuzzer's exit status is not 0 when it stops at a finding.
# Swift's own crash backtracer is off: reading the crashed thread's stack, it trips AddressSanitizer,
# whose report would then hide the crash; libFuzzer prints the stack instead.
status=0
TMPDIR=$work SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=Fuzz/lsan.supp:print_suppressions=0 \
    "$fuzzer" "$corpus" -dict=Fuzz/yaml.dict -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=262144 \
    -detect_leaks=0 -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1 || status=$?
ended=$(date +%s)

# "#2710 DONE cov: 6100 ft: 10500 corp: 120/300Kb lim: 21768 exec/s: 90 rss: 400Mb"
stats=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -1)
field() { echo "$stats" | sed -nE "s|.* $1: *([^ ]+).*|\\1|p"; }
summary="$((ended - built)) s, ${runs:-0} inputs"
[ -n "$stats" ] && summary="$summary ($(field exec/s)/s), cov $(field cov), ft $(field ft), corpus $(field corp), rss $(field rss)"
summary="$summary; built in $((built - started)) s"
if [ "$status" != 0 ]; then
    tail -60 "$log" >&2
    found=$(sed -nE 's/.*Test unit written to (.*)$/\1/p' "$log" | tail -1)
    echo "earshot-fuzz: FOUND a problem after $summary" >&2
    if [ "$status" -gt 128 ] && ! grep -q '^==[0-9]*==\|^SUMMARY: libFuzzer' "$log"; then
        # A signal libFuzzer does not catch (SIGPIPE, SIGKILL) ends it without a report or an input saved.
        echo "earshot-fuzz: the fuzzer was ended by signal $((status - 128)) ($(kill -l $((status - 128)) 2>/dev/null || echo '?')), without a report of its own" >&2
    fi
    if grep -q 'ERROR: LeakSanitizer' "$log"; then
        # Found when the run ended, so the input libFuzzer saves is not the one that leaked.
        echo "earshot-fuzz: memory leaked during the run; where it was allocated is above" >&2
        found=""
    fi
    if [ -n "$found" ]; then
        echo "earshot-fuzz: the input is $found; replay it with:" >&2
        replay=$build/$config/earshot-fuzz   # SwiftPM's link to the triple's folder
        [ -x "$replay" ] || replay=${fuzzer#"$PWD"/}
        echo "    SWIFT_BACKTRACE=enable=no $replay $found" >&2
    fi
    echo "earshot-fuzz: whole log: $log" >&2
    exit 1
fi
echo "earshot-fuzz: no crash, hang or leak in $summary (log: $log)"
