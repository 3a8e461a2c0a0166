"""Soil treatment area and vertical separation: Table III rows, class boundaries, rock depths,
bed and mound rules, Chaska's multipliers on a user-given base area, bad inputs."""

from __future__ import annotations

import pytest

from core.errors import ToolInputError
from tools.calculators import soil_treatment_area, vertical_separation
from tools.soil import SystemType

# Hugo, 3 bedrooms = 450 gpd (Table II), trench with 12 in rock.
TABLE_III = [
    (0.05, None, "unsuitable"), (0.1, 373.5, "ok"), (3, 373.5, "ok"), (5, 373.5, "ok"),
    (5.1, 571.5, "ok"), (15, 571.5, "ok"), (15.5, 751.5, "ok"), (16, 751.5, "ok"), (20, 751.5, "ok"),
    (30, 751.5, "ok"), (31, 900.0, "ok"), (45, 900.0, "ok"), (46, 990.0, "ok"), (60, 990.0, "ok"),
    (60.1, None, "unsuitable"), (120, None, "unsuitable"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("perc", "sqft", "status"), TABLE_III, ids=[f"{p}mpi" for p, _, _ in TABLE_III]
)
def test_hugo_table_iii_rows_and_class_boundaries(
    perc: float, sqft: float | None, status: str
) -> None:
    r = soil_treatment_area("hugo", perc, bedrooms=3)
    assert (r.value, r.status) == (sqft, status)
    assert any("min/inch" in s and "rate" in s for s in r.steps), "class bounds are stated"


@pytest.mark.parametrize(("rock", "sqft"), [(12, 751.5), (18, 601.2), (24, 496.0)])
def test_hugo_trench_rock_reductions(rock: int, sqft: float) -> None:
    r = soil_treatment_area("hugo", 20, bedrooms=3, rock_depth_in=rock)
    assert r.value == sqft and r.unit == "sq ft"


def test_hugo_three_bedrooms_at_20_mpi_shows_its_steps() -> None:
    r = soil_treatment_area("hugo", 20, bedrooms=3)
    assert "Table III area: 1.67 sq ft per gpd × 450 gpd = 751.5 sq ft." in r.steps
    assert {"450 600", "16 - 30 1 .67"} <= {c.quote for c in r.citations}
    assert {c.section for c in r.citations} == {"404.09"}


def test_hugo_four_bedrooms_at_40_mpi_is_flagged_because_the_row_is_unreadable() -> None:
    r = soil_treatment_area("hugo", 40, bedrooms=4)
    assert (r.value, r.status) == (1200.0, "flagged")


def test_hugo_fast_soil_requires_pressure_or_serial_distribution() -> None:
    r = soil_treatment_area("hugo", 3, daily_flow_gpd=300)
    assert r.value == 249.0 and any("drop boxes" in w for w in r.warnings)


def test_hugo_bed_has_no_multiplier_and_no_rock_reduction() -> None:
    r = soil_treatment_area("hugo", 20, bedrooms=3, system_type="bed", rock_depth_in=24)
    assert r.value == 751.5
    assert any("trenches only" in w for w in r.warnings)
    assert any(c.section == "502.01" for c in r.citations)


def test_hugo_mound_uses_0_83_square_feet_per_gallon() -> None:
    r = soil_treatment_area("hugo", 90, daily_flow_gpd=450, system_type="mound")
    assert r.value == 373.5 and r.citations[-1].section == "502.02"


def test_hugo_garbage_disposal_five_bedrooms_refuses_the_area() -> None:
    r = soil_treatment_area("hugo", 20, bedrooms=5, garbage_disposal=True)
    assert r.value is None and r.status == "flagged"


CHASKA = [
    ("trench", 12, 20, 800.0), ("trench", 18, 20, 640.0), ("trench", 24, 20, 528.0),
    ("bed", 12, 20, 1000.0), ("mound", 12, 60, 1000.0), ("mound", 12, 60.1, 1200.0),
]  # fmt: skip


@pytest.mark.parametrize(("system", "rock", "perc", "sqft"), CHASKA,
                         ids=[f"{s}-{r}in-{p}mpi" for s, r, p, _ in CHASKA])  # fmt: skip
def test_chaska_multipliers_apply_to_a_given_base_area(
    system: SystemType, rock: int, perc: float, sqft: float
) -> None:
    r = soil_treatment_area(
        "chaska", perc, system_type=system, rock_depth_in=rock, base_area_sqft=800
    )
    assert (r.status, r.value) == ("ok", sqft)
    assert all(c.section in {"98", "99"} for c in r.citations)


def test_chaska_without_a_base_area_defers_to_6_mcar_table_iii() -> None:
    r = soil_treatment_area("chaska", 20, bedrooms=3)
    assert r.status == "deferred" and r.value is None
    assert "6 MCAR H.2a (4) Table III" in r.summary and "base_area_sqft" in r.summary


def test_east_bethel_area_defers_and_reports_the_state_design_flow() -> None:
    r = soil_treatment_area("east-bethel", 20, bedrooms=3)
    assert r.status == "deferred" and r.value is None
    assert "Tables IX and IXa" in r.summary
    assert [c.value for c in r.components if c.name == "design_flow"] == [450]


@pytest.mark.parametrize("perc", [-1, 0, 1001, 1e9, float("nan")], ids=repr)
def test_bad_percolation_rate_names_the_range(perc: float) -> None:
    with pytest.raises(
        ToolInputError,
        match=r"perc_rate_min_per_inch must be a number greater than 0 and at most 1,000",
    ):
        soil_treatment_area("hugo", perc, bedrooms=3)


@pytest.mark.parametrize("rock", [0, 15, 36, 12.5])
def test_rock_depth_must_be_12_18_or_24(rock: float) -> None:
    with pytest.raises(ToolInputError, match=r"rock_depth_in must be one of 12, 18, 24, got"):
        soil_treatment_area("hugo", 20, bedrooms=3, rock_depth_in=rock)  # type: ignore[arg-type]


def test_unknown_system_type_is_refused() -> None:
    with pytest.raises(ToolInputError, match="system_type must be one of 'trench', 'bed', 'mound'"):
        soil_treatment_area("hugo", 20, bedrooms=3, system_type="drywell")  # type: ignore[arg-type]


def test_area_needs_a_flow_source_for_hugo() -> None:
    with pytest.raises(ToolInputError, match="bedrooms or daily_flow_gpd"):
        soil_treatment_area("hugo", 20)


def test_negative_base_area_is_refused() -> None:
    with pytest.raises(ToolInputError, match="base_area_sqft"):
        soil_treatment_area("chaska", 20, base_area_sqft=-3)


SEPARATION = [(0.05, None, "unsuitable"), (0.1, 48, "ok"), (15, 48, "ok"), (15.5, 36, "ok"),
              (16, 36, "ok"), (60, 36, "ok"), (60.1, None, "unsuitable")]  # fmt: skip


@pytest.mark.parametrize(
    ("perc", "inches", "status"), SEPARATION, ids=[f"{p}mpi" for p, _, _ in SEPARATION]
)
def test_hugo_vertical_separation_by_percolation_rate(
    perc: float, inches: float | None, status: str
) -> None:
    r = vertical_separation("hugo", perc)
    assert (r.value, r.status) == (inches, status)
    if inches:
        assert r.unit == "in" and r.citations[0].section == "404.09"


def test_hugo_has_no_existing_system_reduction() -> None:
    r = vertical_separation("hugo", 20, existing_system=True)
    assert r.value == 36 and any("no reduction" in w for w in r.warnings)


def test_east_bethel_existing_system_allows_30_6_inches() -> None:
    r = vertical_separation("east-bethel", 20, existing_system=True)
    assert (r.status, r.value) == ("ok", 30.6)
    assert r.citations[0].title == "Allowable reduction for existing systems"
    assert any("April 1, 1996" in w for w in r.warnings)


@pytest.mark.parametrize("city", ["east-bethel", "chaska"])
def test_new_system_separation_defers_where_the_city_text_is_silent(city: str) -> None:
    r = vertical_separation(city, 20)
    assert r.status == "deferred" and r.value is None
