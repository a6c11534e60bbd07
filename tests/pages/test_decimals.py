"""One Decimals setting for the whole app, changed only by the user (issue 17.5).

Choosing a scenario used to set Decimals to the digits its source prints (seed 001 "Reversed" → 4,
seed 002 → 3), and pages differed (Compare and the pitfalls 3, the seed-001 metrics 4). Here the
setting is chosen once, then every page and every scenario keeps it; a scenario whose source prints
more digits says so in its note.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.metric.neighbours import SEED001_TWO_SYSTEMS
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES, SCENARIOS, Scenario, scenario_by_key
from tests.pages.conftest import NewApp, headline
from ui.navigation import COMPARE, PLAYGROUND, STEP_BY_STEP, VARIANTS, WHAT_IF, PageFile
from ui.state.lesson import STEP_KEY
from ui.state.scenario import DECIMALS_KEY

SEED000 = list(BLUETOOTH_HEADPHONES.grades)
RATINGS = list(SEED001_TWO_SYSTEMS["ratings"])
A_GRADES = [RATINGS[i] for i in SEED001_TWO_SYSTEMS["a_order"]]
#: A metric on each page that shows seed 000's NDCG@5 (Compare: system A of seed 001), and its value.
SHOWN = {
    PLAYGROUND: ("NDCG@5", ndcg_core.ndcg(SEED000, 5)),
    STEP_BY_STEP: ("NDCG@5", ndcg_core.ndcg(SEED000, 5)),
    VARIANTS: ("This list · NDCG@5, listed items", ndcg_core.ndcg(SEED000, 5)),
    WHAT_IF: ("NDCG@5 now", ndcg_core.ndcg(SEED000, 5)),
    COMPARE: ("A · NDCG@5", ndcg_core.ndcg(A_GRADES, 5, ideal=RATINGS)),
}


def metric(at: AppTest, label: str) -> str:
    return headline(at)[label]


def visit(at: AppTest, page: PageFile) -> AppTest:
    at.switch_page(page.path).run()
    if page is STEP_BY_STEP:
        at.session_state[STEP_KEY] = 6  # step 7, NDCG@k
        at.run()
        if not any(b.key == "lesson_again_6" for b in at.button):  # NDCG@k shows once its question is skipped
            at.button(key="lesson_skip_6").click().run()
    assert not at.exception
    return at


@pytest.mark.parametrize("decimals", [3, 4])
def test_a_setting_chosen_once_holds_on_every_page(app_copy: NewApp, decimals: int):
    at = app_copy()
    at.selectbox(key=DECIMALS_KEY).set_value(decimals).run()
    for page, (label, value) in SHOWN.items():
        visit(at, page)
        assert metric(at, label) == f"{value:.{decimals}f}", page.title
        assert at.session_state[DECIMALS_KEY] == decimals


@pytest.mark.parametrize("page", [COMPARE, VARIANTS, WHAT_IF, STEP_BY_STEP], ids=lambda p: p.title)
def test_any_pages_decimals_control_is_the_same_setting(app_copy: NewApp, page: PageFile):
    at = visit(app_copy(), page)
    at.selectbox(key=DECIMALS_KEY).set_value(4).run()
    visit(at, PLAYGROUND)
    label, value = SHOWN[PLAYGROUND]
    assert metric(at, label) == f"{value:.4f}"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.key)
@pytest.mark.parametrize("picker", ["playground_scenario_picker", "lesson_scenario_picker"])
def test_choosing_a_scenario_keeps_the_setting(app_copy: NewApp, scenario: Scenario, picker: str):
    at = app_copy(STEP_BY_STEP if picker.startswith("lesson") else PLAYGROUND)
    at.selectbox(key=DECIMALS_KEY).set_value(3).run()
    at.selectbox(key=picker).select(scenario.key).run()
    assert not at.exception
    assert at.session_state[DECIMALS_KEY] == 3
    note = f"The source prints {scenario.decimals} decimals: set Decimals to {scenario.decimals} to compare."
    details = " ".join(c.value for c in at.caption)
    assert (note in details) == (scenario.decimals > 3)


def test_the_note_goes_once_the_setting_shows_the_sources_digits(app_copy: NewApp):
    reversed_ = scenario_by_key("seed001-reversed")  # seed 001 prints 4 decimals
    at = app_copy()
    at.selectbox(key="playground_scenario_picker").select(reversed_.key).run()
    assert "set Decimals to 4 to compare" in " ".join(c.value for c in at.caption)
    assert metric(at, f"NDCG@{reversed_.k}") == f"{reversed_.expected_ndcg:.2f}"
    at.selectbox(key=DECIMALS_KEY).set_value(4).run()
    assert "set Decimals to" not in " ".join(c.value for c in at.caption)
    assert metric(at, f"NDCG@{reversed_.k}") == reversed_.expected_text.split("= ")[-1]
