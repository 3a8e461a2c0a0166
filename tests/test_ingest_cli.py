"""`ordinance ingest`, `sections` and `show` through the real CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import common, corpus_cmds, main
from ingest.records import ParsedDocument
from ingest.store import store_path

DATA = Path(__file__).parent / "data" / "ingest"
MANIFESTS = DATA / "manifests"


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common.console, "width", 200)
    monkeypatch.setattr(common.err_console, "width", 200)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.usefixtures("tmp_home", "wide")
def test_show_prints_section_98_without_footers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "chaska", "98")
    assert code == 0
    assert out.startswith("Chaska §98 Standards amended\n")
    assert "ARTICLE V. PRIVATE SEWER DISPOSAL > DIVISION 2. STANDARDS" in out
    assert "pages 15–16" in out
    assert "2 or less 1,000 3 or 4 1,250 5 or 6 1,500 7, 8, or 9 2,000" in out
    assert "Chapter 19 Page" not in out


@pytest.mark.usefixtures("tmp_home", "wide")
def test_show_finds_east_bethel_by_title(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "east-bethel", "septic tank maintenance")
    assert code == 0
    assert out.startswith('East Bethel — "Septic tank maintenance"')


@pytest.mark.usefixtures("tmp_home", "wide")
@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        pytest.param(("show", "hugo", "404.4"), ["'404.4'", "Did you mean: 404.04"], id="near-miss-number"),
        pytest.param(("show", "east-bethel", "maintenance"), ["Did you mean: Septic tank maintenance"], id="near-miss-title"),
        pytest.param(("show", "atlantis", "1"), ["'atlantis'", "chaska, east-bethel, hugo"], id="unknown-city"),
        pytest.param(("sections", "--city", "atlantis"), ["'atlantis'"], id="sections-unknown-city"),
    ],
)  # fmt: skip
def test_bad_lookup_exits_2_with_a_clear_message(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], needles: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("error:")
    for needle in needles:
        assert needle in err


@pytest.mark.usefixtures("tmp_home")
def test_sections_json_lists_each_hugo_id_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sections", "--city", "hugo", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(rows) == 79
    assert all(
        list(r)
        == ["jurisdiction", "section", "title", "path", "page_start", "page_end", "text", "notes"]
        for r in rows
    )
    ids = [r["section"] for r in rows]
    assert len(ids) == len(set(ids))
    assert {"404.04", "404.09", "502.05", "803.01"} <= set(ids)


@pytest.mark.usefixtures("tmp_home", "wide")
def test_sections_table_lists_east_bethel_titles_without_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "sections", "--city", "east-bethel")
    assert code == 0
    assert "Septic tank maintenance" in out and "Compliance inspection" in out
    assert "East Bethel City Hall" not in out


@pytest.mark.usefixtures("wide")
def test_ingest_adds_a_city_from_a_manifest_and_keeps_the_others(
    tmp_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys, "ingest", "--manifest", str(MANIFESTS / "excerpts.yaml"), "--no-index"
    )
    assert code == 0, err
    assert "chaska" in out and "hugo" in out
    hugo = DATA / "hugo_pages_43_47.txt"
    code, out, err = run(
        capsys,
        "ingest",
        str(hugo),
        "--manifest",
        str(MANIFESTS / "hugo_pages.yaml"),
        "--no-index",
        "--replace",
    )
    assert code == 0, err
    code, out, _ = run(capsys, "sections", "--city", "hugo", "--json")
    assert [json.loads(x)["section"] for x in out.splitlines()][:3] == ["801", "801.01", "802"]
    code, out, _ = run(capsys, "sections", "--city", "chaska", "--json")
    assert json.loads(out.splitlines()[0])["section"] == "88"


@pytest.mark.usefixtures("wide")
def test_failed_ingest_leaves_the_previous_store_intact(
    tmp_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        run(capsys, "ingest", "--manifest", str(MANIFESTS / "excerpts.yaml"), "--no-index")[0] == 0
    )
    before = store_path(tmp_home).read_bytes()
    bad = str(MANIFESTS / "with_bad_file.yaml")
    code, _, err = run(capsys, "ingest", "--manifest", bad, "--no-index", "--replace")
    assert code == 2
    assert "bad_binary.txt" in err and "binary file" in err
    assert store_path(tmp_home).read_bytes() == before


@pytest.mark.usefixtures("wide")
def test_reingest_is_idempotent(tmp_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ("ingest", "--manifest", str(MANIFESTS / "excerpts.yaml"), "--no-index")
    assert run(capsys, *args)[0] == 0
    first = store_path(tmp_home).read_bytes()
    assert run(capsys, *args)[0] == 0
    assert store_path(tmp_home).read_bytes() == first


@pytest.mark.usefixtures("tmp_home", "wide")
@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        pytest.param(("ingest", str(DATA / "style_paragraph.txt")), "has no manifest entry", id="path-without-manifest"),
        pytest.param(("ingest", str(DATA / "style_paragraph.txt"), "--manifest", str(MANIFESTS / "excerpts.yaml")), "is not listed in manifest", id="path-not-in-manifest"),
        pytest.param(("ingest", "--manifest", str(MANIFESTS / "duplicate_key.yaml")), "duplicate jurisdiction key", id="duplicate-key"),
        pytest.param(("ingest", "--manifest", str(MANIFESTS / "missing_file.yaml")), "does not exist", id="missing-source"),
    ],
)  # fmt: skip
def test_ingest_rejects_bad_requests_with_the_fix(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], needle: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert needle in err


@pytest.mark.usefixtures("wide")
def test_ingest_hands_the_documents_to_the_index_to_commit(
    tmp_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[list[str], bool]] = []

    def record(docs: list[ParsedDocument], settings: object, progress: object) -> None:
        seen.append(([d.entry.jurisdiction for d in docs], store_path(tmp_home).exists()))

    monkeypatch.setattr(corpus_cmds, "_index_documents", record)
    code, _, err = run(capsys, "ingest", "--manifest", str(MANIFESTS / "excerpts.yaml"))
    assert code == 0, err
    # the index stage commits the documents with the index: nothing is stored before it
    assert seen == [(["chaska", "east-bethel", "hugo"], False)]


@pytest.mark.usefixtures("wide")
def test_replacing_a_city_from_another_file_needs_replace(
    tmp_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        run(capsys, "ingest", "--manifest", str(MANIFESTS / "excerpts.yaml"), "--no-index")[0] == 0
    )
    before = store_path(tmp_home).read_bytes()
    manifest = MANIFESTS / "hugo_pages.yaml"
    code, _, err = run(capsys, "ingest", "--manifest", str(manifest), "--no-index")
    message = " ".join(err.split())
    assert code == 2
    assert (
        f"{str(manifest)!r}, line 3: entry 'hugo' would replace the ingested city 'hugo'" in message
    )
    assert "hugo_section_6.txt" in message and "Pass --replace" in message
    assert store_path(tmp_home).read_bytes() == before
    code, _, err = run(capsys, "ingest", "--manifest", str(manifest), "--no-index", "--replace")
    assert code == 0, err
    assert store_path(tmp_home).read_bytes() != before


@pytest.mark.usefixtures("wide")
def test_an_entry_repeating_jurisdiction_cannot_replace_a_bundled_city(
    tmp_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "ingest", "--no-index")[0] == 0
    manifest = tmp_path / "m.yaml"
    manifest.write_text(
        "documents:\n  - jurisdiction: x\n    name: X\n    instrument: I\n"
        f"    jurisdiction: hugo\n    source: {DATA / 'hugo_section_6.txt'}\n"
    )
    code, _, err = run(capsys, "ingest", "--manifest", str(manifest), "--no-index")
    assert code == 2
    assert "field 'jurisdiction' appears twice (lines 2 and 5)" in " ".join(err.split())
    code, out, _ = run(capsys, "sections", "--city", "hugo", "--json")
    assert code == 0 and len(out.splitlines()) == 79
