"""The Variants and pitfalls page, run headless with AppTest: it works on the Playground's list.

Every expected number is the core's, or a seed's published one; the page must show it rounded.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.teaching.pitfalls import scores_with_a_tie, tied_scores
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.pages.conftest import NewApp
from ui.navigation import PLAYGROUND, VARIANTS
from ui.state.ranked_list import RankedList
from ui.state.scenario import LIST_KEY

SEED000 = list(BLUETOOTH_HEADPHONES.grades)


@pytest.fixture
def app(new_app: NewApp) -> AppTest:
    at = new_app(VARIANTS)
    assert not at.exception
    return at


def metrics(at: AppTest) -> dict[str, str]:
    return {metric.label: metric.value for metric in at.metric}


def variant_rows(at: AppTest):
    """The "every convention" table, indexed by (what changes, variant)."""
    return at.table[1].value


def test_opens_on_the_playground_list_with_the_seed_numbers(app):
    shown = metrics(app)
    assert shown["This list · NDCG@5, ideal from the listed items"] == "0.43"  # seed 000
    assert shown["Seed 001 · NDCG@5, returned list (Approach 2)"] == "0.6776"  # seed 001
    assert shown["Seed 001 · NDCG@5, judged pool (Approach 1)"] == "0.2268"
    assert any("grades in ranked order 0, 1, 2, 3, 2, 0, 3; k = 5" in md.value for md in app.markdown)


def test_every_variant_row_is_the_cores_number(app):
    rows = variant_rows(app)
    expected = {
        ("gain", "exponential"): ndcg_core.ndcg(SEED000, 5),
        ("gain", "linear"): ndcg_core.ndcg(SEED000, 5, gain="linear"),
        ("discount", "jk"): ndcg_core.ndcg(SEED000, 5, discount="jk"),
        ("discount", "reciprocal"): ndcg_core.ndcg(SEED000, 5, discount="reciprocal"),
        ("discount", "ln"): ndcg_core.ndcg(SEED000, 5, discount="ln"),
        ("discount", "none"): ndcg_core.ndcg(SEED000, 5, discount="none"),
        ("ideal", "judged pool"): ndcg_core.ndcg(SEED000, 5, ideal=SEED000),
    }
    for row, value in expected.items():
        assert rows.loc[row, "NDCG@k"] == f"{value:.2f}", row
    # the default custom gain is trec_eval's example 1→3, 2→9 with 0→0, 3→3 (grades it does not name)
    custom = {0: 0, 1: 3, 2: 9, 3: 3}
    assert rows.loc[("gain", "custom"), "NDCG@k"] == f"{ndcg_core.ndcg(SEED000, 5, gain=custom):.2f}"
    assert rows.loc[("gain", "exponential"), "On the Playground"] == "✓"


def test_two_tools_give_two_numbers(app):
    tools = app.table[0].value
    assert tools.loc["trec_eval ndcg_cut", "NDCG@5"] == f"{ndcg_core.ndcg(SEED000, 5, gain='linear'):.2f}"
    assert tools.loc["LightGBM ndcg@k", "NDCG@5"] == f"{ndcg_core.ndcg(SEED000, 5):.2f}"
    assert tools.loc["trec_eval ndcg_cut", "NDCG@5"] != tools.loc["LightGBM ndcg@k", "NDCG@5"]


def test_pitfalls_show_the_seeds_wrong_and_right_numbers(app):
    values = [metric.value for metric in app.metric]
    labels = [metric.label for metric in app.metric]
    at_3 = [v for label, v in zip(labels, values, strict=True) if "NDCG@3" in label]
    assert at_3 == ["0.956", "0.658"]  # seed 001's ndcg_at_k bug and the right value
    no_cut = [
        v
        for label, v in zip(labels, values, strict=True)
        if "read at rank 4" in label or "at rank 4" in label
    ]
    assert "0.975" in no_cut and "0.966" in no_cut  # seed 002's misread table and the right value
    at_1 = [v for label, v in zip(labels, values, strict=True) if label.startswith("NDCG@1")]
    assert at_1 == ["0.500", "0.000", "1.000", "0.000"]  # ties: averaged, trec_eval, best, worst


def test_the_playgrounds_list_and_settings_drive_the_page(app):
    app.switch_page(PLAYGROUND.path).run()
    ranked: RankedList = app.session_state[LIST_KEY]
    app.session_state[LIST_KEY] = ranked.reordered(list(reversed(ranked.ids)))
    app.radio(key="playground_gain").set_value("linear").run()
    app.slider(key="playground_k").set_value(3).run()
    app.switch_page(VARIANTS.path).run()
    reversed_grades = SEED000[::-1]
    shown = metrics(app)
    assert shown["This list · NDCG@3, ideal from the listed items"] == (
        f"{ndcg_core.ndcg(reversed_grades, 3, gain='linear'):.2f}"
    )
    assert variant_rows(app).loc[("discount", "log2"), "On the Playground"] == "✓"
    # coming back, the Playground still has its settings
    app.switch_page(PLAYGROUND.path).run()
    assert app.radio(key="playground_gain").value == "linear"


def test_a_bad_custom_gain_keeps_the_last_valid_one(app):
    before = variant_rows(app).loc[("gain", "custom"), "NDCG@k"]
    app.text_input(key="variants_custom_gain").input("0:0, 1:x").run()
    assert "the gain “x” is not a number" in app.error[0].value
    assert "Still using the last valid gains: 0→0, 1→3, 2→9, 3→3" in app.error[0].value
    assert variant_rows(app).loc[("gain", "custom"), "NDCG@k"] == before


def test_custom_gain_equal_to_the_grade_gives_the_linear_row(app):
    app.text_input(key="variants_custom_gain").input("0:0, 1:1, 2:2, 3:3").run()
    rows = variant_rows(app)
    assert rows.loc[("gain", "custom"), "NDCG@k"] == rows.loc[("gain", "linear"), "NDCG@k"]


def test_a_grade_without_a_gain_is_named_and_can_be_filled_in(app):
    app.text_input(key="variants_custom_gain").input("0:0, 1:3, 2:9").run()
    assert "no gain for grade 3" in app.warning[0].value
    assert ("gain", "custom") not in variant_rows(app).index
    app.button[0].click().run()
    assert app.text_input(key="variants_custom_gain").value == "0:0, 1:3, 2:9, 3:3"
    assert ("gain", "custom") in variant_rows(app).index


def test_jk_base_b(app):
    app.number_input(key="variants_jk_base").set_value(3.0).run()
    rows = variant_rows(app)
    assert rows.loc[("discount", "jk"), "Formula"] == "1 for i < 3, then 1 / log_3(i)"
    assert (
        rows.loc[("discount", "jk"), "NDCG@k"]
        == f"{ndcg_core.ndcg(SEED000, 5, discount='jk', log_base=3):.2f}"
    )


def test_ties_on_the_list_follow_the_chosen_ranks(app):
    app.slider(key="variants_tie_ranks").set_value((2, 4)).run()
    names = list(BLUETOOTH_HEADPHONES.labels)  # trec_eval's document ids are the item names
    expected = tied_scores(
        SEED000, scores_with_a_tie(len(SEED000), 2, 4), 5, doc_ids=names, gain="exponential"
    )
    shown = metrics(app)
    for reading in expected.readings:
        assert shown[reading.label] == f"{reading.value:.3f}"


def test_an_empty_list_says_so(app):
    app.session_state[LIST_KEY] = app.session_state[LIST_KEY].edited([])
    app.run()
    assert "The Playground's list is empty" in app.info[0].value
