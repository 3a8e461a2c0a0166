"""Shared fixtures. Tests run offline: the hub is off and sockets may only reach loopback."""

from __future__ import annotations

import ipaddress
import os
import shutil
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from evals.chroma_server import CHROMA, ChromaServer

for _k, _v in {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "ANONYMIZED_TELEMETRY": "False",
    "GRADIO_ANALYTICS_ENABLED": "False",
    "TOKENIZERS_PARALLELISM": "false",
}.items():
    os.environ.setdefault(_k, _v)

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "data" / "ordinances"

_real_connect = socket.socket.connect


def _loopback_only_connect(self: socket.socket, address: object) -> object:
    """Refuse any connection that leaves this machine: tests must pass offline."""
    if self.family in (socket.AF_INET, socket.AF_INET6) and isinstance(address, tuple):
        host = str(address[0])
        try:
            ok = ipaddress.ip_address(host).is_loopback
        except ValueError:
            ok = host == "localhost"
        if not ok:
            raise ConnectionRefusedError(
                f"test tried to reach {host!r}: tests must stay on loopback"
            )
    return _real_connect(self, address)  # type: ignore[arg-type]


socket.socket.connect = _loopback_only_connect  # type: ignore[method-assign]


@pytest.fixture
def tmp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh ORDINANCE_HOME for one test."""
    home = tmp_path / "home"
    monkeypatch.setenv("ORDINANCE_HOME", str(home))
    from app.settings import get_settings

    get_settings.cache_clear()
    yield home
    get_settings.cache_clear()


# --- index stage (issue 3): the bundled corpus ingested once, real model, real on-disk Chroma ---


@pytest.fixture(scope="session")
def bundled_documents() -> list:
    """The bundled corpus parsed once (`ingest.load_corpus()`)."""
    from ingest import load_corpus

    return load_corpus()


@pytest.fixture(scope="session")
def indexed_home(tmp_path_factory: pytest.TempPathFactory, bundled_documents: list) -> Path:
    """A home with the bundled corpus stored and indexed (Chroma on disk). Read-only: tests
    that change an index copy it (`shutil.copytree`) or build their own."""
    from index.build import update_index
    from ingest.store import save_documents

    home = tmp_path_factory.mktemp("indexed") / "home"
    save_documents(home, bundled_documents)
    update_index(bundled_documents, home)
    return home


@pytest.fixture(scope="session")
def home_with_city(
    indexed_home: Path, tmp_path_factory: pytest.TempPathFactory, bundled_documents: list
) -> Callable[[Path], Path]:
    """A copy of `indexed_home` with one more city (its manifest) stored and indexed."""
    from index.build import update_index
    from ingest.manifest import load_manifest
    from ingest.parse import parse_document
    from ingest.store import save_documents

    def make(manifest: Path) -> Path:
        home = tmp_path_factory.mktemp("with-city") / "home"
        shutil.copytree(indexed_home, home)
        ((entry, source),) = load_manifest(manifest)
        doc = parse_document(entry, source)
        save_documents(home, [doc])
        update_index([*bundled_documents, doc], home)
        return home

    return make


@pytest.fixture(scope="session")
def assistant_with_city(home_with_city: Callable[[Path], Path]) -> Callable[[Path], Any]:
    """An Assistant over `home_with_city(manifest)`: the bundled corpus plus that one city,
    built once per manifest for the session (a test asks it directly)."""
    from app.assistant import Assistant
    from app.settings import Settings

    made: dict[Path, Any] = {}

    def make(manifest: Path) -> Any:
        if manifest not in made:
            made[manifest] = Assistant(settings=Settings(home=home_with_city(manifest)))
        return made[manifest]

    return make


@pytest.fixture(scope="session")
def retriever(indexed_home: Path):
    """A Retriever over `indexed_home`, opened once."""
    from index.retrieve import Retriever

    return Retriever.open(indexed_home)


# --- end index stage ---


# --- a real `chroma run` on a free loopback port (server mode), stopped by its PID ---


@pytest.fixture(scope="module")
def chroma_url(tmp_path_factory: pytest.TempPathFactory):
    if not CHROMA.exists():
        pytest.skip(f"{CHROMA} is not installed")
    try:
        with ChromaServer(tmp_path_factory.mktemp("chroma-server")) as server:
            yield server.url
    except RuntimeError as exc:  # it exited or never listened: say so with its log
        pytest.fail(str(exc))


@pytest.fixture
def parse_text(tmp_path: Path) -> Callable[[str], Any]:
    """Parse a text as one small city's ordinance (a manifest written beside it)."""
    from ingest.manifest import load_manifest
    from ingest.parse import parse_document

    def parse(text: str) -> Any:
        src = tmp_path / "chapter.txt"
        src.write_text(text, encoding="utf-8")
        manifest = tmp_path / "manifest.yaml"
        manifest.write_text(
            "documents:\n  - jurisdiction: test-town\n    name: Test Town\n"
            "    instrument: Chapter 7\n    source: chapter.txt\n",
            encoding="utf-8",
        )
        ((entry, source),) = load_manifest(manifest)
        return parse_document(entry, source)

    return parse
