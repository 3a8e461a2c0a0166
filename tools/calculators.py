"""The calculators' public API: pure functions over the curated rules in `data/rules/`.

Each function validates its input (`ToolInputError` naming the value and the allowed range;
`UnknownJurisdictionError` listing the known cities) and returns a typed, cited `CalcResult`
(or a `SiteCheck`). The docstrings are the tool descriptions the assistant and the LLM see.
"""

from __future__ import annotations

from tools.applied import apply_rule, apply_topic, compare_topic, needed_inputs, rules_for, runnable
from tools.base import configure
from tools.holding import holding_tank_capacity
from tools.siting import FEATURES, known_features, setback, site_check
from tools.sizing import design_bedrooms, design_flow, septic_tank_capacity
from tools.soil import soil_treatment_area, vertical_separation
from tools.upkeep import fact_keys, pumping_due, rule_fact

__all__ = [
    "FEATURES",
    "apply_rule",
    "apply_topic",
    "compare_topic",
    "configure",
    "design_bedrooms",
    "design_flow",
    "fact_keys",
    "holding_tank_capacity",
    "known_features",
    "needed_inputs",
    "pumping_due",
    "rule_fact",
    "rules_for",
    "runnable",
    "septic_tank_capacity",
    "setback",
    "site_check",
    "soil_treatment_area",
    "vertical_separation",
]
