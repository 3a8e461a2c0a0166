"""A real `chroma run` server on a free loopback port, for the scale bench and the tests.

Started from the project's venv (no downloads), logging to `<path>/server.log`, stopped by its PID
(SIGTERM, then SIGKILL) when the `with` block ends.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

CHROMA = Path(sys.executable).with_name("chroma")
"""The `chroma` command installed beside this interpreter."""


def free_port() -> int:
    """A TCP port free on loopback now (the OS picks it)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ChromaServer:
    """`chroma run` on a free loopback port, stopped by its PID on exit."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""

    def __enter__(self) -> ChromaServer:
        port = free_port()
        self.path.mkdir(parents=True, exist_ok=True)
        with (self.path / "server.log").open("wb") as out:
            self.proc = subprocess.Popen(
                [
                    str(CHROMA),
                    "run",
                    "--path",
                    str(self.path / "db"),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                env={**os.environ, "ANONYMIZED_TELEMETRY": "False"},
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"chroma run exited: {(self.path / 'server.log').read_text()}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    self.url = f"http://127.0.0.1:{port}"
                    return self
            time.sleep(0.2)
        self.__exit__()
        raise RuntimeError("chroma run did not start listening within 60 s")

    def rss_mb(self) -> float:
        if self.proc is None:
            return 0.0
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return next(
            int(ln.split()[1]) / 1024 for ln in status.splitlines() if ln.startswith("VmHWM")
        )

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
