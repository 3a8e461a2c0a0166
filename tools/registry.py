"""The calculators by name, for the assistant and the LLM agent.

`index/llm.py` wraps these as llama-index FunctionTools (name = key, description = docstring,
schema = signature); tools/ itself never imports llama_index.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

from tools.calculators import (
    design_flow,
    holding_tank_capacity,
    known_features,
    pumping_due,
    rule_fact,
    septic_tank_capacity,
    setback,
    site_check,
    soil_treatment_area,
    vertical_separation,
)
from tools.compare import compare_cities


def _resolved(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Evaluate the (postponed, string) annotations so schema builders see real types."""
    fn.__annotations__ = typing.get_type_hints(fn)
    return fn


_TOOLS: dict[str, Callable[..., Any]] = {
    "design_flow": design_flow,
    "septic_tank_capacity": septic_tank_capacity,
    "soil_treatment_area": soil_treatment_area,
    "setback": setback,
    "site_check": site_check,
    "vertical_separation": vertical_separation,
    "pumping_due": pumping_due,
    "holding_tank_capacity": holding_tank_capacity,
    "rule_fact": rule_fact,
    "known_features": known_features,
    "compare": compare_cities,
}
TOOLS: dict[str, Callable[..., Any]] = {name: _resolved(fn) for name, fn in _TOOLS.items()}
