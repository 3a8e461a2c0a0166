"""One writer per home: an inter-process lock held for the whole of an ingest.

`writer_lock(home)` takes an exclusive `flock` on ``<home>/.writer.lock`` without waiting. A
second writer (another `ordinance ingest`, in this or another process) fails fast with
`HomeBusyError` naming the holder; readers never take the lock and keep serving the last
committed state. The kernel drops the lock when its holder exits, also on kill -9, so a
crashed ingest never leaves the home locked. Re-entrant within one process.
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from core.errors import HomeBusyError

LOCK_NAME = ".writer.lock"

_held: dict[Path, tuple[int, int]] = {}  # home -> (fd, depth)
_guard = threading.RLock()


def lock_path(home: Path) -> Path:
    return Path(home) / LOCK_NAME


def _holder(path: Path) -> str:
    try:
        info = json.loads(path.read_text(encoding="utf-8") or "{}")
        since = time.strftime("%H:%M:%S", time.localtime(float(info["since"])))
        return f"pid {info['pid']}, {info.get('what', 'a writer')} since {since}"
    except (OSError, ValueError, KeyError, TypeError):
        return "another process"


@contextmanager
def writer_lock(home: Path, what: str = "ordinance ingest") -> Iterator[None]:
    """Hold the home's writer lock for the block; raise `HomeBusyError` if another holds it."""
    home = Path(home).resolve()
    with _guard:
        if home in _held:
            fd, depth = _held[home]
            _held[home] = (fd, depth + 1)
        else:
            home.mkdir(parents=True, exist_ok=True)
            path = lock_path(home)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise HomeBusyError(
                    f"Another writer ({_holder(path)}) is updating the home {str(home)!r}. "
                    "Wait for it to finish and run this again; the last committed index keeps "
                    "serving meanwhile."
                ) from None
            record = json.dumps({"pid": os.getpid(), "what": what, "since": time.time()})
            os.ftruncate(fd, 0)
            os.pwrite(fd, record.encode(), 0)
            _held[home] = (fd, 1)
    try:
        yield
    finally:
        with _guard:
            fd, depth = _held[home]
            if depth > 1:
                _held[home] = (fd, depth - 1)
            else:
                del _held[home]
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)


def is_locked(home: Path) -> bool:
    """Whether some process holds the home's writer lock (for tests and diagnostics)."""
    path = lock_path(home)
    if not path.exists():
        return False
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
