"""The lesson page, run headless with Streamlit's AppTest: every step's figure, question, reveal, skip
and live prose, against the core.

Every step holds the session's live list (a sortable list component, whose order lives in session
state: a test sets an order there as a drag would) and a figure that follows it: the per-rank table
component, the discount bars, the headline. Each expected number is computed here by ``ndcg_core``
for the list the session holds, so a test fails on a stale, typed-in or wrong value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.metric.orders import moved
from ndcg_core.metric.what_if import dcg_move_map, random_order_mean
from ndcg_core.teaching.formula import written_ndcg, written_sum
from ndcg_core.teaching.scenarios import (
    APPROACH_1,
    BLUETOOTH_HEADPHONES,
    CG_RANKING_A,
    CG_RANKING_B,
    EMPTY,
    RETRIEVED_CHUNKS,
    SCENARIOS,
    Scenario,
)
from tests.pages.conftest import NewApp, all_component_data, headline
from ui.lesson.frame import UNLISTED_NAME
from ui.lesson.steps import CHART_REM, STEPS
from ui.live_list import LastChange
from ui.navigation import PLAYGROUND, STEP_BY_STEP
from ui.plain_text import plain
from ui.presentation import CLASSROOM_CSS, PRESENTATION_CSS
from ui.readable_text import DARK_TEXT
from ui.state.lesson import PRESENTING_KEY, STEP_KEY, SWITCH_KEY
from ui.state.scenario import DECIMALS_KEY, GAIN_KEY, LIST_KEY, SCENARIO_KEY

SEED000 = [float(grade) for grade in BLUETOOTH_HEADPHONES.grades]
NAMES = list(BLUETOOTH_HEADPHONES.labels)
K = BLUETOOTH_HEADPHONES.k
GAINS = ndcg_core.gain_values(np.array(SEED000), "exponential")


@pytest.fixture
def lesson(app_copy: NewApp) -> AppTest:
    at = app_copy(STEP_BY_STEP)
    assert not at.exception
    return at


def go_to_step(at: AppTest, step: int) -> AppTest:
    """Show step ``step`` (1-based), as the Next button would."""
    at.session_state[STEP_KEY] = step - 1
    return at.run()


def latex(at: AppTest) -> list[str]:
    return [element.value.removeprefix("$$\n").removesuffix("\n$$") for element in at.latex]


def table(at: AppTest, which: int = 0) -> dict[str, list[str]]:
    """The per-rank table component's cells, by column header."""
    data = all_component_data(at, "ndcg_rank_table")[which]
    names = [column["name"] for column in data["columns"]]
    return {name: [row[i] for row in data["rows"]] for i, name in enumerate(names)}


def texts(values, decimals: int = 2) -> list[str]:
    return [f"{value:.{decimals}f}" for value in values]


def words(at: AppTest) -> str:
    """Everything the page says in Markdown, captions, messages (as the reader sees it, unescaped)."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [e.value for kind in ("success", "error", "info", "warning") for e in at.get(kind)]
    return re.sub(r"\\(.)", r"\1", " ".join(parts))


def shown_cells(element) -> pd.DataFrame:
    """A static table's cells as the reader sees them (its Styler's display values)."""
    return pa.ipc.open_stream(element.proto.arrow_data.styler.display_values).read_all().to_pandas()


def answer(at: AppTest, step: int, text: str) -> AppTest:
    """Type (or choose) ``text`` for step ``step``'s question and press Check."""
    field = f"lesson_answer_{step - 1}"
    if any(getattr(w, "key", None) == field for w in at.text_input):
        at.text_input(key=field).input(text)
    elif any(getattr(w, "key", None) == field for w in at.radio):
        at.radio(key=field).set_value(text)
    (check,) = [b for b in at.button if b.form_id == f"lesson_form_{step - 1}" and b.label == "Check"]
    return check.click().run()


def skip(at: AppTest, step: int) -> AppTest:
    return at.button(key=f"lesson_skip_{step - 1}").click().run()


def drop(at: AppTest, source: int, target: int) -> AppTest:
    """Move rank ``source`` to rank ``target`` as the lesson's list would after a drop (1-based)."""
    before = at.session_state[LIST_KEY]
    after = before.reordered(moved(before.ids, source, target))
    at.session_state[LIST_KEY] = after
    at.session_state["lesson_last_change"] = LastChange(before, after)
    return at.run()


def load_in_lesson(at: AppTest, scenario: Scenario) -> AppTest:
    at.selectbox(key="lesson_scenario_picker").select(scenario.key).run()
    assert not at.exception
    return at


# ------------------------------------------------------- the eight steps --


def test_walks_every_step_with_next_and_every_step_holds_the_live_list(lesson):
    assert lesson.button(key="lesson_previous").disabled
    for step in range(1, len(STEPS) + 1):
        assert lesson.subheader[0].value == f"Step {step} of {len(STEPS)}: {STEPS[step - 1].title}"
        assert not lesson.exception
        (listed,) = [
            d for d in all_component_data(lesson, "ndcg_sortable_list") if d["key"] == "lesson_sortable"
        ]
        assert [item["label"] for item in listed["items"]] == NAMES and listed["cutoff"] == K
        if step < len(STEPS):
            lesson.button(key="lesson_next").click().run()
    assert lesson.button(key="lesson_next").disabled


def test_step1_act_then_reveal_the_ideal_order_and_ndcg(lesson):
    assert not headline(lesson)  # nothing to see before the answer
    answer(lesson, 1, "")
    assert lesson.error and "Not yet: at rank 1 stands “Portable Bluetooth Speaker” (grade 0)" in words(
        lesson
    )
    ranked = lesson.session_state[LIST_KEY]
    best = ndcg_core.ideal_order(SEED000)
    lesson.session_state[LIST_KEY] = ranked.reordered([ranked.ids[i] for i in best])  # as drags would
    lesson.run()
    answer(lesson, 1, "")
    assert lesson.success and "Right: no order of these items gives a higher DCG@5" in words(lesson)
    assert headline(lesson) == {"NDCG@5": "1.00"}
    assert table(lesson)["Item"] == [NAMES[i] for i in best]
    assert table(lesson)["Grade"] == [f"{SEED000[i]:g}" for i in best]


def test_step2_the_gain_column_hides_the_asked_grade_until_answered(lesson):
    go_to_step(lesson, 2)
    shown = table(lesson)["Gain"]
    assert shown == ["?" if grade == 3 else f"{gain:.2f}" for grade, gain in zip(SEED000, GAINS, strict=True)]
    answer(lesson, 2, "3")  # linear gain, a classic slip
    assert lesson.error and "That uses linear gain" in words(lesson)
    answer(lesson, 2, "8")  # 2^3 without the − 1
    assert "That uses 2^rel" in words(lesson) or "That is 2^rel" in words(lesson)
    answer(lesson, 2, f"{2**3 - 1}")
    assert lesson.success and table(lesson)["Gain"] == texts(GAINS)
    assert list(lesson.table[0].value["Exponential 2^rel − 1"]) == list(
        ndcg_core.gain_values(np.array([3.0, 2.0, 1.0, 0.0]), "exponential")
    )


def test_step3_the_discount_bars_and_what_a_held_item_counts(lesson):
    go_to_step(lesson, 3)
    (bars,) = all_component_data(lesson, "ndcg_rank_bars")
    discounts = ndcg_core.discount_values(np.arange(1, 8))
    assert [b["text"] for b in bars["bars"]] == [
        "?" if r == 3 else f"{d:.3f}" for r, d in enumerate(discounts, 1)
    ]
    assert bars["follows"] == "lesson_sortable" and bars["cutoff"] == K
    answer(lesson, 3, "0.63")  # the discount of rank 2: the previous row
    assert "rank 2 (the previous row)" in words(lesson)
    answer(lesson, 3, f"{1 / np.log2(4):.2f}")
    (bars,) = all_component_data(lesson, "ndcg_rank_bars")
    assert [b["text"] for b in bars["bars"]] == [f"{d:.3f}" for d in discounts]
    held = bars["held"]  # Sony (rank 4, gain 7) held at rank 1: its gain counts 7 × 1
    assert (
        held["texts"][held["cells"][3][0]]
        == "“Sony Bluetooth Headphones” at rank 1: discount 1.000, its gain 7 counts 7"
    )
    assert held["texts"][held["cells"][3][2]].endswith(
        f"discount {discounts[2]:.3f}, its gain 7 counts {7 * discounts[2]:.2f}"
    )


def test_step3_after_a_drop_the_prose_says_what_the_discount_did(lesson):
    go_to_step(lesson, 3)
    drop(lesson, 4, 1)  # Sony to the top
    d = ndcg_core.discount_values(np.arange(1, 8))
    assert (
        f"Moving “Sony Bluetooth Headphones” from rank 4 to rank 1 raised its discount from {d[3]:.3f} to "
        f"{d[0]:.3f}: its gain of 7 counts {7 * d[0]:.2f} now, {7 * d[3]:.2f} before." in words(lesson)
    )


def test_step4_cg_the_prediction_and_rankings_a_and_b(lesson):
    go_to_step(lesson, 4)
    table_ = ndcg_core.breakdown(SEED000, K)
    assert table(lesson)["CG"] == texts(table_["cg"])
    assert headline(lesson)["CG@5"] == f"{table_['cg'][K - 1]:g}"
    answer(lesson, 4, "falls")
    assert lesson.error and "CG@5 has no discount" in words(lesson)
    answer(lesson, 4, "stays the same")
    assert lesson.success and "It cannot see the order" in words(lesson)
    # Rankings A and B: two small live lists of their own, under the gain in force
    lists = {d["key"]: d for d in all_component_data(lesson, "ndcg_sortable_list")}
    for name, ranking in (("a", CG_RANKING_A), ("b", CG_RANKING_B)):
        grades = list(ranking.grades)
        assert [item["detail"] for item in lists[f"lesson_example_{name}_sortable"]["items"]] == [
            f"grade {g:g}" for g in grades
        ]
        cg = ndcg_core.breakdown(grades, 4)["cg"].iloc[-1]
        assert f"CG@4 = {cg:g} · DCG@4 = {ndcg_core.dcg(grades, 4):.2f}" in words(lesson).replace("**", "")
    assert "(exponential gain, k = 4)" in words(lesson)


def test_step4_the_examples_never_touch_the_sessions_list(lesson):
    go_to_step(lesson, 4)
    before = lesson.session_state[LIST_KEY]
    example = lesson.session_state["lesson_example_b_list"]
    lesson.session_state["lesson_example_b_list"] = example.reordered(
        list(reversed(example.ids))
    )  # B becomes A
    lesson.run()
    grades = list(reversed(CG_RANKING_B.grades))
    assert f"DCG@4 = {ndcg_core.dcg(grades, 4):.2f}" in words(lesson).replace("**", "")
    assert lesson.session_state[LIST_KEY] is before
    lesson.switch_page(PLAYGROUND.path).run()
    assert headline(lesson)["NDCG@5"] == "0.43"  # the Playground's list and order, unchanged


def test_step4_after_a_drop_the_prose_says_what_cg_and_dcg_did(lesson):
    go_to_step(lesson, 4)
    drop(lesson, 2, 1)  # inside the top 5: CG@5 stays
    after = moved(SEED000, 2, 1)
    cg = ndcg_core.breakdown(SEED000, K)["cg"][K - 1]
    said = f"left CG@5 at {cg:.2f} and raised DCG@5 from {ndcg_core.dcg(SEED000, 5):.2f} to {ndcg_core.dcg(after, 5):.2f}"
    assert said in words(lesson)
    drop(lesson, 7, 1)  # Bose across k: CG@5 moves
    assert "because the top 5 now holds other gains" in words(lesson)


def test_step5_one_move_is_checked_against_the_best_single_move(lesson):
    go_to_step(lesson, 5)
    table_ = ndcg_core.breakdown(SEED000, K)
    shown = table(lesson)
    for header, column in (("Contribution", "contribution"), ("DCG", "dcg")):
        assert shown[header] == texts(table_[column])
    assert shown["Discount"] == texts(table_["discount"], 3)
    assert (
        headline(lesson) == {"DCG@5": f"{ndcg_core.dcg(SEED000, 5):.2f}"} == {"DCG@5": "6.31"}
    )  # seed 000 (8)
    assert latex(lesson)[0] == written_sum("DCG@5", np.array(SEED000), K, "exponential", 2).latex
    drop(lesson, 4, 1)  # Sony to the top: good, not the best
    after = moved(SEED000, 4, 1)
    assert (
        f"Moving “Sony Bluetooth Headphones” from rank 4 to rank 1 raised DCG@5 from 6.31 to "
        f"{ndcg_core.dcg(after, 5):.2f}." in words(lesson)
    )
    answer(lesson, 5, "")
    best = dcg_move_map(ndcg_core.Ranking.of(SEED000, K)).max()
    assert lesson.error and "“Bose Wireless Headphones” has the same grade but stands lower" in words(lesson)
    assert f"gives DCG@5 = {best:.2f}" in words(lesson)
    lesson.button(key="lesson_restart_4").click().run()  # back where it started
    assert lesson.session_state[LIST_KEY].grades == SEED000
    drop(lesson, 7, 1)
    answer(lesson, 5, "")
    assert lesson.success and f"raised DCG@5 from 6.31 to {best:.2f}, the most one move can" in words(lesson)


def test_step6_idcg_hidden_until_typed_then_the_ideal_table(lesson):
    go_to_step(lesson, 6)
    assert headline(lesson) == {"DCG@5": "6.31"}
    assert "IDCG" not in table(lesson)
    top_k = ndcg_core.idcg(SEED000[:K], K)  # the ideal of the first 5 only: a classic slip
    answer(lesson, 6, f"{top_k:.2f}")
    assert lesson.error and "That sorts only the first 5 items" in words(lesson)
    answer(lesson, 6, "14.60")
    numbers = ndcg_core.headline(SEED000, K)
    assert headline(lesson) == {"DCG@5": "6.31", "IDCG@5": f"{numbers.idcg:.2f}"}
    assert table(lesson)["IDCG"] == texts(ndcg_core.breakdown(sorted(SEED000, reverse=True), K)["dcg"])
    assert latex(lesson)[0] == written_sum("IDCG@5", np.sort(SEED000)[::-1], K, "exponential", 2).latex
    assert f"DCG@5 = 6.31 reaches {numbers.ndcg:.0%} of IDCG@5 = 14.60" in words(lesson)


def test_step7_ndcg_hidden_until_typed_then_the_division_and_the_random_baseline(lesson):
    go_to_step(lesson, 7)
    numbers = ndcg_core.headline(SEED000, K)
    assert headline(lesson) == {"DCG@5": "6.31", "IDCG@5": "14.60"}
    answer(lesson, 7, f"{numbers.idcg / numbers.dcg:.2f}")  # IDCG / DCG
    assert lesson.error and "That is IDCG / DCG" in words(lesson)
    answer(lesson, 7, "0.43")
    assert headline(lesson)["NDCG@5"] == "0.43"  # seed 000, equation (10)
    assert latex(lesson) == [written_ndcg(numbers, 2)]
    mean = random_order_mean(ndcg_core.Ranking.of(SEED000, K))
    # E[NDCG@5] = mean(gain) · Σ_{i ≤ 5} 1/log2(i + 1) / IDCG@5
    by_hand = np.mean(GAINS) * sum(1 / np.log2(i + 1) for i in range(1, 6)) / numbers.idcg
    assert abs(mean - by_hand) < 1e-12
    assert f"This order scores NDCG@5 = 0.43, below the {mean:.2f} a random order" in words(lesson)
    assert "(glossary?term=random-order-baseline#random-order-baseline)" in " ".join(
        m.value for m in lesson.markdown
    )


def test_step8_which_k_then_ndcg_at_every_k_and_where_next(new_app: NewApp):
    at = new_app(STEP_BY_STEP, params={"grades": "3,0,0,0,3", "k": "5"})
    go_to_step(at, 8)
    every = ndcg_core.ndcg_at_every_k([3, 0, 0, 0, 3])
    assert "NDCG@k" not in at.table[0].value.columns
    answer(at, 8, "5")  # the largest DCG@k, not the largest NDCG@k
    assert at.error and "k = 5 gives the largest DCG@k" in words(at)
    best = int(np.argmax(every)) + 1
    answer(at, 8, str(best))
    assert at.success
    assert list(at.table[0].value["NDCG@k"]) == list(every)
    shown = shown_cells(at.table[0])  # as the formulas below and the per-rank table write them: 0.00, not 0
    assert list(shown["NDCG@k"]) == texts(every)
    assert list(shown["DCG@k"]) == texts(ndcg_core.Ranking.of([3, 0, 0, 0, 3], 5).running_dcg)
    assert f"This list looks best at k = {best} (NDCG@{best} = {every.max():.2f})" in words(at)
    links = [link.proto.label for link in at.get("page_link")]
    assert links == [
        "Practice: exercises with checked answers",
        "The Playground: your own list, every number",
    ]


def test_a_skipped_question_says_so_and_shows_the_answer(lesson):
    go_to_step(lesson, 7)
    skip(lesson, 7)
    assert "You skipped this question: the answer is shown below." in words(lesson)
    assert headline(lesson)["NDCG@5"] == "0.43"
    lesson.button(key="lesson_again_6").click().run()
    assert "NDCG@5" not in headline(lesson)


def after_sony_to_rank_3() -> dict[int, list[str]]:
    """What each step says after "Sony" (rank 4, grade 3) is dropped at rank 3, every number from the core."""
    after = moved(SEED000, 4, 3)
    before_numbers, numbers = ndcg_core.headline(SEED000, K), ndcg_core.headline(after, K)
    d = ndcg_core.discount_values(np.arange(1, 8))
    gain = 2**3 - 1
    moving = "Moving “Sony Bluetooth Headphones” from rank 4 to rank 3"
    cg = ndcg_core.breakdown(after, K)["cg"][K - 1]
    every = ndcg_core.ndcg_at_every_k(after)
    best, worst = int(np.argmax(every)) + 1, int(np.argmin(every)) + 1
    mean = random_order_mean(ndcg_core.Ranking.of(after, K))
    return {
        1: [f"{moving} raised NDCG@5 from {before_numbers.ndcg:.2f} to {numbers.ndcg:.2f}."],
        2: [f"“Sony Bluetooth Headphones” went from rank 4 to rank 3 and kept its gain of {gain} (grade 3)"],
        3: [
            f"{moving} raised its discount from {d[3]:.3f} to {d[2]:.3f}: its gain of {gain} counts "
            f"{gain * d[2]:.2f} now, {gain * d[3]:.2f} before."
        ],
        4: [f"{moving} left CG@5 at {cg:.2f} and raised DCG@5 from 6.31 to {numbers.dcg:.2f}."],
        5: [f"{moving} raised DCG@5 from 6.31 to {numbers.dcg:.2f}."],
        6: [f"DCG@5 = {numbers.dcg:.2f} reaches {numbers.ndcg:.0%} of IDCG@5 = {numbers.idcg:.2f}"],
        7: [
            f"{moving} raised NDCG@5 from {before_numbers.ndcg:.2f} to {numbers.ndcg:.2f}.",
            f"This order scores NDCG@5 = {numbers.ndcg:.2f}, below the {mean:.2f} a random order",
        ],
        8: [
            f"This list looks best at k = {best} (NDCG@{best} = {every[best - 1]:.2f}) and worst at "
            f"k = {worst} (NDCG@{worst} = {every[worst - 1]:.2f})."
        ],
    }


#: What each step hides until its question is answered or skipped (None: its question hides nothing).
HIDDEN_UNTIL_REVEALED: dict[int, Callable[[AppTest], bool] | None] = {
    1: lambda at: "NDCG@5" in headline(at),
    2: lambda at: "?" not in table(at)["Gain"],
    3: lambda at: "?" not in [b["text"] for b in all_component_data(at, "ndcg_rank_bars")[0]["bars"]],
    4: lambda at: "It cannot see the order" in words(at),
    5: None,
    6: lambda at: "IDCG@5" in headline(at),
    7: lambda at: "NDCG@5" in headline(at),
    8: lambda at: "NDCG@k" in at.table[0].value.columns,
}


@pytest.mark.parametrize("step", range(1, len(STEPS) + 1))
def test_every_step_skips_plainly_reveals_and_writes_what_a_drop_did(lesson, step: int):
    """Each step's question: skipped, said so, the step reveals; then a drop, and the step's live
    sentence is the core's for the new order (Sony Bluetooth Headphones from rank 4 to rank 3)."""
    go_to_step(lesson, step)
    shows = HIDDEN_UNTIL_REVEALED[step]
    if shows is not None:
        assert not shows(lesson), f"step {step} shows its answer before the question is answered"
    skip(lesson, step)
    assert "You skipped this question: the answer is shown below." in words(lesson)
    if shows is not None:
        assert shows(lesson), f"step {step} does not reveal after a skip"
    drop(lesson, 4, 3)
    said = words(lesson)
    for sentence in after_sony_to_rank_3()[step]:
        assert sentence in said, f"step {step}: {sentence!r} not in {said!r}"


def test_an_unreadable_answer_is_refused_with_a_message(lesson):
    go_to_step(lesson, 6)
    answer(lesson, 6, "1/3")
    assert lesson.warning and "is not a number" in words(lesson)
    assert not lesson.exception and "IDCG@5" not in headline(lesson)


# ---------------------------------------------- the lesson follows the list --


def test_the_lesson_follows_a_new_order_and_the_gain(lesson):
    ranked = lesson.session_state[LIST_KEY]
    lesson.session_state[LIST_KEY] = ranked.reordered([ranked.ids[-1], *ranked.ids[:-1]])  # Bose first
    lesson.session_state[GAIN_KEY] = "linear"
    go_to_step(lesson, 7)
    skip(lesson, 7)
    grades = [SEED000[-1], *SEED000[:-1]]
    numbers = ndcg_core.headline(grades, K, gain="linear")
    assert headline(lesson)["NDCG@5"] == f"{numbers.ndcg:.2f}"
    assert any("Gain: linear (rel)" in note.value for note in lesson.markdown)


def test_seed004_chunks_in_the_lesson(lesson):
    load_in_lesson(lesson, RETRIEVED_CHUNKS)
    lesson.selectbox(key=DECIMALS_KEY).set_value(3).run()  # seed 004 prints 3 decimals
    go_to_step(lesson, 5)
    grades = np.array(RETRIEVED_CHUNKS.grades, dtype=float)
    assert latex(lesson) == [written_sum("DCG@5", grades, 5, "linear", 3).latex]
    assert "= 6.149" in latex(lesson)[0]
    go_to_step(lesson, 7)
    skip(lesson, 7)
    assert headline(lesson)["NDCG@5"] == "0.972"


def test_judged_pool_ideal_holds_the_unlisted_items(lesson):
    load_in_lesson(lesson, APPROACH_1)
    lesson.selectbox(key=DECIMALS_KEY).set_value(4).run()
    pool = [*APPROACH_1.grades, *APPROACH_1.unlisted_grades]
    go_to_step(lesson, 6)
    answer(lesson, 6, f"{ndcg_core.idcg(list(APPROACH_1.grades), 5):.2f}")  # the listed items' ideal
    assert "here it comes from the judged pool (10 grades)" in words(lesson)
    skip(lesson, 6)
    ideal = table(lesson)
    assert ideal["Item"].count(UNLISTED_NAME) == len(APPROACH_1.unlisted_grades)
    assert ideal["IDCG"][4] == f"{ndcg_core.idcg(list(APPROACH_1.grades), 5, ideal=pool):.4f}"
    go_to_step(lesson, 7)
    skip(lesson, 7)
    assert headline(lesson)["NDCG@5"] == "0.2268"


def test_item_names_are_shown_as_text_not_markup(lesson):
    ranked = lesson.session_state[LIST_KEY]
    name = "**Sony** [click](http://example.com) $x$ <b>bold</b>"
    items = [(item.id, item.name, item.grade) for item in ranked.items]
    items[3] = (items[3][0], name, items[3][2])
    lesson.session_state[LIST_KEY] = ranked.edited(items)
    go_to_step(lesson, 5)
    assert table(lesson)["Item"][3] == name  # the component writes it as text
    drop(lesson, 4, 1)
    said = [m.value for m in lesson.markdown if "Moving" in m.value]
    assert said and plain(f"“{name}”") in said[0]  # every Markdown sign escaped


def test_an_empty_list_is_explained_on_every_step(lesson):
    load_in_lesson(lesson, EMPTY)
    for step in range(1, len(STEPS) + 1):
        go_to_step(lesson, step)
        assert not lesson.exception
        assert "The list is empty" in lesson.info[0].value


def test_the_source_is_said_in_plain_words_never_as_a_seed(lesson):
    for step in (1, 4):
        go_to_step(lesson, step)
        said = words(lesson) + " ".join(e.label for e in lesson.expander)
        assert "So you think you know NDCG?" in said and "Table 3" in said
        assert not re.search(r"(?i)\bseed 00\d", said), said


# ------------------------------------------------------------ scenarios --


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda scenario: scenario.key)
def test_each_scenario_loads_in_the_playground_with_its_expected_ndcg(app_copy: NewApp, scenario: Scenario):
    at = app_copy()
    at.selectbox(key=DECIMALS_KEY).set_value(scenario.decimals).run()
    at.selectbox(key="playground_scenario_picker").select(scenario.key).run()
    assert not at.exception
    assert at.session_state[SCENARIO_KEY] == scenario.key
    if scenario.grades:
        assert headline(at)[f"NDCG@{scenario.k}"] == f"{scenario.expected_ndcg:.{scenario.decimals}f}"
    else:  # the empty list: one message, no headline of nothing (issue 17)
        assert not headline(at)
        assert any(
            f"NDCG@{scenario.k} is taken as {scenario.expected_ndcg:g}" in info.value for info in at.info
        )
    assert at.caption[0].value.startswith(f"{plain(scenario.title)} · {plain(scenario.source)}")
    details = " ".join(caption.value for caption in at.caption)
    assert scenario.expected_text in details and scenario.note in details
    assert f"**k** = {scenario.k}" in details and scenario.gain_description in details
    assert not re.search(r"(?i)\bseed 00\d", details)


@pytest.mark.parametrize("scenario", [s for s in SCENARIOS if s.grades], ids=lambda scenario: scenario.key)
def test_each_scenario_shows_its_expected_ndcg_in_the_lesson(lesson, scenario: Scenario):
    load_in_lesson(lesson, scenario)
    lesson.selectbox(key=DECIMALS_KEY).set_value(scenario.decimals).run()
    go_to_step(lesson, 7)
    skip(lesson, 7)
    assert headline(lesson)[f"NDCG@{scenario.k}"] == f"{scenario.expected_ndcg:.{scenario.decimals}f}"


# ------------------------------------------------ try it, presentation --


def test_try_it_opens_the_playground_on_the_current_list_and_back_to_the_step(lesson):
    go_to_step(lesson, 4)
    ranked = lesson.session_state[LIST_KEY]
    lesson.button(key="lesson_try_it_3").click().run()
    assert not lesson.exception
    assert lesson.title[0].value == "NDCG Playground"
    assert lesson.session_state[LIST_KEY] is ranked  # never ranking B: the session's own list
    assert lesson.session_state[SCENARIO_KEY] == BLUETOOTH_HEADPHONES.key
    assert headline(lesson)["NDCG@5"] == "0.43"
    lesson.button(key="playground_back_to_step").click().run()
    assert lesson.subheader[0].value.startswith("Step 4 of 8")
    lesson.switch_page(PLAYGROUND.path).run()
    assert not [b for b in lesson.button if b.key == "playground_back_to_step"]  # the way back is used


def presentation_css_shown(at: AppTest) -> bool:
    return any(element.proto.body.strip() == PRESENTATION_CSS.strip() for element in at.get("html"))


def test_presentation_mode_toggles_and_puts_the_question_to_the_room(lesson):
    go_to_step(lesson, 5)
    assert not presentation_css_shown(lesson)
    lesson.toggle(key=SWITCH_KEY).set_value(True).run()
    assert not lesson.exception and lesson.session_state[PRESENTING_KEY] is True
    assert presentation_css_shown(lesson)
    assert len(lesson.expander) == 0 and len(lesson.selectbox) == 0
    assert lesson.subheader[0].value.startswith("Step 5 of 8")  # the same step, bigger
    assert not lesson.text_input and lesson.button(key="lesson_skip_4").label == "Reveal"
    lesson.button(key="lesson_next").click().run()
    assert lesson.subheader[0].value.startswith("Step 6 of 8")
    lesson.button(key="lesson_skip_5").click().run()
    assert lesson.button(key="lesson_again_5").label == "Ask me again"  # the figure shows the answer
    assert headline(lesson)["IDCG@5"] == "14.60"
    lesson.toggle(key=SWITCH_KEY).set_value(False).run()
    assert not presentation_css_shown(lesson)


@pytest.mark.parametrize("step", [7, 8])
def test_presentation_charts_write_their_text_as_large_as_the_page_and_in_the_text_colour(lesson, step: int):
    """Presentation mode's type grows with the screen (rem of a root size in vw and vh); a chart's text
    is drawn by Vega in pixels, so its sizes are Vega expressions of the same root size (16 px at
    1280×720, 23 px at 1920×1080), in the theme's text colour, and the chart fills a box in rem."""
    lesson.toggle(key=SWITCH_KEY).set_value(True).run()
    go_to_step(lesson, step)
    lesson.button(key=f"lesson_skip_{step - 1}").click().run()  # Reveal
    (spec,) = [json.loads(chart.proto.spec) for chart in lesson.get("vega_lite_chart")]
    axis = spec["config"]["axis"]
    for size in (axis["labelFontSize"], axis["titleFontSize"]):
        found = re.fullmatch(
            r"([\d.]+) \* clamp\(([\d.]+) \* windowSize\(\)\[0\] \+ ([\d.]+) \* windowSize\(\)\[1\] "
            r"\+ ([\d.]+), (\d+), (\d+)\)",
            size["expr"],
        )
        assert found, size
        times, per_width, per_height, plus, low, high = (float(part) for part in found.groups())
        assert times >= 1  # never smaller than the page's root type
        for (width, height), px in (((1280, 720), 16.0), ((1920, 1080), 23.0)):  # the CSS clamp by hand
            root = min(max(per_width * width + per_height * height + plus, low), high)
            assert abs(root - px) < 0.5, (width, height, root)
    assert axis["labelColor"] == axis["titleColor"] == DARK_TEXT  # not Streamlit's pale grey
    assert spec["autosize"]["type"] == "fit" and "height" not in spec  # the box's height, in rem
    assert any(
        f".st-key-lesson_chart_step{step} {{ height: {CHART_REM[step]}rem; }}" in h.proto.body
        for h in lesson.get("html")
    )


def test_steps_are_reachable_from_the_classroom_view_and_back(app_copy: NewApp):
    at = app_copy(params={"present": "1"})
    at.button(key="classroom_step_6").click().run()  # step 7, from the Lesson menu
    assert presentation_css_shown(at) and at.subheader[0].value.startswith("Step 7 of 8")
    at.button(key="lesson_try_it_6").click().run()
    assert any(element.proto.body.strip() == CLASSROOM_CSS.strip() for element in at.get("html"))
    at.button(key="classroom_back_to_step").click().run()
    assert at.subheader[0].value.startswith("Step 7 of 8")


def test_settings_survive_presentation_mode_and_a_visit_to_the_playground(lesson):
    lesson.radio(key=GAIN_KEY).set_value("linear").run()
    lesson.toggle(key=SWITCH_KEY).set_value(True).run()
    lesson.run()  # a run that does not draw the settings
    lesson.switch_page(PLAYGROUND.path).run()  # still presenting: the Playground's classroom view
    assert lesson.session_state[GAIN_KEY] == "linear"
    assert headline(lesson)["NDCG@5"] == f"{ndcg_core.ndcg(SEED000, K, gain='linear'):.2f}"
    lesson.switch_page(STEP_BY_STEP.path).run()
    assert lesson.session_state[PRESENTING_KEY] is True
