"""The dev question set (`evals/cases.yaml`) as typed records."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.errors import ConfigError

CASES_FILE = Path(__file__).with_name("cases.yaml")

CaseKind = Literal["lookup", "calculator", "comparison", "refusal", "adversarial"]


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
    expected_values: list[float | int | str] = Field(default_factory=list)
    should_refuse: bool = False


class EvalSet(_Record):
    cases: list[EvalCase]


def load_cases(path: Path | None = None) -> list[EvalCase]:
    """The cases in ``path`` (default: the bundled `evals/cases.yaml`), ids checked unique."""
    path = path or CASES_FILE
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        cases = EvalSet.model_validate(data).cases
    except (OSError, yaml.YAMLError, ValidationError) as exc:
        raise ConfigError(
            f"Eval cases file {str(path)!r} cannot be read ({type(exc).__name__}: {exc}). "
            "Fix the file: a list of cases under `cases:` (see evals/dataset.py)."
        ) from exc
    dupes = [cid for cid, n in Counter(c.id for c in cases).items() if n > 1]
    if dupes:
        raise ConfigError(f"Eval cases file {str(path)!r} repeats ids {dupes!r}: make them unique.")
    return cases
