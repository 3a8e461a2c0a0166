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


def _read_yaml(path: Path) -> Any:
    if not path.is_file():
        raise ManifestError(
            f"Manifest {str(path)!r} does not exist. Pass an existing manifest file with "
            "--manifest (see data/ordinances/manifest.yaml for the format).",
            path,
        )
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise ManifestError(
            f"Manifest {str(path)!r} is not valid YAML ({exc}). Fix the file; "
            "see data/ordinances/manifest.yaml for the format.",
            path,
        ) from exc


def load_manifest(path: Path) -> list[tuple[ManifestEntry, Path]]:
    """Validate the manifest at `path`; return each entry with its source file resolved.

    Sources are resolved relative to the manifest's folder. Raises `ManifestError` naming the
    manifest and the fix for: unreadable YAML, a bad shape, unknown or missing fields, a bad
    jurisdiction key, a duplicate jurisdiction key, or a source file that does not exist.
    """
    path = Path(path)
    data = _read_yaml(path)
    docs = data.get("documents") if isinstance(data, dict) else None
    if not isinstance(docs, list) or not docs:
        raise ManifestError(
            f"Manifest {str(path)!r} has no 'documents:' list. Write a top-level 'documents:' "
            "list with one entry per ordinance (see data/ordinances/manifest.yaml).",
            path,
        )
    seen: set[str] = set()
    out: list[tuple[ManifestEntry, Path]] = []
    for i, raw in enumerate(docs, start=1):
        if not isinstance(raw, dict):
            raise ManifestError(
                f"Manifest {str(path)!r}, entry {i}: expected a mapping of fields, got {raw!r}. "
                f"Write the entry as 'field: value' lines ({_FIELDS}).",
                path,
            )
        try:
            entry = ManifestEntry.model_validate(raw)
        except ValidationError as exc:
            raise ManifestError(
                f"Manifest {str(path)!r}, entry {i}: {_describe(exc)}. Fix the entry.", path
            ) from exc
        key = entry.jurisdiction
        if not _KEY_RE.match(key):
            raise ManifestError(
                f"Manifest {str(path)!r}, entry {i}: bad jurisdiction key {key!r}. Use lowercase "
                "letters, digits and single hyphens, e.g. 'east-bethel'.",
                path,
            )
        if key in seen:
            raise ManifestError(
                f"Manifest {str(path)!r}: duplicate jurisdiction key {key!r}. Each city may appear "
                "once; remove or rename one of the entries.",
                path,
            )
        seen.add(key)
        source = (path.parent / entry.source).resolve()
        if not source.is_file():
            raise ManifestError(
                f"Manifest {str(path)!r}, entry {key!r}: source file {str(source)!r} does not "
                "exist. Fix the 'source' path (it is relative to the manifest) or add the file.",
                path,
            )
        out.append((entry, source))
    log.debug("manifest %s: %d documents", path, len(out))
    return out
