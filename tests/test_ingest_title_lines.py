"""Upper-case title lines head sections in an unnumbered township ordinance; an upper-case title
that a sentence runs into ('... the section titled' / 'FAILING SYSTEMS.') is a cross-reference."""

from __future__ import annotations

from ingest.titlelines import find_title_lines

# as ingest cleans it: one line per printed line, blank lines gone
TEXT = """\
PERMIT REQUIRED
No person shall install a system without a permit from the Administrator.
PROHIBITED PRACTICES
Cesspools shall not be used. Any such system found in use shall be replaced
as required by the section titled
FAILING SYSTEMS.
No person shall discharge sewage onto the ground.
FAILING SYSTEMS
The owner of a failing system shall replace it within ninety (90) days after the notice.
"""


def test_a_title_a_sentence_runs_into_is_a_cross_reference_not_a_heading() -> None:
    titles = [h.title for h in find_title_lines(TEXT)]
    assert titles == ["Permit required", "Prohibited practices", "Failing systems"]
