"""A new tab's first run of the Playground: the main interaction first, the rest once the browser
has drawn it (:mod:`ui.state.first_paint`).

AppTest has no browser (its session has no HTTP headers), so the app draws whole pages for it;
these tests stand in for a browser tab by patching :func:`ui.state.first_paint.has_browser`, and
for the headline's word that it is drawn by its callback's effect on the session.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.pages.conftest import component_data, headline, headline_lines, open_app
from ui.components.headline.headline import COMPONENT_NAME as HEADLINE
from ui.components.rank_table.rank_table import COMPONENT_NAME as RANK_TABLE
from ui.components.sortable_list.sortable_list import COMPONENT_NAME as SORTABLE
from ui.held_places import SUBHEADER_HEIGHT_PX, SWITCH_HEIGHT_PX
from ui.presentation import CLASSROOM_SWITCH_KEY
from ui.state import first_paint

SEED000 = list(BLUETOOTH_HEADPHONES.grades)
#: The headline's reading in words and its division, with the core's numbers.
READING = [
    ndcg_core.plain_reading(ndcg_core.headline(SEED000, 5)),
    f"NDCG@5 = DCG@5 / IDCG@5 = {ndcg_core.dcg(SEED000, 5):.2f} / {ndcg_core.idcg(SEED000, 5):.2f}"
    f" = {ndcg_core.ndcg(SEED000, 5):.2f}",
]


def components(at: AppTest) -> list[str]:
    """The names of the inline components the page drew, in order."""
    return [element.proto.component_name for element in at.get("bidi_component")]


@pytest.fixture
def first_run(monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The Playground after a browser tab's first run."""
    monkeypatch.setattr(first_paint, "has_browser", lambda: True)
    return open_app()


def test_a_first_run_draws_the_list_the_headline_and_a_chart_only(first_run):
    assert not first_run.exception
    assert first_run.session_state[first_paint.STATE_KEY] == first_paint.WAITING
    assert sorted(components(first_run)) == sorted([HEADLINE, SORTABLE])  # no per-rank table yet
    assert len(first_run.get("vega_lite_chart")) == 1
    assert not first_run.slider and not first_run.radio and not first_run.button and not first_run.expander
    assert (
        not first_run.toggle and not first_run.subheader
    )  # they come with the rest; spaces hold their places
    assert [space.value for space in first_run.get("space")] == [SWITCH_HEIGHT_PX] + [SUBHEADER_HEIGHT_PX] * 2
    assert len(first_run.get("html")) == 1  # the page's one style element (ui/page_style.py)
    assert [t.value for t in first_run.title] == ["NDCG Playground"]
    assert headline(first_run) == {
        "DCG@5": f"{ndcg_core.dcg(SEED000, 5):.2f}",
        "IDCG@5": f"{ndcg_core.idcg(SEED000, 5):.2f}",
        "NDCG@5": f"{ndcg_core.ndcg(SEED000, 5):.2f}",
    }
    assert component_data(first_run, HEADLINE)["tellPainted"] is True
    assert headline_lines(first_run) == READING  # the reading, under the numbers
    assert not first_run.markdown  # the headline writes it: no Markdown element in a first run


def test_the_browser_s_word_brings_the_whole_page(first_run):
    first_paint_callback_ran(first_run)
    first_run.run()
    assert not first_run.exception
    assert first_run.session_state[first_paint.STATE_KEY] == first_paint.DONE
    assert sorted(components(first_run)) == sorted([HEADLINE, SORTABLE, RANK_TABLE])
    assert first_run.slider(key="playground_k").value == 5
    assert {b.key for b in first_run.button} >= {"order_ideal", "order_undo"}
    assert first_run.toggle(key=CLASSROOM_SWITCH_KEY).value is False
    assert [h.value for h in first_run.subheader][:2] == ["The ranked list", "NDCG at a glance"]
    assert not first_run.get("space")
    assert headline_lines(first_run) == READING
    assert component_data(first_run, HEADLINE)["tellPainted"] is False


def test_a_first_run_still_names_the_idcg_zero_rule_under_the_numbers(monkeypatch):
    monkeypatch.setattr(first_paint, "has_browser", lambda: True)
    at = open_app(params={"grades": "0,0,0"})
    assert at.session_state[first_paint.STATE_KEY] == first_paint.WAITING
    assert headline(at)["NDCG@3"] == f"{ndcg_core.ndcg([0, 0, 0], 3):.2f}"
    assert [w.value for w in at.warning if w.value.startswith("IDCG@3 = 0")]


def first_paint_callback_ran(at: AppTest) -> None:
    """What the headline's callback does when the browser says it has drawn the first run."""
    at.session_state[first_paint.STATE_KEY] = first_paint.TOLD


def test_any_other_run_draws_whole_even_without_the_browser_s_word(first_run):
    first_run.run()
    assert first_run.session_state[first_paint.STATE_KEY] == first_paint.DONE
    assert first_run.slider(key="playground_k").value == 5 and RANK_TABLE in components(first_run)
    first_run.run()
    assert first_run.session_state[first_paint.STATE_KEY] == first_paint.DONE


def test_a_page_without_a_browser_is_drawn_whole_at_once():
    at = open_app()
    assert first_paint.STATE_KEY not in at.session_state
    assert RANK_TABLE in components(at) and at.slider(key="playground_k").value == 5
    assert "tellPainted" in component_data(at, HEADLINE) and not component_data(at, HEADLINE)["tellPainted"]


def test_the_classroom_view_and_other_pages_never_wait(monkeypatch):
    monkeypatch.setattr(first_paint, "has_browser", lambda: True)
    at = open_app(params={"present": "1"})
    assert first_paint.STATE_KEY not in at.session_state
    assert component_data(at, HEADLINE)["tellPainted"] is False


def test_a_link_s_note_stays_through_the_rest_and_goes_after_the_next_click(monkeypatch):
    monkeypatch.setattr(first_paint, "has_browser", lambda: True)
    at = open_app(params={"grades": "3,2,3,0,1", "k": "many"})
    note = [w.value for w in at.warning]
    assert len(note) == 1 and "could not be read" in note[0] and "for k" in note[0], note
    first_paint_callback_ran(at)
    at.run()
    assert [w.value for w in at.warning] == note  # the run that completes the page keeps it
    at.slider(key="playground_k").set_value(3).run()
    assert not at.warning
