"""Hypothesis properties: sizes never shrink as bedrooms or flow grow; results are always cited."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tools.calculators import design_flow, septic_tank_capacity, soil_treatment_area

CITIES = st.sampled_from(["hugo", "chaska", "east-bethel"])
BEDROOMS = st.integers(min_value=1, max_value=29)
PERC = st.floats(min_value=0.1, max_value=60, allow_nan=False)
FLOW = st.floats(min_value=1, max_value=14_999, allow_nan=False)


@settings(max_examples=150, deadline=None)
@given(city=CITIES, bedrooms=BEDROOMS)
def test_tank_capacity_never_shrinks_with_more_bedrooms(city: str, bedrooms: int) -> None:
    a = septic_tank_capacity(city, bedrooms=bedrooms)
    b = septic_tank_capacity(city, bedrooms=bedrooms + 1)
    if a.value is not None and b.value is not None:
        assert b.value >= a.value
    assert a.citations, "every result is cited"


@settings(max_examples=150, deadline=None)
@given(city=CITIES, bedrooms=BEDROOMS, gd=st.booleans())
def test_design_flow_never_shrinks_with_more_bedrooms(city: str, bedrooms: int, gd: bool) -> None:
    a = design_flow(city, bedrooms, garbage_disposal=gd)
    b = design_flow(city, bedrooms + 1, garbage_disposal=gd)
    if a.value is not None and b.value is not None:
        assert b.value >= a.value


@settings(max_examples=150, deadline=None)
@given(flow=FLOW, more=st.floats(min_value=0, max_value=5_000, allow_nan=False))
def test_hugo_tank_never_shrinks_with_more_flow(flow: float, more: float) -> None:
    bigger = min(flow + more, 15_000)
    a = septic_tank_capacity("hugo", daily_flow_gpd=flow)
    b = septic_tank_capacity("hugo", daily_flow_gpd=bigger)
    assert a.value is not None and b.value is not None and b.value >= a.value >= 1000


@settings(max_examples=150, deadline=None)
@given(flow=FLOW, more=st.floats(min_value=0, max_value=5_000, allow_nan=False), perc=PERC,
       rock=st.sampled_from([12, 18, 24]))  # fmt: skip
def test_hugo_area_grows_with_flow_and_shrinks_with_rock(
    flow: float, more: float, perc: float, rock: int
) -> None:
    a = soil_treatment_area("hugo", perc, daily_flow_gpd=flow, rock_depth_in=rock)
    b = soil_treatment_area(
        "hugo", perc, daily_flow_gpd=min(flow + more, 15_000), rock_depth_in=rock
    )
    base = soil_treatment_area("hugo", perc, daily_flow_gpd=flow)
    assert a.value is not None and b.value is not None and base.value is not None
    assert b.value >= a.value and base.value >= a.value


@settings(max_examples=100, deadline=None)
@given(perc=PERC, more=st.floats(min_value=0, max_value=59.9, allow_nan=False))
def test_hugo_area_never_shrinks_for_slower_soils(perc: float, more: float) -> None:
    slower = min(perc + more, 60)
    a = soil_treatment_area("hugo", perc, daily_flow_gpd=450)
    b = soil_treatment_area("hugo", slower, daily_flow_gpd=450)
    assert a.value is not None and b.value is not None and b.value >= a.value
