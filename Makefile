# Earshot: `make run` and `make test` do everything on a fresh Debian machine with Swift.
SWIFT ?= swift
EARSHOT = .build/debug/earshot
FUZZ_SECONDS ?= 600
PREFIX ?= /usr/local

.PHONY: all deps build run test test-beside-fuzz fuzz clean install dist generate

all: build

# espeak-ng's library and data (apt-get when root; otherwise the command to run is printed).
deps:
	@scripts/ensure-deps.sh

# earshot and its speech worker (earshot-speech, the only program that links libespeak-ng; kept beside earshot).
build: deps
	$(SWIFT) build --product earshot
	$(SWIFT) build --product earshot-speech

# The bundled suite, spoken into Audio/ (one WAV and one WebVTT per scenario).
run: build
	$(EARSHOT) run Scenarios --audio-dir Audio
	@echo "Listen: Audio/*.wav (subtitles in the .vtt beside each)"

# Each step's whole output goes to .build/test-logs/STEP.log and one line sums it up
# (scripts/quiet.sh); a failing step prints its failures first, then its log's last lines.
# VERBOSE=1 make test prints everything instead.
# The example package (EarshotTesting from outside, by path) runs before swift test, in this
# package's build folder (--scratch-path .build): the Earshot modules it depends on are compiled
# with the same commands as here, so it reuses them and compiles only its own tests (5 s where
# a folder of its own took 25 to 35). swift test also runs `earshot bench --smoke --json` (small
# sizes, one round) on two of the bundled folders and checks every figure is in its JSON
# (Tests/EarshotCLITests/BenchCommandTests.swift), so the benchmark keeps working.
# The fuzz smoke: 15 seconds of fuzzing from the seeds alone (scripts/fuzz.sh; the 800 seeds take
# about 5), so that the fuzzer keeps building and running: a debug build, which takes 30-40 s
# where release takes 110 (release fuzzes 2.6 times as many inputs a second, which `make fuzz`
# keeps). It runs beside every step after the system packages (scripts/beside.sh), in
# .build/fuzz: the two builds, the tests and the fuzzing share the two cores, where one after
# another each left part of them idle. Its line comes when the others are done.
FUZZ_SMOKE = env SWIFT="$(SWIFT)" FUZZ_SECONDS=15 FUZZ_CONFIG=debug FUZZ_CORPUS=.build/fuzz-corpus/smoke FUZZ_FRESH=1 FUZZ_SMOKE=1 scripts/fuzz.sh
STEP = scripts/quiet.sh
# In CI (CI=true) the debug build keeps line tables only (file and line in a backtrace), not the
# full debug information a debugger reads: a clean build took 191 CPU-seconds against 204 (means
# of four and three builds, each moving by ±10). Outside CI make test builds as swift build does,
# so that neither rebuilds everything after the other (SwiftPM recompiles when the flags change).
TEST_FLAGS = $(if $(filter true,$(CI)),-Xswiftc -gline-tables-only)
test:
	@$(STEP) deps -- scripts/ensure-deps.sh --with-cli --with-browser
	@scripts/beside.sh "fuzz smoke" '$(FUZZ_SMOKE)' -- $(MAKE) --no-print-directory test-beside-fuzz
	@echo "make test: passed (each step's output: .build/test-logs/)"

# The steps of `make test` beside the fuzz smoke; the Python modules (one core, mostly pip) are
# set up beside the build.
test-beside-fuzz:
	@scripts/beside.sh "python deps" 'scripts/ensure-python-deps.sh' -- $(STEP) build -- $(SWIFT) build --build-tests $(TEST_FLAGS)
	@$(STEP) "headless suite" -- $(EARSHOT) run --headless Scenarios
	@$(STEP) "example package" -- $(SWIFT) test --package-path Examples/SwiftTestingExample --scratch-path .build $(TEST_FLAGS)
	@$(STEP) "swift test" -- scripts/with-tmpdir.sh $(SWIFT) test --skip-build $(TEST_FLAGS)
	@$(STEP) "calibration suite" -- $(EARSHOT) calibrate Calibration --threshold 60

# The files made from the code's tables: the fuzz dictionary's keys and values, the JSON
# Schemas' generated enums, and the docs' tables of audit rules and output formats
# (Sources/earshot-generate). `make test` fails when one is stale
# (Tests/EarshotCLITests/GeneratedFilesTests.swift).
generate:
	$(SWIFT) run earshot-generate

# The scene loader, the scenario loader and the capture importer under libFuzzer and
# AddressSanitizer for FUZZ_SECONDS (README: Fuzzing). Built into .build/fuzz; the working corpus
# is .build/fuzz-corpus/main, inputs that crash go to .build/fuzz-artifacts/.
fuzz:
	@SWIFT="$(SWIFT)" FUZZ_SECONDS="$(FUZZ_SECONDS)" scripts/fuzz.sh

# A release build of earshot and its speech worker, with the resources they read (the platform
# profiles and the schemas), into PREFIX/bin: the three move together, anywhere (a CI cache, PATH).
install: deps
	$(SWIFT) build -c release --product earshot
	$(SWIFT) build -c release --product earshot-speech
	mkdir -p "$(PREFIX)/bin"
	cp .build/release/earshot .build/release/earshot-speech "$(PREFIX)/bin/"
	rm -rf "$(PREFIX)/bin/Earshot_EarshotCore.resources" "$(PREFIX)/bin/Earshot_earshot.resources"
	cp -R .build/release/Earshot_EarshotCore.resources .build/release/Earshot_earshot.resources "$(PREFIX)/bin/"
	@echo "Installed earshot, earshot-speech and their resources in $(PREFIX)/bin"

# The release tarball, dist/earshot-VERSION-linux-ARCH.tar.gz: both programs built with the
# Swift runtime inside them, their resources, install-deps.sh, the licence and docs/install.md as
# its README; then unpacked in a temporary folder and run from there, headless and spoken
# (scripts/dist.sh). .github/workflows/release.yml attaches it to a tag's release.
dist: deps
	@SWIFT="$(SWIFT)" scripts/dist.sh

clean:
	rm -rf .build dist Examples/SwiftTestingExample/.build
