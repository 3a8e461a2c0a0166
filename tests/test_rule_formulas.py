"""Every encoded rule, every row and boundary: the figures are worked by hand from the quoted
ordinance text (the `why` column), then computed by the one evaluator."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import ToolInputError
from tools.applied import apply_rule

P = pytest.param

# (city, rule, inputs, expected value, status, why)
VALUES = [
    # Hugo 404.04: "2 or less 1 ,000 / 3 or 4 1 ,200 / 5 or 6 1 , 500 / 7, 8, or 9 2,000"
    P("hugo", "tank.dwelling", {"bedrooms": 1}, 1000, "ok", id="hugo-tank-1br-row-2-or-less"),
    P("hugo", "tank.dwelling", {"bedrooms": 2}, 1000, "ok", id="hugo-tank-2br-boundary"),
    P("hugo", "tank.dwelling", {"bedrooms": 3}, 1200, "ok", id="hugo-tank-3br"),
    P("hugo", "tank.dwelling", {"bedrooms": 4}, 1200, "ok", id="hugo-tank-4br-boundary"),
    P("hugo", "tank.dwelling", {"bedrooms": 5}, 1500, "ok", id="hugo-tank-5br"),
    P("hugo", "tank.dwelling", {"bedrooms": 6}, 1500, "ok", id="hugo-tank-6br-boundary"),
    P("hugo", "tank.dwelling", {"bedrooms": 7}, 2000, "ok", id="hugo-tank-7br"),
    P("hugo", "tank.dwelling", {"bedrooms": 9}, 2000, "ok", id="hugo-tank-9br-last-row"),
    # 10 BR: Other Establishment; Table II 900 + 150 x (10-6) = 1,500 gpd; >= 1,500 -> 1,125 + 0.75 x 1,500
    P("hugo", "tank.dwelling", {"bedrooms": 10}, 2250, "ok", id="hugo-tank-10br-other-establishment"),
    # 404.04(2): 36 h detention = 1.5 x Q, never below 1,000 gal; at 1,500 gpd: 1,125 + 75 % Q
    P("hugo", "tank.other_establishment", {"daily_flow_gpd": 500}, 1000, "ok", id="hugo-oe-500gpd-minimum"),
    P("hugo", "tank.other_establishment", {"daily_flow_gpd": 1000}, 1500, "ok", id="hugo-oe-1000gpd-36h"),
    P("hugo", "tank.other_establishment", {"daily_flow_gpd": 1499}, 2248.5, "ok", id="hugo-oe-1499gpd-below-boundary"),
    P("hugo", "tank.other_establishment", {"daily_flow_gpd": 1500}, 2250, "ok", id="hugo-oe-1500gpd-boundary"),
    P("hugo", "tank.other_establishment", {"daily_flow_gpd": 4000}, 4125, "ok", id="hugo-oe-4000gpd"),
    # sum of the individual dwelling unit requirements: 1,200 + 1,500
    P("hugo", "tank.multi_family", {"units_bedrooms": [3, 5]}, 2700, "ok", id="hugo-units-3-5"),
    P("hugo", "tank.multi_family", {"units_bedrooms": "2,2,2"}, 3000, "ok", id="hugo-units-three-2br"),
    # common tank: max(3,000, 1,125 + 0.75 x Q); 3+3 BR: Q = 900 -> 1,800 -> 3,000 minimum
    P("hugo", "tank.common_collector", {"units_bedrooms": [3, 3]}, 3000, "ok", id="hugo-common-minimum"),
    P("hugo", "tank.common_collector", {"daily_flow_gpd": 3000}, 3375, "ok", id="hugo-common-3000gpd"),
    # 5 homes of 3 BR: 5 x 450 = 2,250 gpd -> 1,125 + 1,687.5 = 2,812.5 -> 3,000
    P("hugo", "tank.common_collector", {"units_bedrooms": [3, 3, 3, 3, 3]}, 3000, "ok", id="hugo-common-5x3br"),
    # 4 x 5 BR: 4 x 750 = 3,000 gpd -> 1,125 + 2,250 = 3,375
    P("hugo", "tank.common_collector", {"units_bedrooms": [5, 5, 5, 5]}, 3375, "ok", id="hugo-common-4x5br"),
    # 404.03(12): first compartment one-half to two-thirds (2 compartments); one-half (3+)
    P("hugo", "tank.first_compartment_min", {"tank_capacity_gal": 4000}, 2000, "ok", id="hugo-first-min-4000"),
    P("hugo", "tank.first_compartment_min", {"tank_capacity_gal": 3000}, None, "not_in_corpus", id="hugo-first-3000-not-over"),
    P("hugo", "tank.first_compartment_max", {"tank_capacity_gal": 4500}, 3000, "ok", id="hugo-first-max-two-thirds"),
    P("hugo", "tank.first_compartment_max", {"tank_capacity_gal": 4500, "compartments": 3}, 2250, "ok", id="hugo-first-three-compartments"),
    P("hugo", "tank.freeboard", {"tank_capacity_gal": 1500}, 300, "ok", id="hugo-freeboard-20pct"),
    # Table II: 300 / 450 / 600 (medium) / 750 / 900 + 150 per additional bedroom
    P("hugo", "flow.dwelling", {"bedrooms": 1}, 300, "ok", id="hugo-flow-1br-minimum-2"),
    P("hugo", "flow.dwelling", {"bedrooms": 3}, 450, "ok", id="hugo-flow-3br"),
    P("hugo", "flow.dwelling", {"bedrooms": 4}, 600, "flagged", id="hugo-flow-4br-ocr-medium"),
    P("hugo", "flow.dwelling", {"bedrooms": 5}, 750, "ok", id="hugo-flow-5br"),
    P("hugo", "flow.dwelling", {"bedrooms": 6}, 900, "ok", id="hugo-flow-6br"),
    P("hugo", "flow.dwelling", {"bedrooms": 8}, 1200, "ok", id="hugo-flow-8br-plus-150-each"),
    P("hugo", "flow.dwelling", {"bedrooms": 3, "garbage_disposal": True}, 600, "ok", id="hugo-flow-gd-3br"),
    P("hugo", "flow.dwelling", {"bedrooms": 5, "garbage_disposal": True}, None, "flagged", id="hugo-flow-gd-5br-unreadable"),
    # Table III x flow; trenches only: -20 % at 18 in, -34 % at 24 in
    P("hugo", "area.trench_bed", {"bedrooms": 3, "perc_rate_mpi": 20}, 751.5, "ok", id="hugo-area-3br-20mpi"),
    P("hugo", "area.trench_bed", {"bedrooms": 3, "perc_rate_mpi": 20, "rock_depth_in": 18}, 601.2, "ok", id="hugo-area-18in"),
    P("hugo", "area.trench_bed", {"bedrooms": 3, "perc_rate_mpi": 20, "rock_depth_in": 24}, 495.99, "ok", id="hugo-area-24in"),
    P("hugo", "area.trench_bed", {"bedrooms": 3, "perc_rate_mpi": 20, "rock_depth_in": 24, "system_type": "bed"}, 751.5, "ok", id="hugo-bed-no-rock-reduction"),
    P("hugo", "area.trench_bed", {"daily_flow_gpd": 600, "perc_rate_mpi": 40}, 1200, "ok", id="hugo-area-600gpd-40mpi"),
    P("hugo", "area.trench_bed", {"daily_flow_gpd": 100, "perc_rate_mpi": 5}, 83, "ok", id="hugo-area-5mpi-boundary"),
    P("hugo", "area.trench_bed", {"daily_flow_gpd": 100, "perc_rate_mpi": 6}, 127, "ok", id="hugo-area-6mpi"),
    P("hugo", "area.trench_bed", {"daily_flow_gpd": 100, "perc_rate_mpi": 15}, 127, "ok", id="hugo-area-15mpi-boundary"),
    P("hugo", "area.trench_bed", {"daily_flow_gpd": 100, "perc_rate_mpi": 45}, 200, "ok", id="hugo-area-45mpi-boundary"),
    P("hugo", "area.trench_bed", {"daily_flow_gpd": 100, "perc_rate_mpi": 60}, 220, "ok", id="hugo-area-60mpi-boundary"),
    P("hugo", "area.trench_bed", {"daily_flow_gpd": 100, "perc_rate_mpi": 61}, None, "unsuitable", id="hugo-area-61mpi-unsuitable"),
    P("hugo", "area.trench_bed", {"daily_flow_gpd": 100, "perc_rate_mpi": 0.05}, None, "unsuitable", id="hugo-area-fast-unsuitable"),
    P("hugo", "area.trench_bed", {"daily_flow_gpd": 100, "perc_rate_mpi": 20, "rock_depth_in": 20}, None, "not_in_corpus", id="hugo-area-20in-rock-no-row"),
    P("hugo", "area.mound", {"daily_flow_gpd": 450}, 373.5, "ok", id="hugo-mound-0.83"),
    P("hugo", "area.mound", {"bedrooms": 5}, 622.5, "ok", id="hugo-mound-5br"),
    # sum of areas: 3 BR 751.5 + 5 BR 750 x 1.67 = 1,252.5 -> 2,004
    P("hugo", "area.collector", {"units_bedrooms": [3, 5], "perc_rate_mpi": 20}, 2004, "ok", id="hugo-collector-area"),
    P("hugo", "separation.vertical", {"perc_rate_mpi": 15}, 48, "ok", id="hugo-separation-15-4ft"),
    P("hugo", "separation.vertical", {"perc_rate_mpi": 16}, 36, "ok", id="hugo-separation-16-3ft"),
    P("hugo", "separation.vertical", {"perc_rate_mpi": 60}, 36, "ok", id="hugo-separation-60"),
    P("hugo", "mound.slope", {"perc_rate_mpi": 20}, 12, "ok", id="hugo-mound-slope-12"),
    P("hugo", "mound.slope", {"perc_rate_mpi": 31}, 6, "ok", id="hugo-mound-slope-6"),
    P("hugo", "mound.slope", {"perc_rate_mpi": 61}, 3, "ok", id="hugo-mound-slope-3"),
    # 7 1/2 gpm per 100 sq ft: 1,000 sq ft -> 75 gpm
    P("hugo", "dose.pump_capacity", {"soil_area_sqft": 1000}, 75, "ok", id="hugo-pump-75gpm"),
    P("hugo", "dose.pump_capacity", {"soil_area_sqft": 750}, 56.25, "ok", id="hugo-pump-750sqft"),
    P("hugo", "dose.pump_head", {"friction_head_ft": 6, "lift_ft": 8}, 19, "ok", id="hugo-head-5ft-more"),
    P("hugo", "dose.max_per_cycle", {"daily_flow_gpd": 600}, 150, "ok", id="hugo-dose-25pct"),
    P("hugo", "dose.max_per_cycle", {"bedrooms": 3}, 112.5, "ok", id="hugo-dose-3br"),
    P("hugo", "dose.min_chamber", {}, 75, "ok", id="hugo-min-dose-75"),
    P("hugo", "dose.gravity_rate_other", {"water_supply_gph": 600}, 660, "ok", id="hugo-gravity-other-10pct"),
    P("hugo", "dose.mound_gravity_min", {"daily_flow_gpd": 450}, 112.5, "ok", id="hugo-mound-dose-25pct"),
    P("hugo", "holding_tank.dwelling", {"bedrooms": 2}, 1200, "ok", id="hugo-holding-2br-minimum"),
    P("hugo", "holding_tank.dwelling", {"bedrooms": 3}, 1200, "ok", id="hugo-holding-3br-boundary"),
    P("hugo", "holding_tank.dwelling", {"bedrooms": 4}, 1600, "ok", id="hugo-holding-4br"),
    P("hugo", "holding_tank.dwelling", {"bedrooms": 5}, 2000, "ok", id="hugo-holding-5br"),
    P("hugo", "holding_tank.other", {"daily_flow_gpd": 300}, 2400, "ok", id="hugo-holding-other-8x"),
    P("hugo", "holding_tank.alarm_level", {"tank_capacity_gal": 2000}, 1500, "ok", id="hugo-alarm-75pct"),
    P("hugo", "holding_tank.alarm_level", {"bedrooms": 5}, 1500, "ok", id="hugo-alarm-5br"),
    P("hugo", "holding_tank.floodplain", {"bedrooms": 3, "flood_days": 5}, 1500, "ok", id="hugo-flood-100xbrxdays"),
    P("hugo", "holding_tank.floodplain", {"bedrooms": 2, "flood_days": 3}, 1000, "ok", id="hugo-flood-minimum"),
    P("hugo", "aerobic.aeration", {"bedrooms": 3}, 500, "ok", id="hugo-aeration-500-minimum"),
    P("hugo", "aerobic.aeration", {"bedrooms": 5}, 600, "ok", id="hugo-aeration-120-per-br"),
    P("hugo", "aerobic.settling", {"bedrooms": 5}, 120, "ok", id="hugo-settling-20pct"),
    P("hugo", "aerobic.trash_trap", {"daily_flow_gpd": 450}, 90, "ok", id="hugo-trash-trap-20pct"),
    P("hugo", "setback.table", {"feature": "building", "component": "soil_treatment_area"}, 20, "ok", id="hugo-setback-building-sta"),
    P("hugo", "setback.table", {"feature": "well_shallow"}, 50, "ok", id="hugo-setback-shallow-tank"),
    P("hugo", "setback.table", {"feature": "lake_general_development"}, None, "flagged", id="hugo-setback-ls3-tank-unreadable"),
    P("hugo", "setback.table", {"feature": "bluffline_wild_scenic_12pct"}, 40, "flagged", id="hugo-setback-bluff-medium"),
    P("hugo", "setback.well_by_depth", {"well_depth_ft": 40, "component": "soil_treatment_area"}, 100, "ok", id="hugo-well-40ft-sta"),
    P("hugo", "setback.well_by_depth", {"well_depth_ft": 50, "component": "soil_treatment_area"}, 50, "ok", id="hugo-well-50ft-boundary"),
    P("hugo", "setback.well_by_depth", {"well_depth_ft": 40, "impervious_ft": 10, "component": "soil_treatment_area"}, 50, "ok", id="hugo-well-cased-10ft"),
    P("hugo", "setback.shortfall", {"feature": "building", "component": "soil_treatment_area", "distance_ft": 12}, 8, "ok", id="hugo-shortfall-8ft"),
    P("hugo", "setback.well_shortfall", {"well_depth_ft": 40, "component": "soil_treatment_area", "distance_ft": 70}, 30, "ok", id="hugo-well-shortfall-30"),
    P("hugo", "collector.infiltration", {"pipe_diameter_in": 4, "sewer_length_mi": 0.5}, 400, "ok", id="hugo-infiltration"),
    # Chaska: base area from the state table, Chaska's own multipliers (Sections 98, 99)
    P("chaska", "tank.dwelling", {"bedrooms": 3}, 1250, "ok", id="chaska-tank-3br-1250"),
    P("chaska", "tank.dwelling", {"bedrooms": 2}, 1000, "ok", id="chaska-tank-2br"),
    P("chaska", "tank.dwelling", {"bedrooms": 6}, 1500, "ok", id="chaska-tank-6br"),
    P("chaska", "tank.dwelling", {"bedrooms": 9}, 2000, "ok", id="chaska-tank-9br"),
    P("chaska", "tank.dwelling", {"bedrooms": 10}, None, "not_in_corpus", id="chaska-tank-10br-past-table"),
    P("chaska", "tank.units_each", {"units_bedrooms": [3, 5]}, 2750, "ok", id="chaska-units-sum"),
    P("chaska", "area.trench_bed", {"base_area_sqft": 720}, 720, "ok", id="chaska-trench-12in"),
    P("chaska", "area.trench_bed", {"base_area_sqft": 720, "rock_depth_in": 18}, 576, "ok", id="chaska-trench-18in"),
    P("chaska", "area.trench_bed", {"base_area_sqft": 720, "rock_depth_in": 24}, 475.2, "ok", id="chaska-trench-24in"),
    P("chaska", "area.trench_bed", {"base_area_sqft": 720, "system_type": "bed"}, 900, "ok", id="chaska-bed-1.25"),
    P("chaska", "area.trench_bed", {"base_area_sqft": 720, "system_type": "bed", "rock_depth_in": 24}, 900, "ok", id="chaska-bed-no-rock-reduction"),
    P("chaska", "area.mound", {"base_area_sqft": 720, "perc_rate_mpi": 60}, 900, "ok", id="chaska-mound-60-boundary"),
    P("chaska", "area.mound", {"base_area_sqft": 720, "perc_rate_mpi": 61}, 1080, "ok", id="chaska-mound-slow-1.5"),
    P("chaska", "dose.chamber_storage", {"restricted_use_gpd": 150}, 450, "ok", id="chaska-dosing-3-days"),
    P("chaska", "sewer.permit_fee", {"sewer_use": "residential"}, 10, "ok", id="chaska-fee-residential"),
    P("chaska", "sewer.permit_fee", {"sewer_use": "industrial"}, 40, "ok", id="chaska-fee-industrial"),
    P("chaska", "sewer.min_fall", {"pipe_length_ft": 80}, 10, "ok", id="chaska-fall-1/8-per-ft"),
    P("chaska", "discharge.pool_per_day", {"pool_capacity_gal": 20000}, 5000, "ok", id="chaska-pool-quarter"),
    # East Bethel (titles; state figures adopted by reference)
    P("east-bethel", "bedrooms.design", {"bedrooms": 3, "unfinished_basement": True}, 4, "ok", id="eb-basement-plus-one"),
    P("east-bethel", "bedrooms.design", {"bedrooms": 3}, 3, "ok", id="eb-no-basement"),
    P("east-bethel", "tank.compartments", {"bedrooms": 4}, 2, "ok", id="eb-compartments-4br-boundary"),
    P("east-bethel", "tank.compartments", {"bedrooms": 3}, None, "not_in_corpus", id="eb-compartments-3br"),
    P("east-bethel", "pump_tank.size", {}, 1000, "ok", id="eb-pump-tank-1000"),
    P("east-bethel", "pump_tank.size", {"official_approved": True}, 500, "ok", id="eb-pump-tank-approved-500"),
    P("east-bethel", "holding_tank.dwelling", {"bedrooms": 2}, 1000, "ok", id="eb-holding-2br-state-min"),
    P("east-bethel", "holding_tank.dwelling", {"bedrooms": 4}, 1600, "ok", id="eb-holding-4br-400-per"),
    P("east-bethel", "holding_tank.other", {"daily_flow_gpd": 300}, 1500, "ok", id="eb-holding-other-5x"),
    P("east-bethel", "separation.existing", {}, 30.6, "ok", id="eb-separation-30.6"),
    P("east-bethel", "separation.reduced_from_base", {}, 30.6, "ok", id="eb-separation-36-less-15pct"),
    P("east-bethel", "setback.accessory_building", {"base_setback_ft": 20}, 10, "ok", id="eb-garage-setback-half"),
    P("east-bethel", "soil_area.reserved", {}, 10000, "ok", id="eb-two-systems-5000-each"),
    P("east-bethel", "permit.fee_doubled", {"fee_usd": 350}, 700, "ok", id="eb-fee-doubled"),
    P("east-bethel", "escrow.winter", {"bids_usd": [14000, 16500], "work_date": "2026-01-15"}, 20625, "ok", id="eb-escrow-larger-bid"),
    P("east-bethel", "escrow.winter", {"bids_usd": [12000, 10000], "work_date": "2025-12-01"}, 15000, "ok", id="eb-escrow-dec-1-boundary"),
    P("east-bethel", "escrow.winter", {"bids_usd": [12000, 10000], "work_date": "2026-05-01"}, 15000, "ok", id="eb-escrow-may-1-boundary"),
    P("east-bethel", "escrow.winter", {"bids_usd": [12000, 10000], "work_date": "2026-05-02"}, None, "not_in_corpus", id="eb-escrow-summer"),
]  # fmt: skip


@pytest.mark.parametrize(("city", "rule", "inputs", "value", "status"), VALUES)
def test_rule_gives_the_hand_worked_figure(
    city: str, rule: str, inputs: dict[str, Any], value: float | None, status: str
) -> None:
    r = apply_rule(city, rule, **inputs)
    assert r.status == status, r.summary
    if value is None:
        assert r.value is None
    else:
        assert r.value == pytest.approx(value, abs=0.01), r.steps
    assert r.citations and all(c.quote for c in r.citations)


OUTCOMES = [
    P("hugo", "tank.tanks_in_series", {"tanks_in_series": 4}, True, id="hugo-4-tanks-ok"),
    P("hugo", "tank.tanks_in_series", {"tanks_in_series": 5}, False, id="hugo-5-tanks-too-many"),
    P("hugo", "trench.width", {"trench_width_in": 18}, True, id="hugo-trench-18in-boundary"),
    P("hugo", "trench.width", {"trench_width_in": 36}, True, id="hugo-trench-36in-boundary"),
    P("hugo", "trench.width", {"trench_width_in": 40}, False, id="hugo-trench-40in"),
    P("hugo", "trench.width", {"trench_width_in": 12}, False, id="hugo-trench-12in"),
    P("hugo", "trench.length", {"trench_length_ft": 100}, True, id="hugo-trench-100ft"),
    P("hugo", "trench.length", {"trench_length_ft": 120}, False, id="hugo-trench-120ft"),
    P("hugo", "trench.rock_depth", {"rock_depth_in": 30}, False, id="hugo-rock-30in"),
    P("hugo", "trench.cover", {"cover_in": 6}, False, id="hugo-cover-6in"),
    P("hugo", "trench.pipe_slope", {"pipe_slope_in_per_100ft": 4}, True, id="hugo-pipe-slope-4"),
    P("hugo", "mound.bed_width", {"bed_width_ft": 12}, False, id="hugo-mound-bed-12ft"),
    P("hugo", "mound.bed_width", {"bed_width_ft": 10}, True, id="hugo-mound-bed-10ft"),
    P("hugo", "bed.slope", {"slope_pct": 7}, False, id="hugo-bed-slope-7"),
    P("hugo", "distribution.drop_boxes", {"elevation_difference_in": 30}, False, id="hugo-drop-boxes-30in"),
    P("hugo", "dose.pump_capacity_check", {"pump_rate_gpm": 50, "soil_area_sqft": 1000}, False, id="hugo-pump-50-of-75"),
    P("hugo", "dose.pump_capacity_check", {"pump_rate_gpm": 80, "soil_area_sqft": 1000}, True, id="hugo-pump-80-of-75"),
    P("hugo", "dose.gravity_rate_dwelling", {"pump_rate_gph": 600}, True, id="hugo-gravity-600-boundary"),
    P("hugo", "dose.gravity_rate_dwelling", {"pump_rate_gph": 2700}, True, id="hugo-gravity-2700-boundary"),
    P("hugo", "dose.gravity_rate_dwelling", {"pump_rate_gph": 3000}, False, id="hugo-gravity-3000"),
    P("hugo", "dose.gravity_rate_dwelling", {"pump_rate_gph": 500}, False, id="hugo-gravity-500"),
    P("hugo", "dose.min_chamber", {"dose_gal": 60}, False, id="hugo-dose-60-too-small"),
    P("hugo", "lot.reserved_area", {"area_sqft": 4800}, False, id="hugo-lot-4800"),
    P("hugo", "licence.liability_per_person", {"coverage_usd": 100000}, True, id="hugo-insurance-100k"),
    P("hugo", "setback.shortfall", {"feature": "building", "distance_ft": 12}, True, id="hugo-tank-building-12ft-ok"),
    P("chaska", "sewer.bond", {"bond_usd": 400}, False, id="chaska-bond-400"),
    P("chaska", "sewer.connection_required", {"distance_ft": 100}, True, id="chaska-sewer-100ft"),
    P("chaska", "discharge.temperature", {"temperature_f": 195}, False, id="chaska-195F"),
    P("chaska", "discharge.ph", {"ph": 6.0}, True, id="chaska-ph-6.0-boundary"),
    P("chaska", "discharge.ph", {"ph": 10}, False, id="chaska-ph-10"),
    P("chaska", "discharge.grease", {"grease_mg_l": 150}, False, id="chaska-grease-150"),
    P("chaska", "discharge.bod_approval", {"bod_mg_l": 450}, False, id="chaska-bod-450-needs-council"),
    P("east-bethel", "separation.existing", {"separation_in": 30}, False, id="eb-separation-30in"),
    P("east-bethel", "soil_area.reserved", {"area_sqft": 10000}, True, id="eb-reserved-10000"),
    P("east-bethel", "holding_tank.improvement_limit", {"improvement_usd": 60000, "assessed_value_usd": 100000}, False, id="eb-improvement-60pct"),
    P("east-bethel", "holding_tank.improvement_limit", {"improvement_usd": 50000, "assessed_value_usd": 100000}, True, id="eb-improvement-50pct-boundary"),
]  # fmt: skip


@pytest.mark.parametrize(("city", "rule", "inputs", "outcome"), OUTCOMES)
def test_rule_check_gives_the_hand_worked_verdict(
    city: str, rule: str, inputs: dict[str, Any], outcome: bool
) -> None:
    assert apply_rule(city, rule, **inputs).outcome is outcome


DATES = [
    P("hugo", "permit.expires", {"issue_date": "2026-03-15"}, "2026-09-15", id="hugo-permit-6-months"),
    P("hugo", "permit.expires", {"issue_date": "2026-08-31"}, "2027-02-28", id="hugo-permit-month-end"),
    P("hugo", "failing.deadline", {"notice_date": "2026-06-01"}, "2026-08-30", id="hugo-failing-90-days"),
    P("hugo", "maintenance.order_deadline", {"notice_date": "2026-06-01"}, "2026-07-01", id="hugo-order-30-days"),
    P("hugo", "inspection.notice_by", {"inspection_time": "2026-05-04T09:00"}, "2026-05-03 09:00", id="hugo-notice-24h"),
    P("hugo", "holding_tank.temporary_until", {"approval_date": "2026-04-01"}, "2027-04-01", id="hugo-holding-1-year"),
    P("hugo", "fill.settle_until", {"fill_date": "2026-04-01"}, "2027-04-01", id="hugo-fill-12-months"),
    P("hugo", "dose.siphon_inspection", {"last_inspection_date": "2026-01-10"}, "2026-07-10", id="hugo-siphon-6-months"),
    P("chaska", "permit.expires", {"issue_date": "2026-03-15"}, "2027-03-15", id="chaska-permit-12-months"),
    P("chaska", "reinspection.payment_due", {"reinspection_date": "2026-03-25"}, "2026-04-04", id="chaska-reinspection-10-days"),
    P("chaska", "sewer.connection_deadline", {"notice_date": "2026-01-01"}, "2026-03-02", id="chaska-connect-60-days"),
    P("chaska", "alternative.report_by", {"discovery_time": "2026-05-01T20:00"}, "2026-05-02 14:00", id="chaska-report-18h"),
    P("chaska", "alternative.abate_by", {"discovery_time": "2026-05-01T20:00"}, "2026-05-03 20:00", id="chaska-abate-48h"),
    P("east-bethel", "permit.expires", {"issue_date": "2026-02-28"}, "2027-02-28", id="eb-permit-12-months"),
    P("east-bethel", "failing.groundwater_deadline", {"notice_date": "2026-01-31"}, "2026-11-30", id="eb-failing-10-months"),
    P("east-bethel", "failing.imminent_deadline", {"notice_date": "2026-01-01"}, "2026-04-01", id="eb-imminent-90-days"),
    P("east-bethel", "compliance.shoreland_certificate", {"inspection_date": "2026-05-20"}, "2026-06-04", id="eb-certificate-15-days"),
    P("east-bethel", "maintenance.next_due", {"last_service_date": "2024-02-29"}, "2027-02-28", id="eb-maintenance-3-years-leap"),
    P("east-bethel", "enforcement.stop_within", {"notice_time": "2026-05-01T08:30"}, "2026-05-02 08:30", id="eb-stop-24h"),
    P("east-bethel", "inspection.no_show", {"inspection_time": "2026-05-01T10:00"}, "2026-05-01 12:00", id="eb-no-show-2h"),
]  # fmt: skip


@pytest.mark.parametrize(("city", "rule", "inputs", "expected"), DATES)
def test_date_rule_counts_from_the_event(
    city: str, rule: str, inputs: dict[str, Any], expected: str
) -> None:
    r = apply_rule(city, rule, **inputs)
    assert r.status == "ok" and r.value_text == expected, r.steps


def test_a_bed_is_told_the_rock_reduction_is_for_trenches_only() -> None:
    r = apply_rule(
        "hugo", "area.trench_bed", bedrooms=3, perc_rate_mpi=20, system_type="bed", rock_depth_in=24
    )
    assert any("trenches only" in n for n in r.not_covered)


def test_a_reduction_that_needs_the_officials_approval_says_so() -> None:
    r = apply_rule("east-bethel", "setback.accessory_building", base_setback_ft=20)
    assert r.approvals == ["the building official"]
    assert not apply_rule("east-bethel", "pump_tank.size").approvals
    assert apply_rule("east-bethel", "pump_tank.size", official_approved=True).approvals


def test_state_figures_are_cited_as_adopted_state_rules() -> None:
    r = apply_rule("east-bethel", "holding_tank.dwelling", bedrooms=5)
    assert r.value == 2000
    assert any(c.source == "state" and c.rule_part == "Minn. R. 7080.2290" for c in r.citations)


def test_each_step_of_a_combined_rule_is_shown() -> None:
    r = apply_rule("hugo", "tank.common_collector", units_bedrooms=[5, 5, 5, 5])
    text = "\n".join(r.steps)
    assert "750 gpd + 750 gpd + 750 gpd + 750 gpd = 3,000 gpd" in text
    assert "1,125 gal + 0.75 (75 %) × 3,000 gpd = 3,375 gal" in text
    assert {c.section for c in r.citations} == {"502.03", "404.09"}


def test_the_larger_of_one_bid_is_that_bid() -> None:
    r = apply_rule("east-bethel", "escrow.winter", bids_usd=[12000], work_date="2026-01-15")
    assert r.value == 15000
    assert "The larger of the bids: $12,000 (the only one given)." in r.steps
    assert not any("greater of  and" in s for s in r.steps)


@pytest.mark.parametrize(
    ("inputs", "fix"),
    [
        ({"bedrooms": 0}, "bedrooms must be a number at least 1"),
        ({"bedrooms": 2.5}, "bedrooms must be a whole number"),
        ({"bedrooms": 4, "colour": "red"}, "does not take 'colour'"),
        ({}, "needs 'bedrooms'"),
    ],
    ids=["zero", "fraction", "unknown-input", "missing"],
)
def test_bad_input_names_the_input_and_the_fix(inputs: dict[str, Any], fix: str) -> None:
    with pytest.raises(ToolInputError, match=fix):
        apply_rule("hugo", "holding_tank.dwelling", **inputs)


def test_a_bad_date_names_the_format() -> None:
    with pytest.raises(ToolInputError, match="issue_date must be a date like 2026-05-01"):
        apply_rule("hugo", "permit.expires", issue_date="next Tuesday")
