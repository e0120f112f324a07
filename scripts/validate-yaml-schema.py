#!/usr/bin/env python3
"""Validates YAML files against a JSON Schema (Earshot's docs/schema/*.schema.json).

    scripts/validate-yaml-schema.py SCHEMA FILE.yaml ...

The files are read as YAML 1.2 (the core schema), as editors read them: `on`,
`off`, `yes` and `no` are text, not booleans, and `2024-01-01` is not a date.
Every other *.schema.json beside SCHEMA can be named by a relative `$ref`
(`scene.schema.json#/$defs/scene`). Validation is `jsonschema`'s Draft
2020-12 validator.

Exit status: 0 every file is valid; 1 a file is invalid or not YAML (each
error printed as FILE: JSON/PATH: MESSAGE on standard error); 2 bad usage;
3 PyYAML or jsonschema is missing (the fix is printed).
"""
import json
import re
import sys
from pathlib import Path


def modules():
    try:
        import jsonschema
        import referencing
        import yaml
    except ImportError as error:
        print(f"validate-yaml-schema: {error}; install with: pip install pyyaml jsonschema "
              "(or run scripts/ensure-python-deps.sh)", file=sys.stderr)
        sys.exit(3)
    return jsonschema, referencing, yaml


def core_loader(yaml):
    """A safe loader resolving plain scalars by the YAML 1.2 core schema, not PyYAML's YAML 1.1."""
    class CoreLoader(yaml.SafeLoader):
        pass

    CoreLoader.yaml_implicit_resolvers = {}
    resolvers = [
        ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
        ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
        ("tag:yaml.org,2002:float",
         r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
         list("-+.0123456789")),
    ]
    for tag, pattern, first in resolvers:
        CoreLoader.add_implicit_resolver(tag, re.compile(pattern), first)

    def construct_int(loader, node):
        text = loader.construct_scalar(node)
        if text.startswith("0o"):
            return int(text[2:], 8)
        return int(text, 0) if text.startswith("0x") else int(text, 10)

    CoreLoader.add_constructor("tag:yaml.org,2002:int", construct_int)
    return CoreLoader


def registry(referencing, schema_path):
    """Every schema beside SCHEMA, by its file name, for relative `$ref`s."""
    resources = []
    for path in sorted(schema_path.parent.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((path.name, referencing.Resource.from_contents(
            contents, default_specification=referencing.jsonschema.DRAFT202012)))
    return referencing.Registry().with_resources(resources)


def json_path(error):
    return "/".join(str(part) for part in error.absolute_path) or "(top level)"


def main(schema_file, paths):
    jsonschema, referencing, yaml = modules()
    import referencing.jsonschema  # noqa: F401  (the DRAFT202012 specification)
    schema_path = Path(schema_file)
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema, registry=registry(referencing, schema_path))
    loader = core_loader(yaml)
    invalid = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as handle:
                document = yaml.load(handle, Loader=loader)
        except (OSError, yaml.YAMLError) as error:
            print(f"{path}: (not read): {error}".replace("\n", " "), file=sys.stderr)
            invalid += 1
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path])
        for error in errors:
            # Of the alternatives a `oneOf`/`anyOf` tried, the one that went deepest says the most.
            best = jsonschema.exceptions.best_match([error])
            print(f"{path}: {json_path(best)}: {best.message}", file=sys.stderr)
        if errors:
            invalid += 1
        else:
            print(f"{path}: valid")
    return 1 if invalid else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
