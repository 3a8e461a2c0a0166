"""No code path reads a city's rule by name: every calculator is generic over the rules data.

The names a city's rules file gives its provisions (rule ids such as `tank.dwelling`, fact keys
such as `pumping_sludge_in`, table keys) may appear only in data and tests. The shared vocabulary
the code is written against may appear in code: rule and fact *topics* (`tank`, `pumping`), input
names (`bedrooms`), the words a fact qualifies (`about:`), setback features, deferral keys (which
name the calculator topic a city leaves to a state rule, e.g. `septic_tank`) and the state file's
figure and table names (`holding_tank_min_gal`: the state's own names, the same for every city).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "data" / "rules"
CODE_DIRS = ("tools", "app", "index", "ingest", "core")


def _vocabulary_and_names(rules_dir: Path) -> tuple[set[str], set[str]]:
    """(shared vocabulary, names of city provisions) from every rules file."""
    vocab: set[str] = set()
    names: set[str] = set()
    for path in sorted(rules_dir.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if "state" in data:  # the state file: its figure and table names are the state's
            vocab |= set(data.get("figures") or {}) | set(data.get("tables") or {})
            continue
        vocab |= set(data.get("deferrals") or {})
        vocab |= {str(s["name"]) for s in data.get("inputs") or []}
        vocab |= {str(row["feature"]) for row in data.get("setbacks") or []}
        for fact in (data.get("facts") or {}).values():
            topic = fact.get("topic")
            vocab |= set(topic) if isinstance(topic, list) else {topic} if topic else set()
            if fact.get("about"):
                vocab.add(fact["about"])
        for rule in data.get("rules") or []:
            vocab.add(rule["topic"])
            vocab |= {str(s["name"]) for s in rule.get("inputs") or []}
            names.add(rule["id"])
        names |= set(data.get("facts") or {}) | set(data.get("tables") or {})
    return vocab, names - vocab


def rule_names_in_code(root: Path, rules_dir: Path) -> list[str]:
    """'path:line: name' for every string literal in the code that names a city's provision
    (or, inside an f-string, starts one: f"pumping_{part}_in")."""
    _, names = _vocabulary_and_names(rules_dir)
    hits: list[str] = []
    for folder in CODE_DIRS:
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            in_fstring = {
                id(part)
                for node in ast.walk(tree)
                if isinstance(node, ast.JoinedStr)
                for part in node.values
            }
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                    continue
                text = node.value
                prefix = id(node) in in_fstring and len(text) > 3 and text.endswith(("_", "."))
                found = [n for n in names if n == text or (prefix and n.startswith(text))]
                rel = path.relative_to(root)
                hits += [f"{rel}:{node.lineno}: {n}" for n in found]
    return sorted(set(hits))


def test_the_rules_files_name_provisions_to_look_for() -> None:
    vocab, names = _vocabulary_and_names(RULES)
    assert {"tank", "bedrooms", "septic_tank"} <= vocab
    assert len(names) > 50, "the rule ids and fact keys of the bundled cities are collected"


def test_no_city_rule_name_is_read_in_code() -> None:
    hits = rule_names_in_code(ROOT, RULES)
    assert hits == [], (
        "Code names a city's rule; make the calculator generic (a rule of a topic, a fact's "
        f"topic/about) instead: {hits}"
    )


@pytest.mark.parametrize(
    ("source", "found"),
    [
        pytest.param('x = c.facts["pre_1996_separation_ft"]\n', True, id="a fact key"),
        pytest.param('rule = "tank.dwelling"\n', True, id="a rule id"),
        pytest.param('key = f"pumping_{part}_in"\n', True, id="an f-string building a key"),
        pytest.param('topic = "tank"\n', False, id="a topic is vocabulary"),
        pytest.param('name = "bedrooms"\n', False, id="an input name is vocabulary"),
    ],
)
def test_the_check_finds_a_rule_name_written_in_code(
    tmp_path: Path, source: str, found: bool
) -> None:
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "calc.py").write_text(source, encoding="utf-8")
    assert bool(rule_names_in_code(tmp_path, RULES)) is found
