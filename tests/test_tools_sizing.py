"""Design flow and septic tank capacity: every table row, every boundary, every bad input."""

from __future__ import annotations

import pytest

from core.errors import ToolInputError, UnknownJurisdictionError
from tools.calculators import design_flow, septic_tank_capacity

TANK_ROWS = [
    *[("hugo", b, v) for b, v in [(1, 1000), (2, 1000), (3, 1200), (4, 1200), (5, 1500),
                                  (6, 1500), (7, 2000), (8, 2000), (9, 2000)]],
    *[("chaska", b, v) for b, v in [(1, 1000), (2, 1000), (3, 1250), (4, 1250), (5, 1500),
                                    (6, 1500), (7, 2000), (8, 2000), (9, 2000)]],
]  # fmt: skip


@pytest.mark.parametrize(("city", "bedrooms", "gallons"), TANK_ROWS,
                         ids=[f"{c}-{b}br" for c, b, _ in TANK_ROWS])  # fmt: skip
def test_tank_table_rows(city: str, bedrooms: int, gallons: int) -> None:
    r = septic_tank_capacity(city, bedrooms=bedrooms)
    assert (r.status, r.value, r.unit) == ("ok", gallons, "gal")
    assert r.citations[-1].section == {"hugo": "404.04", "chaska": "98"}[city]


def test_hugo_four_bedrooms_is_1200_gallons_citing_404_04() -> None:
    r = septic_tank_capacity("hugo", bedrooms=4)
    assert (
        r.summary
        == "A 4-bedroom home in Hugo needs a septic tank of at least 1,200 gallons (§404.04)."
    )


def test_chaska_four_bedrooms_is_1250_gallons_citing_98() -> None:
    r = septic_tank_capacity("chaska", bedrooms=4)
    assert r.value == 1250 and {c.section for c in r.citations} == {"98"}
    assert "3 or 4 1,250" in [c.quote for c in r.citations]


def test_east_bethel_defers_to_table_v_with_its_two_compartment_rule() -> None:
    r = septic_tank_capacity("east-bethel", bedrooms=4)
    assert r.status == "deferred" and r.value is None
    assert "Minn. R. 7080.1930, subp. 1, Table V" in r.summary
    assert "two compartments" in r.summary
    quotes = [c.quote for c in r.citations]
    assert "Septic tank capacity for dwellings must be sized according to MPCA Table V." in quotes
    assert "4 or more bedrooms also require two compartments, or multiple tanks." in quotes
    assert all(c.section is None for c in r.citations)


@pytest.mark.parametrize(("bedrooms", "basement", "compartments"), [
    pytest.param(3, False, False, id="3br"),
    pytest.param(4, False, True, id="4br"),
    pytest.param(3, True, True, id="3br-unfinished-basement-counts-as-4"),
])  # fmt: skip
def test_east_bethel_compartments_from_four_bedrooms(
    bedrooms: int, basement: bool, compartments: bool
) -> None:
    r = septic_tank_capacity("east-bethel", bedrooms=bedrooms, unfinished_basement=basement)
    assert any(c.name == "compartments" for c in r.components) is compartments


def test_east_bethel_pressurized_system_needs_a_1000_gallon_pump_tank() -> None:
    r = septic_tank_capacity("east-bethel", bedrooms=3, pressurized=True)
    pump = next(c for c in r.components if c.name == "pump_tank")
    assert pump.value == 1000 and "1,000-gallon pump tank" in r.summary
    assert any("50 %" in w for w in r.warnings)


@pytest.mark.parametrize(("bedrooms", "gallons"), [
    pytest.param(10, 2250, id="10br-1500gpd-1125+75%"),
    pytest.param(12, 2475, id="12br-1800gpd"),
])  # fmt: skip
def test_hugo_ten_or_more_bedrooms_sized_as_other_establishment(
    bedrooms: int, gallons: float
) -> None:
    r = septic_tank_capacity("hugo", bedrooms=bedrooms)
    assert (r.status, r.value) == ("ok", gallons)
    assert "other establishments" in r.summary


@pytest.mark.parametrize(("flow", "gallons"), [
    pytest.param(400, 1000, id="minimum-1000"),
    pytest.param(800, 1200, id="36h-detention"),
    pytest.param(1499, 2248.5, id="just-below-1500"),
    pytest.param(1500, 2250, id="at-1500-1125+75%"),
    pytest.param(4000, 4125, id="large-compartments"),
])  # fmt: skip
def test_hugo_other_establishments_by_daily_flow(flow: float, gallons: float) -> None:
    r = septic_tank_capacity("hugo", daily_flow_gpd=flow)
    assert r.value == gallons
    assert any(c.name == "compartments" for c in r.components) is (gallons > 3000)


@pytest.mark.parametrize("city", ["chaska", "east-bethel"])
def test_other_establishments_defer_where_the_city_text_is_silent(city: str) -> None:
    r = septic_tank_capacity(city, daily_flow_gpd=800)
    assert r.status == "deferred" and r.value is None


def test_chaska_ten_bedrooms_defers_instead_of_extrapolating() -> None:
    r = septic_tank_capacity("chaska", bedrooms=10)
    assert r.status == "deferred" and r.value is None and "6 MCAR" in r.summary


HUGO_FLOW = [(1, 300, "ok"), (2, 300, "ok"), (3, 450, "ok"), (4, 600, "flagged"), (5, 750, "ok"),
             (6, 900, "ok"), (7, 1050, "ok"), (10, 1500, "ok")]  # fmt: skip


@pytest.mark.parametrize(("bedrooms", "gpd", "status"), HUGO_FLOW,
                         ids=[f"{b}br" for b, _, _ in HUGO_FLOW])  # fmt: skip
def test_hugo_table_ii_design_flow(bedrooms: int, gpd: float, status: str) -> None:
    r = design_flow("hugo", bedrooms)
    assert (r.value, r.status) == (gpd, status)


GD = [(2, 450, "flagged"), (3, 600, "ok"), (4, 750, "flagged"), (5, None, "flagged"),
      (6, 1050, "flagged"), (8, 1350, "flagged")]  # fmt: skip


@pytest.mark.parametrize(("bedrooms", "gpd", "status"), GD, ids=[f"{b}br-gd" for b, _, _ in GD])
def test_hugo_garbage_disposal_column_is_flagged_or_refused(
    bedrooms: int, gpd: float | None, status: str
) -> None:
    r = design_flow("hugo", bedrooms, garbage_disposal=True)
    assert (r.value, r.status) == (gpd, status)
    assert any("not recommend" in w for w in r.warnings)
    if status == "flagged":
        assert any("OCR" in w or "transcription" in w for w in r.warnings)


STATE = [("I", 2, 300), ("I", 3, 450), ("I", 4, 600), ("I", 5, 750), ("I", 6, 900), ("I", 8, 1200),
         ("II", 1, 225), ("II", 3, 300), ("II", 4, 375), ("II", 5, 450), ("II", 6, 525), ("II", 7, 600),
         ("III", 2, 180), ("III", 3, 218), ("III", 4, 256), ("III", 5, 294), ("III", 6, 332)]  # fmt: skip


@pytest.mark.parametrize(
    ("cls", "bedrooms", "gpd"), STATE, ids=[f"class{c}-{b}br" for c, b, _ in STATE]
)
def test_east_bethel_design_flow_from_adopted_state_table_iv(
    cls: str, bedrooms: int, gpd: float
) -> None:
    r = design_flow("east-bethel", bedrooms, dwelling_class=cls)  # type: ignore[arg-type]
    assert (r.status, r.value) == ("ok", gpd)
    cite = r.citations[-1]
    assert cite.source == "state" and cite.rule_part == "Minn. R. 7080.1860, Table IV"
    assert cite.note == "state rule, adopted by reference; not in the city's text"


def test_east_bethel_class_iii_past_six_bedrooms_is_not_guessed() -> None:
    r = design_flow("east-bethel", 7, dwelling_class="III")
    assert r.value is None and r.status == "deferred"


def test_chaska_design_flow_defers_to_6_mcar() -> None:
    r = design_flow("chaska", 3)
    assert r.status == "deferred" and r.value is None
    assert not any(c.source == "state" for c in r.citations)


BAD_BEDROOMS = [0, -1, 2.5, 500, 31, True, "4", None]


@pytest.mark.parametrize("bedrooms", BAD_BEDROOMS, ids=[repr(b) for b in BAD_BEDROOMS])
def test_bad_bedrooms_name_the_value_and_the_range(bedrooms: object) -> None:
    with pytest.raises(ToolInputError, match=r"bedrooms must be a whole number from 1 to 30, got "):
        design_flow("hugo", bedrooms)  # type: ignore[arg-type]
    if bedrooms is not None:
        with pytest.raises(ToolInputError, match=repr(bedrooms).replace(".", r"\.")):
            septic_tank_capacity("chaska", bedrooms=bedrooms)  # type: ignore[arg-type]


@pytest.mark.parametrize("flow", [0, -5, 15_001, float("nan"), float("inf")])
def test_bad_daily_flow_names_the_range(flow: float) -> None:
    with pytest.raises(ToolInputError, match="daily_flow_gpd must be a number greater than 0"):
        septic_tank_capacity("hugo", daily_flow_gpd=flow)


def test_tank_needs_bedrooms_or_flow() -> None:
    with pytest.raises(ToolInputError, match="neither was given"):
        septic_tank_capacity("hugo")


def test_tank_refuses_bedrooms_and_flow_together_for_a_dwelling() -> None:
    with pytest.raises(ToolInputError, match="not both"):
        septic_tank_capacity("hugo", bedrooms=3, daily_flow_gpd=450)


def test_unknown_jurisdiction_lists_known_keys() -> None:
    with pytest.raises(
        UnknownJurisdictionError, match="Known jurisdictions: chaska, east-bethel, hugo"
    ):
        septic_tank_capacity("stillwater", bedrooms=3)


def test_bad_dwelling_class_is_refused() -> None:
    with pytest.raises(ToolInputError, match="dwelling_class must be one of"):
        design_flow("east-bethel", 3, dwelling_class="IV")  # type: ignore[arg-type]
