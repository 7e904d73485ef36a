"""Tools service throughput against the in-process conversion rate, in one run.

    python bench/bench_service.py [--clients N] [--workers W] [--protocol json|protobuf]
                                  [--rounds R] [--seconds S] [--quiet] [--save] [FILE]

Starts ``python -m newsml_tools.service`` on a free loopback port and
drives ``ConvertToDocument`` (the Writer's open; with ``--save``: the
Writer's save, ``ConvertToNewsml`` of the article's document as the
service opened it, edited as ``bench_save.py`` edits it, sent again and
again as an editor's saves are) with N concurrent keep-alive connections
from a load generator of its own (asyncio on raw sockets, in a separate
process, so it costs as little CPU as a client can). Reports requests per
second, p50/p99 latency and errors, next to the rate of the service's own
conversion in process with the JSON response body
(``jsontext.dumpb({"document": document.from_newsml(raw)})``; with
``--save``, ``jsontext.dumpb({"newsml": document.to_newsml(jsontext.loads(text))})``),
and the ratio per worker. In-process and load rounds alternate; the ratio
is the median of the rounds. Target (issue 12): at least 85%.
``bench_all.py`` runs it as the last row of its table.

On a 2-core machine, one worker and one load-generator process each get a
core; more workers than free cores only measure contention. The access log
stays on (it is part of serving) unless --quiet. This reports; no test
asserts a timing.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from _timing import ROOT, sample_article
from bench_save import edit

from newsml_codecs import document, jsontext
from newsml_tools.service._proto.cca import service_pb2
from newsml_tools.service._wire import document_to_proto

PATH = "/twirp/cca.Tools/ConvertToDocument"
SAVE_PATH = "/twirp/cca.Tools/ConvertToNewsml"


def request_bytes(raw: bytes, protocol: str, port: int, *, save: bool = False) -> bytes:
    """One complete keep-alive HTTP/1.1 request for `raw` (`save`: ConvertToNewsml of its
    edited document, `edited_document`)."""
    text = raw.decode("utf-8")
    if save:
        path, doc = SAVE_PATH, edited_document(raw)
        if protocol == "json":
            body = jsontext.dumpb({"document": doc})
        else:
            message = service_pb2.ConvertToNewsmlReq()
            document_to_proto(doc, message.document)
            body = message.SerializeToString()
    elif protocol == "json":
        path, body = PATH, jsontext.dumpb({"newsml": text})
    else:
        path, body = PATH, service_pb2.ConvertToDocumentReq(newsml=text).SerializeToString()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Content-Type: application/{protocol}\r\nAccept: application/{protocol}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


async def _connection(
    port: int,
    request: bytes,
    stop_at: float,
    start_at: float,
    latencies: list[float],
    errors: list[str],
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while (now := time.perf_counter()) < stop_at:
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
            await reader.readexactly(length)
            if now >= start_at:  # warm-up replies are not counted
                latencies.append(time.perf_counter() - now)
                if not head.startswith(b"HTTP/1.1 200"):
                    errors.append(head.split(b"\r\n", 1)[0].decode())
    finally:
        writer.close()


async def _load(
    port: int, request: bytes, clients: int, warmup: float, seconds: float
) -> tuple[list[float], list[str], float]:
    latencies: list[float] = []
    errors: list[str] = []
    start_at = time.perf_counter() + warmup
    stop_at = start_at + seconds
    await asyncio.gather(
        *(_connection(port, request, stop_at, start_at, latencies, errors) for _ in range(clients))
    )
    return latencies, errors, seconds


def load_process(
    port: int,
    request: bytes,
    clients: int,
    warmup: float,
    seconds: float,
    out: multiprocessing.Queue[tuple[list[float], list[str], float]],
) -> None:
    """Run the load generator (in its own process) and put its measurements on `out`."""
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    out.put(asyncio.run(_load(port, request, clients, warmup, seconds)))


def start_server(workers: int, quiet: bool) -> tuple[subprocess.Popen[bytes], int]:
    """The service on a free port, once /healthz answers."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    args = [
        sys.executable,
        "-m",
        "newsml_tools.service",
        "--port",
        str(port),
        "--workers",
        str(workers),
    ]
    if quiet:
        args += ["--log-level", "warning"]
    process = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return process, port
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the service did not start")


def in_process_rate(convert: Callable[[], object], seconds: float) -> float:
    """Conversions per second of `convert` run back to back for `seconds`."""
    convert()  # warm caches and lazy imports outside the measurement
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        convert()
        count += 1
    return count / elapsed


def run_load(
    port: int, request: bytes, clients: int, warmup: float, seconds: float
) -> tuple[list[float], list[str]]:
    """One round of load from a fresh generator process."""
    queue: multiprocessing.Queue[tuple[list[float], list[str], float]] = multiprocessing.Queue()
    loader = multiprocessing.Process(
        target=load_process, args=(port, request, clients, warmup, seconds, queue)
    )
    loader.start()
    latencies, errors, _ = queue.get(timeout=warmup + seconds + 120)
    loader.join()
    return latencies, errors


@dataclasses.dataclass(frozen=True)
class ServiceRun:
    """What one run of the service bench measured."""

    latencies: list[float]
    errors: list[str]
    rates: list[float]
    per_worker: list[float]
    seconds: float

    @property
    def requests_per_second(self) -> float:
        return len(self.latencies) / (self.seconds * len(self.rates))


def edited_document(raw: bytes) -> dict[str, Any]:
    """The document of the article `raw` as the service opens it (`document.from_newsml`)
    and a reporter saves it: its first block's text changed and a subject link added
    (`bench_save.edit`)."""
    return edit(document.from_newsml(raw), "Edited first paragraph.")


def measure(
    raw: bytes,
    convert: Callable[[], object],
    *,
    workers: int = 1,
    clients: int = 8,
    protocol: str = "json",
    rounds: int = 3,
    seconds: float = 5.0,
    warmup: float = 1.0,
    quiet: bool = False,
    save: bool = False,
) -> ServiceRun:
    """The service's ConvertToDocument (`save`: ConvertToNewsml) rate on `raw` against
    `convert` in process.

    Rounds alternate so that a noisy neighbour on a shared machine slows
    both sides of each ratio, not just one.
    """
    process, port = start_server(workers, quiet)
    request = request_bytes(raw, protocol, port, save=save)
    rates: list[float] = []
    per_worker: list[float] = []
    latencies: list[float] = []
    errors: list[str] = []
    try:
        for _ in range(rounds):
            rate = in_process_rate(convert, seconds / 2)
            round_latencies, round_errors = run_load(port, request, clients, warmup, seconds)
            rates.append(rate)
            per_worker.append(len(round_latencies) / seconds / workers / rate)
            latencies += round_latencies
            errors += round_errors
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(60)
    return ServiceRun(latencies, errors, rates, per_worker, seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "file", nargs="?", type=Path, help="article to convert (default: corpus text article)"
    )
    parser.add_argument("--clients", type=int, default=8, help="concurrent keep-alive connections")
    parser.add_argument("--workers", type=int, default=1, help="server worker processes")
    parser.add_argument("--protocol", choices=("json", "protobuf"), default="json")
    parser.add_argument(
        "--rounds", type=int, default=3, help="alternating in-process and load rounds"
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="measured load time per round")
    parser.add_argument(
        "--warmup", type=float, default=1.0, help="unmeasured load before each round"
    )
    parser.add_argument("--quiet", action="store_true", help="serve without the access log")
    parser.add_argument(
        "--save", action="store_true", help="ConvertToNewsml of the edited article (a save)"
    )
    args = parser.parse_args()
    name, raw = (args.file.name, args.file.read_bytes()) if args.file else sample_article()
    run = measure(
        raw,
        in_process_save(raw) if args.save else in_process_convert(raw),
        save=args.save,
        workers=args.workers,
        clients=args.clients,
        protocol=args.protocol,
        rounds=args.rounds,
        seconds=args.seconds,
        warmup=args.warmup,
        quiet=args.quiet,
    )
    latencies = run.latencies
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    print(
        f"{'ConvertToNewsml of the edited ' if args.save else 'ConvertToDocument of the '}"
        f"article: {name}, {len(raw) / 1024:.1f} KiB; {args.protocol}, {args.clients} clients, "
        f"{args.workers} worker(s), {os.cpu_count()} cores, {args.rounds} rounds x {args.seconds:.0f} s"
        f"{', no access log' if args.quiet else ''}"
    )
    print(
        f"service:    {run.requests_per_second:8.0f} req/s  p50 {cuts[49] * 1e3:.2f} ms"
        f"  p99 {cuts[98] * 1e3:.2f} ms  {len(latencies)} requests, {len(run.errors)} errors"
    )
    print(
        f"in process: {statistics.mean(run.rates):8.0f} conversions/s"
        f" (rounds: {', '.join(f'{r:.0f}' for r in run.rates)})"
    )
    print(
        f"per worker: {statistics.median(run.per_worker):8.0%} of the in-process rate, median of"
        f" rounds ({', '.join(f'{r:.0%}' for r in run.per_worker)}; target >= 85%)"
    )
    return 1 if run.errors else 0


def in_process_convert(raw: bytes) -> Callable[[], object]:
    """ConvertToDocument in process: NewsML text to the JSON text of the response."""
    text = raw.decode("utf-8")  # the request's field, as the service reads it

    def convert() -> object:
        return jsontext.dumpb({"document": document.from_newsml(text)})

    return convert


def in_process_save(raw: bytes) -> Callable[[], object]:
    """ConvertToNewsml in process: the edited document's JSON text to the JSON response."""
    text = jsontext.dumps(edited_document(raw))

    def convert() -> object:
        return jsontext.dumpb({"newsml": document.to_newsml(jsontext.loads(text))})

    return convert


if __name__ == "__main__":
    sys.exit(main())
