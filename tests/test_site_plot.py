"""The site picture: a PNG whose ring colours follow pass/fail."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from PIL import Image

from app.site_plot import FAIL_COLOUR, PASS_COLOUR, component_key, feature_kind, render_site_png


@dataclass(frozen=True)
class Row:
    feature: str
    component: str
    required_ft: float | None
    actual_ft: float | None
    passes: bool | None


def _count(png: bytes, hex_colour: str) -> int:
    """Pixels within a small tolerance of ``hex_colour``."""
    target = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return sum(
        1
        for px in img.get_flattened_data()
        if all(abs(a - b) <= 12 for a, b in zip(px, target, strict=True))
    )


PASSING = [
    Row("Private well (shallow)", "Septic tank", 50, 80, True),
    Row("Building", "Soil treatment area", 20, 35, True),
]
FAILING = [*PASSING, Row("Property line", "Soil treatment area", 10, 4, False)]


def test_site_picture_is_a_png_of_the_requested_size() -> None:
    png = render_site_png(PASSING, dpi=50)
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    assert img.size == (350, 300)


def test_failing_distance_is_drawn_red_and_passing_green() -> None:
    passing, failing = render_site_png(PASSING), render_site_png(FAILING)
    assert _count(passing, PASS_COLOUR) > 500
    # the legend holds a small red swatch; the failing ring and line add many more red pixels
    assert _count(failing, FAIL_COLOUR) > _count(passing, FAIL_COLOUR) + 300


def test_unknown_distances_still_render() -> None:
    png = render_site_png([Row("Lake (OHW)", "Septic tank", None, 40, None)])
    assert png.startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        pytest.param("Private well (shallow)", "well", id="well"),
        pytest.param("Water supply suction pipe", "well", id="suction-pipe"),
        pytest.param("Building foundation", "building", id="building"),
        pytest.param("Property line", "property", id="property"),
        pytest.param("Lake ordinary high water mark", "water", id="lake"),
        pytest.param("Pressure water pipe", "pipe", id="pipe"),
    ],
)
def test_features_map_to_drawing_kinds(name: str, kind: str) -> None:
    assert feature_kind(name) == kind


def test_components_map_to_tank_or_soil_area() -> None:
    assert component_key("Septic tank") == "tank"
    assert component_key("Soil treatment area") == "sta"


def test_a_ring_shared_by_a_passing_and_a_failing_distance_is_drawn_failing() -> None:
    from app.site_plot import ring_colours

    rows = [
        Row("well_shallow", "soil_treatment_area", 100, 80, False),
        Row("lake_general_development", "soil_treatment_area", 100, 150, True),
        Row("building", "tank", 10, 30, True),
    ]
    assert ring_colours(rows) == {("sta", 100.0): FAIL_COLOUR, ("tank", 10.0): PASS_COLOUR}


@pytest.mark.parametrize(
    ("to_tank", "to_area"),
    [pytest.param(60.0, 80.0, id="near"), pytest.param(10.0, 200.0, id="far-apart")],
)
def test_a_feature_measured_from_both_components_is_one_spot_at_both_distances(
    to_tank: float, to_area: float
) -> None:
    import math

    from app.site_plot import _layout, _place

    rows = [
        Row("well_shallow", "tank", 50, to_tank, True),
        Row("well_shallow", "soil_treatment_area", 100, to_area, False),
    ]
    sta, _ = _layout(rows)
    x, y = _place("well", {"tank": to_tank, "sta": to_area}, {"tank": (0.0, 0.0), "sta": sta})
    assert math.hypot(x, y) == pytest.approx(to_tank)
    assert math.hypot(x - sta[0], y - sta[1]) == pytest.approx(to_area)
