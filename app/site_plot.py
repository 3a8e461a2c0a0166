"""A simple site picture for the site check: components, features and required-distance rings.

The picture is schematic, not a survey: each component (septic tank, soil treatment area) sits at
a fixed spot, each feature (well, building, property line, water) is drawn at its *actual*
distance from the component it was measured against, and a ring of the *required* distance is
drawn around the component, green where the distance passes and red where it (or any distance
with the same ring) fails. A feature measured from both components is one marker, placed at both
distances. Rendering uses
matplotlib's object API with the Agg canvas (no pyplot state), so it is safe in server threads.
"""

from __future__ import annotations

import io
import logging
import math
from collections.abc import Sequence
from typing import Protocol

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle

log = logging.getLogger(__name__)

PASS_COLOUR = "#1a7f37"
FAIL_COLOUR = "#cf222e"
UNKNOWN_COLOUR = "#9a6700"


class SiteRow(Protocol):
    """One checked distance: what the site check's rows provide."""

    @property
    def feature(self) -> str: ...
    @property
    def component(self) -> str: ...
    @property
    def required_ft(self) -> float | None: ...
    @property
    def actual_ft(self) -> float | None: ...
    @property
    def passes(self) -> bool | None: ...


_FEATURE_ANGLE = {
    "building": 90.0,
    "well": 200.0,
    "property": 270.0,
    "water": 330.0,
    "pipe": 150.0,
}
_FEATURE_MARK = {"building": "s", "well": "o", "property": "_", "water": "v", "pipe": "x"}
_DEFAULT_GAP_FT = 60.0
_WORDS = {
    "well_shallow": "shallow well",
    "well_other": "well",
    "water_pipe_pressure": "pressure water pipe",
    "property_line": "property line",
}


def component_key(component: str) -> str:
    """'Septic tank' -> 'tank'; 'Soil treatment area' / 'drainfield' -> 'sta'."""
    low = component.lower()
    if "tank" in low:
        return "tank"
    return "sta"


def feature_kind(feature: str) -> str:
    """Map a feature name onto one of the drawing kinds (building, well, property, water, pipe)."""
    low = feature.lower()
    for kind, words in (
        ("well", ("well", "suction")),
        ("building", ("building", "house", "dwelling", "foundation")),
        ("property", ("property", "lot line")),
        ("pipe", ("pipe",)),
        ("water", ("water", "lake", "river", "stream", "wetland", "ohw", "bluff")),
    ):
        if any(w in low for w in words):
            return kind
    return "pipe"


def _colour(passes: bool | None) -> str:
    if passes is None:
        return UNKNOWN_COLOUR
    return PASS_COLOUR if passes else FAIL_COLOUR


def _words(feature: str) -> str:
    return _WORDS.get(feature, feature.replace("_", " "))


def ring_colours(rows: Sequence[SiteRow]) -> dict[tuple[str, float], str]:
    """One ring per component and required distance, coloured by the worst row it stands for:
    a ring shared by a passing and a failing distance is drawn as failing, never as passing."""
    rank = {FAIL_COLOUR: 2, UNKNOWN_COLOUR: 1, PASS_COLOUR: 0}
    rings: dict[tuple[str, float], str] = {}
    for row in rows:
        if not row.required_ft:
            continue
        key = (component_key(row.component), float(row.required_ft))
        colour = _colour(row.passes)
        if key not in rings or rank[colour] > rank[rings[key]]:
            rings[key] = colour
    return rings


def _layout(rows: Sequence[SiteRow]) -> tuple[tuple[float, float], float | None]:
    """Where the soil treatment area sits relative to the tank at (0, 0), and the property
    line's y (None without one), so that every distance measured from both is drawable."""
    by_kind: dict[str, dict[str, float]] = {}
    for r in rows:
        if r.actual_ft is not None:
            by_kind.setdefault(feature_kind(r.feature), {})[component_key(r.component)] = float(
                r.actual_ft
            )
    line = by_kind.get("property", {})
    line_y = -line["tank"] if "tank" in line else (-line["sta"] if "sta" in line else None)
    sy = line["tank"] - line["sta"] if {"tank", "sta"} <= set(line) else 0.0
    lo, hi = abs(sy), math.inf
    for kind, d in by_kind.items():
        if kind != "property" and {"tank", "sta"} <= set(d):
            lo, hi = max(lo, abs(d["tank"] - d["sta"])), min(hi, d["tank"] + d["sta"])
    gap = min(max(_DEFAULT_GAP_FT, lo), hi) if lo <= hi else _DEFAULT_GAP_FT
    sx = math.sqrt(max(gap * gap - sy * sy, 0.0)) or 1.0
    return (sx, sy), line_y


def _place(
    kind: str, dists: dict[str, float], spots: dict[str, tuple[float, float]]
) -> tuple[float, float]:
    """A feature's spot: at its measured distance from each component it was measured from (the
    intersection of the two circles on the side its kind is drawn), or along its direction."""
    angle = math.radians(_FEATURE_ANGLE[kind])
    if {"tank", "sta"} <= set(dists):
        (x0, y0), (x1, y1) = spots["tank"], spots["sta"]
        r0, r1 = dists["tank"], dists["sta"]
        d = math.hypot(x1 - x0, y1 - y0)
        if d > 0 and abs(r0 - r1) <= d <= r0 + r1:
            a = (r0 * r0 - r1 * r1 + d * d) / (2 * d)
            h = math.sqrt(max(r0 * r0 - a * a, 0.0))
            mx, my = x0 + a * (x1 - x0) / d, y0 + a * (y1 - y0) / d
            ux, uy = -(y1 - y0) / d, (x1 - x0) / d
            side = 1.0 if math.sin(angle) >= 0 else -1.0
            return mx + side * h * ux, my + side * h * uy
    comp = "tank" if "tank" in dists else "sta"
    cx, cy = spots[comp]
    return cx + dists[comp] * math.cos(angle), cy + dists[comp] * math.sin(angle)


def render_site_png(rows: Sequence[SiteRow], *, title: str = "Site check", dpi: int = 100) -> bytes:
    """Draw the site picture for ``rows`` and return it as PNG bytes.

    Each feature is one marker, placed at its measured distance from the tank and from the soil
    treatment area; each required distance is one ring around its component, red when any
    distance it stands for fails."""
    fig = Figure(figsize=(7.0, 6.0), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    ax.set_aspect("equal")
    ax.set_title(title, fontsize=13)
    ax.set_xlabel("feet (a sketch: directions are illustrative, distances are to scale)")
    sta_xy, line_y = _layout(rows)
    spots = {"tank": (0.0, 0.0), "sta": sta_xy}
    comps = {component_key(r.component) for r in rows} or {"tank"}
    label_box = {"boxstyle": "round,pad=0.2", "fc": "white", "ec": "none", "alpha": 0.85}
    xs, ys = [0.0], [0.0]
    if "tank" in comps:
        ax.add_patch(Rectangle((-5, -3), 10, 6, color="#57606a", zorder=3))
        ax.annotate("septic tank", (0, 4), ha="center", va="bottom", fontsize=10, bbox=label_box)
    if "sta" in comps:
        sx, sy = sta_xy
        ax.add_patch(Rectangle((sx - 12, sy - 6), 24, 12, color="#8c6d1f", alpha=0.35, zorder=1))
        ax.annotate(
            "soil treatment area",
            (sx, sy + 7),
            ha="center",
            va="bottom",
            fontsize=10,
            bbox=label_box,
        )
        xs.append(sx)
        ys.append(sy)
    for (comp, radius), colour in ring_colours(rows).items():
        cx, cy = spots[comp]
        ax.add_patch(Circle((cx, cy), radius, fill=False, ls="--", lw=2.0, ec=colour, zorder=2))
        xs += [cx - radius, cx + radius]
        ys += [cy - radius, cy + radius]

    features: dict[str, list[SiteRow]] = {}
    for r in rows:
        if r.actual_ft is not None:
            features.setdefault(feature_kind(r.feature), []).append(r)
    for kind, group in features.items():
        dists = {component_key(r.component): float(r.actual_ft) for r in group}  # type: ignore[arg-type]
        worst = _colour(
            False if any(r.passes is False for r in group)
            else None if any(r.passes is None for r in group) else True
        )  # fmt: skip
        lines = [_words(group[0].feature)]
        for r in group:
            req = "?" if r.required_ft is None else f"{r.required_ft:g}"
            verdict = {True: "ok", False: "FAILS", None: "?"}[r.passes]
            part = "tank" if component_key(r.component) == "tank" else "soil area"
            lines.append(f"{part}: {r.actual_ft:g} ft (needs {req}) {verdict}")
        if kind == "property" and line_y is not None:
            ax.axhline(line_y, color=worst, lw=2.0, ls="-.", zorder=2)
            for r in group:
                cx, cy = spots[component_key(r.component)]
                ax.plot([cx, cx], [cy, line_y], color=_colour(r.passes), lw=1.0, zorder=4)
            fx, fy = spots["tank"][0], line_y
        else:
            fx, fy = _place(kind, dists, spots)
            for r in group:
                cx, cy = spots[component_key(r.component)]
                ax.plot([cx, fx], [cy, fy], color=_colour(r.passes), lw=1.0, zorder=4)
            ax.plot([fx], [fy], marker=_FEATURE_MARK[kind], ms=11, color=worst, zorder=5)
        xs.append(fx)
        ys.append(fy)
        ax.annotate(
            "\n".join(lines),
            (fx, fy),
            textcoords="offset points",
            xytext=(8, -10 if fy < 0 else 8),
            va="top" if fy < 0 else "bottom",
            fontsize=10,
            color=worst,
            bbox=label_box,
            zorder=6,
        )
    pad = 25.0
    ax.set_xlim(min(xs) - pad, max(xs) + pad * 3)
    ax.set_ylim(min(ys) - pad, max(ys) + pad)
    ax.grid(True, lw=0.3, alpha=0.5)
    handles = [
        Circle((0, 0), 1, fill=False, ec=PASS_COLOUR, label="required distance met"),
        Circle((0, 0), 1, fill=False, ec=FAIL_COLOUR, label="required distance NOT met"),
        Circle((0, 0), 1, fill=False, ec=UNKNOWN_COLOUR, label="not stated / uncertain"),
    ]
    ax.legend(handles=handles, loc="upper right", fontsize=9)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    log.debug("site picture: %d rows, %d bytes", len(rows), buf.tell())
    return buf.getvalue()
