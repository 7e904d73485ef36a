"""uvicorn's supervisor of several workers, restarting them on SIGHUP only when they can serve.

Internal to the service: `_run` runs this instead of ``uvicorn.run`` when
there is more than one worker (it imports uvicorn, so `_run` imports it
only then). uvicorn's own supervisor restarts every worker on SIGHUP; a
worker reads the token and JWKS files when it starts, so a typo in a
rotated token file (or a file caught half-written, or missing) would leave
every worker refusing every request until the next good SIGHUP. Here the
main process reads and checks the files first: when they cannot be used it
logs one line and keeps the workers, and with them the tokens in force.
The workers read a copy of what it checked (`_snapshots`), so a worker
uvicorn restarts on its own holds the same tokens as the others.
"""

from __future__ import annotations

import inspect
import logging
import os
from typing import Any

from uvicorn import Config, Server
from uvicorn.supervisors import Multiprocess

from newsml_tools.service._snapshots import Snapshots

__all__ = ["CheckedWorkers", "run_workers"]

_log = logging.getLogger("newsml_tools.service")


class CheckedWorkers(Multiprocess):
    """uvicorn's `Multiprocess`, checking the authentication files before a SIGHUP restart.

    Attributes:
        snapshots: The checked copies the workers read (`run_workers` sets it).
    """

    snapshots: Snapshots

    def handle_hup(self) -> None:
        """Restart the workers when the files are usable; else log why and keep them."""
        refusal = self.snapshots.take()
        if refusal is not None:
            _log.error(
                "SIGHUP: authentication not reloaded, the workers and the old tokens stay: %s",
                refusal,
            )
            return
        _log.info("SIGHUP: authentication files checked, restarting the workers")
        super().handle_hup()


def run_workers(config: Config) -> None:
    """Serve `config` (``workers`` > 1) with `CheckedWorkers`, as ``uvicorn.run`` would."""
    snapshots = Snapshots(os.environ)
    refusal = snapshots.take()
    if refusal is not None:  # changed since `serve` checked them: the workers fail closed
        _log.error("authentication files not usable at start: %s", refusal)
    sock = config.bind_socket()
    if "target" in inspect.signature(Multiprocess).parameters:
        # Older uvicorn releases hand the supervisor the server's run method.
        make: Any = CheckedWorkers  # typed as the installed release's
        supervisor = make(config, target=Server(config=config).run, sockets=[sock])
    else:
        supervisor = CheckedWorkers(config, sockets=[sock])
    supervisor.snapshots = snapshots
    try:
        supervisor.run()
    finally:
        snapshots.remove()
