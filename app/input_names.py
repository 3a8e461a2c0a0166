"""The names a user sees for calculator inputs, and messages rewritten in those names.

The calculators (tools/) name their inputs as Python parameters (``daily_flow_gpd``,
``rock_depth_in``) in their errors and summaries. The command line calls those inputs ``--flow``
and ``--rock``; the web form calls them "Daily flow (gallons per day)" and "Rock below the pipe".
:func:`in_user_words` rewrites a message for one audience, so no user ever reads a parameter name
they cannot type or see; :func:`did_you_mean` offers the closest known values for a mistyped one.
Pure: no CLI or UI library here.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable
from typing import Literal

Audience = Literal["cli", "web"]

# parameter -> (command-line flag, web form label)
INPUTS: dict[str, tuple[str, str]] = {
    "jurisdiction": ("--city", "City"),
    "bedrooms": ("--bedrooms", "Bedrooms"),
    "daily_flow_gpd": ("--flow", "Daily flow (gallons per day)"),
    "perc_rate_min_per_inch": ("--perc", "Percolation rate (minutes per inch)"),
    "system_type": ("--system", "System type"),
    "rock_depth_in": ("--rock", "Rock below the pipe (inches)"),
    "base_area_sqft": ("--base-area", "Base area from the state table (sq ft)"),
    "garbage_disposal": ("--garbage-disposal", "Garbage disposal"),
    "unfinished_basement": ("--unfinished-basement", "Unfinished basement"),
    "pressurized": ("--pressurized", "Pressure distribution (pump tank)"),
    "dwelling_class": ("--class", "Dwelling class"),
    "sludge_to_outlet_baffle_in": ("--sludge", "Sludge to outlet baffle (inches)"),
    "scum_to_outlet_baffle_in": ("--scum", "Scum to outlet baffle (inches)"),
    "existing_system": ("--existing", "Existing system"),
    "feature": ("--feature", "Setback from"),
    "component": ("--component", "Measured from"),
    "well_type": ("--well-type", "Well type"),
    "water_type": ("--water-type", "Water type"),
}
_PARTS = {"tank": "Tank", "sta": "Soil area"}
_FEATURES = {
    "well": "well",
    "building": "building",
    "property_line": "property line",
    "water": "lake or river",
}
for _part, _part_word in _PARTS.items():
    for _feat, _feat_word in _FEATURES.items():
        INPUTS[f"{_part}_to_{_feat}_ft"] = (
            f"--{_part}-to-{_feat.replace('_', '-')}",
            f"{_part_word} to {_feat_word} (feet)",
        )

# calculator function -> (what the command line calls it, what the web page calls it)
TOOLS: dict[str, tuple[str, str]] = {
    "septic_tank_capacity": ("`calc tank`", "The septic tank calculator"),
    "design_flow": ("`calc flow`", "The design flow calculator"),
    "soil_treatment_area": ("`calc area`", "The soil treatment area calculator"),
    "vertical_separation": ("`calc separation`", "The vertical separation calculator"),
    "pumping_due": ("`calc pumping`", "The pumping calculator"),
    "holding_tank_capacity": ("`calc holding`", "The holding tank calculator"),
    "setback": ("`calc setback`", "The setback calculator"),
    "site_check": ("`calc site`", "The site check"),
}

VALUES: dict[str, str] = {
    "soil_treatment_area": "soil treatment area",
    "well_shallow": "shallow well",
    "well_other": "other well",
    "unclassified_water": "unclassified water",
    "holding_tank": "holding tank",
}
"""Choice values as words, for the web page (the command line types the keys)."""


def label(name: str, audience: Audience = "web") -> str:
    """The flag or form label of a calculator parameter (the name itself when unknown)."""
    pair = INPUTS.get(name)
    return name if pair is None else pair[0 if audience == "cli" else 1]


def value_words(value: object) -> str:
    """A choice key as words: 'soil_treatment_area' -> 'soil treatment area'."""
    text = str(value)
    return VALUES.get(text, text.replace("_", " "))


def _swap(shown: str, m: re.Match[str]) -> str:
    return shown + (" " if m.group(1) else "")


def in_user_words(message: str, audience: Audience) -> str:
    """``message`` with every parameter and calculator name as the audience knows it.

    ``compare('setback') needs feature=...`` -> ``comparing setback needs --feature ...``. A name
    with an underscore is always a parameter; a plain word ('bedrooms') only where it stands for
    one (first word, ``name=``, or ``needs/Give/of/or name (``), so "4 bedrooms" stays prose.
    For the web, sentences telling the reader to run an ``ordinance`` command are dropped."""
    cli = audience == "cli"
    text = re.sub(r"compare\('(\w+)'\)", lambda m: f"comparing {m.group(1)}", message)
    text = re.sub(r",? got (?:\w+=None(?:, )?)+\.", ".", text)
    for tool, (flag, words) in TOOLS.items():
        text = re.sub(rf"(?<!comparing )\b{tool}(?=\s+needs\b)", flag if cli else words, text)
    for name, (flag, words) in sorted(INPUTS.items(), key=lambda kv: -len(kv[0])):
        shown = flag if cli else f'"{words}"'
        if "_" in name:
            where = rf"\b{name}\b"
        else:
            where = rf"^{name}\b|\b{name}(?==)|(?:(?<=needs )|(?<=Give )|(?<= of )|(?<= or )){name}(?= \()"
        text = re.sub(rf"(?:{where})(=)?", functools.partial(_swap, shown), text)
    if not cli:
        text = without_commands(text)
    text = text.strip()
    return text[:1].upper() + text[1:]


def without_commands(text: str) -> str:
    """``text`` for a web reader: sentences telling them to run an ``ordinance`` command are
    dropped (a web user has no shell); where the fix is rebuilding the index, the site's
    administrator is named instead."""
    clauses = re.split(r"(?<=[.;:])\s+", text)
    dropped = [c for c in clauses if "`ordinance " in c]
    if not dropped:
        return text
    kept = " ".join(c for c in clauses if c not in dropped).strip()
    if kept.endswith((":", ";", ",")):
        kept = kept[:-1] + "."
    if any("ingest" in c and ("index" in c or "rebuild" in c) for c in dropped):
        kept += " The site's administrator needs to rebuild the index on the server."
    return kept.strip()


def did_you_mean(value: str, known: Iterable[str], n: int = 3) -> list[str]:
    """The known values closest to a mistyped one ('tanks' -> ['tank'])."""
    choices = list(known)
    low = value.lower().strip()
    starts = [k for k in choices if k.startswith(low) or low.startswith(k)]
    close = difflib.get_close_matches(low, choices, n=n, cutoff=0.6)
    return list(dict.fromkeys([*close, *starts]))[:n]
