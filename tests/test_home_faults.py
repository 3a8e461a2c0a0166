"""One writer per home and ingest as one transaction, with real processes on a real home:
a second writer fails fast with the holder named, concurrent ingests lose no committed city,
kill -9 at random points leaves the last commit whole (scripts/fault_test.py, short form), and
the next run removes what a killed one left behind."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import IndexStateError
from core.locking import is_locked, writer_lock
from index.build import update_index
from index.chroma import chroma_dir
from index.retrieve import Retriever
from ingest.store import load_documents, save_documents

ROOT = Path(__file__).resolve().parent.parent
MANIFESTS = Path(__file__).parent / "data" / "ingest" / "manifests"
DATA = Path(__file__).parent / "data" / "ingest"
CHILD = "import sys; from app.cli import main; sys.exit(main(sys.argv[1:]))"


def _start(home: Path, *argv: str) -> subprocess.Popen[str]:
    env = {**os.environ, "ORDINANCE_HOME": str(home), "COLUMNS": "200"}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, *argv],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_second_writer_fails_fast_naming_the_holder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with writer_lock(home, what="test writer"):
        assert is_locked(home)
        proc = _start(home, "ingest", "--manifest", str(MANIFESTS / "excerpts.yaml"), "--no-index")
        _, err = proc.communicate(timeout=300)
    message = " ".join(err.split())
    assert proc.returncode == 2, err
    assert f"Another writer (pid {os.getpid()}, test writer since" in message
    assert "Traceback" not in err
    assert not (home / "documents.json").exists()
    assert not is_locked(home)  # released with the block


def test_two_concurrent_ingests_lose_no_committed_city(tmp_path: Path) -> None:
    extra = tmp_path / "extra.yaml"
    extra.write_text(
        "documents:\n  - jurisdiction: extra\n    name: Extra\n    instrument: Code\n"
        f"    source: {DATA / 'style_paragraph.txt'}\n"
    )
    for round_ in range(2):
        home = tmp_path / f"home-{round_}"
        a = _start(home, "ingest", "--manifest", str(MANIFESTS / "excerpts.yaml"), "--no-index")
        b = _start(home, "ingest", "--manifest", str(extra), "--no-index")
        results = {"excerpts": a.communicate(timeout=300), "extra": b.communicate(timeout=300)}
        codes = {"excerpts": a.returncode, "extra": b.returncode}
        stored = {d.entry.jurisdiction for d in load_documents(home)}
        for name, (_, err) in results.items():
            assert "Traceback" not in err, err
            if codes[name] == 2:
                assert "Another writer" in " ".join(err.split()), err
            else:
                assert codes[name] == 0, err
        if codes["excerpts"] == 0:
            assert {"chaska", "east-bethel", "hugo"} <= stored
        if codes["extra"] == 0:
            assert "extra" in stored
        assert 0 in codes.values()


@pytest.mark.slow
def test_killed_ingests_leave_a_consistent_home_short_fault_run(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "fault_test.py"), "--runs", "2", "--seed", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().endswith("2 runs, 0 inconsistencies"), proc.stdout
    assert "leftovers: none" in proc.stdout


@pytest.mark.slow
def test_next_ingest_removes_an_orphan_segment_folder(
    indexed_home: Path, tmp_path: Path, bundled_documents: list
) -> None:
    home = tmp_path / "home"
    shutil.copytree(indexed_home, home)
    orphan = chroma_dir(home) / "0a0a0a0a-1111-2222-3333-444444444444"
    orphan.mkdir()
    (orphan / "data_level0.bin").write_bytes(b"\0" * 64)
    update_index(bundled_documents, home)
    assert not orphan.exists()
    assert Retriever.open(home).search("permit", ["hugo"])


def test_documents_stored_without_index_are_not_searched_silently(
    tmp_path: Path, bundled_documents: list
) -> None:
    home = tmp_path / "home"
    save_documents(home, bundled_documents[:1], generation=None)
    with pytest.raises(IndexStateError, match=r"--no-index.*run `ordinance ingest`"):
        Retriever.open(home)
