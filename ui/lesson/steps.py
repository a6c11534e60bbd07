"""The eight steps of the lesson: judgments → gain → discount → CG → DCG → IDCG → NDCG → k.

Every step holds the session's draggable list (the live list, :mod:`ui.live_list`) and, beside
it, the figure that step teaches; the figure and the numbers in its prose follow every drop
(each ``*_figure`` below is drawn inside the live list's fragment). Until the step's question is
answered or skipped, the figure leaves out what the question asks ("?"). Every number comes from
``ndcg_core`` (the list's breakdown, its headline, the move that was made); every sentence built
from numbers comes from :mod:`ndcg_core.teaching.lesson`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np
import pandas as pd
import streamlit as st

import ndcg_core
from ndcg_core import gain_values
from ndcg_core.metric.what_if import random_order_mean
from ndcg_core.teaching import lesson as words
from ndcg_core.teaching.formula import written_ndcg, written_sum
from ndcg_core.teaching.wording import share
from ui.charts.common import readable
from ui.charts.playground import CANVAS, ndcg_by_k_data, with_data
from ui.components.rank_bars import Bar, rank_bars
from ui.controls import conventions_line
from ui.glossary import linked_note, term_link
from ui.lesson.formulas import cg_latex, discount_latex, gain_latex
from ui.lesson.frame import Lesson, Step, View
from ui.lesson.questions import asked_grade, asked_rank
from ui.lesson.tables import (
    DISCOUNT_DECIMALS,
    GRADE_FORMAT,
    HIDDEN,
    lesson_table,
    live_table,
    measure_format,
    value_format,
)
from ui.live_list import LiveRun
from ui.plain_text import plain
from ui.readable_text import text_colour

#: Presentation mode's root type in pixels, as a Vega expression of the window's size: the CSS
#: ``clamp(16px, calc(0.75vw + 0.7vh + 1px), 26px)`` of ``ui.presentation`` (16 px at 1280×720, 23 px
#: at 1920×1080). A chart's text is drawn by Vega in pixels, so it grows with the screen through this.
ROOT_PX = "clamp(0.0075 * windowSize()[0] + 0.007 * windowSize()[1] + 1, 16, 26)"


def root_px(times: float) -> dict[str, str]:
    """``times`` × presentation mode's root type, as a Vega expression (any Vega-Lite size takes one)."""
    return {"expr": f"{times:g} * {ROOT_PX}"}


#: Chart text on a projector: as large as the page's text around it, at every screen size.
PROJECTOR_CHART_CONFIG = {
    "axis": {"labelFontSize": root_px(1.1), "titleFontSize": root_px(1.2)},
    "title": {"fontSize": root_px(1.3)},
    "legend": {"labelFontSize": root_px(1.1)},
    "text": {"fontSize": root_px(1.1)},
}
#: In presentation mode, the height of step 7's and step 8's charts, in rem (it grows with the screen).
CHART_REM = {7: 12, 8: 13}
#: Room around a lesson chart's plot, so that a point at the first or last k is drawn whole.
CHART_PADDING = {"left": 5, "right": 14, "top": 22, "bottom": 5}
#: The live table's widget key (one step shows at a time).
TABLE_KEY = "lesson_rank_table"


def lesson_of(run: LiveRun, view: View) -> Lesson:
    return Lesson.of_run(run, view.presenting)


def conventions(lesson: Lesson) -> None:
    """The conventions in force, next to the numbers; outside presentation mode the terms link to the glossary."""
    if lesson.presenting:
        st.caption(conventions_line(lesson.settings, lesson.numbers.judged))
    else:
        linked_note(conventions_line(lesson.settings, lesson.numbers.judged, linked=True))


def prose(text: str) -> None:
    """A live sentence (it may hold an item's name: shown as plain text)."""
    st.markdown(plain(text))


def moved_label(run: LiveRun) -> tuple[str, tuple[int, int] | None]:
    """The moved item's name and (from, to) of the last change, when it was a single move."""
    if run.last is None or run.last.move is None:
        return "", None
    return run.ranked.items[run.last.move[1] - 1].name, run.last.move


def what_the_last_change_did(run: LiveRun, measure: Literal["dcg", "ndcg"]) -> None:
    """After a change: "Moving “Bose” from rank 7 to rank 1 raised DCG@5 from 6.31 to 11.50." (NDCG is
    written as a share); nothing before the first change."""
    if run.last is None or run.before is None:
        return
    label, move = moved_label(run)
    before, after = getattr(run.before, measure), getattr(run.numbers, measure)
    name = f"{measure.upper()}{run.numbers.at}"
    said = words.past_change(
        words.moving(label, move), name, before, after, run.settings.decimals, shares=measure == "ndcg"
    )
    prose(said + ".")


def chart(view: View, spec: dict, *, projector_rem: float | None = None) -> None:
    """A Vega-Lite chart with room for its edge points; in presentation mode, for a projector: text
    that grows with the screen and, with ``projector_rem``, a height in rem (the page's root type,
    which grows with the screen too) that the chart fills."""
    spec = {**spec, "padding": CHART_PADDING}
    if not view.presenting:
        st.vega_lite_chart(spec, width="stretch")
        return
    spec = readable(spec, text_colour())  # dark (or light) text, as large as the page's
    config = {
        part: {**spec["config"].get(part, {}), **values} for part, values in PROJECTOR_CHART_CONFIG.items()
    }
    spec = {**spec, "config": {**spec["config"], **config}}
    if projector_rem is None:
        st.vega_lite_chart(spec, width="stretch")
        return
    spec = {key: value for key, value in spec.items() if key != "height"}
    spec["autosize"] = {"type": "fit", "contains": "padding"}  # the box's height, axes and title included
    box = f"lesson_chart_step{view.step + 1}"
    st.html(f"<style>.st-key-{box} {{ height: {projector_rem:g}rem; }}</style>")  # static: no user text
    with st.container(key=box):
        st.vega_lite_chart(spec, width="stretch", height="stretch")


def written(lesson: Lesson, name: str, grades: Sequence[float]) -> None:
    """``name = Σ terms = rounded terms = total`` (the core's :func:`written_sum`), with its rounding note."""
    settings = lesson.settings
    sum_ = written_sum(name, np.asarray(grades, dtype=float), settings.k, settings.gain, settings.decimals)
    st.latex(sum_.latex)
    if sum_.rounding_note:
        st.caption(sum_.rounding_note)


def table(run: LiveRun, view: View, columns: Sequence[str], **options) -> None:
    """The live per-rank table of the step (rank, item, grade and ``columns``)."""
    names = () if view.presenting else ("label",)  # on a projector the list beside says which item
    live_table(
        run.table,
        ("rank", *names, "relevance", *columns),
        run.settings.k,
        run.settings.decimals,
        key=TABLE_KEY,
        large=view.presenting,
        **options,
    )


# -------------------------------------------------------------- 1. judgments --


def judgments_figure(run: LiveRun, view: View) -> None:
    """Before the answer: the judge's scale; after it: the ideal order and this order's NDCG@k."""
    lesson = lesson_of(run, view)
    with view.side:
        if not view.revealed:
            grades = sorted(set(lesson.grades + list(lesson.unlisted)), reverse=True)
            counts = pd.DataFrame(
                {
                    "Grade": grades,
                    "Items with it": [(lesson.grades + list(lesson.unlisted)).count(g) for g in grades],
                }
            )
            st.markdown("**The judge's grades**: 0 is not relevant, higher is more useful.")
            lesson_table(counts, {"Grade": GRADE_FORMAT}, alt="How many items have each grade")
            return
        items = lesson.ideal_items()
        st.markdown("**The ideal order**: the judged items, best grade first")
        ideal = {
            "rank": np.arange(1, len(items) + 1),
            "label": [name for name, _ in items],
            "relevance": np.array([grade for _, grade in items]),
            "in_cutoff": np.arange(1, len(items) + 1) <= run.settings.k,
        }
        live_table(
            ideal,
            ("rank", "label", "relevance"),
            run.settings.k,
            run.settings.decimals,
            key=TABLE_KEY,
            large=view.presenting,
        )
        what_the_last_change_did(run, "ndcg")


# ------------------------------------------------------------------- 2. gain --


def gain_figure(run: LiveRun, view: View) -> None:
    """The gain column, live; the gain of the asked grade "?" until revealed; then gain by grade."""
    lesson = lesson_of(run, view)
    grade = asked_grade(lesson)
    hidden = None if view.revealed else {"gain": [g == grade for g in lesson.grades]}
    decimals = run.settings.decimals
    with view.side:
        table(run, view, ("gain",), hidden=hidden)
        label, move = moved_label(run)
        gains = list(run.table["gain"])
        if move is not None:
            at = move[1] - 1
            prose(words.gain_kept(label, lesson.grades[at], gains[at], move, decimals))
        elif view.revealed:
            prose(words.top_gains(gains, run.settings.k, decimals))
    if view.revealed and view.below is not None:
        with view.below:
            gain_by_grade(lesson)


def gain_by_grade(lesson: Lesson) -> None:
    """Grade → gain, exponential and linear side by side, and the formula with the top grade."""
    grades = np.unique(np.asarray(lesson.grades, dtype=float))[::-1]
    shown = value_format(lesson.settings.decimals)
    gains = pd.DataFrame(
        {
            "Grade": grades,
            "Exponential 2^rel − 1": gain_values(grades, "exponential"),
            "Linear rel": gain_values(grades, "linear"),
        }
    )
    left, right = st.columns([2, 3], gap="large")
    with left:
        lesson_table(
            gains,
            {"Grade": GRADE_FORMAT, "Exponential 2^rel − 1": shown, "Linear rel": shown},
            alt="Gain of each grade",
        )
    with right:
        top = float(grades[0])
        gain = lesson.settings.gain
        st.latex(gain_latex(top, float(gain_values(np.array([top]), gain)[0]), gain))


# --------------------------------------------------------------- 3. discount --


def discount_figure(run: LiveRun, view: View) -> None:
    """The discount by rank; the held item's place marked while an item is held (and what its gain counts there)."""
    lesson = lesson_of(run, view)
    discounts = np.asarray(run.table["discount"], dtype=float)
    places = max(run.settings.decimals, DISCOUNT_DECIMALS)
    asked = asked_rank(lesson)
    bars = [
        Bar(rank, HIDDEN if rank == asked and not view.revealed else f"{value:.{places}f}", float(value))
        for rank, value in enumerate(discounts, start=1)
    ]
    with view.side:
        rank_bars(
            bars,
            key="lesson_discount_bars",
            label="The discount 1/log2(i + 1) at each rank: "
            + ", ".join(f"rank {b.rank}: {b.text}" for b in bars),
            caption="Discount 1/log2(i + 1) by rank i. Hold an item of the list: its place is marked.",
            follows=run.unit.sortable_key,
            order=run.ranked.ids,
            held=held_words(run, discounts, places, view.revealed),
            cutoff=run.settings.k,
            size="large" if view.presenting else "normal",
        )
        label, move = moved_label(run)
        if move is not None:
            gains = np.asarray(run.table["gain"], dtype=float)
            prose(
                words.discount_moved(
                    label, float(gains[move[1] - 1]), move, list(discounts), run.settings.decimals
                )
            )
    if view.revealed and view.below is not None:
        with view.below:
            st.latex(discount_latex(list(discounts), places))


#: Above this many items the words for every (held rank, place) are left out (n² texts).
HELD_WORDS_LIMIT = 30


def held_words(run: LiveRun, discounts: np.ndarray, places: int, revealed: bool) -> dict | None:
    """For every (held rank s, place t): "“Sony” here: discount 0.500, its gain 7 counts 3.50"."""
    n = len(discounts)
    if n > HELD_WORDS_LIMIT:
        return None
    gains = np.asarray(run.table["gain"], dtype=float)
    decimals = run.settings.decimals
    texts: list[str] = []
    index: dict[str, int] = {}
    cells = []
    for s in range(n):
        row = []
        for t in range(n):
            shown = HIDDEN if (t + 1 == 3 and not revealed) else f"{discounts[t]:.{places}f}"
            counts = (
                HIDDEN
                if shown == HIDDEN
                else ndcg_core.teaching.formula.number(gains[s] * discounts[t], decimals)
            )
            text = f"“{run.ranked.items[s].name}” at rank {t + 1}: discount {shown}, its gain {gains[s]:g} counts {counts}"
            row.append(index.setdefault(text, len(index)))
            if len(index) > len(texts):
                texts.append(text)
        cells.append(row)
    return {"texts": texts, "cells": cells}


# --------------------------------------------------------------------- 4. CG --


def cg_figure(run: LiveRun, view: View) -> None:
    """The gain and CG columns, CG@k in large type, and what the last change did to CG@k and DCG@k."""
    k, decimals = run.settings.k, run.settings.decimals
    cg = np.asarray(run.table["cg"], dtype=float)
    cg_at_k = float(cg[min(k, len(cg)) - 1])
    with view.side:
        st.metric(f"CG@{k}", ndcg_core.teaching.formula.number(cg_at_k, decimals))
        table(run, view, ("gain", "cg"))
        if run.last is not None and run.before is not None:
            label, move = moved_label(run)
            before_cg = float(np.sum(gain_values(run.before.grades, run.settings.gain)[:k]))
            prose(
                words.cg_and_dcg(
                    words.moving(label, move),
                    run.numbers.at,
                    (before_cg, cg_at_k),
                    (run.before.dcg, run.numbers.dcg),
                    decimals,
                )
            )
    if view.below is None:
        return
    with view.below:
        gains = list(np.asarray(run.table["gain"], dtype=float)[:k])
        st.latex(cg_latex(f"CG@{k}", gains, cg_at_k, decimals))


# -------------------------------------------------------------------- 5. DCG --


def dcg_figure(run: LiveRun, view: View) -> None:
    """Gain × discount = contribution, summed to k: the table, what the last move did, the sum."""
    lesson = lesson_of(run, view)
    with view.side:
        table(run, view, ("gain", "discount", "contribution", "dcg"))
        what_the_last_change_did(run, "dcg")
    if view.below is None:
        return
    with view.below:
        written(lesson, f"DCG{run.numbers.at}", lesson.grades)
        conventions(lesson)


# ------------------------------------------------------------------- 6. IDCG --


def idcg_figure(run: LiveRun, view: View) -> None:
    """The ideal order beside the list: its gains and discounts, its contributions and IDCG once revealed."""
    lesson = lesson_of(run, view)
    shown = ("gain", "discount", "contribution", "dcg") if view.revealed else ("gain", "discount")
    if view.presenting and view.revealed:  # a projector's width: what the answer adds
        shown = ("contribution", "dcg")
    with view.side:
        st.markdown("**The ideal order**, best grade first")
        live_table(
            lesson.ideal_table,
            ("rank", "label", "relevance", *shown),
            run.settings.k,
            run.settings.decimals,
            key=TABLE_KEY,
            headers={"dcg": "IDCG"},
            large=view.presenting,
        )
        if view.revealed:
            prose(
                words.share_of_ideal(run.numbers.dcg, run.numbers.idcg, run.numbers.at, run.settings.decimals)
            )
    if view.revealed and view.below is not None:
        with view.below:
            written(lesson, f"IDCG{run.numbers.at}", lesson.ideal_table["relevance"])
            conventions(lesson)


# ------------------------------------------------------------------- 7. NDCG --


def ndcg_figure(run: LiveRun, view: View) -> None:
    """NDCG@k beside what a random order scores on average and the best order; the division."""
    lesson = lesson_of(run, view)
    if not view.revealed:
        with view.side:
            st.markdown(
                f"NDCG{run.numbers.at} is hidden until you answer: it is DCG{run.numbers.at} ÷ IDCG{run.numbers.at}."
            )
        return
    mean = random_order_mean(run.ranking)
    with view.side:
        chart(
            view,
            baseline_chart(run.numbers.ndcg, mean, run.numbers.at, run.settings.decimals),
            projector_rem=CHART_REM[7],
        )
        what_the_last_change_did(run, "ndcg")
        prose(words.against_random(run.numbers.ndcg, mean, run.numbers.at, run.settings.decimals))
    if view.below is None:
        return
    with view.below:
        st.latex(written_ndcg(run.numbers, run.settings.decimals))
        conventions(lesson)


def baseline_chart(ndcg: float, random_mean: float, at: str, decimals: int = 2) -> dict:
    """Bars from 0 to 1: this order's NDCG@k, a random order's on average, and the ideal order's 1.

    Each bar's label is written as a share (:func:`ndcg_core.teaching.wording.share`): 0.998 reads
    0.998, never 1.00.
    """
    rows = [
        {"what": what, "ndcg": value, "label": share(value, decimals)}
        for what, value in (
            ("this order", ndcg),
            ("a random order (average)", random_mean),
            ("the ideal order", 1.0),
        )
    ]
    return {
        "data": {"values": rows},
        "height": 150,
        "layer": [
            {"mark": {"type": "bar", "color": "#0072B2"}},
            {"mark": {"type": "text", "align": "left", "dx": 4}, "encoding": {"text": {"field": "label"}}},
        ],
        "encoding": {
            "y": {
                "field": "what",
                "type": "nominal",
                "sort": None,
                "title": None,
                "axis": {"labelLimit": 400},
            },
            "x": {
                "field": "ndcg",
                "type": "quantitative",
                "scale": {"domain": [0, 1.15]},
                "title": f"NDCG{at}",
                "axis": {"values": [0, 0.5, 1], "format": ".1f"},
            },
        },
        "usermeta": CANVAS,
    }


# ---------------------------------------------------------------------- 8. k --


def k_figure(run: LiveRun, view: View) -> None:
    """DCG@k and IDCG@k at every k; once revealed, NDCG@k at every k, its chart and the best k."""
    lesson = lesson_of(run, view)
    settings = lesson.settings
    every = np.asarray(run.ranking.ndcg_at_every_k, dtype=float)
    ks = np.arange(1, len(every) + 1)
    by_k = {
        "k": ks,
        "DCG@k": run.ranking.running_dcg,
        "IDCG@k": run.ranking.running_idcg,
    }
    if view.revealed:
        by_k["NDCG@k"] = every
    shown = measure_format(settings.decimals)
    with view.side:
        if view.revealed:
            chart(
                view,
                with_data("ndcg_by_k", ndcg_by_k_data(every, settings.k), settings.k),
                projector_rem=CHART_REM[8],
            )
            prose(words.best_and_worst_k(every, settings.decimals))
        if not (view.revealed and view.presenting):  # a projector shows the chart instead
            lesson_table(
                pd.DataFrame(by_k),
                {name: shown for name in by_k if name != "k"},
                alt="DCG, IDCG and NDCG at every cutoff k",
            )
    if view.revealed and view.below is not None:
        with view.below:
            numbers = [
                ndcg_core.headline(lesson.grades, k, gain=settings.gain, ideal=lesson.pool)
                for k in sample_ks(lesson)
            ]
            for pair in (numbers[:2], numbers[2:4]):
                if pair:
                    st.latex(r"\qquad ".join(written_ndcg(n, settings.decimals) for n in pair))


def sample_ks(lesson: Lesson) -> list[int]:
    """The cutoffs whose division is written out: 1, 3 and the current k (as far as the list goes)."""
    deepest = len(lesson.grades)
    return sorted({k for k in (1, 3, lesson.settings.k) if k <= deepest})


STEPS: tuple[Step, ...] = (
    Step(
        "The judgments: which order is better?",
        judgments_figure,
        f"A judge {term_link('grade', 'graded')} each item for the query: 0 is not relevant, higher is more useful. "
        "**Which order is better?** Easy. But *how much* better, as one number from 0 to 1?",
        "drag the items into the order you think is best. How close to 1 does NDCG@k get?",
        headline=lambda revealed: ("ndcg",) if revealed else (),
        more=f"{term_link('NDCG@k', 'NDCG')} answers that; the next steps build it, one column at a time.",
    ),
    Step(
        "Gain: what a grade is worth",
        gain_figure,
        f"**{term_link('gain', 'Gain')}**: what a grade (*{term_link('rel')}*, the Grade column) is worth. Exponential gain 2^rel − 1 nearly "
        "doubles with each grade, so the best items count far more; linear gain keeps the grade.",
        "switch the gain between exponential and linear: which numbers move most?",
        more="Say which one you use: the same list gets a different NDCG under each.",
    ),
    Step(
        "Discount: lower ranks count less",
        discount_figure,
        f"People read from the top and stop early ({term_link('position bias')}). The **{term_link('discount')}** is the share "
        "of an item's gain that survives at rank i.",
        "drag the best item down one rank at a time: its gain stays, its discount shrinks.",
        more="Rank 1 keeps all of it; each later rank keeps a little less, and the loss slows down: a gentle slope, not a cliff.",
    ),
    Step(
        "CG: blind to order",
        cg_figure,
        f"**{term_link('CG', 'Cumulative gain')}** CG@k adds up the gains of ranks 1 to k.",
        "drag an item across the line at k, then inside the top k: which move changes CG@k?",
        more="Rankings A and B below hold the same four grades in two orders.",
        answer="It cannot see the order: swap two items inside the top k and CG@k stays put.",
    ),
    Step(
        "DCG@k: discounted cumulative gain",
        dcg_figure,
        f"Gain × discount = the item's **{term_link('contribution')}**. Add the contributions of ranks 1 to k: "
        f"**{term_link('DCG@k')}**. Now the order counts.",
        "drag an item with a high grade from below k into the top k and watch DCG@k grow.",
        headline=lambda _revealed: ("dcg",),
        more="The same item is worth more near the top. Rows beyond k count for a larger k only.",
    ),
    Step(
        "IDCG@k: the best DCG@k possible",
        idcg_figure,
        f"The best possible order ({term_link('ideal order', 'the ideal order')}), best grade first, and its "
        f"DCG@k: the **{term_link('IDCG@k', 'ideal DCG')}**, IDCG@k.",
        "press “Ideal order”: DCG@k becomes IDCG@k (unless judged items are missing from the list).",
        headline=lambda revealed: ("dcg", "idcg") if revealed else ("dcg",),
        more="No reordering changes it: it is the ceiling for every order of these items.",
    ),
    Step(
        "NDCG@k: the share of the best",
        ndcg_figure,
        f"**{term_link('NDCG@k')}** is the share of the best possible DCG@k that this order reaches: 1 is the best "
        "possible top k, 0 means nothing relevant made it.",
        "find the single drag that raises NDCG@k the most.",
        headline=lambda revealed: ("dcg", "idcg", "ndcg") if revealed else ("dcg", "idcg"),
        more="Being a share, it can be averaged across queries with very different numbers of relevant items, "
        f"which DCG cannot. A random order's score differs by query, though ({term_link('random-order baseline')}).",
    ),
    Step(
        "What k does",
        k_figure,
        f"**{term_link('k (cutoff)', 'k')}**: how far down the user is assumed to look. A larger k credits items further down, and "
        "asks more of the ideal too.",
        "move the k slider from 1 to the end of the list and watch the NDCG@k chart.",
        headline=lambda revealed: ("ndcg",) if revealed else (),
        more="The recipe: grade → gain → × discount → contribution → add up to k → DCG@k; the same for the "
        "ideal order → IDCG@k; divide → NDCG@k.",
        answer="So NDCG@k can rise or fall as k grows.",
    ),
)
