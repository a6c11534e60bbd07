"""The What if page, run headless with AppTest: the best change, the keyboard swap, every order.

Clicking a swap-map cell needs a browser (tests/browser/test_what_if_browser.py); here the same
swap is made with the two rank boxes and the button, as a keyboard user makes it.
"""

from __future__ import annotations

import json

import pyarrow as pa
import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import best_change, order_distribution, swap_map
from ndcg_core.teaching.changes import change_sentence, no_change_message
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.pages.conftest import NewApp
from ui.navigation import WHAT_IF
from ui.state.scenario import IDEAL_KEY, K_WANTED_KEY, LIST_KEY
from ui.state.settings import JUDGED_POOL, LISTED_ITEMS

GRADES = list(BLUETOOTH_HEADPHONES.grades)
NAMES = list(BLUETOOTH_HEADPHONES.labels)


@pytest.fixture
def app(app_copy: NewApp) -> AppTest:
    at = app_copy(WHAT_IF)
    assert not at.exception
    return at


def metrics(at: AppTest) -> dict[str, str]:
    return {metric.label: metric.value for metric in at.metric}


def shown_grades(at: AppTest) -> list[float]:
    return at.session_state[LIST_KEY].grades


def test_opens_on_the_playground_list_with_the_best_change_in_words(app: AppTest):
    change = best_change(Ranking.of(GRADES, 5))
    assert metrics(app)["NDCG@5 now"] == f"{ndcg_core.ndcg(GRADES, 5):.2f}" == "0.43"
    info = app.info[0].value.replace("\\", "")
    assert info == change_sentence(change, NAMES, "@5").replace("swapping", "Swapping", 1) + "."
    assert f"to {change.ndcg_after:.2f}" in info


def test_make_this_change_applies_it_and_undo_takes_it_back(app: AppTest):
    change = best_change(Ranking.of(GRADES, 5))
    app.button(key="what_if_best").click().run()
    assert shown_grades(app) == change.apply(GRADES)
    assert metrics(app)["NDCG@5 now"] == f"{change.ndcg_after:.2f}"
    app.button(key="what_if_undo").click().run()
    assert shown_grades(app) == GRADES


def test_the_keyboard_swap_previews_and_makes_the_swap(app: AppTest):
    table = swap_map(Ranking.of(GRADES, 5))
    app.selectbox(key="what_if_swap_first").set_value(4)
    app.selectbox(key="what_if_swap_second").set_value(1).run()
    preview = [c.value for c in app.caption if "would go from" in c.value]
    assert preview == [
        f"NDCG@5 would go from {table[0, 0]:.2f} to {table[3, 0]:.2f} ({table[3, 0] - table[0, 0]:+.2f})."
    ]
    app.button(key="what_if_swap").click().run()
    swapped = list(GRADES)
    swapped[0], swapped[3] = swapped[3], swapped[0]
    assert shown_grades(app) == swapped
    assert metrics(app)["NDCG@5 now"] == f"{ndcg_core.ndcg(swapped, 5):.2f}"


def test_every_order_section_uses_the_exact_distribution(app: AppTest):
    d = order_distribution(Ranking.of(GRADES, 5))
    now = ndcg_core.ndcg(GRADES, 5)
    shown = metrics(app)
    assert shown["Your order's percentile"] == f"{d.percentile(now):.0f}"
    assert shown["Worst NDCG@5"] == f"{d.worst:.2f}"
    assert shown["Random order, NDCG@5 on average"] == f"{d.random_mean:.2f}"
    assert shown["Best NDCG@5"] == "1.00"
    reading = " ".join(m.value for m in app.markdown)
    assert "Exact: all 5,040 orders of these 7 items." in reading


def chart_data(at: AppTest, index: int) -> tuple[dict, dict[str, pa.Table]]:
    """A chart's spec and its named datasets, as the page sent them."""
    chart = at.get("vega_lite_chart")[index]
    data = {d.name: pa.ipc.open_stream(d.data.data).read_all() for d in chart.proto.datasets}
    return json.loads(chart.proto.spec), data | {"selection": list(chart.proto.selection_mode)}


def test_the_swap_map_holds_every_pair_and_reports_clicks(app: AppTest):
    spec, data = chart_data(app, 0)
    cells = data["cells"].to_pandas()
    table = swap_map(Ranking.of(GRADES, 5))
    assert data["selection"] == ["cell"] and spec["width"] == spec["height"]
    assert len(cells) == 49
    for row in cells.itertuples():
        assert row.ndcg == pytest.approx(table[row.first - 1, row.second - 1], abs=1e-12)
        assert row.change == pytest.approx(table[row.first - 1, row.second - 1] - table[0, 0], abs=1e-12)
    # Not colour alone: each cell says its change in text.
    best = cells[(cells["first"] == 1) & (cells["second"] == 7)].iloc[0]
    assert best.label == f"{table[0, 6] - table[0, 0]:+.2f}" and NAMES[6] in best.what


def test_a_long_list_is_sampled_and_says_so(app: AppTest):
    ranked = app.session_state[LIST_KEY]
    rows = [(None, f"item {i}", float(i % 4)) for i in range(12)]
    app.session_state[LIST_KEY] = ranked.edited(rows)
    app.run()
    assert not app.exception
    reading = " ".join(m.value for m in app.markdown)
    assert "Estimated from 20,000 random orders (seed 0)" in reading


def test_one_item_lists_get_a_message_not_a_map(app: AppTest):
    ranked = app.session_state[LIST_KEY]
    app.session_state[LIST_KEY] = ranked.edited([(None, "only", 2.0)])
    app.run()
    assert not app.exception
    assert "two items or more" in app.info[0].value


# ------------------------------------------------ words that agree with numbers (issue 15) --


def put(at: AppTest, grades: list[float], k: int, unlisted: tuple[float, ...] = ()) -> AppTest:
    """The session's list as these grades (ideal from the judged pool when ``unlisted`` are given)."""
    rows = [(None, f"item {rank}", float(grade)) for rank, grade in enumerate(grades, start=1)]
    at.session_state[LIST_KEY] = at.session_state[LIST_KEY].edited(rows).with_unlisted(unlisted)
    at.session_state[K_WANTED_KEY] = k
    at.session_state[IDEAL_KEY] = JUDGED_POOL if unlisted else LISTED_ITEMS
    at.run()
    assert not at.exception
    return at


def test_the_ideal_order_is_a_success_only_at_exactly_1(app: AppTest):
    app.session_state[LIST_KEY] = app.session_state[LIST_KEY].permuted(ndcg_core.ideal_order(GRADES))
    app.run()
    assert metrics(app)["NDCG@5 now"] == "1.00"
    assert app.success[0].value.replace("\\", "") == no_change_message(Ranking.of(sorted(GRADES)[::-1], 5))
    assert "ideal order (NDCG@5 = 1)" in app.success[0].value.replace("\\", "")


def test_near_1_is_never_written_as_1(app: AppTest):
    """[3,3,3,3,3,3,3,2,3,0] at k = 10: NDCG 0.998 is "0.998", and its best move raises it to 1.000."""
    grades = [3, 3, 3, 3, 3, 3, 3, 2, 3, 0]
    put(app, grades, 10)
    value = ndcg_core.ndcg(grades, 10)
    assert f"{value:.2f}" == "1.00" and value < 1  # the trap: two decimals would say perfect
    assert metrics(app)["NDCG@10 now"] == f"{value:.3f}"
    info = app.info[0].value.replace("\\", "")
    assert f"from {value:.3f} to 1.000" in info and "from 1.00 to 1.00" not in info


def test_a_swap_preview_shows_the_digits_that_differ(app: AppTest):
    grades = [3, 3, 3, 3, 3, 3, 3, 2, 3, 0]
    put(app, grades, 10)
    app.selectbox(key="what_if_swap_first").set_value(8)
    app.selectbox(key="what_if_swap_second").set_value(9).run()
    now, after = ndcg_core.ndcg(grades, 10), ndcg_core.ndcg([3] * 8 + [2, 0], 10)
    preview = [c.value for c in app.caption if "would go from" in c.value]
    assert preview == [f"NDCG@10 would go from {now:.3f} to {after:.3f} ({after - now:+.3f})."]
    app.selectbox(key="what_if_swap_first").set_value(9)
    app.selectbox(key="what_if_swap_second").set_value(7).run()  # two grade-3 items: nothing changes
    assert [c.value for c in app.caption if "would stay" in c.value] == [
        f"NDCG@10 would stay at {now:.3f}: this swap changes nothing."
    ]


def test_a_judged_pool_the_list_lacks_is_named_not_called_as_good_as_it_gets(app: AppTest):
    """Issue 15.5: [3, 2, 1] with unlisted 3, 3 at k = 3 scores 0.63 and no reordering helps."""
    put(app, [3, 2, 1], 3, unlisted=(3.0, 3.0))
    ranking = Ranking.of([3, 2, 1], 3, ideal=[3, 2, 1, 3, 3])
    assert metrics(app)["NDCG@3 now"] == f"{ranking.ndcg:.2f}"
    assert not app.success
    message = app.info[0].value.replace("\\", "")
    assert message == no_change_message(ranking)
    assert "reordering cannot help" in message and "as good as it gets" not in message


@pytest.mark.parametrize(("unlisted", "word"), [((), "listed"), ((0.0,), "judged")])
def test_nothing_relevant_says_listed_or_judged(app: AppTest, unlisted: tuple[float, ...], word: str):
    """Issue 15.6: with the ideal from the listed items, "nothing relevant is listed"."""
    put(app, [0, 0, 0], 3, unlisted=unlisted)
    assert [w.value for w in app.warning] == [
        f"IDCG@3 = 0: Nothing relevant is {word}, so every order scores 0.00: no reordering changes it."
    ]
