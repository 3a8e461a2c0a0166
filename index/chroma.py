"""Chroma access: an embedded on-disk client under the home folder, or a Chroma server by URL,
and the llama-index vector store over one collection. Errors become project errors."""

from __future__ import annotations

import logging
import os
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from core.errors import BackendUnavailableError, ConfigError, IndexStateError

log = logging.getLogger(__name__)

COLLECTION_PREFIX = "oa"
"""Collections are named 'oa-<home id>-<generation>': homes sharing one server never clash."""


def chroma_dir(home: Path) -> Path:
    """Where the embedded Chroma keeps its files (the same as `Settings.chroma_dir`)."""
    return home / "chroma"


def _client_settings() -> Any:
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    from chromadb.config import Settings as ChromaSettings

    return ChromaSettings(anonymized_telemetry=False, allow_reset=False)


def open_client(home: Path, chroma_url: str | None = None, *, create: bool = False) -> Any:
    """A Chroma client: ``chromadb.HttpClient`` for ``chroma_url``, else on disk under ``home``.

    Raises BackendUnavailableError when the server cannot be reached, IndexStateError when
    the on-disk store is missing (and ``create`` is false) or cannot be opened."""
    import chromadb

    if chroma_url:
        parsed = urlparse(chroma_url if "://" in chroma_url else f"http://{chroma_url}")
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ConfigError(
                f"Chroma URL {chroma_url!r} is not an http(s) URL: set ORDINANCE_CHROMA_URL "
                "to something like 'http://127.0.0.1:8000', or unset it to use Chroma on disk."
            )
        port = parsed.port or (443 if parsed.scheme == "https" else 8000)
        try:
            client = chromadb.HttpClient(
                host=parsed.hostname,
                port=port,
                ssl=parsed.scheme == "https",
                settings=_client_settings(),
            )
            client.heartbeat()
        except Exception as exc:  # chromadb raises several transport error types
            raise unreachable(chroma_url, exc) from exc
        return client
    path = chroma_dir(home)
    if not create and not path.is_dir():
        raise IndexStateError(
            f"No Chroma store at {str(path)!r}: run `ordinance ingest` to build the index."
        )
    try:
        path.mkdir(parents=True, exist_ok=True)
        return chromadb.PersistentClient(path=str(path), settings=_client_settings())
    except Exception as exc:
        raise IndexStateError(
            f"The Chroma store at {str(path)!r} cannot be opened ({type(exc).__name__}: {exc}). "
            "Delete that folder and run `ordinance ingest` to rebuild the index."
        ) from exc


def unreachable(chroma_url: str, exc: BaseException) -> BackendUnavailableError:
    """The one message for a Chroma server that cannot be reached (at connect or later)."""
    return BackendUnavailableError(
        f"Cannot reach the Chroma server at {chroma_url!r} ({type(exc).__name__}). Start it "
        "with `chroma run --path DIR --port N`, or unset ORDINANCE_CHROMA_URL to use Chroma "
        "on disk."
    )


def server_lost(client: Any, chroma_url: str | None, exc: BaseException) -> bool:
    """Whether `exc`, raised by a Chroma call, means the server at `chroma_url` is gone."""
    if not chroma_url or isinstance(exc, (BackendUnavailableError, IndexStateError)):
        return False
    try:
        client.heartbeat()
    except Exception:
        return True
    return False


def collection_name(home_id: str, generation: str) -> str:
    return f"{COLLECTION_PREFIX}-{home_id}-{generation}"


def create_collection(client: Any, name: str) -> Any:
    return client.create_collection(name=name, metadata={"hnsw:space": "cosine"})


def get_collection(client: Any, name: str, where: str) -> Any:
    try:
        return client.get_collection(name=name)
    except Exception as exc:
        raise IndexStateError(
            f"The index names collection {name!r} but {where} has no such collection "
            f"({type(exc).__name__}). Run `ordinance ingest` to rebuild the index."
        ) from exc


def list_collection_names(client: Any) -> list[str]:
    names: list[str] = []
    for item in client.list_collections():
        names.append(item if isinstance(item, str) else item.name)
    return names


def delete_collection(client: Any, name: str) -> None:
    try:
        client.delete_collection(name=name)
    except Exception as exc:  # best effort: a leftover collection is collected next time
        log.warning("could not delete Chroma collection %r: %s", name, exc)


def vector_store(collection: Any) -> Any:
    """llama-index's Chroma vector store over ``collection``."""
    from llama_index.vector_stores.chroma import ChromaVectorStore

    return ChromaVectorStore(chroma_collection=collection)


_SEGMENT_DIR = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def orphan_segments(home: Path) -> list[str]:
    """Segment folders under the embedded store that no Chroma segment refers to (a killed
    ingest can leave one behind); [] when the store cannot be read."""
    folder = chroma_dir(home)
    db = folder / "chroma.sqlite3"
    if not db.is_file():
        return []
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            known = {row[0] for row in conn.execute("SELECT id FROM segments")}
        finally:
            conn.close()
    except sqlite3.Error as exc:
        log.warning("cannot list Chroma segments in %s: %s", db, exc)
        return []
    return sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.is_dir() and _SEGMENT_DIR.match(entry.name) and entry.name not in known
    )


def remove_orphan_segments(home: Path) -> list[str]:
    """Delete `orphan_segments` (by the writer, under the home's lock); return their names."""
    removed = orphan_segments(home)
    for name in removed:
        shutil.rmtree(chroma_dir(home) / name, ignore_errors=True)
    if removed:
        log.info("removed %d orphan Chroma segment folder(s) under %s", len(removed), home)
    return removed
