"""Variants and pitfalls: the Playground's list under every convention, and the slips that change NDCG.

Thin by design: read the Playground's list and settings from the session, ask ``ndcg_core`` for
every number (``variant_table`` for the variants, ``ndcg_core.teaching.pitfalls`` for the pitfalls), draw.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

import ndcg_core
from ndcg_core import CustomGain, Gain, NDCGInputError, Pitfall, default_custom_gain, parse_custom_gain
from ndcg_core.metric.gains import gain_formula
from ndcg_core.teaching.pitfalls import (
    SEED001_APPROACHES,
    SEED001_TRUNCATED,
    SEED002_DOCUMENTS,
    TIE_EXAMPLE,
    scores_with_a_tie,
)
from ui.charts.common import cutoff_data
from ui.charts.variants import discount_curve_data, variant_bar_data, with_data
from ui.navigation import PLAYGROUND, link_to
from ui.state import scenario
from ui.state.ranked_list import RankedList
from ui.state.settings import JUDGED_POOL, LISTED_ITEMS
from ui.state.variants import (
    BASE_KEY,
    CUSTOM_KEY,
    CUSTOM_VALID_KEY,
    DEFAULT_BASE,
    THRESHOLD_KEY,
    TIE_KEY,
    keep,
)

VERDICT_MARK = {"wrong": ":red[**✗ wrong**] · ", "right": ":green[**✓ right**] · ", "convention": ""}
HEADERS = {
    "aspect": "What changes",
    "variant": "Variant",
    "formula": "Formula",
    "dcg": "DCG@k",
    "idcg": "IDCG@k",
    "ndcg": "NDCG@k",
    "in_force": "On the Playground",
    "used_by": "When, and by whom",
}


@dataclass(frozen=True)
class View:
    """The Playground's list and the settings in force there."""

    ranked: RankedList
    k: int
    gain: Gain
    uses_pool: bool
    decimals: int

    @property
    def grades(self) -> list[float]:
        """The list's grades in ranked order."""
        return self.ranked.grades

    @property
    def pool(self) -> list[float] | None:
        """The judged pool when the Playground builds the ideal from it, else ``None``."""
        return self.ranked.pool() if self.uses_pool else None


def playground_view(ranked: RankedList) -> View:
    """The Playground's k (cut to the list, as the Playground does), gain, ideal and decimals."""
    settings = scenario.current_settings(ranked)
    return View(ranked, settings.k, settings.gain, settings.uses_pool, settings.decimals)


def _grades_text(grades: list[float]) -> str:
    return scenario.grades_text(grades) or "none"


def _fill_missing_grades(grades: list[float]) -> None:
    """Button callback: give every grade the table lacks its own value as gain (trec_eval's default)."""
    valid: CustomGain | None = st.session_state.get(CUSTOM_VALID_KEY)
    table = valid.as_dict() if valid else {}
    for grade in grades:
        table.setdefault(float(grade), float(grade))
    st.session_state[CUSTOM_KEY] = CustomGain.from_mapping(table).text


def custom_gain_field(grades: list[float]) -> CustomGain | None:
    """The custom gain typed as ``grade:gain`` pairs; on an error the last valid table stays."""
    st.session_state.setdefault(CUSTOM_KEY, default_custom_gain(grades).text)
    st.text_input(
        "Custom gain per grade (grade:gain, …)",
        key=CUSTOM_KEY,
        help="As trec_eval's ndcg measure allows (-m ndcg.1=3,2=9). Every grade in the list needs a gain.",
    )
    try:
        gain = parse_custom_gain(st.session_state[CUSTOM_KEY])
        st.session_state[CUSTOM_VALID_KEY] = gain
    except NDCGInputError as error:
        gain = st.session_state.get(CUSTOM_VALID_KEY)
        st.error(f"{error}\n\nStill using the last valid gains: {gain.label if gain else 'none yet'}.")
    return gain


def controls(ranked: RankedList) -> tuple[CustomGain | None, float, float]:
    """Custom gain, J–K base b and the binary threshold, in one row."""
    st.session_state.setdefault(BASE_KEY, DEFAULT_BASE)
    levels = sorted({g for g in ranked.grades if g > 0}) or [1.0]
    if st.session_state.get(THRESHOLD_KEY) not in levels:
        st.session_state[THRESHOLD_KEY] = levels[0]
    gain_column, base_column, threshold_column = st.columns([3, 2, 2])
    with gain_column:
        custom = custom_gain_field(ranked.pool())
    base_column.number_input(
        "J–K log base b",
        min_value=2.0,
        max_value=100.0,
        step=1.0,
        key=BASE_KEY,
        help="Järvelin & Kekäläinen's discount: ranks below b keep their whole gain, rank i ≥ b is divided by log_b(i).",
    )
    threshold_column.select_slider(
        "Binary labels: relevant from grade",
        options=levels,
        key=THRESHOLD_KEY,
        format_func=lambda g: f"{g:g}",
    )
    return custom, float(st.session_state[BASE_KEY]), float(st.session_state[THRESHOLD_KEY])


def variants_table(view: View, custom: CustomGain | None, base: float) -> pd.DataFrame:
    """The core's table of every variant; the custom row is left out (with a note) if it cannot be computed."""
    pool = view.ranked.pool()
    settings = {"gain": view.gain, "log_base": base, "use_pool": view.uses_pool}
    try:
        variants = ndcg_core.standard_variants(custom_gain=custom, **settings)
        return ndcg_core.variant_table(view.grades, view.k, variants, pool=pool)
    except NDCGInputError as error:
        st.warning(f"{error} The custom-gain row is left out until then.")
        st.button(
            "Give the missing grades their own value as gain", on_click=_fill_missing_grades, args=(pool,)
        )
    return ndcg_core.variant_table(view.grades, view.k, ndcg_core.standard_variants(**settings), pool=pool)


def in_force(table: pd.DataFrame, view: View) -> list[bool]:
    """Which rows are the Playground's own convention (its gain, 1/log2(i+1), its ideal)."""
    ideal = JUDGED_POOL if view.uses_pool else LISTED_ITEMS
    return [
        (aspect == "gain" and variant == view.gain)
        or (aspect == "discount" and variant == "log2")
        or (aspect == "ideal" and variant == ideal)
        for aspect, variant in zip(table["aspect"], table["variant"], strict=True)
    ]


def shown_numbers(table: pd.DataFrame, decimals: int) -> pd.DataFrame:
    """DCG, IDCG and NDCG as rounded text for a static table; NaN (a skipped query) says so."""
    shown = table.copy()
    for column in ("dcg", "idcg", "ndcg"):
        shown[column] = ["left out" if np.isnan(v) else f"{v:.{decimals}f}" for v in table[column]]
    return shown


def tools_section(view: View) -> None:
    """Three tools' defaults on this ranking: the answer to "why did two tools give two numbers?"."""
    st.header("Two tools, two numbers")
    k, decimals = view.k, view.decimals
    table = ndcg_core.variant_table(view.grades, k, ndcg_core.tool_variants(), pool=view.ranked.pool())
    st.markdown(
        f"The same ranking, NDCG@{k} as each tool computes it by default. They differ by gain, by where "
        "the ideal comes from and by what an empty ideal gives; the rows below change one of these at a time."
    )
    shown = shown_numbers(table, decimals)[["variant", "formula", "dcg", "idcg", "ndcg", "used_by"]]
    st.table(
        shown.rename(
            columns={
                "variant": "Tool",
                "formula": "Its conventions",
                "dcg": f"DCG@{k}",
                "idcg": f"IDCG@{k}",
                "ndcg": f"NDCG@{k}",
                "used_by": "Ties",
            }
        ).set_index("Tool")
    )


def every_variant_section(view: View, custom: CustomGain | None, base: float) -> None:
    """The table and the charts of one ranking under every variant."""
    st.header("One ranking, every convention")
    k, decimals = view.k, view.decimals
    table = variants_table(view, custom, base)
    lowest, highest = table.loc[table["ndcg"].idxmin()], table.loc[table["ndcg"].idxmax()]
    st.markdown(
        f"For this one ranking NDCG@{k} runs from **{lowest['ndcg']:.{decimals}f}** ({lowest['aspect']}: "
        f"{lowest['variant']}) to **{highest['ndcg']:.{decimals}f}** ({highest['aspect']}: {highest['variant']}), "
        f"a spread of {ndcg_core.spread(table['ndcg']):.{decimals}f}. Each row changes one convention of the "
        "Playground's (✓ in force) and keeps the others."
    )
    marks = in_force(table, view)
    shown = shown_numbers(table, decimals).assign(in_force=["✓" if mark else "" for mark in marks])
    st.table(shown[list(HEADERS)].rename(columns=HEADERS).set_index(["What changes", "Variant"]))
    left, right = st.columns(2, gap="large")
    left.vega_lite_chart(
        with_data("ndcg_bars", variants=variant_bar_data(table, marks, decimals)), width="stretch"
    )
    curves = discount_curve_data(max(len(view.grades), k, 10), base)
    right.vega_lite_chart(with_data("discount_curves", curves=curves, cutoff=cutoff_data(k)), width="stretch")


def ideal_section(view: View) -> None:
    """Where the ideal comes from: this list, and seed 001's two approaches."""
    st.header("Where the ideal comes from")
    ranked, k, gain, decimals = view.ranked, view.k, view.gain, view.decimals
    pool = ranked.pool()
    listed = ndcg_core.ndcg(ranked.grades, k, gain=gain)
    judged = ndcg_core.ndcg(ranked.grades, k, gain=gain, ideal=pool)
    returned, corpus, seed_k = SEED001_APPROACHES
    columns = st.columns(4)
    columns[0].metric(f"This list · NDCG@{k}, ideal from the listed items", f"{listed:.{decimals}f}")
    columns[1].metric(
        f"This list · NDCG@{k}, ideal from the judged pool ({len(pool)})", f"{judged:.{decimals}f}"
    )
    columns[2].metric(
        f"Seed 001 · NDCG@{seed_k}, returned list (Approach 2)", f"{ndcg_core.ndcg(returned, seed_k):.4f}"
    )
    columns[3].metric(
        f"Seed 001 · NDCG@{seed_k}, judged pool (Approach 1)",
        f"{ndcg_core.ndcg(returned, seed_k, ideal=corpus):.4f}",
    )
    st.caption(
        f"Gain {gain} ({gain_formula(gain)}), discount 1/log2(i+1). Seed 001's system returned grades "
        f"{_grades_text(returned)} of a corpus graded {_grades_text(corpus)} (exponential gain): it missed both 5s, "
        "which only the judged pool notices."
        + (
            ""
            if ranked.unlisted_grades
            else " This list has no judged items outside it, so its two numbers agree: add some on the "
            "Playground (Ideal from: judged pool)."
        )
    )


def show_pitfall(pitfall: Pitfall, decimals: int, note: str = "", *, explain: bool = True) -> None:
    """A pitfall's readings side by side, each marked wrong (✗), right (✓) or a convention."""
    columns = st.columns(len(pitfall.readings))
    for column, reading in zip(columns, pitfall.readings, strict=True):
        value = "left out (NaN)" if np.isnan(reading.value) else f"{reading.value:.{decimals}f}"
        column.metric(VERDICT_MARK[reading.verdict] + reading.label, value)
    st.caption(" ".join(part for part in (note, pitfall.why if explain else "") if part))


def tie_controls(ranked: RankedList) -> tuple[list[float], list[str], str]:
    """Which ranks of the list share one score; the scores, the document ids and what the ids are."""
    n = len(ranked.items)
    st.session_state.setdefault(TIE_KEY, (1, min(2, n)))
    first, last = st.session_state[TIE_KEY]
    if not 1 <= first <= last <= n:
        st.session_state[TIE_KEY] = (1, min(2, n))
    if n >= 2:
        st.slider("Ranks that share one score", 1, n, key=TIE_KEY)
    first, last = st.session_state[TIE_KEY]
    names_unique = len(set(ranked.names)) == n
    ids = ranked.names if names_unique else ranked.ids
    what = "the item names" if names_unique else "the item ids (two items share a name)"
    return scores_with_a_tie(n, first, last), ids, what


def pitfalls_section(view: View, threshold: float) -> None:
    """Each pitfall on this list, with the seed's own example where there is one."""
    st.header("Pitfalls: the wrong and the right number")
    grades, pool, k, gain = view.grades, view.pool, view.k, view.gain
    shown = max(view.decimals, 3)
    with st.container(border=True):
        st.subheader("1. The ideal built from the first k items only")
        show_pitfall(ndcg_core.truncated_ideal(grades, k, gain=gain, ideal=pool), shown, "This list.")
        show_pitfall(
            ndcg_core.truncated_ideal(*SEED001_TRUNCATED),
            3,
            f"Seed 001's list {_grades_text(SEED001_TRUNCATED[0])}, exponential gain.",
            explain=False,
        )
    with st.container(border=True):
        st.subheader("2. A misread discount table")
        show_pitfall(ndcg_core.misread_discount(grades, k, gain=gain, ideal=pool), shown, "This list.")
        show_pitfall(
            ndcg_core.misread_discount(SEED002_DOCUMENTS),
            3,
            f"Seed 002's documents A–E, grades {_grades_text(SEED002_DOCUMENTS)}, linear gain.",
            explain=False,
        )
    with st.container(border=True):
        st.subheader("3. Linear and exponential gain compared as one metric")
        show_pitfall(ndcg_core.mixed_gains(grades, k, ideal=pool), shown, "This list.")
    with st.container(border=True):
        st.subheader("4. NDCG on binary labels")
        show_pitfall(ndcg_core.binary_labels(grades, k, threshold=threshold, gain=gain), shown)
    with st.container(border=True):
        st.subheader("5. IDCG = 0, and what libraries return for it")
        show_pitfall(ndcg_core.empty_ideal_rules(grades, k, gain=gain, ideal=pool), shown)
    with st.container(border=True):
        st.subheader("6. Ties in scores")
        scores, ids, what = tie_controls(view.ranked)
        pitfall = ndcg_core.tied_scores(grades, scores, k, doc_ids=ids, gain=gain)
        show_pitfall(
            pitfall,
            shown,
            f"This list, scored in its order with the chosen ranks tied; trec_eval's ids are {what}, gain {gain}.",
        )
        labels, tie_scores, tie_k = TIE_EXAMPLE
        show_pitfall(
            ndcg_core.tied_scores(labels, tie_scores, tie_k),
            3,
            f"The classic case: labels {_grades_text(labels)}, scores {_grades_text(tie_scores)}, k = {tie_k}, "
            "ids d1 … d5, linear gain.",
            explain=False,
        )


def main() -> None:
    scenario.keep_settings()
    keep()
    ranked = scenario.current_list()
    st.title("Variants and pitfalls")
    st.caption(
        "The same ranking, computed the ways different tools and papers compute it, and the slips that "
        "change the number. Why did two tools give you two NDCGs? Find the row that differs."
    )
    if not ranked.items:
        st.info("The Playground's list is empty. Add items there first.")
        link_to(PLAYGROUND, "Open the Playground")
        return
    view = playground_view(ranked)
    ideal = f"{JUDGED_POOL} ({len(ranked.pool())} judged items)" if view.uses_pool else LISTED_ITEMS
    st.markdown(
        f"**The Playground's list**: {len(ranked.items)} items, grades in ranked order "
        f"{_grades_text(ranked.grades)}; k = {view.k}. In force there: gain {view.gain} "
        f"({gain_formula(view.gain)}), discount 1/log2(i+1), ideal from {ideal}, IDCG = 0 gives 0."
    )
    link_to(PLAYGROUND, "Change the list or k on the Playground")
    tools_section(view)
    custom, base, threshold = controls(ranked)
    every_variant_section(view, custom, base)
    ideal_section(view)
    pitfalls_section(view, threshold)


main()
