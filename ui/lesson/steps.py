"""The eight steps of the lesson, after seed 000: judgments → gain → discount → CG → DCG → IDCG → NDCG → k.

Each step reveals one more column or number of the list being taught, says what it means in
plain words, and writes its formula with the current numbers. Every number comes from
``ndcg_core`` (the list's breakdown, its headline, the gain and discount functions).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
import streamlit as st

import ndcg_core
from ndcg_core import gain_values
from ndcg_core.teaching.baseline import random_baseline_sentence
from ndcg_core.teaching.formula import number, written_ndcg, written_sum
from ndcg_core.teaching.scenarios import CG_RANKING_A, CG_RANKING_B
from ui.charts.playground import ndcg_by_k_data, with_data
from ui.controls import conventions_line
from ui.glossary import linked_note, term_link
from ui.headline import headline_metrics
from ui.lesson.formulas import cg_latex, discount_latex, gain_latex, ndcg_goal_latex
from ui.lesson.frame import Lesson, Step
from ui.lesson.tables import (
    DISCOUNT_DECIMALS,
    EVERY_COLUMN,
    GAIN_ONLY,
    GRADE_FORMAT,
    WITH_CG,
    WITH_DISCOUNT,
    decimals_format,
    ideal_table,
    lesson_table,
    list_table,
    plain_texts,
    value_format,
)

#: The cutoffs the last step compares (the current k is added).
SAMPLE_KS = (1, 3, 5, 7)
#: Chart labels large enough to read on a projector.
PROJECTOR_CHART_CONFIG = {
    "axis": {"labelFontSize": 18, "titleFontSize": 20},
    "title": {"fontSize": 22},
    "legend": {"labelFontSize": 18},
    "text": {"fontSize": 18},
}


def conventions(lesson: Lesson) -> None:
    """The conventions in force, next to the numbers; outside presentation mode the terms link to the glossary."""
    if lesson.presenting:
        st.caption(conventions_line(lesson.settings, lesson.numbers.judged))
    else:
        linked_note(conventions_line(lesson.settings, lesson.numbers.judged, linked=True))


def explain(lesson: Lesson, lead: str, more: str = "") -> None:
    """The step in plain words: the lead always, the rest outside presentation mode (the presenter says it)."""
    st.markdown(lead if lesson.presenting or not more else f"{lead} {more}")


#: Room around a lesson chart's plot, so that a point at the first or last k is drawn whole.
CHART_PADDING = {"left": 5, "right": 14, "top": 5, "bottom": 5}


def chart(lesson: Lesson, spec: dict, *, projector_height: int | None = None) -> None:
    """A Vega-Lite chart with room for its edge points; in presentation mode, labels large enough
    for a projector (and ``projector_height`` px in all, where the screen has room). Only top-level
    keys are replaced: the spec's parts are a shared cache's."""
    spec = {**spec, "padding": CHART_PADDING}
    if lesson.presenting:
        spec = {**spec, "config": {**spec.get("config", {}), **PROJECTOR_CHART_CONFIG}}
        if projector_height:
            spec["height"] = projector_height
    st.vega_lite_chart(spec, width="stretch")


def written(lesson: Lesson, name: str, grades: Sequence[float]) -> None:
    """``name = Σ terms = rounded terms = total`` (the core's :func:`written_sum`), with its rounding note."""
    settings = lesson.settings
    sum_ = written_sum(name, np.asarray(grades, dtype=float), settings.k, settings.gain, settings.decimals)
    st.latex(sum_.latex)
    if sum_.rounding_note:
        st.caption(sum_.rounding_note)


# -------------------------------------------------------------- 1. judgments --


def judgments(lesson: Lesson) -> None:
    """Seed 000's Tables 1–3: the items, their grades, the returned order and the ideal one."""
    returned, best = st.columns(2, gap="large")
    with returned:
        st.markdown("**The returned list**, in the system's order")
        list_table(lesson)
    with best:
        st.markdown("**The ideal order**: the judged items, best grade first")
        items = lesson.ideal_items()
        ideal = pd.DataFrame(
            {
                "Rank": range(1, len(items) + 1),
                "Item": plain_texts(name for name, _ in items),
                "Grade": [grade for _, grade in items],
            }
        )
        lesson_table(ideal, {"Grade": GRADE_FORMAT}, alt="The ideal order")
    explain(
        lesson,
        "A judge graded each item for the query: 0 is not relevant, higher is more useful. "
        "**Which order is better?** Easy. But *how much* better, as one number from 0 to 1?",
        "And is the returned order better than another system's? NDCG answers both; the next steps "
        "build it, one column at a time.",
    )
    if lesson.unlisted:
        grades = ", ".join(f"{grade:g}" for grade in lesson.unlisted)
        st.caption(
            f"The judge also graded {len(lesson.unlisted)} items that the list left out (grades {grades}): "
            "they belong to the ideal order, not to the list."
        )
    st.latex(ndcg_goal_latex(lesson.numbers.at))


# ------------------------------------------------------------------- 2. gain --


def gain_step(lesson: Lesson) -> None:
    """Grade → gain, exponential and linear side by side."""
    left, right = st.columns([3, 2], gap="large")
    with left:
        list_table(lesson, GAIN_ONLY)
    grades = np.unique(np.asarray(lesson.grades, dtype=float))[::-1]
    gain = lesson.settings.gain
    with right:
        shown = value_format(lesson.settings.decimals)
        gains = pd.DataFrame(
            {
                "Grade": grades,
                "Exponential 2^rel − 1": gain_values(grades, "exponential"),
                "Linear rel": gain_values(grades, "linear"),
            }
        )
        lesson_table(
            gains,
            {"Grade": GRADE_FORMAT, "Exponential 2^rel − 1": shown, "Linear rel": shown},
            alt="Gain of each grade",
        )
        explain(
            lesson,
            "**Gain**: what a grade is worth. Exponential gain (2^rel − 1) nearly doubles with each grade, "
            f"so the best items count far more; linear gain keeps the grade. In force: **{gain}**.",
            "Say which one you use: the same list gets a different NDCG under each.",
        )
    top = float(grades[0])
    st.latex(gain_latex(top, float(gain_values(np.array([top]), gain)[0]), gain))


# --------------------------------------------------------------- 3. discount --


def discount_step(lesson: Lesson) -> None:
    """The discount 1/log2(i + 1) by rank, and position bias."""
    left, right = st.columns([3, 2], gap="large")
    with left:
        list_table(lesson, WITH_DISCOUNT)
    with right:
        explain(
            lesson,
            "People read from the top and stop early (**position bias**). The **discount** is the share "
            "of an item's gain that survives at rank i.",
            "Rank 1 keeps all of it; each later rank keeps a little less, and the loss slows down as you "
            "go: a gentle slope, not a cliff.",
        )
        chart(lesson, discount_chart(lesson.table))
    places = max(lesson.settings.decimals, DISCOUNT_DECIMALS)
    st.latex(discount_latex(list(lesson.table["discount"]), places))


def discount_chart(table: pd.DataFrame) -> dict:
    """Bars of the discount at each rank (the core's numbers)."""
    return {
        "data": {"values": table[["rank", "discount"]].to_dict("records")},
        "mark": {"type": "bar", "color": "#0072B2"},
        "height": 170,
        "encoding": {
            "x": {"field": "rank", "type": "ordinal", "title": "rank i", "axis": {"labelAngle": 0}},
            "y": {"field": "discount", "type": "quantitative", "title": "discount"},
            "tooltip": [{"field": "rank"}, {"field": "discount", "format": ".3f"}],
        },
    }


# --------------------------------------------------------------------- 4. CG --


def cg_step(lesson: Lesson) -> None:
    """Cumulative gain, and why it cannot see the order (seed 001's rankings A and B)."""
    left, right = st.columns([3, 2], gap="large")
    with left:
        list_table(lesson, WITH_CG, mark_k=True)
    with right:
        explain(
            lesson,
            "**Cumulative gain** CG@k adds up the gains of ranks 1 to k. It cannot see the order: "
            "seed 001's rankings A and B hold the same items.",
            "Swap two items inside the top k and CG@k stays put.",
        )
        a_and_b(lesson)
    k = lesson.settings.k
    cg_at_k = float(lesson.table["cg"].iloc[min(k, len(lesson.table)) - 1])
    gains = list(lesson.table["gain"].iloc[:k])
    st.latex(cg_latex(f"CG@{k}", gains, cg_at_k, lesson.settings.decimals))


def a_and_b(lesson: Lesson) -> None:
    """Seed 001's rankings A and B: the same CG@4, a different DCG@4 (under the gain in force).

    One row a ranking: its grades at ranks 1 to 4 (the columns), then CG@4 and DCG@4.
    """
    gain, decimals = lesson.settings.gain, lesson.settings.decimals
    k = CG_RANKING_A.k
    rows = []
    for name, ranking in (("A", CG_RANKING_A), ("B", CG_RANKING_B)):
        grades = list(ranking.grades)
        table = ndcg_core.breakdown(grades, k, gain=gain)
        cells = {"Rank:": name} | {
            f"{rank}": grade for rank, grade in zip(table["rank"], grades, strict=True)
        }
        rows.append(
            cells | {f"CG@{k}": table["cg"].iloc[-1], f"DCG@{k}": ndcg_core.dcg(grades, k, gain=gain)}
        )
    frame = pd.DataFrame(rows)
    formats = {column: GRADE_FORMAT for column in frame.columns if column.isdigit()}
    formats |= {f"CG@{k}": value_format(decimals), f"DCG@{k}": value_format(decimals)}
    lesson_table(frame, formats, alt="Seed 001's rankings A and B: grades by rank, CG@4 and DCG@4")
    if gain != "linear":
        same = float(ndcg_core.breakdown(list(CG_RANKING_A.grades), k, gain="linear")["cg"].iloc[-1])
        st.caption(
            f"Seed 001 adds up the grades themselves (linear gain): CG@{k} = {number(same, decimals)} for both."
        )


# -------------------------------------------------------------------- 5. DCG --


def dcg_step(lesson: Lesson) -> None:
    """Contribution = gain × discount, summed to k: DCG@k (seed 000, Table 4)."""
    list_table(lesson, EVERY_COLUMN, mark_k=True)
    words, formula = st.columns([2, 3], gap="large")
    with words:
        explain(
            lesson,
            "Gain × discount = the item's **contribution**. Add the contributions of ranks 1 to k: "
            "**DCG@k**. Now the order counts.",
            "The same item is worth more near the top. Rows beyond k are faded: they count for a larger "
            "k only.",
        )
        conventions(lesson)
    with formula:
        written(lesson, f"DCG{lesson.numbers.at}", lesson.grades)


# ------------------------------------------------------------------- 6. IDCG --


def idcg_step(lesson: Lesson) -> None:
    """The ideal order's DCG@k: IDCG@k (seed 000, Table 5)."""
    ideal_table(lesson)
    where = (
        f"the judged pool: every judged item, also the {len(lesson.unlisted)} the list left out "
        "(trec_eval). A list that misses relevant items cannot reach it."
        if lesson.settings.uses_pool
        else "the listed items, re-sorted (scikit-learn)."
    )
    words, formula = st.columns([2, 3], gap="large")
    with words:
        explain(
            lesson,
            "The best possible order, best grade first, and its DCG@k: the **ideal DCG**, IDCG@k.",
            f"Here the ideal comes from {where}",
        )
        conventions(lesson)
    with formula:
        written(lesson, f"IDCG{lesson.numbers.at}", lesson.ideal_table["relevance"])


# ------------------------------------------------------------------- 7. NDCG --


def ndcg_step(lesson: Lesson) -> None:
    """NDCG@k = DCG@k / IDCG@k, and what the number says."""
    headline_metrics(lesson.numbers, lesson.settings.decimals)
    st.latex(written_ndcg(lesson.numbers, lesson.settings.decimals))
    explain(
        lesson,
        "**NDCG@k** is the share of the best possible DCG@k that this order reaches: 1 is the best "
        "possible top k, 0 means nothing relevant made it.",
        "Being a share, it can be compared and averaged across queries with very different numbers of "
        "relevant items, which DCG cannot. "
        + random_baseline_sentence(current=lesson.ranking)
        + f" ({term_link('random-order baseline')})",
    )
    conventions(lesson)


# ---------------------------------------------------------------------- 8. k --


def cutoffs(lesson: Lesson) -> list[int]:
    """The cutoffs to compare: 1, 3, 5, 7 and the current k, as far as the judgments go."""
    deepest = max(len(lesson.grades), len(lesson.pool or []))
    return sorted({k for k in (*SAMPLE_KS, lesson.settings.k) if k <= deepest})


def k_step(lesson: Lesson) -> None:
    """The same list at k = 1, 3, 5, 7: DCG@k, IDCG@k, NDCG@k, and NDCG@k for every k."""
    settings = lesson.settings
    numbers = [
        ndcg_core.headline(lesson.grades, k, gain=settings.gain, ideal=lesson.pool) for k in cutoffs(lesson)
    ]
    left, right = st.columns([1, 1], gap="large")
    with left:
        by_k = pd.DataFrame(
            {
                "k": [n.k for n in numbers],
                "DCG@k": [n.dcg for n in numbers],
                "IDCG@k": [n.idcg for n in numbers],
                "NDCG@k": [n.ndcg for n in numbers],
            }
        )
        shown = decimals_format(settings.decimals)
        lesson_table(
            by_k,
            {"DCG@k": shown, "IDCG@k": shown, "NDCG@k": shown},
            alt="DCG, IDCG and NDCG at several cutoffs",
        )
        explain(
            lesson,
            "**k**: how far down the user is assumed to look. A larger k credits items further down, and "
            "asks more of the ideal too.",
            "So NDCG@k can rise or fall as k grows. The recipe: grade → gain → × discount → contribution → "
            "add up to k → DCG@k; the same for the ideal order → IDCG@k; divide → NDCG@k.",
        )
    with right:
        every_k = ndcg_core.ndcg_at_every_k(lesson.grades, gain=settings.gain, ideal=lesson.pool)
        # 1280×720 has room below the formulas: a taller plot, its labels in projector type
        chart(
            lesson,
            with_data("ndcg_by_k", ndcg_by_k_data(every_k, settings.k), settings.k),
            projector_height=320,
        )
    for pair in (numbers[:2], numbers[2:4], numbers[4:]):
        if pair:
            st.latex(r"\qquad ".join(written_ndcg(n, settings.decimals) for n in pair))


STEPS: tuple[Step, ...] = (
    Step(
        "The judgments: which order is better?",
        judgments,
        "drag the items into the order you think is best. How close to 1 does NDCG@k get?",
    ),
    Step(
        "Gain: what a grade is worth",
        gain_step,
        "switch the gain between exponential and linear: which numbers move most?",
    ),
    Step(
        "Discount: lower ranks count less",
        discount_step,
        "drag the best item down one rank at a time: its gain stays, its discount shrinks.",
    ),
    Step(
        "CG: blind to order",
        cg_step,
        "seed 001's ranking B opens. Drag the grade-3 item to the top: CG@4 stays, DCG@4 and NDCG@4 jump.",
        CG_RANKING_B,
    ),
    Step(
        "DCG@k: discounted cumulative gain",
        dcg_step,
        "drag an item with a high grade from below k into the top k and watch DCG@k grow.",
    ),
    Step(
        "IDCG@k: the best DCG@k possible",
        idcg_step,
        "press “Ideal order”: DCG@k becomes IDCG@k (unless judged items are missing from the list).",
    ),
    Step(
        "NDCG@k: the share of the best",
        ndcg_step,
        "find the single drag that raises NDCG@k the most.",
    ),
    Step(
        "What k does",
        k_step,
        "move the k slider from 1 to the end of the list and watch the NDCG@k chart.",
    ),
)
