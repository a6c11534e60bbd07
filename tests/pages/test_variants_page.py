"""The Variants and pitfalls page, run headless with AppTest: it works on the Playground's list.

Every expected number is the core's, or a seed's published one; the page must show it rounded.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.metric.intent_aware import best_single_order
from ndcg_core.teaching.intents import JAGUAR, LESSON, lesson_numbers
from ndcg_core.teaching.pitfalls import (
    LOSES_INFORMATION,
    NO_EFFECT,
    SEED001_TRUNCATED,
    SEED002_DOCUMENTS,
    misread_discount,
    scores_with_a_tie,
    tied_scores,
)
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.pages.conftest import NewApp
from ui.navigation import PLAYGROUND, VARIANTS
from ui.state.intents import LIST_KEY as INTENTS_LIST_KEY
from ui.state.intents import PROBABILITY_KEY
from ui.state.ranked_list import RankedList
from ui.state.scenario import DECIMALS_KEY, K_WANTED_KEY, LIST_KEY

SEED000 = list(BLUETOOTH_HEADPHONES.grades)


@pytest.fixture
def app(app_copy: NewApp) -> AppTest:
    at = app_copy(VARIANTS)
    assert not at.exception
    return at


def metrics(at: AppTest) -> dict[str, str]:
    return {metric.label: metric.value for metric in at.metric}


def variant_rows(at: AppTest):
    """The "every convention" table, indexed by (what changes, variant)."""
    return at.table[1].value


def test_opens_on_the_playground_list_with_the_seed_numbers(app):
    shown = metrics(app)
    assert shown["This list · NDCG@5, listed items"] == "0.43"  # seed 000
    assert shown["Course notes · NDCG@5, returned list"] == "0.68"  # the session's 2 decimals
    assert shown["Course notes · NDCG@5, judged pool"] == "0.23"
    assert "The course notes print 4 decimals: set Decimals to 4 to compare." in " ".join(
        m.value for m in [*app.caption, *app.markdown]
    )
    assert any("grades in ranked order 0, 1, 2, 3, 2, 0, 3; k = 5" in md.value for md in app.markdown)
    app.selectbox(key=DECIMALS_KEY).set_value(4).run()
    shown = metrics(app)
    assert shown["Course notes · NDCG@5, returned list"] == "0.6776"  # seed 001's printed values
    assert shown["Course notes · NDCG@5, judged pool"] == "0.2268"
    assert "Seed 001 prints" not in " ".join(m.value for m in [*app.caption, *app.markdown])


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
    # log2 (0.4321) and jk (0.4306) both round to 0.43: the column shows the digits that differ
    assert f"{ndcg_core.ndcg(SEED000, 5):.2f}" == f"{expected[('discount', 'jk')]:.2f}"
    assert rows.loc[("discount", "log2"), "NDCG@k"] == f"{ndcg_core.ndcg(SEED000, 5):.3f}"
    for row, value in expected.items():
        assert rows.loc[row, "NDCG@k"] == f"{value:.3f}", row
    # the default custom gain is trec_eval's example 1→3, 2→9 with 0→0, 3→3 (grades it does not name)
    custom = {0: 0, 1: 3, 2: 9, 3: 3}
    assert rows.loc[("gain", "custom"), "NDCG@k"] == f"{ndcg_core.ndcg(SEED000, 5, gain=custom):.3f}"
    assert rows.loc[("gain", "exponential"), "In force"] == "✓"


def test_two_tools_give_two_numbers(app):
    tools = app.table[0].value
    assert tools.loc["trec_eval ndcg_cut", "NDCG@5"] == f"{ndcg_core.ndcg(SEED000, 5, gain='linear'):.2f}"
    assert tools.loc["LightGBM ndcg@k", "NDCG@5"] == f"{ndcg_core.ndcg(SEED000, 5):.2f}"
    assert tools.loc["trec_eval ndcg_cut", "NDCG@5"] != tools.loc["LightGBM ndcg@k", "NDCG@5"]


def test_pitfalls_show_the_seeds_wrong_and_right_numbers(app):
    app.selectbox(key=DECIMALS_KEY).set_value(3).run()  # the seeds print 3 decimals
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
    assert (
        shown["This list · NDCG@3, listed items"]
        == f"{ndcg_core.ndcg(reversed_grades, 3, gain='linear'):.2f}"
    )
    assert variant_rows(app).loc[("discount", "log2"), "In force"] == "✓"
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
    places = expected.decimals(2)  # the session's 2, more where two readings would round alike
    for reading in expected.readings:
        assert shown[reading.label] == f"{reading.value:.{places}f}"


def test_an_empty_list_says_so(app):
    app.session_state[LIST_KEY] = app.session_state[LIST_KEY].edited([])
    app.run()
    assert "The Playground's list is empty" in app.info[0].value


# ------------------------------------------------------- pitfalls' words (issue 15) --


def put(at: AppTest, grades: list[float], k: int) -> AppTest:
    """The Playground's list as these grades, at this k."""
    rows = [(None, f"item {rank}", float(grade)) for rank, grade in enumerate(grades, start=1)]
    at.session_state[LIST_KEY] = at.session_state[LIST_KEY].edited(rows)
    at.session_state[K_WANTED_KEY] = k
    at.run()
    assert not at.exception
    return at


def pitfall_texts(at: AppTest) -> str:
    """Every Markdown text of the page, as shown (unescaped)."""
    return "\n".join(m.value.replace("\\", "") for m in at.markdown)


def test_a_slip_that_changes_nothing_is_neither_wrong_nor_right(app):
    """Issue 15.3: [3, 2, 1, 0, 2] at k = 3 reads the misread row never: 0.905 and 0.905, no ✗ nor ✓."""
    put(app, [3, 2, 1, 0, 2], 3)
    pitfall = misread_discount([3, 2, 1, 0, 2], 3, gain="exponential")
    slip, right = pitfall.readings
    assert slip.value == right.value and slip.note == NO_EFFECT
    shown = metrics(app)
    assert shown[slip.label] == shown[right.label] == f"{right.value:.2f}"
    texts = pitfall_texts(app)
    assert NO_EFFECT in texts
    # the marks: the list's other slips differ, so count them against the core's verdicts
    readings = [
        r
        for p in (
            ndcg_core.truncated_ideal([3, 2, 1, 0, 2], 3),
            pitfall,
            ndcg_core.misread_discount(SEED002_DOCUMENTS),
            ndcg_core.truncated_ideal(*SEED001_TRUNCATED),
            ndcg_core.mixed_gains([3, 2, 1, 0, 2], 3),
        )
        for r in p.readings
    ]
    assert texts.count("✗ wrong") == sum(r.verdict == "wrong" for r in readings)
    assert texts.count("✓ right") == sum(r.verdict == "right" for r in readings)


def test_binary_labels_lose_information_and_are_no_bug(app):
    pitfall = ndcg_core.binary_labels(SEED000, 5)
    assert all(r.verdict == "convention" for r in pitfall.readings)
    assert LOSES_INFORMATION in pitfall_texts(app)


def test_readings_get_the_digits_that_differ(app):
    """Two readings that differ never read alike: 0.6135 and 0.6097 (misread rank 5) show 3 decimals."""
    grades = [0, 1, 1, 1, 1, 3]
    put(app, grades, 6)
    for pitfall in (
        ndcg_core.truncated_ideal(grades, 6),
        ndcg_core.misread_discount(grades, 6, gain="exponential"),
        ndcg_core.mixed_gains(grades, 6),
    ):
        places = pitfall.decimals(2)
        shown = [metrics(app)[r.label] for r in pitfall.readings]
        assert shown == [f"{r.value:.{places}f}" for r in pitfall.readings]
        distinct = {round(r.value, 12) for r in pitfall.readings}
        assert len(set(shown)) == len(distinct)


# ----------------------------------------------------- intent-aware NDCG (issue 15) --


def intent_numbers(at: AppTest) -> dict[str, str]:
    names = ("NDCG@5, the car", "NDCG@5, the animal", "IA-NDCG@5")
    return {label: value for label, value in metrics(at).items() if label in names}


def expected_intents(order: list[int], p_car: float) -> tuple[float, float, float]:
    """NDCG@5 for the car and the animal, and IA-NDCG@5 = P(car)·NDCG_car + P(animal)·NDCG_animal."""
    car, animal = (ndcg_core.ndcg([i.grades[p] for p in order], 5) for i in JAGUAR.intents)
    return car, animal, p_car * car + (1 - p_car) * animal


def test_intent_aware_ndcg_is_the_weighted_mean_of_each_intents_ndcg(app):
    car, animal, ia = expected_intents(list(range(8)), 0.6)
    assert intent_numbers(app) == {
        "NDCG@5, the car": f"{car:.2f}",
        "NDCG@5, the animal": f"{animal:.2f}",
        "IA-NDCG@5": f"{ia:.2f}",
    }
    assert min(car, animal) <= ia <= max(car, animal)
    texts = pitfall_texts(app)
    assert LESSON in texts and lesson_numbers(JAGUAR) in texts


def test_a_drop_and_the_slider_update_every_intent(app):
    ranked = app.session_state[INTENTS_LIST_KEY]
    order = [5, 2, 7, 4, 3, 0, 6, 1]  # the animal's pages first
    app.session_state[INTENTS_LIST_KEY] = ranked.reordered([f"j{p}" for p in order])
    app.run()
    car, animal, ia = expected_intents(order, 0.6)
    assert animal == 1.0 and car < 1.0  # the animal's ideal order
    assert intent_numbers(app) == {
        "NDCG@5, the car": f"{car:.2f}",
        "NDCG@5, the animal": "1.00",
        "IA-NDCG@5": f"{ia:.2f}",
    }
    app.slider(key=PROBABILITY_KEY).set_value(0.25).run()
    *_, ia = expected_intents(order, 0.25)
    assert intent_numbers(app)["IA-NDCG@5"] == f"{ia:.2f}"
    assert "P(the car) = 0.25 · P(the animal) = 0.75" in " ".join(c.value for c in app.caption)


def test_one_click_orders_for_each_intent_and_the_mix(app):
    app.button(key="intents_ideal_0").click().run()
    assert intent_numbers(app)["NDCG@5, the car"] == "1.00"
    assert intent_numbers(app)["NDCG@5, the animal"] != "1.00"  # one order cannot suit both
    app.button(key="intents_best").click().run()
    _, best = best_single_order(JAGUAR.pairs(), JAGUAR.k, gain=JAGUAR.gain)
    assert intent_numbers(app)["IA-NDCG@5"] == f"{best:.2f}"
    app.button(key="intents_undo").click().run()
    assert intent_numbers(app)["NDCG@5, the car"] == "1.00"


def test_the_written_sum_adds_up_to_ia_ndcg_as_written(app):
    """Σ P(j)·NDCG_j with its terms as written adds up to IA-NDCG as written, for every slider value."""
    order = [5, 0, 1, 2, 3, 4, 6, 7]
    ranked = app.session_state[INTENTS_LIST_KEY]
    app.session_state[INTENTS_LIST_KEY] = ranked.reordered([f"j{p}" for p in order])
    for step in range(1, 20):
        app.slider(key=PROBABILITY_KEY).set_value(round(0.05 * step, 2)).run()
        line = next(m.value for m in app.markdown if m.value.startswith("IA-NDCG@5 = Σ"))
        terms, total = line.split(" = ")[2], line.split(" = ")[3].strip("*")
        products = [term.split(" × ") for term in terms.split(" + ")]
        written = sum(float(p) * float(v) for p, v in products)
        places = len(total.partition(".")[2])
        assert f"{written:.{places}f}" == total, line


def intent_section_with_a_bad_grade() -> None:
    """The intent-aware section on a scenario the core refuses (an intent's grade is negative)."""
    from dataclasses import replace

    from ndcg_core.teaching.intents import JAGUAR
    from ui.intent_aware import intent_aware_section

    animal = replace(JAGUAR.intents[1], grades=(0, 0, 2, 0, 1, -3, 0, 2))
    intent_aware_section(replace(JAGUAR, intents=(JAGUAR.intents[0], animal)))


def test_a_scenario_the_core_refuses_gets_its_message_not_a_traceback():
    """Issue 28: every input that cannot be right is refused in words, in the intent-aware section too."""
    at = AppTest.from_function(intent_section_with_a_bad_grade, default_timeout=60).run()
    assert not at.exception
    shown = [re.sub(r"\\(.)", r"\1", e.value) for e in at.error]  # as read: markdown escapes removed
    assert shown == [
        "This scenario cannot be scored: The grade of intent 2 at rank 6 is -3; grades must be 0 or more "
        "(0 means not relevant)."
    ]
    assert not [m for m in at.metric if m.label.startswith("IA-NDCG")]
