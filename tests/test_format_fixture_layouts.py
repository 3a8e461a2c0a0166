"""Every plain-text or PDF layout read by a reader of its own (a configuration file, a records
export, a markup export, RTF source, a parallel translation, a codifier's page printed as text)
gives each section of its fixture with its title, and its rules compute the figures read by hand
from the fixture's text. One table per check; each layout's own behaviours stay in its file."""

from __future__ import annotations

import pytest
from helpers import FORMATS, expected_sections, fixture_rule_value, found_sections, parse_fixture

# (manifest, expected sections file's name)
SECTIONS = [
    pytest.param("config-file-township", "config_file_township", id="configuration-file"),
    pytest.param("records-export-city", "records_export_city", id="records-export-rows"),
    pytest.param("markup-export-county", "markup_export_county", id="markup-heading-elements"),
    pytest.param("markup-export-city", "markup_export_city", id="markup-generic-levels"),
    pytest.param("markup-flat-township", "markup_flat_township", id="markup-paragraph-headings"),
    pytest.param("rtf-source-city", "rtf_source_city", id="rtf-source"),
    pytest.param("parallel-translation-city", "parallel_translation_city",
                 id="parallel-translation-english-column"),
]  # fmt: skip

# (manifest, rule, inputs, the figure read by hand from the fixture's text)
RULES = [
    pytest.param("config-file-township", "tank.table.3.1", {"bedrooms": 4}, 1550.0,
                 id="configuration-file-a-table-in-a-literal-block"),
    pytest.param("config-file-township", "setback.table.3.2",
                 {"feature": "well", "component": "soil_treatment_area"}, 120.0,
                 id="configuration-file-a-setback-sentence-wrapped-in-a-block"),
    pytest.param("flattened-html-county", "tank.table.12.5", {"bedrooms": 3}, 1250.0,
                 id="flattened-page-tank-table-row"),
    pytest.param("flattened-html-county", "tank.table.12.5", {"bedrooms": 8}, 2700.0,
                 id="flattened-page-tank-table-and-step"),
    pytest.param("flattened-html-county", "setback.table.12.6",
                 {"feature": "well", "component": "soil_treatment_area"}, 100.0,
                 id="flattened-page-setback-unit-in-the-caption"),
    pytest.param("flattened-html-county", "setback.table.12.6",
                 {"feature": "property_line", "component": "tank"}, 10.0,
                 id="flattened-page-setback-row-after-the-page-break"),
    pytest.param("flattened-html-county", "setback.table.12.6",
                 {"feature": "wetland", "component": "soil_treatment_area"}, 50.0,
                 id="flattened-page-setback-last-row"),
    pytest.param("markup-export-county", "tank.table.3.01", {"bedrooms": 4}, 1450.0,
                 id="markup-a-table-in-cdata"),
    pytest.param("markup-export-county", "setback.table.3.02",
                 {"feature": "well", "component": "tank"}, 55.0, id="markup-a-setback-sentence"),
    pytest.param("markup-export-city", "tank.dwelling.14-3", {"bedrooms": 5}, 1400.0,
                 id="markup-a-base-plus-rule"),
    pytest.param("markup-flat-township", "tank.dwelling.3", {"bedrooms": 4}, 1325.0,
                 id="markup-a-rule-in-flat-markup"),
    pytest.param("records-export-city", "tank.table.820.05", {"bedrooms": 4}, 1450.0,
                 id="records-export-a-table-in-a-cell"),
    pytest.param("records-export-city", "setback.table.820.06",
                 {"feature": "property_line", "component": "tank"}, 12.0,
                 id="records-export-a-setback-sentence"),
    pytest.param("records-export-county", "tank.dwelling.12-3", {"bedrooms": 5}, 1600.0,
                 id="records-export-a-csv-rule"),
    pytest.param("rtf-source-city", "tank.table.11.03", {"bedrooms": 4}, 1300.0,
                 id="rtf-a-table-set-line-by-line"),
    pytest.param("rtf-source-city", "setback.table.11.04",
                 {"feature": "well", "component": "tank"}, 60.0,
                 id="rtf-a-word-processor-table"),
    pytest.param("parallel-translation-city", "tank.dwelling.612.03", {"bedrooms": 5}, 1800.0,
                 id="parallel-translation-a-base-plus-rule"),  # 1,150 + 2 x 325
]  # fmt: skip


@pytest.mark.parametrize(("manifest", "name"), SECTIONS)
def test_every_section_is_found_with_its_title(manifest: str, name: str) -> None:
    doc = parse_fixture(FORMATS / f"manifest-{manifest}.yaml")
    assert found_sections(doc) == expected_sections(name)


@pytest.mark.parametrize(("manifest", "rule", "inputs", "value"), RULES)
def test_its_rules_compute_the_figures_of_its_text(
    manifest: str, rule: str, inputs: dict[str, object], value: float
) -> None:
    assert fixture_rule_value(FORMATS / f"manifest-{manifest}.yaml", rule, **inputs) == value
