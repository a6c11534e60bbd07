"""The Compare page, run headless with AppTest: seed 001's two systems, side by side.

A drag only changes the order kept in session state, so a test sets that order as a drag would.
"""

from __future__ import annotations

import math

import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.metric.neighbours import SEED001_SAME_PATTERN, SEED001_TWO_SYSTEMS
from tests.pages.conftest import NewApp, headline
from ui.navigation import COMPARE, PLAYGROUND
from ui.state.compare import A_KEY, B_KEY, G_MAX_KEY
from ui.state.scenario import DECIMALS_KEY

RATINGS = list(SEED001_TWO_SYSTEMS["ratings"])  # [5, 4, 3, 2, 1, 3, 0, 4]
A_GRADES = [RATINGS[i] for i in SEED001_TWO_SYSTEMS["a_order"]]  # [5, 4, 4, 2, 3, 3, 1, 0]
B_GRADES = [RATINGS[i] for i in SEED001_TWO_SYSTEMS["b_order"]]  # [3, 3, 1, 0, 5, 4, 4, 2]


@pytest.fixture
def app(app_copy: NewApp) -> AppTest:
    at = app_copy(COMPARE)
    assert not at.exception
    return at


def sentence(at: AppTest) -> str:
    """The race sentence: the Markdown under "Who wins at which k"."""
    return next(m.value for m in at.markdown if " at k = 1 " in m.value)


def neighbours(at: AppTest, index: int = 0):
    """A "NDCG among its neighbours" table, as shown (text), indexed by metric."""
    return at.table[index].value


def set_decimals(at: AppTest, decimals: int) -> None:
    at.selectbox(key=DECIMALS_KEY).set_value(decimals).run()


def test_opens_on_seed001s_two_systems(app_copy: NewApp):
    # A = [5, 4, 4, 2, 3 | 3, 1, 0]; judged pool sorted [5, 4, 4, 3, 3, 2, 1, 0]; exponential gain
    # NDCG@5(A) = (31 + 15/log2 3 + 15/2 + 3/log2 5 + 7/log2 6) / (31 + 15/log2 3 + 15/2 + 7/log2 5 + 7/log2 6)
    log2 = math.log2
    dcg = 31 + 15 / log2(3) + 15 / 2 + 3 / log2(5) + 7 / log2(6)
    idcg = 31 + 15 / log2(3) + 15 / 2 + 7 / log2(5) + 7 / log2(6)
    at = app_copy(COMPARE)
    assert headline(at) == {
        "A · NDCG@5": f"{dcg / idcg:.2f}",  # the session's Decimals setting: 2 by default
        "B · NDCG@5": f"{ndcg_core.ndcg(B_GRADES, 5, ideal=RATINGS):.2f}",
    }
    set_decimals(at, 3)
    assert headline(at)["A · NDCG@5"] == "0.968"
    # k = 1: A's 5 against B's 3 under the pool's best, a 5: 31/31 and 7/31
    assert (
        sentence(at)
        == f"A leads at k = 1 (1.000 against {7 / 31:.3f}) and at every k up to 8: no overtaking."
    )


def test_both_sides_follow_a_new_order_of_b(app):
    b = app.session_state[B_KEY]
    best_first = [b.ids[4], *b.ids[:4], *b.ids[5:]]  # drag item 0 (grade 5) from rank 5 to rank 1
    app.session_state[B_KEY] = b.reordered(best_first)
    app.run()
    grades = [B_GRADES[4], *B_GRADES[:4], *B_GRADES[5:]]
    assert headline(app)["B · NDCG@5"] == f"{ndcg_core.ndcg(grades, 5, ideal=RATINGS):.2f}"
    paired = app.dataframe[0].value
    expected = ndcg_core.side_by_side(A_GRADES, grades, 5, ideal=RATINGS)
    # B − A at each rank, the one direction everywhere (the core's table holds A − B)
    assert paired["B − A"].tolist() == pytest.approx((-expected["difference"]).tolist())
    assert paired["B: item"].iloc[0] == "item 0"


def test_ideal_order_for_b_then_undo(app):
    app.button(key="compare_ideal_B").click().run()
    assert headline(app)["B · NDCG@5"] == "1.00"
    # A's first three ranks are ideal too (5, 4, 4), so they tie until A's 2 at rank 4
    a_4 = ndcg_core.ndcg(A_GRADES, 4, ideal=RATINGS)
    assert (
        sentence(app)
        == f"A and B tie at k = 1 (both 1.00); B takes the lead at k = 4 (1.00 against {a_4:.2f})."
    )
    app.button(key="compare_undo_B").click().run()
    assert headline(app)["B · NDCG@5"] == f"{ndcg_core.ndcg(B_GRADES, 5, ideal=RATINGS):.2f}"


def test_an_overtake_is_named_at_its_k(app):
    # A: the 5 first, then the worst items; B: a 4, then the 5 and the rest best first.
    # k = 1: A = 31/31 = 1 > B = 15/31. k = 2: A = 31/(31 + 15/log2 3) = 0.766,
    # B = (15 + 31/log2 3)/(31 + 15/log2 3) = 0.854: B overtakes at k = 2.
    a_order = ["m0", "m6", "m4", "m3", "m2", "m5", "m1", "m7"]  # grades 5, 0, 1, 2, 3, 3, 4, 4
    b_order = ["m1", "m0", "m7", "m2", "m5", "m3", "m4", "m6"]  # grades 4, 5, 4, 3, 3, 2, 1, 0
    app.session_state[A_KEY] = app.session_state[A_KEY].reordered(a_order)
    app.session_state[B_KEY] = app.session_state[B_KEY].reordered(b_order)
    app.run()
    # the numbers follow the comment's: 15/31 = 0.48; at k = 2, 0.854 and 0.766
    assert sentence(app).startswith(
        f"A leads at k = 1 (1.00 against {15 / 31:.2f}); B takes the lead at k = 2 (0.85 against 0.77)"
    )
    a_every = ndcg_core.ndcg_at_every_k([5, 0, 1, 2, 3, 3, 4, 4], ideal=RATINGS)
    b_every = ndcg_core.ndcg_at_every_k([4, 5, 4, 3, 3, 2, 1, 0], ideal=RATINGS)
    assert ndcg_core.overtakes(a_every, b_every)[0] == (2, "B")


def test_neighbours_at_k_and_threshold(app):
    app.slider(key="compare_k").set_value(3).run()
    app.select_slider(key="compare_threshold").set_value(4.0).run()
    set_decimals(app, 4)
    table = neighbours(app)
    expected = ndcg_core.metric_table(A_GRADES, B_GRADES, 3, threshold=4, pool=RATINGS).set_index("metric")
    for metric in ("NDCG@k", "P@k", "R@k", "RR", "AP@k", "ERR@k"):
        assert float(table.loc[metric, "A"]) == pytest.approx(expected.loc[metric, "a"], abs=5e-5)
        assert float(table.loc[metric, "B"]) == pytest.approx(expected.loc[metric, "b"], abs=5e-5)
    # by hand, relevant = grade ≥ 4: A's top 3 = 5, 4, 4 → P@3 = 1; B's = 3, 3, 1 → P@3 = 0, RR = 0
    assert (table.loc["P@k", "A"], table.loc["P@k", "B"], table.loc["RR", "B"]) == (
        "1.0000",
        "0.0000",
        "0.0000",
    )
    conventions = " ".join(m.value for m in app.markdown).replace("\\", "")
    assert "relevant = grade ≥ 4" in conventions
    assert set(headline(app)) == {"A · NDCG@3", "B · NDCG@3"}


def test_linear_gain(app):
    app.radio(key="compare_gain").set_value("linear").run()
    assert headline(app)["A · NDCG@5"] == f"{ndcg_core.ndcg(A_GRADES, 5, gain='linear', ideal=RATINGS):.2f}"


def test_seed001s_same_binary_pattern_table(app):
    table = neighbours(app, 1)
    high, low = SEED001_SAME_PATTERN
    assert table.loc["P@k", "B − A"] == "0" and table.loc["AP@k", "B − A"] == "0"
    assert table.loc["NDCG@k", "A"] == f"{ndcg_core.ndcg(high, 5):.2f}"
    assert table.loc["NDCG@k", "B"] == f"{ndcg_core.ndcg(low, 5):.2f}"
    # the difference gets one more decimal than A and B, so it agrees with both as shown
    difference = f"{ndcg_core.ndcg(low, 5) - ndcg_core.ndcg(high, 5):+.3f}".replace("-", "−")
    assert table.loc["NDCG@k", "B − A"] == difference


def test_the_decimals_setting_is_the_sessions_one(app):
    """Compare's Decimals is the shared setting: set here, the Playground shows it too (issue 17.5)."""
    set_decimals(app, 4)
    assert headline(app)["A · NDCG@5"] == f"{ndcg_core.ndcg(A_GRADES, 5, ideal=RATINGS):.4f}"
    app.switch_page(PLAYGROUND.path).run()
    assert app.selectbox(key=DECIMALS_KEY).value == 4
    app.switch_page(COMPARE.path).run()
    assert app.selectbox(key=DECIMALS_KEY).value == 4
    assert table_numbers_have(neighbours(app), 4)


def table_numbers_have(table, places: int) -> bool:
    """Every A and B cell has at least ``places`` decimals."""
    return all(len(text.partition(".")[2]) >= places for text in [*table["A"], *table["B"]])


def test_err_names_its_g_max_and_offers_gdevals(app):
    """ERR's g_max: the largest judged grade by default (5 here), named in its convention; g_max = 4
    (gdeval, ir_measures) cannot take seed 001's grade 5: the core's message, no traceback."""
    conventions = " ".join(m.value for m in app.markdown).replace("\\", "")  # as shown, unescaped
    assert "**[ERR@k](glossary?term=err#err)** sees" in conventions  # linked to the glossary
    assert "g_max = 5, the largest judged grade" in conventions
    # the example beside the choice: ERR@3 of [3, 0, 1], R = (2^g − 1)/2^g_max
    # g_max = 3: 7/8 + (1/3)(1/8)(1/8) = 0.880; g_max = 4: 7/16 + (1/3)(9/16)(1/16) = 0.449
    example = " ".join(m.value for m in app.markdown)
    assert f"ERR@3 = {7 / 8 + (1 / 3) * (1 / 8) * (1 / 8):.3f}" in example
    assert f"{7 / 16 + (1 / 3) * (9 / 16) * (1 / 16):.3f} with g_max = 4" in example
    app.radio(key=G_MAX_KEY).set_value("4, as gdeval and ir_measures").run()
    assert not app.exception
    assert "g_max is 4 but a grade of 5 is judged" in app.error[0].value
    assert "ERR@k" not in neighbours(app).index and "NDCG@k" in neighbours(app).index


def test_the_orders_survive_a_visit_to_another_page(app):
    app.button(key="compare_ideal_A").click().run()
    app.switch_page(PLAYGROUND.path).run()
    app.switch_page(COMPARE.path).run()
    assert headline(app)["A · NDCG@5"] == "1.00"
    assert app.session_state[A_KEY].can_undo
