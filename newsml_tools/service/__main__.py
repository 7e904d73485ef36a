"""``python -m newsml_tools.service``: run the Tools service (same options as ``newsml serve``)."""

from __future__ import annotations

import argparse
import sys

from newsml_tools.service._run import add_arguments, serve


def main(argv: list[str] | None = None) -> int:
    """Parse `argv` and serve until SIGTERM.

    Returns:
        The exit status.
    """
    parser = argparse.ArgumentParser(
        prog="python -m newsml_tools.service",
        description="Serve the Tools service (Twirp, JSON and protobuf) under uvicorn.",
    )
    add_arguments(parser)
    return serve(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
