"""Rule facts of two more shapes: bedroom tables, and single printed durations and distances."""

from __future__ import annotations

from ingest.records import Section
from ingest.rulefacts_shapes import Clause
from tools.formulas import Rule


def table_rules(section: Section, title: str, source: str) -> list[Rule]:
    return []


def const_rules(section: Section, paras: list[list[Clause]], title: str) -> list[Rule]:
    return []
