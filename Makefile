# Earshot: `make run` and `make test` do everything on a fresh Debian machine with Swift.
SWIFT ?= swift
EARSHOT = .build/debug/earshot
SCENES = $(shell find Scenarios -name '*.yaml' | LC_ALL=C sort)

.PHONY: all deps build run test clean

all: build

# espeak-ng's library and data (apt-get when root; otherwise the command to run is printed).
deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build --product earshot

# The bundled scenes' trees (the scenario runner takes over here once it exists).
run: build
	@for scene in $(SCENES); do \
		echo "== $$scene"; \
		$(EARSHOT) tree "$$scene" || exit $$?; \
	done

test:
	@scripts/ensure-deps.sh --with-cli
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
