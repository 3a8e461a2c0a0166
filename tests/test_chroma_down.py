"""A Chroma server that goes away (a real `chroma run`, stopped by PID) during ingest and during
serving: both say "Cannot reach the Chroma server at ... Start it with ...", never a raw
transport traceback, and the failed ingest leaves the last commit serving."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.assistant import Assistant
from app.settings import Settings
from core.errors import BackendUnavailableError
from index.build import update_index
from index.retrieve import Retriever
from ingest.store import committed_generation

pytestmark = [pytest.mark.server, pytest.mark.slow]

CHROMA = Path(sys.executable).with_name("chroma")
MESSAGE = r"Cannot reach the Chroma server at 'http://127\.0\.0\.1:\d+' \(\w+\)\. Start it with"


class Server:
    def __init__(self, tmp: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tmp / "chroma.log"
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [str(CHROMA), "run", "--path", str(tmp / "db"), "--host", "127.0.0.1",
                 "--port", str(self.port)],
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                env={**os.environ, "ANONYMIZED_TELEMETRY": "False"},
            )  # fmt: skip
        deadline = time.monotonic() + 60  # a readiness wait, not a timed assertion
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"chroma run exited: {self.log.read_text()[-2000:]}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.2)
        pytest.fail("chroma run did not start listening")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    if not CHROMA.exists():
        pytest.skip(f"{CHROMA} is not installed")
    srv = Server(tmp_path)
    try:
        yield srv
    finally:
        srv.stop()


def _east_bethel(bundled_documents: list) -> list:
    return [d for d in bundled_documents if d.entry.jurisdiction == "east-bethel"]


def test_server_stopped_during_ingest_is_a_clear_error_and_keeps_the_commit(
    server: Server, bundled_documents: list, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    eb = _east_bethel(bundled_documents)
    update_index(eb, home, chroma_url=server.url)
    committed = committed_generation(home)
    changed = eb[0].model_copy(
        update={
            "content_hash": "changed",
            "sections": [
                s.model_copy(update={"text": s.text + " Changed."}) for s in eb[0].sections
            ],
        }
    )

    def stop_server(done: int, total: int) -> None:
        server.stop()

    with pytest.raises(BackendUnavailableError, match=MESSAGE):
        update_index([changed], home, chroma_url=server.url, progress=stop_server)
    assert committed_generation(home) == committed


def test_server_stopped_while_serving_is_the_same_clear_error(
    server: Server, bundled_documents: list, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    update_index(_east_bethel(bundled_documents), home, chroma_url=server.url)
    settings = Settings(home=home, chroma_url=server.url, llm_provider="none")
    assistant = Assistant(home=home, settings=settings)
    assert "pump" in assistant.ask("How often must the septic tank be pumped?").answer.lower()
    retriever = Retriever.open(home, chroma_url=server.url)
    server.stop()
    with pytest.raises(BackendUnavailableError, match=MESSAGE):
        retriever.search("how often must the tank be pumped", ["east-bethel"])
    with pytest.raises(BackendUnavailableError, match=MESSAGE):
        assistant.ask("What does East Bethel say about drip systems?")
