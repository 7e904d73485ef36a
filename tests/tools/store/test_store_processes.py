"""The store under real processes, on both backends.

Concurrent optimistic writers, writers without locking, a writer killed
mid-save. Each worker opens the store with `open_store` from a path or a
postgresql:// URL.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
import support

from newsml_codecs import newsml
from newsml_model import LockingMode, newsitem
from newsml_tools.store import open_store

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

# Each worker waits for the start file so all of them race, then makes
# SAVES accepted saves, each one reading the head, incrementing the counter
# kept in an extension property, and saving with the etag it read. A
# ConflictError means someone saved in between: it reads again and retries.
WORKER = """
import json, sys, time
from pathlib import Path
from newsml_tools.store import ConflictError, open_store
from newsml_model import LockingMode, newsitem

db, uuid, start, saves, name = sys.argv[1], sys.argv[2], Path(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
store = open_store(db, create=False)
while not start.exists():
    time.sleep(0.001)
accepted = conflicts = 0
while accepted < saves:
    head = store.get(uuid)
    count = int(newsitem.get_ext_property(head, "itemMeta", "test:counter"))
    item = newsitem.set_ext_property(head, name, "itemMeta", "test:counter", str(count + 1)).item
    try:
        saved = store.save(item, LockingMode.OPTIMISTIC_LOCKING, head.etag, editor=name)
    except ConflictError:
        conflicts += 1
        continue
    accepted += 1
    print(json.dumps({"revision": saved.revision, "expected": head.etag, "etag": saved.etag,
                      "counter": count + 1}), flush=True)
print(json.dumps({"conflicts": conflicts}), flush=True)
"""

# Saves forever; with a marker path it stops inside the transaction of the
# save after `after` saves (the new revision inserted, not yet committed),
# announces it by creating the marker, and waits there to be killed.
KILLED_WRITER = """
import sys, time
from pathlib import Path
from newsml_tools.store import open_store
from newsml_model import newsitem

db, uuid, marker, after = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
store = open_store(db, create=False)
done = 0

def stop_inside_the_transaction():
    if marker != "-" and done == after:
        Path(marker).touch()
        time.sleep(600)

store._before_commit = stop_inside_the_transaction
while True:
    head = store.get(uuid)
    store.save(newsitem.set_ext_property(head, "w", "itemMeta", "test:counter", str(done)).item)
    done += 1
"""


def counter(item) -> str | None:
    """The counter the workers increment."""
    return newsitem.get_ext_property(item, "itemMeta", "test:counter")


@pytest.fixture
def seeded(store_target: str) -> tuple[str, str]:
    """A store (each backend) holding the fixture article at counter 0 (revision 1)."""
    item = newsml.loads(support.fixture_text("article-full.xml"))
    item = newsitem.set_ext_property(item, "seed", "itemMeta", "test:counter", "0").item
    with open_store(store_target) as store:
        store.save(item)
    return store_target, item.guid


def wait_for(condition, what: str, limit: float = 60.0) -> None:
    """Poll `condition` until true; fail the test naming `what` after `limit` seconds."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.01)


def reap(processes: list[subprocess.Popen[str]], *, kill: bool) -> None:
    """Wait for every process to exit, killing it first with `kill`.

    One that has not exited two minutes on is killed too: no test leaves a
    worker running, nor waits on one forever.
    """
    for process in processes:
        if kill:
            process.kill()
        try:
            process.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()


def test_concurrent_optimistic_writers_lose_no_update(seeded, tmp_path):
    """Processes racing optimistic saves: every accepted revision follows the one before it.

    No update is lost: the revisions are 1..n without gaps, each accepted
    save's expected etag is the etag of the revision just before it, and the
    counter every save incremented equals the number of accepted saves.
    """
    path, uuid = seeded
    workers, saves = 4, 15
    start = tmp_path / "start"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, path, uuid, str(start), str(saves), f"w{n}"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(workers)
    ]
    start.touch()
    reports = []
    try:
        for process in processes:
            out, err = process.communicate(timeout=240)
            assert 0 == process.returncode, err
            reports.append([json.loads(line) for line in out.splitlines()])
    finally:
        reap(processes, kill=len(reports) < workers)
    accepted = [line for report in reports for line in report if "revision" in line]
    conflicts = sum(
        line["conflicts"] for report in reports for line in report if "conflicts" in line
    )
    with open_store(path, create=False) as store:
        history = store.history(uuid)
        head = store.get(uuid)
        problems = store.check()
    etag_of = {r.revision: r.etag for r in history}
    total = workers * saves
    assert [] == problems
    assert list(range(1, total + 2)) == [r.revision for r in history]
    assert sorted(line["revision"] for line in accepted) == list(range(2, total + 2))
    for line in accepted:
        assert etag_of[line["revision"] - 1] == line["expected"]
        assert etag_of[line["revision"]] == line["etag"]
        assert line["revision"] - 1 == line["counter"]
    assert str(total) == counter(head)
    assert total == len(accepted)
    # How often the race was lost shows in -rA output; it varies by machine.
    print(f"{conflicts} conflicts retried for {total} accepted saves")


def test_a_writer_killed_inside_a_save_leaves_the_store_consistent(seeded, tmp_path):
    """SIGKILL between the insert and the commit: the half save vanishes, the rest is intact."""
    path, uuid = seeded
    marker = tmp_path / "inside"
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, path, uuid, str(marker), "5"],
        stderr=subprocess.PIPE,
    )
    try:
        wait_for(marker.exists, "the writer to stop inside its transaction")
    finally:
        os.kill(writer.pid, signal.SIGKILL)
        writer.communicate(timeout=60)
    assert -signal.SIGKILL == writer.returncode
    with open_store(path, create=False, timeout=10) as store:
        assert [] == store.check()
        history = store.history(uuid)
        head = store.get(uuid)
        # The seed, then the five committed saves; the sixth died uncommitted.
        assert list(range(1, 7)) == [r.revision for r in history]
        assert history[-1].etag == head.etag
        assert "4" == counter(head)
        # The dead writer's lock is gone: the next save gets the next revision.
        after = store.save(head, LockingMode.OPTIMISTIC_LOCKING, head.etag)
        assert 7 == after.revision


def test_writers_killed_at_random_points_leave_the_store_consistent(seeded):
    """Writers killed wherever they happen to be leave a store that checks clean and reads."""
    path, uuid = seeded
    for round_ in range(3):
        with open_store(path, create=False) as store:
            before = len(store.history(uuid))
        writer = subprocess.Popen(
            [sys.executable, "-c", KILLED_WRITER, path, uuid, "-", "0"],
            stderr=subprocess.PIPE,
        )
        try:
            with open_store(path, create=False) as watcher:
                wait_for(
                    lambda w=watcher, b=before, r=round_: len(w.history(uuid)) >= b + 3 + r,
                    "the writer to save a few revisions",
                )
        finally:
            os.kill(writer.pid, signal.SIGKILL)
            writer.communicate(timeout=60)
        with open_store(path, create=False, timeout=10) as store:
            assert [] == store.check()
            history = store.history(uuid)
            assert list(range(1, len(history) + 1)) == [r.revision for r in history]
            assert history[-1].etag == store.get(uuid).etag


# Saves SAVES times without locking, each save printing its revision.
BLIND_WRITER = """
import json, sys, time
from pathlib import Path
from newsml_tools.store import open_store

db, uuid, start, saves = sys.argv[1], sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
store = open_store(db, create=False)
item = store.get(uuid)
while not start.exists():
    time.sleep(0.001)
print(json.dumps([store.save(item).revision for _ in range(saves)]), flush=True)
"""


def test_writers_without_locking_get_gap_free_revisions(seeded, tmp_path):
    """4 processes saving one item with NONE: every save gets its own revision, 1..n, no gap."""
    path, uuid = seeded
    workers, saves = 4, 15
    start = tmp_path / "start"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", BLIND_WRITER, path, uuid, str(start), str(saves)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(workers)
    ]
    start.touch()
    revisions = []
    finished = 0
    try:
        for process in processes:
            out, err = process.communicate(timeout=240)
            assert 0 == process.returncode, err
            revisions.extend(json.loads(out))
            finished += 1
    finally:
        reap(processes, kill=finished < workers)
    with open_store(path, create=False) as store:
        history = store.history(uuid)
        assert [] == store.check()
    total = workers * saves
    assert list(range(2, total + 2)) == sorted(revisions)
    assert list(range(1, total + 2)) == [r.revision for r in history]
    assert total + 1 == len({r.etag for r in history})


# Rounds of optimistic saves: every racer loads the head of the round, waits
# for the round's start file, and tries once with the etag it loaded.
ROUND_RACER = """
import json, sys, time
from pathlib import Path
from newsml_tools.store import ConflictError, open_store
from newsml_model import LockingMode

db, uuid, folder, rounds, name = sys.argv[1], sys.argv[2], Path(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
store = open_store(db, create=False)
for n in range(rounds):
    head = store.get(uuid)
    (folder / f"ready-{n}-{name}").touch()
    while not (folder / f"go-{n}").exists():
        time.sleep(0.001)
    try:
        store.save(head, LockingMode.OPTIMISTIC_LOCKING, head.etag, editor=name)
        won = True
    except ConflictError:
        won = False
    # Written aside and renamed, so the done file is never seen empty.
    (folder / f"tmp-{n}-{name}").write_text(json.dumps(won))
    (folder / f"tmp-{n}-{name}").rename(folder / f"done-{n}-{name}")
"""


def test_optimistic_racers_get_exactly_one_winner_per_round(seeded, tmp_path):
    """4 processes saving the same loaded head at once: one wins each round, three conflict."""
    path, uuid = seeded
    names, rounds = [f"r{n}" for n in range(4)], 5
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", ROUND_RACER, path, uuid, str(tmp_path), str(rounds), name],
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in names
    ]
    winners = []
    try:
        for n in range(rounds):
            wait_for(
                lambda n=n: all((tmp_path / f"ready-{n}-{name}").exists() for name in names),
                f"the racers to load round {n}",
            )
            (tmp_path / f"go-{n}").touch()
            wait_for(
                lambda n=n: all((tmp_path / f"done-{n}-{name}").exists() for name in names),
                f"the racers to finish round {n}",
            )
            outcomes = [json.loads((tmp_path / f"done-{n}-{name}").read_text()) for name in names]
            winners.append(outcomes.count(True))
    finally:
        # Never leave a racer running (or its pipe open) when a round failed.
        reap(processes, kill=len(winners) < rounds)
    assert [0] * len(names) == [process.returncode for process in processes]
    assert [1] * rounds == winners
    with open_store(path, create=False) as store:
        assert list(range(1, rounds + 2)) == [r.revision for r in store.history(uuid)]
