"""Eval question sets as typed records, in two on-disk formats and four splits.

* ``tune``  - `evals/cases.yaml`, the dev set the answerer was built against (YAML, `EvalCase`).
* ``blind`` - `evals/blind/batch-*.json`, frozen questions written by someone who read only the
  ordinances and the user personas, never the code or the tune set. Judge changes here.
* ``fresh`` - `evals/blind/fresh-*.json`, a later batch written the same way and held out: run it
  (``--split fresh``) only to report, after blind has been looked at closely. ``fresh-N`` is
  one batch alone (`evals/blind/fresh-N.json`), e.g. the newest one nobody has looked at yet.
* ``zoo``   - `evals/zoo/*/expected.json`, the fictional publishers'-format cities' questions.
* ``unseen`` - `evals/unseen/*/expected.json` and `evals/unseen-N/*/expected.json`: more fictional
  cities in formats the zoo does not hold (American Legal, General Code; Code Publishing, a
  county's word-processor ordinance), written by writers who never saw the product; held out
  like ``fresh``: run it only to report. ``unseen-N`` is one batch alone (`evals/unseen-N/`;
  ``unseen-1`` is `evals/unseen/`).

A writer's broken item (its question and its expectations describe different things) stays in its
frozen file and is listed with the reason in `evals/blind/void.yaml`: it is not scored.

The JSON files use the corpus zoo's question schema (see `evals/zoo/README.md`): value *groups* of
acceptable spellings, `expect_abstain`, and `expect_yesno` for yes/no questions.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.errors import ConfigError

EVALS_DIR = Path(__file__).parent
CASES_FILE = EVALS_DIR / "cases.yaml"
BLIND_DIR = EVALS_DIR / "blind"
ZOO_DIR = EVALS_DIR / "zoo"
UNSEEN_DIR = EVALS_DIR / "unseen"
VOID_FILE = BLIND_DIR / "void.yaml"
SPLITS = ("tune", "blind", "zoo", "fresh", "unseen")
DEFAULT_SPLITS = ("tune", "blind", "zoo")

CaseKind = Literal[
    "lookup", "calculator", "comparison", "refusal", "adversarial",  # tune (cases.yaml)
    "multipart", "yesno", "calc", "compare", "abstain",  # blind / zoo
]  # fmt: skip


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ExpectedSection(_Record):
    jurisdiction: str = Field(description="Jurisdiction key, e.g. 'hugo'.")
    ref: str = Field(description="Section number as printed, or the title where none is printed.")


class EvalCase(_Record):
    """One question, phrased as a resident, staff member or contractor would ask it."""

    id: str
    question: str
    city: str | None = Field(description="Jurisdiction key the asker chose, or None.")
    kind: CaseKind
    expected_sections: list[ExpectedSection] = Field(default_factory=list)
    expected_values: list[float | int | str] = Field(
        default_factory=list, description="Every value must appear (numbers compared normalised)."
    )
    value_groups: list[list[str]] = Field(
        default_factory=list, description="Every group must have one spelling in the answer."
    )
    expect_yesno: Literal["yes", "no"] | None = Field(
        default=None, description="The direct answer a yes/no question must lead with."
    )
    should_refuse: bool = Field(
        default=False, description="The ordinance does not give the asked fact: abstain."
    )
    jurisdictions: list[str] = Field(
        default_factory=list, description="Cities the question is about (leakage is any other)."
    )
    split: str = "tune"
    persona: str | None = None
    notes: str = ""


class EvalSet(_Record):
    cases: list[EvalCase]


def _check_unique(cases: list[EvalCase], path: Path) -> list[EvalCase]:
    dupes = [cid for cid, n in Counter(c.id for c in cases).items() if n > 1]
    if dupes:
        raise ConfigError(f"Eval cases file {str(path)!r} repeats ids {dupes!r}: make them unique.")
    return cases


def load_cases(path: Path | None = None) -> list[EvalCase]:
    """The cases in ``path`` (default: the bundled `evals/cases.yaml`), ids checked unique.
    A ``.json`` file is read in the zoo question schema (`load_question_file`)."""
    path = path or CASES_FILE
    if path.suffix == ".json":
        return load_question_file(path, split="blind")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        cases = EvalSet.model_validate(data).cases
    except (OSError, yaml.YAMLError, ValidationError) as exc:
        raise ConfigError(
            f"Eval cases file {str(path)!r} cannot be read ({type(exc).__name__}: {exc}). "
            "Fix the file: a list of cases under `cases:` (see evals/dataset.py)."
        ) from exc
    return _check_unique(cases, path)


def _from_question(item: dict[str, Any], split: str) -> EvalCase:
    cities = list(item.get("jurisdictions") or [])
    return EvalCase(
        id=item["id"],
        question=item["question"],
        city=None,  # asked as a user types it: the question names its city (or not)
        kind=item["kind"],
        expected_sections=[
            ExpectedSection(jurisdiction=s["jurisdiction"], ref=str(s["section"]))
            for s in item.get("expect_sections") or []
        ],
        value_groups=[[str(v) for v in group] for group in item.get("expect_values") or []],
        expect_yesno=item.get("expect_yesno"),
        should_refuse=bool(item.get("expect_abstain")),
        jurisdictions=cities,
        split=split,
        persona=item.get("persona"),
        notes=item.get("notes", ""),
    )


def voided(path: Path | None = None) -> dict[str, str]:
    """Item id -> why the item is not scored (a writer's error found after the freeze)."""
    path = path or VOID_FILE
    if not path.is_file():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(data, dict):
            raise TypeError(f"a {type(data).__name__}, not a mapping")
        return {str(k): str(v) for k, v in data.items()}
    except (yaml.YAMLError, TypeError) as exc:
        raise ConfigError(
            f"Void list {str(path)!r} cannot be read ({type(exc).__name__}: {exc}). "
            "Fix the file: a mapping of item id to the reason it is not scored."
        ) from exc


def load_question_file(path: Path, split: str) -> list[EvalCase]:
    """Questions in the zoo schema: a JSON list, or an object with a ``questions`` list; items on
    the void list (`voided`) are left out."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        items = data["questions"] if isinstance(data, dict) else data
        cases = [_from_question(item, split) for item in items]
    except (OSError, ValueError, KeyError, TypeError, ValidationError) as exc:
        raise ConfigError(
            f"Question file {str(path)!r} cannot be read ({type(exc).__name__}: {exc}). "
            "Fix the file: the question schema of evals/zoo/README.md."
        ) from exc
    void = voided()
    return [case for case in _check_unique(cases, path) if case.id not in void]


def zoo_cities(root: Path | None = None) -> list[Path]:
    """The zoo's city folders (each with `manifest.yaml` and `expected.json`)."""
    root = root or ZOO_DIR
    return sorted(p.parent for p in root.glob("*/expected.json"))


def unseen_cities(batch: str = "unseen") -> list[Path]:
    """The held-out fictional cities' folders (same layout as the zoo's): every batch
    (`evals/unseen/`, `evals/unseen-N/`), or one (`unseen-N`)."""
    if batch != "unseen":
        return zoo_cities(UNSEEN_DIR if batch == "unseen-1" else EVALS_DIR / batch)
    roots = [UNSEEN_DIR, *sorted(EVALS_DIR.glob("unseen-*"))]
    return [city for root in roots for city in zoo_cities(root)]


def load_split(split: str) -> list[EvalCase]:
    """Every case of one split (see the module docstring)."""
    if split == "tune":
        return [c.model_copy(update={"split": "tune"}) for c in load_cases()]
    if split == "blind":
        files = sorted(BLIND_DIR.glob("batch-*.json"))
    elif split == "fresh":
        files = sorted(BLIND_DIR.glob("fresh-*.json"))
    elif split == "zoo":
        return _chosen([c for city in zoo_cities() for c in _city_cases(city, split)])
    elif split == "unseen":
        return _chosen([c for city in unseen_cities() for c in _city_cases(city, split)])
    elif re.fullmatch(r"fresh-\d+", split) and (BLIND_DIR / f"{split}.json").is_file():
        files = [BLIND_DIR / f"{split}.json"]
    elif re.fullmatch(r"unseen-\d+", split) and unseen_cities(split):
        return _chosen([c for city in unseen_cities(split) for c in _city_cases(city, split)])
    else:
        batches = ", ".join(p.stem for p in sorted(BLIND_DIR.glob("fresh-*.json")))
        raise ConfigError(
            f"Unknown eval split {split!r}: choose from {', '.join(SPLITS)} or one batch ({batches})."
        )
    return [case for f in files for case in load_question_file(f, split)]


def _city_cases(folder: Path, split: str) -> list[tuple[EvalCase, str]]:
    """A zoo-layout city's questions, each with the city's name from its manifest."""
    manifest = yaml.safe_load((folder / "manifest.yaml").read_text(encoding="utf-8"))
    name = str(manifest["documents"][0].get("name") or "")
    return [(case, name) for case in load_question_file(folder / "expected.json", split)]


def _chosen(cases: list[tuple[EvalCase, str]]) -> list[EvalCase]:
    """A one-city folder's questions are asked with that city ingested (the zoo's protocol): a
    question that does not name its city (every word of the name but its kind of government) is
    asked with the city chosen, as a user picks
    it in the UI or with `--city`; one that names it is asked as typed (its place is then read
    from the question, which is what is measured)."""
    out = []
    for case, name in cases:
        kinds = {"city", "county", "township", "town", "village", "of"}
        words = {w for w in re.findall(r"[a-z]+", name.lower())} - kinds
        said = set(re.findall(r"[a-z]+", case.question.lower()))
        if len(case.jurisdictions) == 1 and not words <= said:
            case = case.model_copy(update={"city": case.jurisdictions[0]})
        out.append(case)
    return out
