"""The Playground's classroom view and the drop preview's words, run headless with AppTest.

The classroom view is the app's presentation mode on the Playground: ``?present=1`` (or its
switch) opens it, the link keeps it, the lesson's presentation mode and "try it" lead into it,
and switching it off returns the normal page. The sortable list and the per-rank table are
components; AppTest cannot run their JavaScript, but it sees the data Python sends them, which
is where every number and word comes from.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.metric.orders import moved
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.pages.conftest import NewApp, component_data, headline
from ui.navigation import STEP_BY_STEP
from ui.presentation import CLASSROOM_CSS, CLASSROOM_SWITCH_KEY, PRESENTATION_CSS
from ui.state.lesson import SWITCH_KEY
from ui.state.presentation import PRESENTING_KEY
from ui.state.scenario import LIST_KEY

SEED000 = list(BLUETOOTH_HEADPHONES.grades)


def css_shown(at: AppTest, css: str) -> bool:
    return any(element.proto.body.strip() == css.strip() for element in at.get("html"))


def link(at: AppTest) -> dict[str, str]:
    return {key: at.query_params[key] for key in at.query_params}


@pytest.fixture
def classroom(app_copy: NewApp) -> AppTest:
    at = app_copy(params={"present": "1"})
    assert not at.exception
    return at


def test_present_1_opens_the_classroom_view(classroom):
    assert css_shown(classroom, CLASSROOM_CSS) and not css_shown(classroom, PRESENTATION_CSS)
    assert classroom.session_state[PRESENTING_KEY] is True
    assert classroom.toggle(key=CLASSROOM_SWITCH_KEY).value is True
    assert not classroom.title  # no page title: the screen is for the list and the numbers
    assert headline(classroom) == {"DCG@5": "6.31", "IDCG@5": "14.60", "NDCG@5": "0.43"}
    assert any(
        "IDCG = 0 gives NDCG = 0" in caption.value for caption in classroom.caption
    )  # conventions named
    assert link(classroom)["present"] == "1"  # the link keeps it
    table = component_data(classroom, "ndcg_rank_table")
    assert [column["name"] for column in table["columns"]] == [
        "Rank", "Item", "Grade", "Gain", "Discount", "Contribution", "DCG", "IDCG",
    ]  # fmt: skip
    assert [row[0] for row in table["rows"]] == [str(rank) for rank in range(1, 8)]
    assert table["size"] == "large" and table["maxHeight"]
    listed = component_data(classroom, "ndcg_sortable_list")
    assert listed["size"] == "large" and listed["maxHeight"]  # a long list scrolls in its own box
    assert [tab.label for tab in classroom.tabs] == [
        "CG, DCG, IDCG",
        "Contribution",
        "Gain",
        "Discount",
        "NDCG@k",
    ]


def test_the_classroom_headline_states_the_division_and_k_and_the_gain_stand_in_large_type(classroom):
    """The headline's line under its numbers is NDCG as the division of the numbers it shows (the
    component fills the placeholders with its figures, so the line moves with them on a drop)."""
    data = component_data(classroom, "ndcg_headline")
    figures = {figure["name"]: figure["value"] for figure in data["figures"]}
    assert data["relation"] == "NDCG@5 = {dcg} / {idcg} = {ndcg}"
    assert data["relation"].format(**figures) == "NDCG@5 = 6.31 / 14.60 = 0.43"
    assert "k = 5 · gain 2^rel − 1" in [markdown.value for markdown in classroom.markdown]


def test_the_classroom_relation_with_nothing_relevant_says_what_ndcg_is_taken_as(classroom):
    classroom.session_state[LIST_KEY] = classroom.session_state[LIST_KEY].edited(
        [(None, "a", 0.0), (None, "b", 0.0)]
    )
    classroom.run()
    assert component_data(classroom, "ndcg_headline")["relation"] == (
        "NDCG@2 = DCG@2 / IDCG@2, and IDCG@2 = 0: NDCG@2 is taken as 0.00"
    )


def test_leaving_the_classroom_view_returns_the_normal_page_and_the_link_follows(classroom):
    classroom.toggle(key=CLASSROOM_SWITCH_KEY).set_value(False).run()
    assert not classroom.exception
    assert classroom.title[0].value == "NDCG Playground"
    assert not css_shown(classroom, CLASSROOM_CSS)
    assert "present" not in link(classroom)
    assert headline(classroom)["NDCG@5"] == "0.43"


def test_the_switch_on_the_normal_page_opens_it(app_copy: NewApp):
    at = app_copy()
    assert not css_shown(at, CLASSROOM_CSS)
    at.toggle(key=CLASSROOM_SWITCH_KEY).set_value(True).run()
    assert css_shown(at, CLASSROOM_CSS) and link(at)["present"] == "1"


def test_a_drop_in_the_classroom_view_updates_headline_and_table(classroom):
    ranked = classroom.session_state[LIST_KEY]
    classroom.session_state[LIST_KEY] = ranked.reordered([ranked.ids[-1], *ranked.ids[:-1]])  # Bose on top
    classroom.run()
    grades = [SEED000[-1], *SEED000[:-1]]
    numbers = ndcg_core.headline(grades, 5)
    assert headline(classroom)["NDCG@5"] == f"{numbers.ndcg:.2f}" == "0.79"
    rows = component_data(classroom, "ndcg_rank_table")["rows"]
    assert rows[0][1] == "Bose Wireless Headphones" and rows[4][6] == f"{numbers.dcg:.2f}"


def test_the_lesson_s_presentation_mode_is_the_playground_s_classroom_view(app_copy: NewApp):
    lesson = app_copy(STEP_BY_STEP)
    lesson.toggle(key=SWITCH_KEY).set_value(True).run()
    lesson.button(key="lesson_try_it_0").click().run()  # "try it": the Playground, still presenting
    assert not lesson.exception
    assert css_shown(lesson, CLASSROOM_CSS)
    assert lesson.toggle(key=CLASSROOM_SWITCH_KEY).value is True


def test_the_classroom_view_of_an_empty_list_says_so_once(classroom):
    classroom.session_state[LIST_KEY] = classroom.session_state[LIST_KEY].edited([])
    classroom.run()
    assert not classroom.exception and not headline(classroom)
    assert len(classroom.info) == 1 and "The list is empty" in classroom.info[0].value


# ---------------------------------------------------------- the drop preview --


def test_the_list_receives_the_preview_of_every_drop(app_copy: NewApp):
    at = app_copy()
    preview = component_data(at, "ndcg_sortable_list")["preview"]
    cells, labels = preview["cells"], preview["labels"]
    assert len(cells) == len(SEED000) and all(len(row) == len(SEED000) for row in cells)
    # Bose (rank 7) to rank 1: by hand (7 + 0 + 1/2 + 3/log2(5) + 7/log2(6)) / 14.595 = 0.788
    assert labels[cells[6][0]] == "drop here → NDCG@5 0.79 (+0.36)"
    assert labels[cells[6][6]] == "same place: NDCG@5 stays 0.43"
    for source in range(1, 8):  # every cell says what the headline would show after that drop
        for target in range(1, 8):
            after = f"{ndcg_core.ndcg(moved(SEED000, source, target), 5):.2f}"
            assert (after in labels[cells[source - 1][target - 1]]) or source == target


def test_the_preview_follows_the_decimals_setting(app_copy: NewApp):
    at = app_copy()
    at.selectbox(key="playground_decimals").set_value(4).run()
    preview = component_data(at, "ndcg_sortable_list")["preview"]
    expected = f"{ndcg_core.ndcg(moved(SEED000, 7, 1), 5):.4f}"
    assert preview["labels"][preview["cells"][6][0]].startswith(f"drop here → NDCG@5 {expected} (+")


# -------------------------------------------------- the headline after a drop --


def test_the_headline_follows_the_list_with_its_numbers_after_every_move(app_copy: NewApp):
    """The headline component holds, for the list's order, DCG@5 and NDCG@5 after every move."""
    at = app_copy()
    data = component_data(at, "ndcg_headline")
    listed = component_data(at, "ndcg_sortable_list")
    assert data["follows"] == listed["key"] == "playground_sortable"
    assert data["order"] == [item["id"] for item in listed["items"]]
    moves = data["moves"]
    for source in range(1, 8):
        for target in range(1, 8):
            after = ndcg_core.headline(moved(SEED000, source, target), 5)
            cell = (moves["dcg"][source - 1][target - 1], moves["ndcg"][source - 1][target - 1])
            assert [moves["texts"][i] for i in cell] == [f"{after.dcg:.2f}", f"{after.ndcg:.2f}"]


def test_after_a_drop_the_headline_holds_the_moves_of_the_new_order(app_copy: NewApp):
    at = app_copy()
    ranked = at.session_state[LIST_KEY]
    at.session_state[LIST_KEY] = ranked.reordered([ranked.ids[-1], *ranked.ids[:-1]])
    at.run()
    data = component_data(at, "ndcg_headline")
    grades = [SEED000[-1], *SEED000[:-1]]
    assert data["order"] == [ranked.ids[-1], *ranked.ids[:-1]]
    assert headline(at)["NDCG@5"] == f"{ndcg_core.ndcg(grades, 5):.2f}" == "0.79"
    back = ndcg_core.headline(moved(grades, 1, 7), 5)  # Bose back to rank 7: seed 000 again
    assert data["moves"]["texts"][data["moves"]["ndcg"][0][6]] == f"{back.ndcg:.2f}" == "0.43"
