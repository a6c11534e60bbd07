"""The classroom view of every page with a demo (``?present=1``), run headless with AppTest (issue 25).

What if, Variants and pitfalls, and Compare each draw a classroom form: the large type, k and the
gain in a bar, the page's list(s) in projector type beside its main figure, the rest of the page
in tabs, the settings in a popover. The mode is one flag for the whole app: moving between pages
keeps it, and every page writes ``present=1`` back into its link. What only a browser shows (one
screen, type sizes, the navigation's clicks) is in ``tests/browser/test_screens.py`` and
``tests/browser/test_classroom_browser.py``.
"""

from __future__ import annotations

import json

import pyarrow as pa
import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import best_change
from ndcg_core.teaching import wording
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.pages.conftest import NewApp, all_component_data, headline
from ui.charts.projector import ROOT_PX
from ui.navigation import COMPARE, PLAYGROUND, VARIANTS, WHAT_IF, PageFile
from ui.presentation import CLASSROOM_CSS
from ui.state.compare import A_KEY, B_KEY
from ui.state.scenario import LIST_KEY

GRADES = list(BLUETOOTH_HEADPHONES.grades)
#: Each page with a classroom form, and the first of its tabs (its main figure).
PAGES = {WHAT_IF: "Every swap", VARIANTS: "Every convention", COMPARE: "Who wins at which k"}


def css_shown(at: AppTest, css: str) -> bool:
    return any(element.proto.body.strip() == css.strip() for element in at.get("html"))


def charts(at: AppTest) -> list[dict]:
    return [json.loads(chart.proto.spec) for chart in at.get("vega_lite_chart")]


def lists(at: AppTest) -> list[dict]:
    return all_component_data(at, "ndcg_sortable_list")


@pytest.mark.parametrize("page", list(PAGES), ids=lambda page: page.title)
def test_present_1_opens_the_page_s_classroom_form(app_copy: NewApp, page: PageFile):
    at = app_copy(page, params={"present": "1"})
    assert not at.exception
    assert css_shown(at, CLASSROOM_CSS) and not at.title
    assert "k = 5 · gain 2^rel − 1" in [markdown.value for markdown in at.markdown]
    assert at.tabs[0].label == PAGES[page]  # the main figure first, the rest one click away
    assert lists(at) and all(data["size"] == "large" and data["maxHeight"] for data in lists(at))
    (chart,) = charts(at)  # only the open tab's chart is drawn
    size = chart["config"]["axis"]["labelFontSize"]
    assert ROOT_PX in size["expr"]  # axis text grows with the screen, as the page's type does
    assert at.query_params["present"] == "1"


def test_moving_between_pages_keeps_the_classroom_view(app_copy: NewApp):
    at = app_copy(params={"present": "1"})
    for page in (COMPARE, WHAT_IF, PLAYGROUND, VARIANTS):
        at.switch_page(page.path).run()
        assert not at.exception
        assert css_shown(at, CLASSROOM_CSS), page.title
        assert at.query_params["present"] == "1", page.title


def test_what_if_in_the_classroom_makes_the_best_change(app_copy: NewApp):
    at = app_copy(WHAT_IF, params={"present": "1"})
    change = best_change(Ranking.of(GRADES, 5))
    assert headline(at)["NDCG@5 now"] == "0.43"
    at.button(key="what_if_best").click().run()
    assert at.session_state[LIST_KEY].grades == change.apply(GRADES)
    assert headline(at)["NDCG@5 now"] == f"{change.ndcg_after:.2f}"


def test_what_if_in_the_classroom_shows_every_order_one_click_away(app_copy: NewApp):
    at = app_copy(WHAT_IF, params={"present": "1"})
    assert "Best NDCG@5" not in headline(at)  # drawn only while its tab is open
    at.session_state["what_if_classroom_tab"] = "Every order"
    at.run()
    assert not at.exception
    assert headline(at)["Best NDCG@5"] == "1.00"
    (chart,) = charts(at)
    assert chart["layer"][0]["mark"]["type"] == "bar"  # the orders' histogram, not the swap map


def test_compare_in_the_classroom_follows_a_drop(app_copy: NewApp):
    at = app_copy(COMPARE, params={"present": "1"})
    b = at.session_state[B_KEY]
    at.session_state[B_KEY] = b.reordered(b.ids[::-1])
    at.run()
    a_grades, b_grades = at.session_state[A_KEY].grades, at.session_state[B_KEY].grades
    pool = a_grades  # seed 001: both lists hold every judged item
    a_text, b_text = wording.pair(
        ndcg_core.ndcg(a_grades, 5, ideal=pool), ndcg_core.ndcg(b_grades, 5, ideal=pool), 2
    )
    assert headline(at)["A · NDCG@5"] == a_text and headline(at)["B · NDCG@5"] == b_text


def test_variants_in_the_classroom_shows_one_pitfall_at_a_time(app_copy: NewApp):
    at = app_copy(VARIANTS, params={"present": "1"})
    at.session_state["variants_classroom_tab"] = "Pitfalls"
    at.run()
    assert not at.exception
    assert "1. The ideal built from the first k items only" in [h.value for h in at.subheader]
    at.radio(key="variants_classroom_pitfall").set_value("Ties").run()
    assert [h.value for h in at.subheader] == ["6. Ties in scores"]
    assert at.slider(key="variants_tie_ranks")  # the tied ranks can be chosen here too


def test_variants_in_the_classroom_drags_the_playground_s_list(app_copy: NewApp):
    at = app_copy(VARIANTS, params={"present": "1"})
    ranked = at.session_state[LIST_KEY]
    at.session_state[LIST_KEY] = ranked.reordered([ranked.ids[-1], *ranked.ids[:-1]])
    at.run()
    chart = at.get("vega_lite_chart")[0]
    (bars,) = [
        pa.ipc.open_stream(d.data.data).read_all() for d in chart.proto.datasets if d.name == "variants"
    ]
    in_force = f"{ndcg_core.ndcg([GRADES[-1], *GRADES[:-1]], 5):.2f}"
    assert f"gain: exponential (in force) · {in_force}" in bars.column("label").to_pylist()
