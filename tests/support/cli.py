"""Running the ``newsml`` command line as a subprocess, for the CLI tests."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

ARTICLE = Path(__file__).resolve().parent.parent / "fixtures" / "article-full.xml"
ARTICLE_UUID = "5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11"


def newsml_cli(*args: str | Path, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m newsml_tools ARGS`` and return its result (text, UTF-8).

    Args:
        args: The command line after ``newsml``.
        stdin: Bytes for standard input (none: an empty stream).

    Returns:
        The completed process, ``stdout`` and ``stderr`` decoded.
    """
    result = subprocess.run(
        [sys.executable, "-m", "newsml_tools", *map(str, args)],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        timeout=120,
        check=False,
    )
    return subprocess.CompletedProcess(
        result.args,
        result.returncode,
        result.stdout.decode("utf-8"),
        result.stderr.decode("utf-8"),
    )


def newsml_on_terminal(*args: str | Path) -> tuple[int, str]:
    """Run the command with standard error on a pseudo-terminal (so a progress bar shows).

    Args:
        args: The command line after ``newsml``.

    Returns:
        The exit status and everything written to standard error.
    """
    leader, follower = pty.openpty()
    # A fresh pseudo-terminal is 0x0; tqdm sizes its bar to the terminal, so give it 80 columns.
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    with subprocess.Popen(
        [sys.executable, "-m", "newsml_tools", *map(str, args)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=follower,
    ) as process:
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # Linux raises EIO once the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        status = process.wait(timeout=120)
    os.close(leader)
    return status, b"".join(chunks).decode("utf-8", "replace")


def copy_articles(directory: Path, count: int) -> list[Path]:
    """Write `count` copies of the full article fixture into `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    data = ARTICLE.read_bytes()
    paths = [directory / f"article-{number:03d}.xml" for number in range(count)]
    for path in paths:
        path.write_bytes(data)
    return paths


# A Writer session on the full article, as `newsml diff` and `store diff` see it.
NEW_UUID = "11111111-2222-3333-4444-555555555555"
B2 = (
    '<element id="b2" type="body" format="html">Non-breaking  space, – dash, "quotes" '
    "&amp; 'apostrophes' &lt;tags&gt;.</element>"
)
BODY = "/newsItem/contentSet/inlineXML/idf/group[2]"


def three_edits(text: str) -> str:
    """A tag added, the subheadline edited, paragraph b2 moved after it (a Writer session)."""
    assert B2 in text
    edited = text.replace(
        '<link rel="creator"',
        f'<link rel="subject" title="Hockey" type="x-im/topic" uuid="{NEW_UUID}"/>\n'
        '            <link rel="creator"',
    )
    edited = edited.replace("Mellanrubrik</element>", "Ny mellanrubrik</element>")
    edited = edited.replace(B2 + "\n", "")
    return edited.replace('<list id="list1"', B2 + '\n                    <list id="list1"')
