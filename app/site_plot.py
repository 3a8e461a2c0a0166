"""A simple site picture for the site check: components, features and required-distance rings.

The picture is schematic, not a survey: each component (septic tank, soil treatment area) sits at
a fixed spot, each feature (well, building, property line, water) is drawn at its *actual*
distance from the component it was measured against, and a ring of the *required* distance is
drawn around the component, green where the distance passes and red where it fails. Rendering uses
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


# Where each component sits (feet) and which way each kind of feature is drawn from it.
_COMPONENT_XY = {"tank": (0.0, 0.0), "sta": (60.0, 0.0)}
_FEATURE_ANGLE = {
    "building": 90.0,
    "well": 200.0,
    "property": 270.0,
    "water": 330.0,
    "pipe": 150.0,
}
_FEATURE_MARK = {"building": "s", "well": "o", "property": "|", "water": "v", "pipe": "x"}


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


def render_site_png(rows: Sequence[SiteRow], *, title: str = "Site check", dpi: int = 100) -> bytes:
    """Draw the site picture for ``rows`` and return it as PNG bytes."""
    fig = Figure(figsize=(7.5, 6.0), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    ax.set_aspect("equal")
    ax.set_title(title)
    ax.set_xlabel("feet (schematic: directions are illustrative, distances are to scale)")

    used: dict[str, int] = {}
    extent = 40.0
    for comp in sorted({component_key(r.component) for r in rows} or {"tank"}):
        cx, cy = _COMPONENT_XY[comp]
        if comp == "tank":
            ax.add_patch(Rectangle((cx - 5, cy - 3), 10, 6, color="#57606a", zorder=3))
            ax.annotate("tank", (cx, cy - 8), ha="center", fontsize=8)
        else:
            ax.add_patch(
                Rectangle((cx - 12, cy - 6), 24, 12, color="#8c6d1f", alpha=0.35, zorder=1)
            )
            ax.annotate("soil treatment area", (cx, cy - 11), ha="center", fontsize=8)

    for row in rows:
        comp = component_key(row.component)
        kind = feature_kind(row.feature)
        cx, cy = _COMPONENT_XY[comp]
        colour = _colour(row.passes)
        slot = used.get(f"{comp}:{kind}", 0)
        used[f"{comp}:{kind}"] = slot + 1
        angle = math.radians(_FEATURE_ANGLE[kind] + 18.0 * slot + (12.0 if comp == "sta" else 0.0))
        if row.required_ft:
            ax.add_patch(
                Circle((cx, cy), row.required_ft, fill=False, ls="--", lw=2.0, ec=colour, zorder=2)
            )
            extent = max(extent, row.required_ft + abs(cx))
        if row.actual_ft is not None:
            fx = cx + row.actual_ft * math.cos(angle)
            fy = cy + row.actual_ft * math.sin(angle)
            extent = max(extent, abs(fx) + 10, abs(fy) + 10)
            ax.plot([cx, fx], [cy, fy], color=colour, lw=1.0, zorder=4)
            if kind == "property":  # a property line is a line, not a point
                ax.axhline(fy, color=colour, lw=2.0, ls="-.", zorder=2)
            ax.plot([fx], [fy], marker=_FEATURE_MARK[kind], ms=10, color=colour, zorder=5)
            req = "?" if row.required_ft is None else f"{row.required_ft:g}"
            verdict = {True: "ok", False: "FAILS", None: "unknown"}[row.passes]
            ax.annotate(
                f"{row.feature}\n{row.actual_ft:g} ft (needs {req}) {verdict}",
                (fx, fy),
                textcoords="offset points",
                xytext=(6, 6),
                fontsize=7,
                color=colour,
            )
    ax.set_xlim(-extent - 10, extent + 70)
    ax.set_ylim(-extent - 10, extent + 10)
    ax.grid(True, lw=0.3, alpha=0.5)
    handles = [
        Circle((0, 0), 1, fill=False, ec=PASS_COLOUR, label="required distance met"),
        Circle((0, 0), 1, fill=False, ec=FAIL_COLOUR, label="required distance NOT met"),
        Circle((0, 0), 1, fill=False, ec=UNKNOWN_COLOUR, label="not stated / uncertain"),
    ]
    ax.legend(handles=handles, loc="upper right", fontsize=7)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    log.debug("site picture: %d rows, %d bytes", len(rows), buf.tell())
    return buf.getvalue()
