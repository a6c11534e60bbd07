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
from ndcg_core.teaching import wording
from ndcg_core.teaching.glossary import definition
from ndcg_core.teaching.pitfalls import (
    SEED001_APPROACHES,
    SEED001_TRUNCATED,
    SEED002_DOCUMENTS,
    TIE_EXAMPLE,
    scores_with_a_tie,
)
from ui.charts.common import cutoff_data
from ui.charts.variants import discount_curve_data, variant_bar_data, with_data
from ui.classroom_view import classroom_bar, figure_box, figure_tabs, k_and_gain, projector_chart
from ui.controls import EMPTY_IDEAL_TERM, decimals_control, settings_controls
from ui.draggable_list import draggable_list
from ui.glossary import linked_note, term_help, term_link
from ui.intent_aware import intent_aware_section
from ui.navigation import PLAYGROUND, link_to
from ui.order_buttons import order_buttons
from ui.plain_text import plain
from ui.state import scenario
from ui.state.presentation import is_presenting
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

VERDICT_MARK = {"wrong": ":red[**✗ wrong**]", "right": ":green[**✓ right**]", "convention": ""}
#: The "every convention" table's columns: short ones only, so that it fits a phone without
#: screen-tall rows; what each variant is for follows the table, one line a variant.
HEADERS = {
    "aspect": "What changes",
    "variant": "Variant",
    "formula": "Formula",
    "ndcg": "NDCG@k",
    "dcg": "DCG@k",
    "idcg": "IDCG@k",
    "in_force": "In force",
}
#: The glossary term behind a variant's name, where it has one.
VARIANT_TERMS = {"jk": "jk", "judged pool": "judged pool", "listed items": "listed items"}


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


def threshold_levels(ranked: RankedList) -> list[float]:
    """The grades the binary threshold can take (1 when the list has no positive grade)."""
    levels = sorted({g for g in ranked.grades if g > 0}) or [1.0]
    if st.session_state.get(THRESHOLD_KEY) not in levels:
        st.session_state[THRESHOLD_KEY] = levels[0]
    return levels


def settings_now(ranked: RankedList) -> tuple[CustomGain | None, float, float]:
    """Custom gain, J–K base b and the binary threshold as they stand, without drawing them (the
    classroom view draws them only while its settings are open)."""
    st.session_state.setdefault(BASE_KEY, DEFAULT_BASE)
    st.session_state.setdefault(CUSTOM_KEY, default_custom_gain(ranked.pool()).text)
    threshold_levels(ranked)
    custom = st.session_state.get(CUSTOM_VALID_KEY)
    if custom is None:
        try:
            custom = parse_custom_gain(st.session_state[CUSTOM_KEY])
        except NDCGInputError:
            custom = None
    return custom, float(st.session_state[BASE_KEY]), float(st.session_state[THRESHOLD_KEY])


def controls(ranked: RankedList, *, column: bool = False) -> tuple[CustomGain | None, float, float]:
    """Custom gain, J–K base b, the binary threshold and the shared Decimals setting, in one row
    (``column``: one under the other and without Decimals, which the classroom view's settings
    already hold)."""
    st.session_state.setdefault(BASE_KEY, DEFAULT_BASE)
    levels = threshold_levels(ranked)
    if column:
        gain_column = base_column = threshold_column = st.container()
        decimals_column = None
    else:
        gain_column, base_column, threshold_column, decimals_column = st.columns([3, 2, 2, 1])
    with gain_column:
        custom = custom_gain_field(ranked.pool())
    base_column.number_input(
        "J–K log base b",
        min_value=2.0,
        max_value=100.0,
        step=1.0,
        key=BASE_KEY,
        help=term_help("jk"),
    )
    threshold_column.select_slider(
        "Binary labels: relevant from grade",
        options=levels,
        key=THRESHOLD_KEY,
        format_func=lambda g: f"{g:g}",
        help=term_help("binary labels"),
    )
    if decimals_column is not None:
        with decimals_column:
            decimals_control()
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


def variant_name(variant: str) -> str:
    """A variant's name, linked to its glossary entry where it has one."""
    term = VARIANT_TERMS.get(variant)
    return term_link(term, plain(variant)) if term else plain(variant)


def in_force(table: pd.DataFrame, view: View) -> list[bool]:
    """Which rows are the Playground's own convention (its gain, 1/log2(i+1), its ideal)."""
    ideal = JUDGED_POOL if view.uses_pool else LISTED_ITEMS
    return [
        (aspect == "gain" and variant == view.gain)
        or (aspect == "discount" and variant == "log2")
        or (aspect == "ideal" and variant == ideal)
        for aspect, variant in zip(table["aspect"], table["variant"], strict=True)
    ]


def ndcg_places(values: pd.Series, decimals: int) -> int:
    """The fewest decimals (≥ ``decimals``) at which NDCG values that differ read differently."""
    known = [float(v) for v in values if not np.isnan(v)]
    places = decimals
    for a in known:
        for b in known:
            places = max(places, len(wording.pair(a, b, decimals)[0].partition(".")[2]))
    return places


def shown_numbers(table: pd.DataFrame, decimals: int) -> pd.DataFrame:
    """DCG, IDCG and NDCG as rounded text for a static table; NaN (a skipped query) says so.

    NDCG gets the digits that tell two different values apart, and is never "1.00" below 1.
    """
    shown = table.copy()
    for column in ("dcg", "idcg"):
        shown[column] = ["left out" if np.isnan(v) else wording.number(v, decimals) for v in table[column]]
    places = ndcg_places(table["ndcg"], decimals)
    shown["ndcg"] = ["left out" if np.isnan(v) else wording.share(v, places) for v in table["ndcg"]]
    return shown


def tools_section(view: View) -> None:
    """Three tools' defaults on this ranking: the answer to "why did two tools give two numbers?"."""
    if not is_presenting():  # the classroom view's tab names it
        st.header("Two tools, two numbers")
    k, decimals = view.k, view.decimals
    table = ndcg_core.variant_table(view.grades, k, ndcg_core.tool_variants(), pool=view.ranked.pool())
    st.markdown(
        f"The same ranking, {term_link('NDCG@k', f'NDCG@{k}')} ({term_link('DCG@k', f'DCG@{k}')} / "
        f"{term_link('IDCG@k', f'IDCG@{k}')}) as each tool computes it by default. They differ by gain, by where "
        "the ideal comes from and by what an empty ideal gives; the rows below change one of these at a time."
    )
    shown = shown_numbers(table, decimals)[["variant", "ndcg", "dcg", "idcg"]]
    st.table(
        shown.rename(
            columns={"variant": "Tool", "dcg": f"DCG@{k}", "idcg": f"IDCG@{k}", "ndcg": f"NDCG@{k}"}
        ).set_index("Tool")
    )
    st.markdown(
        "\n".join(
            f"- **{plain(tool)}**: {plain(conventions)}. {plain(ties)} ({term_link('ties')})"
            for tool, conventions, ties in zip(
                table["variant"], table["formula"], table["used_by"], strict=True
            )
        )
    )


def every_variant_section(view: View, custom: CustomGain | None, base: float) -> None:
    """The table and the charts of one ranking under every variant."""
    st.header("One ranking, every convention")
    table = variants_table(view, custom, base)
    marks = in_force(table, view)
    st.markdown(spread_sentence(table, view))
    shown = shown_numbers(table, view.decimals).assign(in_force=["✓" if mark else "" for mark in marks])
    st.table(shown[list(HEADERS)].rename(columns=HEADERS).set_index(["What changes", "Variant"]))
    with st.expander("When each variant is used, and by whom"):
        st.markdown(
            "\n".join(
                f"- **{plain(aspect)}: {variant_name(variant)}**: {plain(used_by)}"
                for aspect, variant, used_by in zip(
                    table["aspect"], table["variant"], table["used_by"], strict=True
                )
            )
        )
    left, right = st.columns(2, gap="large")
    left.vega_lite_chart(variant_bars(table, marks, view.decimals), width="stretch")
    right.vega_lite_chart(discount_curves(view, base), width="stretch")


def spread_sentence(table: pd.DataFrame, view: View) -> str:
    """How far apart the variants' NDCG@k lie, from the lowest to the highest."""
    lowest, highest = table.loc[table["ndcg"].idxmin()], table.loc[table["ndcg"].idxmax()]
    low_text, high_text = wording.pair(lowest["ndcg"], highest["ndcg"], view.decimals)
    return (
        f"For this one ranking NDCG@{view.k} runs from **{low_text}** ({lowest['aspect']}: "
        f"{lowest['variant']}) to **{high_text}** ({highest['aspect']}: {highest['variant']}), "
        f"a spread of {wording.number(ndcg_core.spread(table['ndcg']), len(low_text.partition('.')[2]))}. "
        "Each row changes one convention of the Playground's (✓ in force) and keeps the others."
    )


def variant_bars(table: pd.DataFrame, marks: list[bool], decimals: int) -> dict:
    """The bars of NDCG@k under each variant (the in-force ones marked), with their data."""
    return with_data(
        "ndcg_bars", variants=variant_bar_data(table, marks, ndcg_places(table["ndcg"], decimals))
    )


def discount_curves(view: View, base: float) -> dict:
    """Every discount rank by rank, with the cutoff at k, with their data."""
    curves = discount_curve_data(max(len(view.grades), view.k, 10), base)
    return with_data("discount_curves", curves=curves, cutoff=cutoff_data(view.k))


#: Seed 001 prints its two approaches' NDCG@5 with this many decimals (0.6776, 0.2268).
SEED001_APPROACHES_DECIMALS = 4


def ideal_section(view: View) -> None:
    """Where the ideal comes from: this list, and seed 001's two approaches."""
    if not is_presenting():
        st.header("Where the ideal comes from")
    ranked, k, gain, decimals = view.ranked, view.k, view.gain, view.decimals
    pool = ranked.pool()
    listed = ndcg_core.ndcg(ranked.grades, k, gain=gain)
    judged = ndcg_core.ndcg(ranked.grades, k, gain=gain, ideal=pool)
    returned, corpus, seed_k = SEED001_APPROACHES
    seed_listed = ndcg_core.ndcg(returned, seed_k)
    seed_judged = ndcg_core.ndcg(returned, seed_k, ideal=corpus)
    this_listed, this_judged = wording.pair(listed, judged, decimals)
    seed_listed_text, seed_judged_text = wording.pair(seed_listed, seed_judged, decimals)
    columns = st.columns(4)
    columns[0].metric(f"This list · NDCG@{k}, listed items", this_listed)
    columns[1].metric(f"This list · NDCG@{k}, judged pool", this_judged)
    columns[2].metric(f"Course notes · NDCG@{seed_k}, returned list", seed_listed_text)
    columns[3].metric(f"Course notes · NDCG@{seed_k}, judged pool", seed_judged_text)
    prints = (
        f" The course notes print {SEED001_APPROACHES_DECIMALS} decimals: set Decimals to {SEED001_APPROACHES_DECIMALS} to compare."
        if decimals < SEED001_APPROACHES_DECIMALS
        else ""
    )
    linked_note(
        f"The ideal from the {term_link('listed items')} (scikit-learn; the course notes' Approach 2, the returned "
        f"list) or from the {term_link('judged pool')} ({len(pool)} judged grades here; trec_eval; the course notes' "
        f"Approach 1). Gain {gain} ({gain_formula(gain)}), discount 1/log2(i+1). The course notes' system returned grades "
        f"{_grades_text(returned)} of a corpus graded {_grades_text(corpus)} (exponential gain): it missed both 5s, "
        f"which only the judged pool notices.{prints}"
        + (
            ""
            if ranked.unlisted_grades
            else " This list has no judged items outside it, so its two numbers agree: add some on the "
            "Playground (Ideal from: judged pool)."
        )
    )


def reading_text(value: float, places: int) -> str:
    """One reading's value: "left out (NaN)", or the share with ``places`` decimals (never 1 below 1)."""
    return "left out (NaN)" if np.isnan(value) else wording.share(value, places)


def show_pitfall(pitfall: Pitfall, decimals: int, note: str = "", *, explain: bool = True) -> None:
    """A pitfall's readings side by side: what each is, its number, and its verdict or note.

    Each reading's name is written above its number, where it can wrap (a metric's own label is
    cut with "…" in a narrow column, and a projector has no hover); names, numbers and verdicts
    are three rows, so that the numbers stand on one line however the names wrap. A slip is marked
    ✗ wrong and the right reading ✓ right only where their numbers differ; otherwise the slip's
    note says that it changes nothing here. The decimals are the shared setting, more where two
    readings that differ would round alike (:meth:`Pitfall.decimals`).
    """
    places = pitfall.decimals(decimals)
    readings = pitfall.readings
    for column, reading in zip(st.columns(len(readings), vertical_alignment="bottom"), readings, strict=True):
        column.markdown(plain(reading.label))
    for column, reading in zip(st.columns(len(readings)), readings, strict=True):
        column.metric(reading.label, reading_text(reading.value, places), label_visibility="collapsed")
    verdicts = [
        " · ".join(part for part in (VERDICT_MARK[reading.verdict], plain(reading.note)) if part)
        for reading in readings
    ]
    if any(verdicts):
        for column, verdict in zip(st.columns(len(readings)), verdicts, strict=True):
            if verdict:
                column.markdown(verdict)
    st.caption(" ".join(part for part in (note, plain(pitfall.why) if explain else "") if part))


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


def seed_note(source: str, pitfall: Pitfall, decimals: int, printed: int = 3) -> str:
    """A seed example's caption, with what to set to compare with the seed's printed digits when
    fewer are shown (the seeds print 0.956 and 0.658, 0.975 and 0.966)."""
    if pitfall.decimals(decimals) >= printed:
        return source
    return f"{source} The seed prints {printed} decimals: set Decimals to {printed} to compare."


def truncated_ideal(view: View, _threshold: float) -> None:
    show_pitfall(
        ndcg_core.truncated_ideal(view.grades, view.k, gain=view.gain, ideal=view.pool),
        view.decimals,
        "This list.",
    )
    seed = ndcg_core.truncated_ideal(*SEED001_TRUNCATED)
    source = f"The course notes' list {_grades_text(SEED001_TRUNCATED[0])}, exponential gain."
    show_pitfall(seed, view.decimals, seed_note(source, seed, view.decimals), explain=False)


def misread_discount(view: View, _threshold: float) -> None:
    show_pitfall(
        ndcg_core.misread_discount(view.grades, view.k, gain=view.gain, ideal=view.pool),
        view.decimals,
        "This list.",
    )
    seed = ndcg_core.misread_discount(SEED002_DOCUMENTS)
    source = f"The article “nDCG: Normalized Discounted Cumulative Gain”'s documents A–E, grades {_grades_text(SEED002_DOCUMENTS)}, linear gain."
    show_pitfall(seed, view.decimals, seed_note(source, seed, view.decimals), explain=False)


def mixed_gains(view: View, _threshold: float) -> None:
    show_pitfall(ndcg_core.mixed_gains(view.grades, view.k, ideal=view.pool), view.decimals, "This list.")


def binary_labels(view: View, threshold: float) -> None:
    linked_note(f"{term_link('binary labels')}: {plain(definition('binary labels'))}")
    show_pitfall(
        ndcg_core.binary_labels(view.grades, view.k, threshold=threshold, gain=view.gain), view.decimals
    )


def empty_ideal(view: View, _threshold: float) -> None:
    linked_note(
        f"Conventions: {term_link(EMPTY_IDEAL_TERM)}; {term_link('IDCG = 0 gives 1 (LightGBM, XGBoost)')}."
    )
    show_pitfall(
        ndcg_core.empty_ideal_rules(view.grades, view.k, gain=view.gain, ideal=view.pool), view.decimals
    )


def tied_scores(view: View, _threshold: float) -> None:
    linked_note(f"{term_link('ties')}: {plain(definition('ties'))}")
    scores, ids, what = tie_controls(view.ranked)
    pitfall = ndcg_core.tied_scores(view.grades, scores, view.k, doc_ids=ids, gain=view.gain)
    show_pitfall(
        pitfall,
        view.decimals,
        f"This list, scored in its order with the chosen ranks tied; trec_eval's ids are {what}, gain {view.gain}.",
    )
    labels, tie_scores, tie_k = TIE_EXAMPLE
    show_pitfall(
        ndcg_core.tied_scores(labels, tie_scores, tie_k),
        view.decimals,
        f"The classic case: labels {_grades_text(labels)}, scores {_grades_text(tie_scores)}, k = {tie_k}, "
        "ids d1 … d5, linear gain.",
        explain=False,
    )


#: The pitfalls, each with its heading, in the order the page shows them.
PITFALLS = {
    "1. The ideal built from the first k items only": truncated_ideal,
    "2. A misread discount table": misread_discount,
    "3. Linear and exponential gain compared as one metric": mixed_gains,
    "4. NDCG on binary labels": binary_labels,
    "5. IDCG = 0, and what libraries return for it": empty_ideal,
    "6. Ties in scores": tied_scores,
}


def pitfalls_section(view: View, threshold: float) -> None:
    """Each pitfall on this list, with the seed's own example where there is one."""
    st.header("Pitfalls: the wrong and the right number")
    for title, draw in PITFALLS.items():
        with st.container(border=True):
            st.subheader(title)
            draw(view, threshold)


def main() -> None:
    scenario.keep_settings()
    keep()
    ranked = scenario.current_list()
    if is_presenting():
        classroom_view(ranked)
        return
    st.title("Variants and pitfalls")
    st.caption(
        "The same ranking, computed the ways different tools and papers compute it, and the slips that "
        "change the number. Why did two tools give you two NDCGs? Find the row that differs."
    )
    if not ranked.items:
        st.info("The Playground's list is empty. Add items there first.")
        link_to(PLAYGROUND, "Open the Playground")
    else:
        playground_sections(ranked)
    intent_aware_section()


def playground_sections(ranked: RankedList) -> None:
    """Every section that works on the Playground's list."""
    view = playground_view(ranked)
    source = term_link(JUDGED_POOL if view.uses_pool else LISTED_ITEMS)
    ideal = f"{source} ({len(ranked.pool())} judged items)" if view.uses_pool else source
    formula = gain_formula(view.gain).replace("rel", term_link("rel"))
    st.markdown(
        f"**The Playground's list**: {len(ranked.items)} items, grades in ranked order "
        f"{_grades_text(ranked.grades)}; k = {view.k} (each {term_link('grade')} says how relevant an item is; "
        f"only ranks 1 to {term_link('k (cutoff)', 'k')} count). In force there: "
        f"{term_link('gain')} {view.gain} ({formula}), {term_link('discount')} 1/log2(i+1), ideal from {ideal}, "
        f"{term_link(EMPTY_IDEAL_TERM)}."
    )
    link_to(PLAYGROUND, "Change the list or k on the Playground")
    tools_section(view)
    custom, base, threshold = controls(ranked)
    every_variant_section(view, custom, base)
    ideal_section(view)
    pitfalls_section(view, threshold)


#: The pitfalls' short names, for the classroom view's choice of one.
PITFALL_NAMES = dict(
    zip(
        (
            "Ideal from the top k",
            "Discount table",
            "Linear or exponential",
            "Binary labels",
            "IDCG = 0",
            "Ties",
        ),
        PITFALLS,
        strict=True,
    )
)
#: The classroom view's figures, one tab each: NDCG@k under every variant first.
CLASSROOM_TABS = ("Every convention", "Discounts", "Two tools", "The ideal", "Pitfalls", "Intent-aware")


def classroom_view(ranked: RankedList) -> None:
    """One projector screen: the Playground's list, draggable, beside NDCG@k under every variant;
    the discounts, the tools, the ideal, each pitfall and intent-aware NDCG one click away."""
    view = playground_view(ranked)
    custom, base, threshold = settings_now(ranked)
    bar = classroom_bar("variants_classroom_settings", k_and_gain(view.k, view.gain))
    if bar.settings is not None:
        with bar.settings:
            settings_controls(ranked, layout="column")
            controls(ranked, column=True)
    if not ranked.items:
        st.info("The Playground's list is empty. Add items there first.")
        return
    with bar.buttons:
        order_buttons(
            ranked,
            scenario.change_list,
            which=("ideal", "worst", "original", "undo"),
            key=lambda name: f"variants_{name}",
            labels={"ideal": "Ideal", "worst": "Worst", "original": "Original"},
            in_a_row=True,
            tooltips=False,
        )
    list_column, figure_column = st.columns([1.15, 1.6], gap="medium")
    with list_column:
        draggable_list(
            ranked,
            view.k,
            key="variants_sortable",
            on_reorder=scenario.reorder_list,
            size="large",
            max_height="calc(100vh - 8rem)",
        )
    with figure_column, figure_box("variants"):
        for name, tab in figure_tabs(CLASSROOM_TABS, key="variants_classroom_tab").items():
            with tab:
                classroom_tab(name, view, custom, base, threshold)


def classroom_tab(name: str, view: View, custom: CustomGain | None, base: float, threshold: float) -> None:
    """The content of the classroom view's open tab."""
    if name == "Every convention":
        table = variants_table(view, custom, base)
        st.markdown(spread_sentence(table, view))
        projector_chart(
            st.container(height="stretch"), variant_bars(table, in_force(table, view), view.decimals)
        )
    elif name == "Discounts":
        projector_chart(st.container(height="stretch"), discount_curves(view, base))
    elif name == "Two tools":
        tools_section(view)
    elif name == "The ideal":
        ideal_section(view)
    elif name == "Pitfalls":
        # A radio, not a segmented control: the latter's chosen option is red on pink (3.8:1).
        short = st.radio("Pitfall", list(PITFALL_NAMES), key="variants_classroom_pitfall", horizontal=True)
        title = PITFALL_NAMES[short]
        st.subheader(title)
        PITFALLS[title](view, threshold)
    else:
        intent_aware_section()


main()
