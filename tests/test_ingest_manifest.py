"""Manifest validation: a user's mistakes are reported with the manifest's name and the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import ManifestError
from ingest import BUNDLED_MANIFEST, load_manifest

MANIFESTS = Path(__file__).parent / "data" / "ingest" / "manifests"


def test_bundled_manifest_lists_three_cities_with_existing_sources() -> None:
    entries = load_manifest(BUNDLED_MANIFEST)
    assert [e.jurisdiction for e, _ in entries] == ["chaska", "east-bethel", "hugo"]
    assert all(path.is_file() and path.parent == BUNDLED_MANIFEST.parent for _, path in entries)


def test_sources_resolve_relative_to_the_manifest() -> None:
    entries = load_manifest(MANIFESTS / "excerpts.yaml")
    assert [p.name for _, p in entries] == [
        "chaska_pages_15_17.txt",
        "east_bethel_pages_8_10.txt",
        "hugo_section_6.txt",
    ]


@pytest.mark.parametrize(
    ("name", "needle"),
    [
        pytest.param(
            "missing_file.yaml", "no-such-ordinance.txt' does not exist", id="missing-source"
        ),
        pytest.param(
            "duplicate_key.yaml", "duplicate jurisdiction key 'chaska'", id="duplicate-key"
        ),
        pytest.param("bad_key.yaml", "bad jurisdiction key 'East Bethel'", id="bad-key"),
        pytest.param("unknown_field.yaml", "unknown field 'adopted_on'", id="unknown-field"),
        pytest.param("no_such_manifest.yaml", "does not exist", id="missing-manifest"),
    ],
)
def test_bad_manifest_names_file_and_problem(name: str, needle: str) -> None:
    with pytest.raises(ManifestError) as info:
        load_manifest(MANIFESTS / name)
    message = str(info.value)
    assert repr(str(MANIFESTS / name)) in message
    assert needle in message


@pytest.mark.parametrize(
    "content",
    [
        pytest.param("documents: [\n", id="invalid-yaml"),
        pytest.param("cities: []\n", id="no-documents-list"),
        pytest.param("documents:\n  - just a string\n", id="entry-not-mapping"),
        pytest.param("documents:\n  - jurisdiction: x\n    source: a.txt\n", id="missing-fields"),
    ],
)
def test_malformed_manifest_is_rejected_with_the_format_hint(tmp_path: Path, content: str) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(content)
    with pytest.raises(ManifestError, match=r"m\.yaml"):
        load_manifest(path)


@pytest.mark.parametrize(
    ("content", "needles"),
    [
        pytest.param(
            "documents:\n  - jurisdiction: x\n    name: X\n    instrument: I\n"
            "    jurisdiction: hugo\n    source: a.txt\n",
            ["entry 1 (line 2)", "field 'jurisdiction' appears twice (lines 2 and 5)"],
            id="jurisdiction-twice",
        ),
        pytest.param(
            "documents:\n  - jurisdiction: a\n    name: A\n    instrument: I\n    source: a.txt\n"
            "  - jurisdiction: b\n    name: B\n    name: C\n    instrument: I\n    source: a.txt\n",
            ["entry 2 (line 6)", "field 'name' appears twice (lines 7 and 8)"],
            id="name-twice-in-second-entry",
        ),
        pytest.param(
            "documents:\n  - jurisdiction: a\n    name: A\n    instrument: I\n    source: a.txt\n"
            "    state_rules_adopted: {x: 1, x: 2}\n",
            ["entry 1 (line 2)", "field 'x' appears twice"],
            id="nested-key-twice",
        ),
        pytest.param(
            "documents: []\ndocuments:\n  - jurisdiction: a\n",
            ["top level", "field 'documents' appears twice (lines 1 and 2)"],
            id="documents-twice",
        ),
    ],
)
def test_a_field_written_twice_is_refused_with_entry_and_lines(
    tmp_path: Path, content: str, needles: list[str]
) -> None:
    (tmp_path / "a.txt").write_text("Section 1. Purpose. Text.\n")
    path = tmp_path / "m.yaml"
    path.write_text(content)
    with pytest.raises(ManifestError) as info:
        load_manifest(path)
    message = str(info.value)
    assert repr(str(path)) in message
    for needle in needles:
        assert needle in message


def test_duplicate_jurisdiction_names_both_entries_and_lines() -> None:
    with pytest.raises(ManifestError) as info:
        load_manifest(MANIFESTS / "duplicate_key.yaml")
    assert "entry 2 (line 6)" in str(info.value) and "also entry 1 (line 2)" in str(info.value)
