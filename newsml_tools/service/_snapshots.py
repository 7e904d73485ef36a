"""Checked copies of the token and JWKS files, which the workers of `_workers` read.

Internal to the service. With several workers, the main process reads and
checks the operator's files (at start and on SIGHUP) and gives the workers
a private copy of what it checked: a worker that uvicorn starts on its own
later (one that died or stopped answering) then reads the tokens the others
hold, never a file rewritten since and not yet checked.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import MutableMapping
from pathlib import Path

from newsml_tools.service._auth import JWKS_ENV, TOKEN_FILE_ENV, reload_refusal

__all__ = ["Snapshots"]

_SOURCES = (TOKEN_FILE_ENV, JWKS_ENV)


class Snapshots:
    """The copies of the files `environ` names, and `environ` pointed at them.

    Args:
        environ: Where the workers read their settings (``os.environ``);
            the operator's file names in it become the copies' names.
    """

    def __init__(self, environ: MutableMapping[str, str]) -> None:
        self.environ = environ
        self.sources = {name: environ[name] for name in _SOURCES if environ.get(name)}
        self.folder: Path | None = None
        self.taken = 0
        self.current: list[Path] = []

    def take(self) -> str | None:
        """Check the operator's files; when usable, copy them and point the workers at the copies.

        Returns:
            None when the workers may start on the new copies, else why not
            (the environment and the copies stay as they were).
        """
        if not self.sources:
            return None
        refusal = reload_refusal({**self.environ, **self.sources})
        if refusal is not None:
            return refusal
        if self.folder is None:
            self.folder = Path(tempfile.mkdtemp(prefix="newsml-service-auth-"))  # mode 0700
        self.taken += 1
        copies = {}
        try:
            for name, source in self.sources.items():
                copy = self.folder / f"{name.lower()}-{self.taken}"
                copy.write_bytes(Path(source).read_bytes())
                copies[name] = str(copy)
        except OSError as error:  # gone since it was checked
            return f"cannot copy {error.filename}: {error.strerror}"
        if reload_refusal({**self.environ, **copies}) is not None:
            return "the files changed while they were read; send SIGHUP again"
        old, self.current = self.current, [Path(copy) for copy in copies.values()]
        self.environ.update(copies)
        for path in old:
            path.unlink(missing_ok=True)
        return None

    def remove(self) -> None:
        """Remove the copies, and point `environ` back at the operator's files."""
        self.environ.update(self.sources)
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
