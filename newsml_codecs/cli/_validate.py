"""``newsml validate``: documents against the schema, NewsML by loading it."""

from __future__ import annotations

import argparse
import json
import sys

from newsml_codecs import newsml, schema
from newsml_codecs.cli._files import expand, read_stdin
from newsml_model import NewsItemError


def problems_of(data: bytes, kind: str) -> list[str]:
    """The problems of one NewsML (kind "xml") or document (kind "json") text."""
    if kind == "xml":
        try:
            newsml.loads(data)
        except NewsItemError as error:
            return [str(error)]
        return []
    try:
        doc = json.loads(data)
    except (ValueError, UnicodeDecodeError) as error:
        return [f"not JSON: {error}"]
    return schema.validate(doc)


def run(args: argparse.Namespace) -> int:
    """Validate every input; print problems per file; 0 only when all are valid."""
    invalid = 0
    if args.inputs == ["-"]:
        data = read_stdin()
        sources = [("-", data, "xml" if data.lstrip().startswith(b"<") else "json")]
    else:
        sources = []
        for path in expand(args.inputs):
            try:
                sources.append((str(path), path.read_bytes(), path.suffix.lstrip(".")))
            except OSError as error:
                print(f"{path}: {error}", file=sys.stderr)
                invalid += 1
    for name, data, kind in sources:
        found = problems_of(data, "xml" if kind == "xml" else "json")
        if found:
            invalid += 1
            for problem in found:
                print(f"{name}: {problem}")
    print(f"{len(sources) - invalid} valid, {invalid} invalid", file=sys.stderr)
    return 1 if invalid else 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``validate`` subcommand."""
    parser = subparsers.add_parser("validate", help="validate documents and NewsML files")
    parser.add_argument("inputs", nargs="+", help="files, directories, or - for standard input")
    parser.set_defaults(func=run)
