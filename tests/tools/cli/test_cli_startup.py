"""What a ``newsml convert`` process imports before it converts anything.

Every ``newsml`` run is a process of its own (a newsroom's scripts run it
per file, the suite a few hundred times), so its imports are part of
every run's time. Converting never validates against a JSON Schema nor
writes JXON: python-jsonschema, jsonschema-rs and xmltodict (which
brings urllib.request and http.client) are imported where they are
used (``newsml validate``, ``newsml diff``), not by the command line's
imports.
"""

from __future__ import annotations

import json
import subprocess
import sys

# One process per case: what its modules imported, after the command ran.
PROGRAM = """
import json, sys
from newsml_tools.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in ("jsonschema", "jsonschema_rs", "xmltodict", "http.client")
                        if m in sys.modules)))
"""


def imported(*arguments: str) -> list[str]:
    """Which of the heavy modules a process running ``newsml ARGUMENTS`` imported."""
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found: list[str] = json.loads(done.stdout.splitlines()[-1])
    return found


def test_convert_imports_no_validator_nor_xmltodict() -> None:
    """``newsml convert --help`` (its parser, and every module the command runs) imports none
    of python-jsonschema, jsonschema-rs, xmltodict and http.client."""
    assert [] == imported("convert", "--help")
