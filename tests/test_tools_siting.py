"""Setbacks and the site check: every Table IV row, unreadable cells refused, aliases, deferrals."""

from __future__ import annotations

import pytest

from core.errors import ToolInputError
from tools.calculators import known_features, setback, site_check

TABLE_IV = [
    ("well_shallow", 50, 100), ("well_other", 50, 50), ("water_pipe_pressure", 10, 10),
    ("building", 10, 20), ("property_line", 10, 10), ("lake_natural_environment", None, 150),
    ("lake_recreational_development", None, 100), ("lake_general_development", None, 100),
    ("river_wild_scenic_rural", None, 150), ("river_wild_scenic_urban", None, 100),
    ("bluffline_wild_scenic_12pct", 40, 40), ("unclassified_water", None, None),
    ("bluffline_other_20pct", 20, 20),
]  # fmt: skip


@pytest.mark.parametrize(("feature", "tank", "sta"), TABLE_IV, ids=[f for f, _, _ in TABLE_IV])
def test_hugo_table_iv_rows(feature: str, tank: float | None, sta: float | None) -> None:
    for component, want in (("tank", tank), ("soil_treatment_area", sta)):
        r = setback("hugo", feature, component)  # type: ignore[arg-type]
        assert r.value == want, component
        assert r.citations[0].section == "404.09"
        if want is None:
            assert r.status == "flagged" and "cannot be read" in r.summary
            assert r.citations[0].confidence == "low"


def test_hugo_wild_scenic_bluffline_tank_value_is_used_with_a_warning() -> None:
    r = setback("hugo", "bluffline_wild_scenic_12pct", "tank")
    assert (r.status, r.value) == ("flagged", 40) and any(
        "medium confidence" in w for w in r.warnings
    )


def test_hugo_starred_setbacks_mention_the_variance_process() -> None:
    r = setback("hugo", "building", "soil_treatment_area")
    assert any("variance" in w for w in r.warnings)
    assert "*May be altered through normal variance process." in [c.quote for c in r.citations]


@pytest.mark.parametrize(("word", "feature"), [
    ("well", "well_shallow"), ("water_pipe", "water_pipe_pressure"), ("lot line", "property_line"),
    ("House", "building"), ("lake", "unclassified_water"),
])  # fmt: skip
def test_everyday_feature_words_resolve_with_a_stated_assumption(word: str, feature: str) -> None:
    r = setback("hugo", word, "tank")
    direct = setback("hugo", feature, "tank")
    assert (r.value, r.status) == (direct.value, direct.status)
    if word in ("well", "lake"):
        assert r.assumptions and feature in r.assumptions[0]


def test_unknown_feature_lists_the_known_ones() -> None:
    with pytest.raises(
        ToolInputError,
        match=r"Unknown setback feature 'volcano' for Hugo\. Known features: well, water, well_shallow",
    ):
        setback("hugo", "volcano", "tank")


def test_unknown_component_is_refused() -> None:
    with pytest.raises(
        ToolInputError, match="component must be one of 'tank', 'soil_treatment_area'"
    ):
        setback("hugo", "building", "drainfield")  # type: ignore[arg-type]


@pytest.mark.parametrize("city", ["chaska", "east-bethel"])
@pytest.mark.parametrize(
    "feature", ["well_shallow", "building", "property_line", "lake_general_development"]
)
def test_setbacks_defer_where_the_city_adopts_the_state_table(city: str, feature: str) -> None:
    r = setback(city, feature, "tank")
    assert r.status == "deferred" and r.value is None
    want = "Table VII" if city == "east-bethel" else "6 MCAR"
    assert want in r.summary


def test_east_bethel_accessory_building_reduction_is_cited() -> None:
    r = setback("east-bethel", "accessory_building", "tank")
    assert r.status == "deferred"
    assert [c.value for c in r.components] == [0.5]
    assert any(c.title == "Setback reduction" for c in r.citations)
    assert "accessory_building" in known_features("east-bethel")
    assert "accessory_building" not in known_features("chaska")


def test_site_check_pass_fail_table() -> None:
    check = site_check("hugo", tank_to_well_ft=60, sta_to_well_ft=60, tank_to_building_ft=10,
                       sta_to_property_line_ft=9.5)  # fmt: skip
    verdicts = {(r.component, r.feature): (r.required_ft, r.passes) for r in check.rows}
    assert verdicts == {
        ("tank", "well_shallow"): (50, True),
        ("soil_treatment_area", "well_shallow"): (100, False),
        ("tank", "building"): (10, True),
        ("soil_treatment_area", "property_line"): (10, False),
    }
    assert check.all_pass is False and "fails" in check.summary
    assert all(r.citation is not None and r.citation.section == "404.09" for r in check.rows)


def test_site_check_all_pass() -> None:
    check = site_check("hugo", tank_to_well_ft=50, sta_to_well_ft=100, well_type="well_shallow")
    assert check.all_pass is True


def test_site_check_with_an_unreadable_cell_is_undetermined_not_passed() -> None:
    check = site_check("hugo", tank_to_water_ft=500, water_type="lake_general_development")
    assert [r.passes for r in check.rows] == [None] and check.all_pass is None
    assert "cannot be decided" in check.summary


def test_site_check_accepts_feature_mappings() -> None:
    check = site_check("hugo", tank_distances_ft={"well": 40}, sta_distances_ft={"building": 25},
                       well_type="well_other")  # fmt: skip
    assert [(r.feature, r.passes) for r in check.rows] == [
        ("well_other", False),
        ("building", True),
    ]


def test_site_check_for_a_deferring_city_decides_nothing() -> None:
    check = site_check("east-bethel", tank_to_well_ft=60)
    assert check.rows[0].status == "deferred" and check.all_pass is None


@pytest.mark.parametrize(("kwargs", "message"), [
    pytest.param({}, "at least one distance", id="no-distance"),
    pytest.param({"tank_to_well_ft": -1}, "tank_to_well_ft must be a number at least 0", id="negative"),
    pytest.param({"tank_distances_ft": {"volcano": 5}}, "Unknown setback feature 'volcano'", id="bad-feature"),
    pytest.param({"tank_distances_ft": [5]}, "tank_distances_ft must map a feature to feet", id="not-a-map"),
    pytest.param({"tank_to_well_ft": 5, "well_type": "deep"}, "well_type must be one of", id="well-type"),
])  # fmt: skip
def test_site_check_bad_input(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ToolInputError, match=message):
        site_check("hugo", **kwargs)  # type: ignore[arg-type]
