"""Pumping triggers, cited rule facts, the cross-city comparison and the tool registry."""

from __future__ import annotations

import inspect
import typing

import pytest

from core.errors import ToolInputError
from tools.calculators import holding_tank_capacity, pumping_due, rule_fact
from tools.compare import TOPICS, compare
from tools.registry import TOOLS

PUMPING = [
    # Hugo 404.06: "reaches a point twelve (12) inches below" -> at or below triggers.
    ("hugo", 12, 10, True), ("hugo", 12.5, 3, True), ("hugo", 12.5, 3.5, False),
    # Chaska Sec. 121 and East Bethel: "closer than" / "less than" -> strictly below.
    ("chaska", 12, 10, False), ("chaska", 11.9, 10, True), ("chaska", 20, 2.9, True),
    ("east-bethel", 12, 3, False), ("east-bethel", 11, 3, True), ("east-bethel", 30, 2, True),
]  # fmt: skip


@pytest.mark.parametrize(("city", "sludge", "scum", "due"), PUMPING,
                         ids=[f"{c}-{s}-{u}" for c, s, u, _ in PUMPING])  # fmt: skip
def test_pumping_due_boundaries(city: str, sludge: float, scum: float, due: bool) -> None:
    r = pumping_due(city, sludge, scum)
    assert r.outcome is due and len(r.citations) == 2
    assert ("Pumping is due" in r.summary) is due


def test_chaska_pumping_wording_is_advisory() -> None:
    assert any("should" in w for w in pumping_due("chaska", 20, 10).warnings)


@pytest.mark.parametrize(("sludge", "scum"), [(-1, 3), (3, -0.5), (121, 3), (float("nan"), 3)])
def test_bad_measurements_name_the_range(sludge: float, scum: float) -> None:
    with pytest.raises(ToolInputError, match="must be a number at least 0 and at most 120"):
        pumping_due("hugo", sludge, scum)


FACTS = [
    ("hugo", "permit_validity", 6, "803.05"), ("chaska", "permit_validity", 12, "106"),
    ("east-bethel", "permit_validity", 12, None), ("hugo", "inspection_interval", 12, "601.03"),
    ("east-bethel", "inspection_interval", 36, None), ("hugo", "inspection_notice", 24, "701.05"),
    ("chaska", "inspection_notice", 12, "111"), ("hugo", "failing_system", 90, "401.02"),
    ("east-bethel", "failing_system", 10, None), ("hugo", "permit_validity_months", 6, "803.05"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("city", "name", "value", "section"), FACTS, ids=[f"{c}-{n}" for c, n, _, _ in FACTS]
)
def test_rule_facts_are_cited(city: str, name: str, value: float, section: str | None) -> None:
    r = rule_fact(city, name)
    assert (r.status, r.value) == ("ok", value)
    assert r.citations[0].section == section


def test_permit_fee_has_no_invented_amount() -> None:
    for city in ("hugo", "chaska", "east-bethel"):
        r = rule_fact(city, "permit_fee")
        assert r.value is None and "resolution" in r.summary


def test_chaska_inspection_interval_is_not_in_the_corpus() -> None:
    r = rule_fact("chaska", "inspection_interval")
    assert r.status == "not_in_corpus" and r.value is None


def test_unknown_rule_fact_lists_known_names() -> None:
    with pytest.raises(
        ToolInputError, match=r"Unknown rule fact 'colour'\. Known facts: permit_validity"
    ):
        rule_fact("hugo", "colour")


def test_compare_tank_covers_every_city_and_cites_or_defers() -> None:
    comp = compare("tank", bedrooms=4)
    cells = {row.jurisdiction: row.cells[0] for row in comp.rows}
    assert list(cells) == ["chaska", "east-bethel", "hugo"]
    assert (cells["hugo"].value, cells["chaska"].value, cells["east-bethel"].value) == (
        1200,
        1250,
        None,
    )
    assert all(c.citations for c in cells.values())
    assert comp.parameters == {"bedrooms": 4}


def test_compare_permit_validity_as_rule_lookups() -> None:
    comp = compare("permit_validity")
    assert [row.cells[0].value for row in comp.rows] == [12, 12, 6]


def test_compare_setback_gives_tank_and_area_cells() -> None:
    comp = compare("setback", feature="building")
    hugo = next(r for r in comp.rows if r.jurisdiction == "hugo")
    assert [c.value for c in hugo.cells] == [10, 20]


@pytest.mark.parametrize(("topic", "params", "message"), [
    pytest.param("colour", {}, "Unknown comparison topic 'colour'", id="topic"),
    pytest.param("tank", {"jurisdiction": "hugo"}, "do not pass 'jurisdiction'", id="jurisdiction"),
    pytest.param("tank", {"bedrooms": 0}, "bedrooms must be a whole number", id="bad-value"),
    pytest.param("tank", {"colour": 1}, "Bad parameters for comparing 'tank'", id="bad-param"),
    pytest.param("setback", {}, "needs feature", id="no-feature"),
    pytest.param("permit_fee", {"bedrooms": 3}, "takes no parameters", id="fact-params"),
])  # fmt: skip
def test_compare_bad_input(topic: str, params: dict[str, object], message: str) -> None:
    with pytest.raises(ToolInputError, match=message):
        compare(topic, **params)


def test_every_compare_topic_runs() -> None:
    params: dict[str, dict[str, object]] = {
        "tank": {"bedrooms": 3}, "flow": {"bedrooms": 3}, "area": {"bedrooms": 3, "perc_rate_min_per_inch": 20},
        "separation": {"perc_rate_min_per_inch": 20}, "setback": {"feature": "well"},
        "pumping": {"sludge_to_outlet_baffle_in": 10, "scum_to_outlet_baffle_in": 5},
        "holding_tank": {"bedrooms": 3},
    }  # fmt: skip
    for topic in TOPICS:
        comp = compare(topic, **params.get(topic, {}))
        assert len(comp.rows) == 3 and all(row.cells for row in comp.rows)


def test_registry_tools_have_docstrings_and_unit_bearing_parameters() -> None:
    assert set(TOOLS) >= {"design_flow", "septic_tank_capacity", "soil_treatment_area", "setback",
                          "site_check", "vertical_separation", "pumping_due", "rule_fact", "compare"}  # fmt: skip
    for name, fn in TOOLS.items():
        assert fn.__doc__ and len(fn.__doc__) > 40, name
        params = inspect.signature(fn).parameters
        assert "jurisdiction" in params or name == "compare", name


def test_registry_annotations_are_real_types_for_schema_builders() -> None:
    for name, fn in TOOLS.items():
        hints = typing.get_type_hints(fn)
        assert all(not isinstance(h, str) for h in fn.__annotations__.values()), name
        assert hints["return"] is not None


def test_registry_compare_takes_explicit_parameters() -> None:
    params = inspect.signature(TOOLS["compare"]).parameters
    assert {"topic", "bedrooms", "perc_rate_min_per_inch", "feature"} <= set(params)
    comp = TOOLS["compare"]("area", bedrooms=3, perc_rate_min_per_inch=20)
    hugo = next(r for r in comp.rows if r.jurisdiction == "hugo")
    assert hugo.cells[0].value == 751.5


HOLDING = [
    ("hugo", {"bedrooms": 2}, 1200, "502.05"), ("hugo", {"bedrooms": 3}, 1200, "502.05"),
    ("hugo", {"bedrooms": 4}, 1600, "502.05"), ("hugo", {"daily_flow_gpd": 500}, 4000, "502.05"),
    ("east-bethel", {"bedrooms": 2}, 1000, None), ("east-bethel", {"bedrooms": 3}, 1200, None),
    ("east-bethel", {"daily_flow_gpd": 500}, 2500, None),
]  # fmt: skip


@pytest.mark.parametrize(("city", "kwargs", "gallons", "section"), HOLDING,
                         ids=[f"{c}-{k}" for c, k, _, _ in HOLDING])  # fmt: skip
def test_holding_tank_capacity(
    city: str, kwargs: dict[str, float], gallons: float, section: str | None
) -> None:
    r = holding_tank_capacity(city, **kwargs)  # type: ignore[arg-type]
    assert (r.status, r.value) == ("ok", gallons)
    if section is not None:
        assert any(c.section == section and c.source == "city" for c in r.citations)
    else:
        assert [c.rule_part for c in r.citations if c.source == "state"] == ["Minn. R. 7080.2290"]


def test_east_bethel_holding_tank_uses_the_adopted_state_rule_and_warns_for_new_homes() -> None:
    r = holding_tank_capacity("east-bethel", bedrooms=4)
    state = [c for c in r.citations if c.source == "state"]
    assert [c.rule_part for c in state] == ["Minn. R. 7080.2290"]
    assert any("new residential construction" in w for w in r.warnings)


def test_chaska_holding_tank_defers() -> None:
    r = holding_tank_capacity("chaska", bedrooms=3)
    assert r.status == "deferred" and r.value is None


@pytest.mark.parametrize("kwargs", [{}, {"bedrooms": 3, "daily_flow_gpd": 400}, {"bedrooms": 0}])
def test_holding_tank_bad_input(kwargs: dict[str, float]) -> None:
    with pytest.raises(ToolInputError):
        holding_tank_capacity("hugo", **kwargs)  # type: ignore[arg-type]
