"""The lesson page, run headless with Streamlit's AppTest: every step's numbers against the core.

Each expected number is computed here by ``ndcg_core`` for the list the session holds, so the
test fails if a step shows a stale, a typed-in or a wrong value.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.teaching.formula import number, written_ndcg, written_sum
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
from tests.pages.conftest import NewApp, headline
from ui.lesson.frame import UNLISTED_NAME
from ui.lesson.steps import STEPS
from ui.lesson.tables import plain_text
from ui.navigation import PLAYGROUND, STEP_BY_STEP
from ui.plain_text import plain
from ui.presentation import PRESENTATION_CSS
from ui.state.lesson import PRESENTING_KEY, STEP_KEY, SWITCH_KEY
from ui.state.ranked_list import Item
from ui.state.scenario import DECIMALS_KEY, GAIN_KEY, LIST_KEY, SCENARIO_KEY

SEED000 = [float(grade) for grade in BLUETOOTH_HEADPHONES.grades]
K = BLUETOOTH_HEADPHONES.k


@pytest.fixture
def lesson(new_app: NewApp) -> AppTest:
    at = new_app(STEP_BY_STEP)
    assert not at.exception
    return at


def go_to_step(at: AppTest, step: int) -> AppTest:
    """Show step ``step`` (1-based), as the Next button would."""
    at.session_state[STEP_KEY] = step - 1
    return at.run()


def latex(at: AppTest) -> list[str]:
    """The formulas shown, without the $$ … $$ that st.latex wraps them in."""
    return [element.value.removeprefix("$$\n").removesuffix("\n$$") for element in at.latex]


def column(at: AppTest, table: int, name: str) -> np.ndarray:
    return at.table[table].value[name].to_numpy(dtype=float)


def same(shown: np.ndarray, expected) -> bool:
    return bool(np.allclose(shown, np.asarray(expected, dtype=float), rtol=0, atol=1e-12))


def load_in_lesson(at: AppTest, scenario: Scenario) -> AppTest:
    at.selectbox(key="lesson_scenario_picker").select(scenario.key).run()
    assert not at.exception
    return at


def set_decimals(at: AppTest, decimals: int) -> AppTest:
    """Choose how many decimals are shown, as a user does (a scenario never changes it)."""
    return at.selectbox(key=DECIMALS_KEY).set_value(decimals).run()


# ------------------------------------------------------- the eight steps --


def test_walks_every_step_with_next_and_shows_the_step_number(lesson):
    assert lesson.button(key="lesson_previous").disabled
    for step in range(1, len(STEPS) + 1):
        assert lesson.subheader[0].value == f"Step {step} of {len(STEPS)}: {STEPS[step - 1].title}"
        assert not lesson.exception
        if step < len(STEPS):
            lesson.button(key="lesson_next").click().run()
    assert lesson.button(key="lesson_next").disabled
    lesson.button(key="lesson_previous").click().run()
    assert lesson.subheader[0].value.startswith(f"Step {len(STEPS) - 1} of {len(STEPS)}")


def test_step1_the_returned_list_and_the_ideal_order(lesson):
    returned, ideal = lesson.table[0].value, lesson.table[1].value
    assert list(returned["Item"]) == [plain_text(name) for name in BLUETOOTH_HEADPHONES.labels]
    assert same(returned["Grade"], SEED000)
    order = ndcg_core.ideal_order(SEED000)
    assert list(ideal["Item"]) == [plain_text(BLUETOOTH_HEADPHONES.labels[i]) for i in order]
    assert same(ideal["Grade"], sorted(SEED000, reverse=True))
    assert any(r"\frac{\mathrm{DCG@5}}{\mathrm{IDCG@5}}" in formula for formula in latex(lesson))


def test_step2_gain_exponential_and_linear(lesson):
    go_to_step(lesson, 2)
    table = ndcg_core.breakdown(SEED000, K)
    assert same(column(lesson, 0, "Gain"), table["gain"])
    grades = np.array([3.0, 2.0, 1.0, 0.0])
    assert same(column(lesson, 1, "Grade"), grades)
    assert same(column(lesson, 1, "Exponential 2^rel − 1"), ndcg_core.gain_values(grades, "exponential"))
    assert same(column(lesson, 1, "Linear rel"), ndcg_core.gain_values(grades, "linear"))
    top_gain = ndcg_core.gain_values(np.array([3.0]), "exponential")[0]
    assert f"g(3) = 2^{{3}} - 1 = {number(top_gain, 2)}" in latex(lesson)[0]


def test_step3_discount_by_rank(lesson):
    go_to_step(lesson, 3)
    discounts = ndcg_core.discount_values(np.arange(1, len(SEED000) + 1))
    assert same(column(lesson, 0, "Discount"), discounts)
    # The formula shows the first ranks to 3 decimals, as the seeds print them: 1, 0.631, 0.500.
    assert all(number(value, 3) in latex(lesson)[0] for value in discounts[:3])


def test_step4_cg_and_seed001_rankings_a_and_b(lesson):
    go_to_step(lesson, 4)
    table = ndcg_core.breakdown(SEED000, K)
    assert same(column(lesson, 0, "CG"), table["cg"])
    assert list(lesson.table[0].value["Within k"]) == ["top 5"] * 5 + ["beyond k"] * 2
    a_and_b = lesson.table[1].value.set_index("Rank:")
    for name, ranking in (("A", CG_RANKING_A), ("B", CG_RANKING_B)):
        grades = list(ranking.grades)
        assert same(a_and_b.loc[name, ["1", "2", "3", "4"]], grades)
        assert a_and_b.loc[name, "CG@4"] == ndcg_core.breakdown(grades, 4)["cg"].iloc[-1]
        assert a_and_b.loc[name, "DCG@4"] == ndcg_core.dcg(grades, 4)
    assert a_and_b.loc["A", "CG@4"] == a_and_b.loc["B", "CG@4"]  # blind to order
    assert a_and_b.loc["A", "DCG@4"] > a_and_b.loc["B", "DCG@4"]
    linear_cg = ndcg_core.breakdown(list(CG_RANKING_A.grades), 4, gain="linear")["cg"].iloc[-1]
    assert any(f"CG@4 = {number(linear_cg, 2)} for both" in caption.value for caption in lesson.caption)
    gains = " + ".join(number(value, 2) for value in table["gain"][:K])
    assert f"= {gains} = {number(table['cg'][K - 1], 2)}" in latex(lesson)[0]


def test_step5_dcg_is_seed000_table_4(lesson):
    go_to_step(lesson, 5)
    table = ndcg_core.breakdown(SEED000, K)
    shown = lesson.table[0].value
    for name, core_column in (("Contribution", "contribution"), ("DCG", "dcg"), ("Discount", "discount")):
        assert same(shown[name], table[core_column])
    assert list(shown["Within k"]) == ["top 5"] * 5 + ["beyond k"] * 2
    assert latex(lesson) == [written_sum("DCG@5", np.array(SEED000), K, "exponential", 2).latex]
    assert "= 6.31" in latex(lesson)[0]  # seed 000, equation (8)


def test_step6_idcg_is_seed000_table_5(lesson):
    go_to_step(lesson, 6)
    table = ndcg_core.breakdown(SEED000, K)
    shown = lesson.table[0].value
    assert same(shown["IDCG"], table["idcg"])
    assert same(shown["Contribution"], table["ideal_contribution"])
    best = np.sort(SEED000)[::-1]
    assert latex(lesson) == [written_sum("IDCG@5", best, K, "exponential", 2).latex]
    assert "= 14.60" in latex(lesson)[0]  # seed 000, equation (9)


def test_step7_ndcg_headline_and_formula(lesson):
    go_to_step(lesson, 7)
    numbers = ndcg_core.headline(SEED000, K)
    shown = headline(lesson)
    assert shown == {
        "DCG@5": f"{numbers.dcg:.2f}",
        "IDCG@5": f"{numbers.idcg:.2f}",
        "NDCG@5": f"{numbers.ndcg:.2f}",
    }
    assert shown["NDCG@5"] == "0.43"  # seed 000, equation (10)
    assert latex(lesson) == [written_ndcg(numbers, 2)]
    assert any("Gain: exponential (2^rel − 1)" in note.value for note in lesson.markdown)  # linked: Markdown


def test_step8_the_same_list_at_k_1_3_5_7(lesson):
    go_to_step(lesson, 8)
    shown = lesson.table[0].value
    assert list(shown["k"]) == [1, 3, 5, 7]
    expected = [ndcg_core.headline(SEED000, k) for k in (1, 3, 5, 7)]
    assert same(shown["NDCG@k"], [n.ndcg for n in expected])
    assert same(shown["DCG@k"], [n.dcg for n in expected])
    assert same(shown["IDCG@k"], [n.idcg for n in expected])
    written = " ".join(latex(lesson))
    assert all(written_ndcg(n, 2) in written for n in expected)


# ---------------------------------------------- the lesson follows the list --


def test_the_lesson_follows_a_new_order_and_the_gain(lesson):
    ranked = lesson.session_state[LIST_KEY]
    lesson.session_state[LIST_KEY] = ranked.reordered([ranked.ids[-1], *ranked.ids[:-1]])  # Bose first
    lesson.session_state[GAIN_KEY] = "linear"
    go_to_step(lesson, 7)
    grades = [SEED000[-1], *SEED000[:-1]]
    numbers = ndcg_core.headline(grades, K, gain="linear")
    assert headline(lesson)["NDCG@5"] == f"{numbers.ndcg:.2f}"
    assert any("Gain: linear (rel)" in note.value for note in lesson.markdown)


def test_seed004_chunks_in_the_lesson(lesson):
    load_in_lesson(lesson, RETRIEVED_CHUNKS)
    set_decimals(lesson, RETRIEVED_CHUNKS.decimals)  # seed 004 prints 3 decimals
    go_to_step(lesson, 5)
    grades = np.array(RETRIEVED_CHUNKS.grades, dtype=float)
    assert latex(lesson) == [written_sum("DCG@5", grades, 5, "linear", 3).latex]
    assert "= 6.149" in latex(lesson)[0]
    go_to_step(lesson, 7)
    assert headline(lesson)["NDCG@5"] == "0.972"


def test_judged_pool_ideal_holds_the_unlisted_items(lesson):
    load_in_lesson(lesson, APPROACH_1)
    set_decimals(lesson, APPROACH_1.decimals)
    pool = [*APPROACH_1.grades, *APPROACH_1.unlisted_grades]
    go_to_step(lesson, 1)
    assert list(lesson.table[1].value["Item"]).count(plain_text(UNLISTED_NAME)) == len(
        APPROACH_1.unlisted_grades
    )
    go_to_step(lesson, 6)
    ideal = lesson.table[0].value
    assert same(ideal["Grade"], sorted(pool, reverse=True)[: len(ideal)])
    assert same(ideal["IDCG"].iloc[4:5], [ndcg_core.idcg(list(APPROACH_1.grades), 5, ideal=pool)])
    go_to_step(lesson, 7)
    assert headline(lesson)["NDCG@5"] == "0.2268"


def test_item_names_are_shown_as_text_not_markup(lesson):
    ranked = lesson.session_state[LIST_KEY]
    name = "**Sony** [click](http://example.com) $x$ <b>bold</b>"
    items = (Item(ranked.items[0].id, name, ranked.items[0].grade), *ranked.items[1:])
    lesson.session_state[LIST_KEY] = ranked.edited([(i.id, i.name, i.grade) for i in items])
    lesson.run()
    shown = lesson.table[0].value["Item"][0]
    assert shown == plain_text(name)
    assert (
        "\\*\\*Sony\\*\\*" in shown and "\\[click\\]" in shown and "\\$x\\$" in shown and "\\<b\\>" in shown
    )


def test_an_empty_list_is_explained_on_every_step(lesson):
    load_in_lesson(lesson, EMPTY)
    for step in range(1, len(STEPS) + 1):
        go_to_step(lesson, step)
        assert not lesson.exception
        assert "The list is empty" in lesson.info[0].value


# ------------------------------------------------------------ scenarios --


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda scenario: scenario.key)
def test_each_scenario_loads_in_the_playground_with_its_expected_ndcg(new_app: NewApp, scenario: Scenario):
    at = new_app()
    set_decimals(at, scenario.decimals)  # first, as a user would: the scenario keeps the setting
    at.selectbox(key="playground_scenario_picker").select(scenario.key).run()
    assert not at.exception
    assert at.session_state[SCENARIO_KEY] == scenario.key
    assert at.session_state[DECIMALS_KEY] == scenario.decimals
    if scenario.grades:
        label, value = next(
            (label, value) for label, value in headline(at).items() if label.startswith("NDCG")
        )
        assert value == f"{scenario.expected_ndcg:.{scenario.decimals}f}"
        assert label == f"NDCG@{scenario.k}"
    else:  # the empty list: one message, no headline of nothing (issue 17)
        assert not headline(at)
        assert any(
            f"NDCG@{scenario.k} is taken as {scenario.expected_ndcg:g}" in info.value for info in at.info
        )
    assert at.caption[0].value.startswith(f"{plain(scenario.title)} · {plain(scenario.source)}")
    details = " ".join(caption.value for caption in at.caption)
    assert scenario.expected_text in details and scenario.note in details
    assert f"**k** = {scenario.k}" in details and scenario.gain_description in details


@pytest.mark.parametrize("scenario", [s for s in SCENARIOS if s.grades], ids=lambda scenario: scenario.key)
def test_each_scenario_shows_its_expected_ndcg_in_the_lesson(lesson, scenario: Scenario):
    load_in_lesson(lesson, scenario)
    set_decimals(lesson, scenario.decimals)
    go_to_step(lesson, 7)
    shown = headline(lesson)
    assert shown[f"NDCG@{scenario.k}"] == f"{scenario.expected_ndcg:.{scenario.decimals}f}"


# ------------------------------------------------ try it, presentation --


def test_try_it_on_the_cg_step_opens_ranking_b_in_the_playground(lesson):
    go_to_step(lesson, 4)
    lesson.button(key="lesson_try_it_3").click().run()
    assert not lesson.exception
    assert lesson.title[0].value == "NDCG Playground"
    assert lesson.session_state[SCENARIO_KEY] == CG_RANKING_B.key
    numbers = ndcg_core.headline(list(CG_RANKING_B.grades), 4, gain="linear")
    # the session's 2 decimals: opening a scenario never changes the setting
    assert headline(lesson)["NDCG@4"] == f"{numbers.ndcg:.2f}"


def test_try_it_keeps_the_current_list(lesson):
    ranked = lesson.session_state[LIST_KEY]
    reordered = ranked.reordered(list(reversed(ranked.ids)))
    lesson.session_state[LIST_KEY] = reordered
    lesson.run()
    lesson.button(key="lesson_try_it_0").click().run()
    assert lesson.title[0].value == "NDCG Playground"
    assert lesson.session_state[LIST_KEY].grades == reordered.grades


def presentation_css_shown(at: AppTest) -> bool:
    return any(element.proto.body.strip() == PRESENTATION_CSS.strip() for element in at.get("html"))


def test_presentation_mode_toggles(lesson):
    go_to_step(lesson, 5)
    assert not presentation_css_shown(lesson)
    assert len(lesson.title) == 1 and len(lesson.expander) == 1  # the page title and the settings
    lesson.toggle(key=SWITCH_KEY).set_value(True).run()
    assert not lesson.exception
    assert lesson.session_state[PRESENTING_KEY] is True
    assert presentation_css_shown(lesson)
    assert len(lesson.title) == 0 and len(lesson.expander) == 0 and len(lesson.selectbox) == 0
    assert lesson.subheader[0].value.startswith("Step 5 of 8")  # the same step, bigger
    assert "= 6.31" in latex(lesson)[0]
    lesson.button(key="lesson_next").click().run()
    assert lesson.subheader[0].value.startswith("Step 6 of 8")
    lesson.toggle(key=SWITCH_KEY).set_value(False).run()
    assert not presentation_css_shown(lesson) and len(lesson.title) == 1


def test_settings_survive_presentation_mode_and_a_visit_to_the_playground(lesson):
    lesson.radio(key=GAIN_KEY).set_value("linear").run()
    lesson.toggle(key=SWITCH_KEY).set_value(True).run()
    lesson.run()  # a run that does not draw the settings
    lesson.switch_page(PLAYGROUND.path).run()  # still presenting: the Playground's classroom view
    assert lesson.session_state[GAIN_KEY] == "linear"
    expected = ndcg_core.ndcg(SEED000, K, gain="linear")
    assert headline(lesson)["NDCG@5"] == f"{expected:.2f}"
    lesson.switch_page(STEP_BY_STEP.path).run()
    assert lesson.session_state[PRESENTING_KEY] is True


def test_the_steps_table_is_one_frame_per_table(lesson):
    """A guard on the helper the other tests use: tables arrive as data frames with their values."""
    assert isinstance(lesson.table[0].value, pd.DataFrame)


def test_step_7_says_a_random_orders_ndcg_differs_by_query(lesson):
    """Issue 15: NDCG is averaged across queries, but a random order scores 0.92 on [1, 1, 1, 1, 0]
    and 0.37 on [1, 0, 0, 0, 0, 0, 0, 0] at k = 5, and this list's own random-order mean."""
    go_to_step(lesson, 7)
    text = " ".join(m.value for m in lesson.markdown)
    # E[NDCG@k] = mean(gain) · Σ_{i ≤ k} 1/log2(i + 1) / IDCG@k (every item equally likely at every rank)
    discounts = [1 / np.log2(i + 1) for i in range(1, 6)]
    four = (4 / 5) * sum(discounts) / sum(discounts[:4])
    one = (1 / 8) * sum(discounts) / 1.0
    gains = [2.0**g - 1 for g in SEED000]
    ideal = sorted(gains, reverse=True)
    mine = np.mean(gains) * sum(discounts) / sum(g * d for g, d in zip(ideal, discounts, strict=False))
    assert (
        f"{four:.2f} on average on [1, 1, 1, 1, 0]" in text
        and f"{one:.2f} on [1, 0, 0, 0, 0, 0, 0, 0]" in text
    )
    assert (f"{four:.2f}", f"{one:.2f}") == ("0.92", "0.37")
    assert f"On this list a random order scores NDCG@5 = {mine:.2f} on average." in text
    assert "(glossary?term=random-order-baseline#random-order-baseline)" in text
