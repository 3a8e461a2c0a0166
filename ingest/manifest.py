"""Read and validate a manifest: the YAML file that lists ordinance documents, one per city.

The bundled corpus uses the same format a user writes to add a city::

    documents:
      - jurisdiction: hugo
        name: Hugo
        instrument: Ordinance 89-256
        source: hugo-mn-ordinance-89-256.txt
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from core.errors import ManifestError
from ingest.records import ManifestEntry

log = logging.getLogger(__name__)

PROJECT_ROOT = Path(__file__).resolve().parent.parent
BUNDLED_MANIFEST: Path = PROJECT_ROOT / "data" / "ordinances" / "manifest.yaml"

_KEY_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_FIELDS = ", ".join(ManifestEntry.model_fields)


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(x) for x in err["loc"]) or "(entry)"
        if err["type"] == "extra_forbidden":
            parts.append(f"unknown field {where!r} (allowed fields: {_FIELDS})")
        elif err["type"] == "missing":
            parts.append(f"missing required field {where!r}")
        else:
            parts.append(f"field {where!r}: {err['msg']}")
    return "; ".join(parts)


def _refuse_duplicate_keys(node: yaml.Node, path: Path, where: str, *, deep: bool = True) -> None:
    """Raise `ManifestError` for a mapping in `node` that repeats a key: YAML loaders keep the
    last value silently, which would let a second `jurisdiction:` line win."""
    if isinstance(node, yaml.MappingNode):
        first: dict[str, int] = {}
        for key, value in node.value:
            name = str(key.value)
            line = key.start_mark.line + 1
            if name in first:
                raise ManifestError(
                    f"Manifest {str(path)!r}, {where}: field {name!r} appears twice (lines "
                    f"{first[name]} and {line}). Keep one {name!r} line; write another city "
                    "as its own entry.",
                    path,
                )
            first[name] = line
            if deep:
                _refuse_duplicate_keys(value, path, where)
    elif isinstance(node, yaml.SequenceNode) and deep:
        for item in node.value:
            _refuse_duplicate_keys(item, path, where)


def _entry_nodes(root: yaml.Node | None) -> list[yaml.Node]:
    if isinstance(root, yaml.MappingNode):
        for key, value in root.value:
            if key.value == "documents" and isinstance(value, yaml.SequenceNode):
                return list(value.value)
    return []


def _read_yaml(path: Path) -> tuple[Any, list[int]]:
    """The manifest's data and the line of each entry of its `documents:` list."""
    if not path.is_file():
        raise ManifestError(
            f"Manifest {str(path)!r} does not exist. Pass an existing manifest file with "
            "--manifest (see data/ordinances/manifest.yaml for the format).",
            path,
        )
    try:
        text = path.read_text(encoding="utf-8")
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        entries = _entry_nodes(root)
        if root is not None:
            _refuse_duplicate_keys(root, path, "top level", deep=False)
        for i, node in enumerate(entries, start=1):
            _refuse_duplicate_keys(node, path, f"entry {i} (line {node.start_mark.line + 1})")
        data = yaml.safe_load(text)
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise ManifestError(
            f"Manifest {str(path)!r} is not valid YAML ({exc}). Fix the file; "
            "see data/ordinances/manifest.yaml for the format.",
            path,
        ) from exc
    return data, [node.start_mark.line + 1 for node in entries]


def load_manifest(path: Path) -> list[tuple[ManifestEntry, Path]]:
    """Validate the manifest at `path`; return each entry with its source file resolved.

    Sources are resolved relative to the manifest's folder. Raises `ManifestError` naming the
    manifest, the entry and its line, and the fix for: unreadable YAML, a field written twice
    in one entry, a bad shape, unknown or missing fields, a bad jurisdiction key, a duplicate
    jurisdiction key, or a source file that does not exist.
    """
    path = Path(path)
    data, lines = _read_yaml(path)
    docs = data.get("documents") if isinstance(data, dict) else None
    if not isinstance(docs, list) or not docs:
        raise ManifestError(
            f"Manifest {str(path)!r} has no 'documents:' list. Write a top-level 'documents:' "
            "list with one entry per ordinance (see data/ordinances/manifest.yaml).",
            path,
        )
    seen: dict[str, str] = {}
    out: list[tuple[ManifestEntry, Path]] = []
    for i, raw in enumerate(docs, start=1):
        where = f"entry {i} (line {lines[i - 1]})" if i <= len(lines) else f"entry {i}"
        if not isinstance(raw, dict):
            raise ManifestError(
                f"Manifest {str(path)!r}, {where}: expected a mapping of fields, got {raw!r}. "
                f"Write the entry as 'field: value' lines ({_FIELDS}).",
                path,
            )
        try:
            entry = ManifestEntry.model_validate(raw)
        except ValidationError as exc:
            raise ManifestError(
                f"Manifest {str(path)!r}, {where}: {_describe(exc)}. Fix the entry.", path
            ) from exc
        key = entry.jurisdiction
        if not _KEY_RE.match(key):
            raise ManifestError(
                f"Manifest {str(path)!r}, {where}: bad jurisdiction key {key!r}. Use lowercase "
                "letters, digits and single hyphens, e.g. 'east-bethel'.",
                path,
            )
        if key in seen:
            raise ManifestError(
                f"Manifest {str(path)!r}, {where}: duplicate jurisdiction key {key!r} (also "
                f"{seen[key]}). Each city may appear once; remove or rename one of the entries.",
                path,
            )
        seen[key] = where
        source = (path.parent / entry.source).resolve()
        if not source.is_file():
            raise ManifestError(
                f"Manifest {str(path)!r}, {where}, {key!r}: source file {str(source)!r} does not "
                "exist. Fix the 'source' path (it is relative to the manifest) or add the file.",
                path,
            )
        out.append((entry, source))
    log.debug("manifest %s: %d documents", path, len(out))
    return out


def entry_lines(path: Path) -> dict[str, int]:
    """Jurisdiction key -> line of its entry in the manifest at `path` (for messages)."""
    data, lines = _read_yaml(Path(path))
    docs = data.get("documents") if isinstance(data, dict) else None
    out: dict[str, int] = {}
    for raw, line in zip(docs if isinstance(docs, list) else [], lines, strict=False):
        if isinstance(raw, dict) and isinstance(raw.get("jurisdiction"), str):
            out.setdefault(raw["jurisdiction"], line)
    return out
