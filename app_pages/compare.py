"""Compare: two rankings judged by the same judgments, side by side, and NDCG among its neighbours.

By default seed 001's two systems over the same eight items; from Many queries, one query of two
runs (two lists that may hold different documents, judged by the query's qrels). Thin by design:
read both rankings and the settings from the session (``ui.state.compare``), ask ``ndcg_core`` for
every number, draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import numpy as np
import pandas as pd
import streamlit as st

import ndcg_core
from ndcg_core import GAIN_FORMULAS, Headline, NDCGInputError, Ranking
from ndcg_core.metric.breakdown import side_by_side_of
from ndcg_core.metric.neighbours import G_MAX_CHOICES, GDEVAL_G_MAX, SEED001_SAME_PATTERN, err
from ndcg_core.teaching import wording
from ndcg_core.teaching.glossary import GLOSSARY
from ndcg_core.trec.judged import NOT_JUDGED
from ui.breakdown_table import BEYOND_K_STYLE
from ui.charts.compare import contribution_data, difference_data, ndcg_by_k_data, with_data
from ui.classroom_view import classroom_bar, figure_box, figure_tabs, k_and_gain, projector_chart
from ui.controls import EMPTY_IDEAL_TERM, decimals_control
from ui.draggable_list import draggable_list
from ui.exports import table_downloads
from ui.glossary import linked_note, term_help, term_link
from ui.order_buttons import order_buttons
from ui.plain_text import plain
from ui.readable_text import text_colour
from ui.state import scenario
from ui.state.compare import (
    G_MAX_KEY,
    GAIN_KEY,
    K_KEY,
    THRESHOLD_KEY,
    QueryPair,
    change,
    current,
    g_max,
    judged_items,
    judged_pool,
    keep_settings,
    load_seed001,
    query_pair,
    reorder,
    unjudged,
)
from ui.state.presentation import is_presenting
from ui.state.ranked_list import RankedList
from ui.state.settings import DEFAULTS, JUDGED_POOL

#: The side-by-side table shows this many rows at once; a longer one scrolls inside itself.
MOST_ROWS_SHOWN = 12
#: ERR@3 of a list graded 0–4 under both g_max conventions (the issue's example: 0.880 and 0.449).
G_MAX_EXAMPLE = ([3.0, 0.0, 1.0], 3)
PAIRED_HEADERS = {
    "rank": "Rank",
    "a_label": "A: item",
    "a_relevance": "A: grade",
    "a_contribution": "A: contribution",
    "b_label": "B: item",
    "b_relevance": "B: grade",
    "b_contribution": "B: contribution",
    "b_minus_a": "B − A",
    "a_dcg": "A: DCG@rank",
    "b_dcg": "B: DCG@rank",
    "a_ndcg": "A: NDCG@rank",
    "b_ndcg": "B: NDCG@rank",
    "in_cutoff": "Within k",
}


def settings_now(largest_k: int, grades: list[float]) -> tuple[int, str, float, int]:
    """k, gain, the relevance threshold and Decimals as they stand (their defaults on a first visit)."""
    keep_settings()
    scenario.keep_settings()  # Decimals is the session's one setting, shared with every page
    st.session_state.setdefault(K_KEY, min(DEFAULTS.k, largest_k))
    st.session_state.setdefault(GAIN_KEY, DEFAULTS.gain)
    if st.session_state.get(THRESHOLD_KEY) not in threshold_levels(grades):
        st.session_state[THRESHOLD_KEY] = threshold_levels(grades)[0]
    return (
        st.session_state[K_KEY],
        st.session_state[GAIN_KEY],
        float(st.session_state[THRESHOLD_KEY]),
        scenario.read_settings().decimals,
    )


def threshold_levels(grades: list[float]) -> list[float]:
    """The grades the binary metrics' threshold can take: every positive grade (1 when none)."""
    return sorted({g for g in grades if g > 0}) or [1.0]


def settings_row(largest_k: int, grades: list[float], *, column: bool = False) -> tuple[int, str, float, int]:
    """k, gain, the relevance threshold of the binary metrics and the shared Decimals, in one row
    (``column``: one under the other, for the classroom view's popover)."""
    settings_now(largest_k, grades)
    levels = threshold_levels(grades)
    if column:
        k_column = gain_column = threshold_column = decimals_column = st.container()
    else:
        k_column, gain_column, threshold_column, decimals_column = st.columns([3, 2, 3, 1])
    k_column.slider("Cutoff k", 1, largest_k, key=K_KEY, help="Every number on this page is at this k.")
    gain_column.radio(
        "Gain (NDCG)",
        list(GAIN_FORMULAS),
        key=GAIN_KEY,
        format_func=lambda name: f"{name}: {GAIN_FORMULAS[name]}",
        horizontal=True,
    )
    threshold_column.select_slider(
        "Relevant from grade (P@k, R@k, RR, AP)",
        options=levels,
        key=THRESHOLD_KEY,
        format_func=lambda g: f"{g:g}",
        help="The binary metrics count an item as relevant when its grade is at least this.",
    )
    with decimals_column:
        decimals = decimals_control()
    return (
        st.session_state[K_KEY],
        st.session_state[GAIN_KEY],
        float(st.session_state[THRESHOLD_KEY]),
        decimals,
    )


def system_column(
    side: str,
    ranked: RankedList,
    numbers: Headline,
    shown: str,
    pair: QueryPair | None = None,
    *,
    large: bool = False,
) -> None:
    """One system: its NDCG@k (``shown``: written with the digits that tell A and B apart), its
    order buttons, and its draggable list (``large``: the classroom view's, no heading, the list in
    projector type in a box of its own)."""
    name = f"System {side}" if pair is None else f"Run {side}: {pair.run_names['AB'.index(side)]}"
    if not large:
        st.subheader(name)
    st.metric(
        f"{side} · NDCG{numbers.at}" if not large or pair is None else f"{name} · NDCG{numbers.at}", shown
    )
    if not ranked.items:
        st.info(f"Run {side} returned nothing for this query: every number of {side} is 0.")
        return
    origin = f"System {side}'s order" if pair is None else f"Run {side}'s order for query {pair.qid}"
    order_buttons(
        ranked,
        lambda how: change(side, how),
        which=("ideal", "original", "undo"),
        key=lambda name: f"compare_{name}_{side}",
        labels={"original": "Original"} | ({"ideal": "Ideal"} if large else {}),
        helps={"original": origin, "undo": "Go back one change"},
        tooltips=not large,  # on a projector a tooltip left by a click covers the list
    )
    draggable_list(
        ranked,
        numbers.k,
        key=f"compare_sortable_{side.lower()}",
        on_reorder=reorder(side),
        aria_label=f"System {side}'s ranking: drag, or focus a row and press Space to move it",
        unjudged=unjudged(side),
        **({"size": "large", "max_height": "calc(100vh - 15.5rem)"} if large else {}),
    )


def race_sentence(a_every_k: Sequence[float], b_every_k: Sequence[float], decimals: int = 2) -> str:
    """Who leads at k = 1, and every k where the lead changes, each with both numbers.

    A lead is a difference larger than float noise (:data:`ndcg_core.teaching.wording.SAME`), and
    its two numbers are written with the digits that differ, so "A leads" never stands beside two
    equal numbers.

    >>> race_sentence([1.0, 0.8], [0.5, 0.9])
    'A leads at k = 1 (1.00 against 0.50); B takes the lead at k = 2 (0.90 against 0.80).'
    >>> race_sentence([0.9975, 0.5], [0.9982, 0.5])
    'B leads at k = 1 (0.9982 against 0.9975); A and B tie at k = 2 (both 0.50).'
    """
    ahead = ndcg_core.leaders(a_every_k, b_every_k, tolerance=wording.SAME)

    def numbers(k: int) -> str:
        a, b = a_every_k[k - 1], b_every_k[k - 1]
        a_text, b_text = wording.pair(a, b, decimals)
        if ahead[k - 1] == "tie":
            return f"both {a_text}"
        return f"{a_text} against {b_text}" if ahead[k - 1] == "A" else f"{b_text} against {a_text}"

    first = ahead[0]
    start = (
        f"A and B tie at k = 1 ({numbers(1)})" if first == "tie" else f"{first} leads at k = 1 ({numbers(1)})"
    )
    changes = [(k, now) for k, (before, now) in enumerate(pairwise(ahead), start=2) if now != before]
    if not changes:
        return f"{start} and at every k up to {len(a_every_k)}: no overtaking."
    steps = [
        f"A and B tie at k = {k} ({numbers(k)})"
        if who == "tie"
        else f"{who} takes the lead at k = {k} ({numbers(k)})"
        for k, who in changes
    ]
    return f"{start}; " + "; ".join(steps) + "."


def places_apart(a_values: Sequence[float], b_values: Sequence[float], decimals: int, *, shares: bool) -> int:
    """The fewest decimals (≥ ``decimals``) at which every pair (a_i, b_i) that differs reads differently.

    >>> places_apart([0.9975, 0.5], [0.9982, 0.25], 2, shares=True)
    4
    """
    texts = [wording.pair(a, b, decimals, shares=shares)[0] for a, b in zip(a_values, b_values, strict=True)]
    return max([decimals, *(len(text.partition(".")[2]) for text in texts)])


def paired_places(table: pd.DataFrame, decimals: int) -> int:
    """Decimals for the side-by-side table: enough that A's and B's numbers on a row differ where they do."""
    pairs = [
        ("a_contribution", "b_contribution", False),
        ("a_dcg", "b_dcg", False),
        ("a_ndcg", "b_ndcg", True),
    ]
    return max(places_apart(table[a], table[b], decimals, shares=shares) for a, b, shares in pairs)


def paired_table(table: pd.DataFrame, k: int, places: int) -> None:
    """The side-by-side table, rows beyond k shaded and labelled."""
    shown = table.copy()
    shown["in_cutoff"] = [f"top {k}" if inside else "beyond k" for inside in table["in_cutoff"]]
    shown = shown.rename(columns=PAIRED_HEADERS)
    styles = pd.DataFrame("", index=shown.index, columns=shown.columns)
    styles.loc[~table["in_cutoff"].to_numpy(), :] = BEYOND_K_STYLE
    number = st.column_config.NumberColumn(format=f"%.{places}f")
    grade = (
        st.column_config.NumberColumn(format="%g")
        if pd.api.types.is_numeric_dtype(table["a_relevance"])
        else st.column_config.TextColumn(help=f"“{NOT_JUDGED}”: no judgment in the qrels (counts as grade 0)")
    )
    config = {
        name: number for key, name in PAIRED_HEADERS.items() if key.endswith(("contribution", "dcg", "ndcg"))
    }
    config |= {
        "B − A": st.column_config.NumberColumn(format=f"%+.{places}f"),
        "A: grade": grade,
        "B: grade": grade,
    }
    st.dataframe(
        shown.style.apply(lambda _: styles, axis=None),
        column_config=config,
        hide_index=True,
        width="stretch",
        height=38 + 35 * min(len(table), MOST_ROWS_SHOWN),
    )


def neighbour_numbers(a: float, b: float, decimals: int) -> tuple[str, str, str]:
    """A, B and B − A as text: A and B with the digits that tell them apart, B − A with one more.

    The difference of two rounded numbers need not be the rounded difference (0.982 − 0.947 =
    0.035: "0.98", "0.95" and "+0.04"); one more decimal keeps it consistent with both ("+0.035").

    >>> neighbour_numbers(0.5, 0.5, 3), neighbour_numbers(0.9975, 0.9982, 3)
    (('0.500', '0.500', '0'), ('0.9975', '0.9982', '+0.00070'))
    """
    a_text, b_text = wording.pair(a, b, decimals)
    if wording.same(a, b):
        return a_text, b_text, "0"
    places = len(a_text.partition(".")[2]) + 1
    return a_text, b_text, f"{b - a:+.{places}f}".replace("-", "−")


def neighbours_table(table: pd.DataFrame, decimals: int) -> None:
    """NDCG and its neighbours for A and B, then what each metric sees and its convention.

    The numbers are written as text, row by row, so that A and B read alike only when they are
    equal. The words go below the numbers, one line a metric: in a table their long cells would be
    cut (a projector has no hover) or make rows a phone's screen tall.
    """
    texts = [neighbour_numbers(a, b, decimals) for a, b in zip(table["a"], table["b"], strict=True)]
    a_texts, b_texts, differences = (list(column) for column in zip(*texts, strict=True))
    numbers = pd.DataFrame({"Metric": table["metric"], "A": a_texts, "B": b_texts, "B − A": differences})
    st.table(numbers.set_index("Metric"), width="content")
    st.markdown(
        "\n".join(
            f"- **{metric_name(metric)}** sees {plain(sees)}. *Convention:* {plain(convention)}."
            for metric, sees, convention in zip(
                table["metric"], table["sees"], table["convention"], strict=True
            )
        )
    )


def metric_name(metric: str) -> str:
    """A metric's name, linked to its glossary entry where it has one ("P@k", "ERR@k" → "ERR")."""
    term = metric if metric in GLOSSARY else metric.removesuffix("@k")
    return term_link(term, metric) if term in GLOSSARY else plain(metric)


def neighbours_section(
    a: RankedList, b: RankedList, k: int, threshold: float, pool: list[float], gain: str, decimals: int
) -> None:
    """NDCG beside P@k, R@k, RR, AP and ERR for A and B, with ERR's g_max to choose."""
    st.subheader(f"NDCG among its neighbours, at k = {k}")
    g_max_row()
    table, refused = metric_rows(a.grades, b.grades, k, threshold=threshold, pool=pool, gain=gain)
    if refused:
        st.error(f"ERR cannot be computed with this g_max: {refused} The table leaves ERR out until then.")
    neighbours_table(table, decimals)


def metric_rows(
    a: Sequence[float], b: Sequence[float], k: int, **settings: object
) -> tuple[pd.DataFrame, str]:
    """The core's metric table with the chosen g_max, and "" ; or, when the core refuses that
    g_max (a grade above it), the table without ERR and the core's message."""
    try:
        return ndcg_core.metric_table(a, b, k, g_max=g_max(), **settings), ""
    except NDCGInputError as error:
        table = ndcg_core.metric_table(a, b, k, **settings)
        return table[table["metric"] != "ERR@k"], str(error)


def g_max_row() -> None:
    """ERR's g_max convention, with the same list under both to show what it changes."""
    choice, example = st.columns([2, 3], vertical_alignment="center")
    choice.radio(
        "ERR's g_max",
        list(G_MAX_CHOICES),
        key=G_MAX_KEY,
        horizontal=True,
        help=term_help("g_max"),
    )
    grades, k = G_MAX_EXAMPLE
    ours, gdeval = (err(grades, k, g_max=choice) for choice in (None, GDEVAL_G_MAX))
    ours_text, gdeval_text = wording.pair(ours, gdeval, 3)
    linked_note(
        f"{term_link('g_max')} is the top of the grade scale in ERR's satisfaction (2^g − 1)/2^g_max. "
        f"On [{', '.join(f'{g:g}' for g in grades)}] (k = {k}), ERR@{k} = {ours_text} with the largest judged "
        f"grade ({max(grades):g}) and {gdeval_text} with g_max = {GDEVAL_G_MAX:g} (gdeval, ir_measures). "
        "The course notes' example grades up to 5, beyond gdeval's 0–4 scale.",
        example,
    )


def same_pattern_section(gain: str, decimals: int) -> None:
    """Seed 001's table: one binary pattern, two sets of grades; which metrics notice."""
    high, low = SEED001_SAME_PATTERN
    st.subheader("Same binary pattern, different grades")
    st.caption(
        f"A = grades {', '.join(f'{g:g}' for g in high)}; B = grades {', '.join(f'{g:g}' for g in low)}; "
        "k = 5, relevant from grade 1, each list's own ideal. Both are relevant at ranks 1, 2 and 5, "
        "so every binary metric gives them the same number; NDCG and ERR see the grades."
    )
    table, refused = metric_rows(high, low, 5, gain=gain)
    if refused:
        st.caption(f"ERR is left out here too: {refused}")
    neighbours_table(table, decimals)


def introduction(pool: list[float]) -> QueryPair | None:
    """Title, what the two lists are, and the judgments both are scored against."""
    pair = query_pair()
    st.title("Compare two rankings")
    if pair is None:
        st.caption(
            "From the course notes “NDCG for graded relevance”, “Comparing Two Recommendation Systems”: eight items with true ratings, shown by two "
            "systems in two orders. Drag either list; every number below follows."
        )
        st.markdown(
            "**Judgments (the same for both):** "
            + ", ".join(f"{item.name} = {item.grade:g}" for item in judged_items())
        )
        return None
    st.caption(plain(f"{pair.title}. Opened from Many queries: {pair.why}."))
    if pair.unjudged_note:
        st.warning(plain(pair.unjudged_note), icon=":material/help:")
    linked_note(
        f"Each list is one {term_link('run')}'s top documents for this query, both judged by the same "
        f"{term_link('qrels')}."
    )
    if pair.text:
        st.markdown(plain(f"Query {pair.qid}: “{pair.text}”"))
    grades = ", ".join(f"{g:g}" for g in pool[:20]) + (", …" if len(pool) > 20 else "")
    st.markdown(
        "**Judgments (the same for both):** "
        + plain(
            f"query {pair.qid} has {pair.judged:,} judged documents in {pair.qrels_name}, {len(pool)} of them "
            f"relevant (grade above 0: {grades}). A listed document without a judgment is marked "
            f"“{NOT_JUDGED}” and counts 0. Run A returned {pair.retrieved[0]:,} documents, run B "
            f"{pair.retrieved[1]:,}; the lists hold their top ones, in trec_eval's order (score, then document "
            "id, descending)."
        )
        if pool
        else "**Judgments:** "
        + plain(
            f"query {pair.qid} has {pair.judged:,} judged documents in {pair.qrels_name}, none of them relevant: "
            "IDCG = 0, so NDCG = 0."
        )
    )
    if pair.summary:
        with st.expander("In plain words, for a slide or an e-mail: the whole comparison"):
            st.markdown(plain(pair.summary))
    if st.button("Back to the course notes' two systems", key="compare_back_to_seed001"):
        load_seed001()
        st.rerun()
    return pair


def from_many_queries(pair: QueryPair, k: int, gain: str, ndcg: dict[str, float], decimals: int) -> None:
    """Where the numbers meet Many queries': at the pair's k and gain, NDCG@k is that page's value."""
    at = pair.measure.removeprefix("ndcg_cut_")
    if k != pair.k or gain != pair.gain:
        st.caption(
            plain(
                f"Many queries gave {pair.measure} = {pair.values[0]:.4f} (A) and {pair.values[1]:.4f} (B), at "
                f"k = {pair.k} with {pair.gain} gain; these lists are scored at k = {k} with {gain} gain."
            )
        )
        return
    a_text, b_text = wording.pair(ndcg["A"], ndcg["B"], decimals)
    st.caption(
        plain(
            f"NDCG@{at} here, A {a_text} and B {b_text}, is Many queries' {pair.measure} for query {pair.qid} "
            f"({pair.values[0]:.4f} and {pair.values[1]:.4f}): same documents, same judged pool, same rules."
        )
    )


def b_minus_a(table: pd.DataFrame) -> pd.DataFrame:
    """The side-by-side table with B − A at each rank (the core's table holds A − B as ``difference``)."""
    gap = table["b_contribution"] - table["a_contribution"]
    return table.drop(columns="difference").assign(b_minus_a=gap)[[*PAIRED_HEADERS]]


def with_judgment_marks(table: pd.DataFrame, a: RankedList, b: RankedList) -> pd.DataFrame:
    """The table with each grade as text, "not judged" for a document without a judgment (a query of
    two runs); unchanged for seed 001's systems, whose items are all judged."""
    marks = {"A": unjudged("A"), "B": unjudged("B")}
    if not marks["A"] and not marks["B"]:
        return table
    shown = table.copy()
    for side, ranked in (("A", a), ("B", b)):
        column = f"{side.lower()}_relevance"
        ids = ranked.ids + [""] * (len(table) - len(ranked.ids))
        shown[column] = [
            "" if not item else NOT_JUDGED if item in marks[side] else f"{grade:g}"
            for item, grade in zip(ids, table[column], strict=True)
        ]
    return shown


def every_k(ranking: Ranking, n: int) -> np.ndarray:
    """NDCG@1 … NDCG@n of a list, past its end too (a missing item adds 0, IDCG keeps growing)."""
    grades = np.pad(ranking.grades, (0, n - ranking.listed))
    return ranking.with_grades(grades).ndcg_at_every_k


def main() -> None:
    a, b = current("A"), current("B")
    pool = judged_pool()
    if is_presenting():
        classroom_view(a, b, pool)
        return
    pair = introduction(pool)
    longest = max(len(a.items), len(b.items), 1)
    k, gain, threshold, decimals = settings_row(longest, pool)
    rankings = {side: Ranking.of(r.grades, k, gain=gain, ideal=pool) for side, r in (("A", a), ("B", b))}
    numbers = {side: Headline.of(ranking) for side, ranking in rankings.items()}
    shown = dict(zip("AB", wording.pair(numbers["A"].ndcg, numbers["B"].ndcg, decimals), strict=True))
    left, right = st.columns(2, gap="large")
    with left:
        system_column("A", a, numbers["A"], shown["A"], pair)
    with right:
        system_column("B", b, numbers["B"], shown["B"], pair)
    same = (
        f"{len(pool)} items: the same for both"
        if pair is None
        else f"{pair.judged:,} judged documents, {len(pool)} of them relevant: the same for both; the lists may "
        "hold different documents"
    )
    linked_note(
        f"NDCG@{k}: gain {gain} ({GAIN_FORMULAS[gain]}), discount 1/log2(i+1), ideal from the "
        f"{term_link(JUDGED_POOL)} ({same}), {term_link(EMPTY_IDEAL_TERM)}."
    )
    if pair is not None:
        from_many_queries(pair, k, gain, {side: n.ndcg for side, n in numbers.items()}, decimals)
    a_every, b_every = every_k(rankings["A"], longest), every_k(rankings["B"], longest)
    st.subheader("Who wins at which k")
    st.markdown(race_sentence(list(a_every), list(b_every), decimals))
    names = None if pair is None else pair.run_names
    text = text_colour()
    st.vega_lite_chart(
        with_data("ndcg_by_k", ndcg_by_k_data(a_every, b_every), k, names, text), width="stretch"
    )
    table = b_minus_a(side_by_side_of(rankings["A"], rankings["B"], a.names, b.names, pad_shorter=True))
    st.subheader("Rank by rank")
    st.caption(rank_by_rank_words(k, a, b))
    places = paired_places(table, decimals)
    paired_table(with_judgment_marks(table, a, b), k, places)
    table_downloads(
        with_judgment_marks(table, a, b).rename(columns=PAIRED_HEADERS),
        "compare_side_by_side",
        places,
        caption=f"Systems A and B rank by rank (k = {k}, gain {gain})"
        if pair is None
        else f"{pair.title}: rank by rank (k = {k}, gain {gain})",
        as_typed=("A: grade", "B: grade"),
    )
    chart_left, chart_right = st.columns(2)
    chart_left.vega_lite_chart(
        with_data("contributions", contribution_data(table), k, names, text), width="stretch"
    )
    chart_right.vega_lite_chart(
        with_data("difference", difference_data(table), k, names, text), width="stretch"
    )
    neighbours_section(a, b, k, threshold, pool, gain, decimals)
    if pair is None:  # the course's example, not below a query of two runs
        same_pattern_section(gain, decimals)


def rank_by_rank_words(k: int, a: RankedList, b: RankedList) -> str:
    """What the side-by-side table's columns are."""
    return (
        "Contribution = gain × 1/log2(i+1) at that rank. B − A above 0: B gains more at that rank. "
        f"Rows beyond k = {k} are shaded: they count for larger k only."
        + ("" if len(a.items) == len(b.items) else " A rank past a list's end holds nothing and adds 0.")
    )


#: The classroom view's figures, one tab each: who wins at which k first.
CLASSROOM_TABS = ("Who wins at which k", "Rank by rank", "Contributions", "B − A", "Neighbours")


def classroom_view(a: RankedList, b: RankedList, pool: list[float]) -> None:
    """One projector screen: A's and B's NDCG@k and lists side by side, and who wins at which k
    (the rest of the page one click away, in tabs); the settings in a popover."""
    pair = query_pair()
    longest = max(len(a.items), len(b.items), 1)
    k, gain, threshold, decimals = settings_now(longest, pool)
    bar = classroom_bar("compare_classroom_settings", k_and_gain(k, gain))
    if bar.settings is not None:
        with bar.settings:
            settings_row(longest, pool, column=True)
    rankings = {side: Ranking.of(r.grades, k, gain=gain, ideal=pool) for side, r in (("A", a), ("B", b))}
    numbers = {side: Headline.of(ranking) for side, ranking in rankings.items()}
    shown = dict(zip("AB", wording.pair(numbers["A"].ndcg, numbers["B"].ndcg, decimals), strict=True))
    a_column, b_column, figure_column = st.columns([1, 1, 1.9], gap="medium")
    for side, ranked, column in (("A", a, a_column), ("B", b, b_column)):
        with column:
            system_column(side, ranked, numbers[side], shown[side], pair, large=True)
    names = None if pair is None else pair.run_names
    table = b_minus_a(side_by_side_of(rankings["A"], rankings["B"], a.names, b.names, pad_shorter=True))
    with figure_column, figure_box("compare"):
        tabs = figure_tabs(CLASSROOM_TABS, key="compare_classroom_tab")
        for name, tab in tabs.items():
            with tab:
                if name == "Who wins at which k":
                    a_every, b_every = every_k(rankings["A"], longest), every_k(rankings["B"], longest)
                    st.markdown(race_sentence(list(a_every), list(b_every), decimals))
                    chart = with_data("ndcg_by_k", ndcg_by_k_data(a_every, b_every), k, names)
                    projector_chart(st.container(height="stretch"), chart)
                elif name == "Rank by rank":
                    st.caption(rank_by_rank_words(k, a, b))
                    paired_table(with_judgment_marks(table, a, b), k, paired_places(table, decimals))
                elif name == "Contributions":
                    projector_chart(tab, with_data("contributions", contribution_data(table), k, names))
                elif name == "B − A":
                    projector_chart(tab, with_data("difference", difference_data(table), k, names))
                else:
                    neighbours_section(a, b, k, threshold, pool, gain, decimals)


main()
