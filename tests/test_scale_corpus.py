"""The scale benchmark's synthetic cities: deterministic, distinct, and each parses to the
sections recorded for it (one city per template format)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from evals.scale_corpus import city_names, read_cities, templates, write_cities
from ingest import load_manifest, parse_document


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(path.relative_to(folder).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def test_each_generated_city_parses_to_its_recorded_sections(tmp_path: Path) -> None:
    n = len(templates())
    cities = {c.jurisdiction: c for c in write_cities(tmp_path, n, seed=5)}
    assert len({c.template for c in cities.values()}) == n
    for entry, path in load_manifest(tmp_path / "manifest.yaml"):
        city = cities[entry.jurisdiction]
        doc = parse_document(entry, path)
        got = [(s.ref, s.title.casefold()) for s in doc.sections if s.kind == "section"]
        want = [(ref, title.casefold()) for ref, title in city.sections]
        assert [r for r, _ in got] == [r for r, _ in want], city.template
        text = path.read_text(encoding="utf-8")
        assert city.name in text or city.name.upper() in text
        for question in city.questions:
            assert question.jurisdiction == city.jurisdiction
            assert all(ref in {r for r, _ in want} for ref in question.expect_sections)


def test_generation_is_deterministic_and_seeded(tmp_path: Path) -> None:
    write_cities(tmp_path / "a", 8, seed=3)
    write_cities(tmp_path / "b", 8, seed=3)
    write_cities(tmp_path / "c", 8, seed=4)
    assert _digest(tmp_path / "a") == _digest(tmp_path / "b")
    assert _digest(tmp_path / "a") != _digest(tmp_path / "c")
    assert [c.jurisdiction for c in read_cities(tmp_path / "a")] == [
        c.jurisdiction for c in read_cities(tmp_path / "b")
    ]


def test_a_thousand_names_are_distinct_keys() -> None:
    names = city_names(1000, seed=13)
    keys = {"-".join(n.lower().split()) for n in names}
    assert len(names) == len(set(names)) == len(keys) == 1000
