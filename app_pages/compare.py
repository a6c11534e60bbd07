"""Compare: two rankings of the same judged items, side by side, and NDCG among its neighbours.

Thin by design: read both rankings and the settings from the session (``ui.state.compare``),
ask ``ndcg_core`` for every number, draw.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

import ndcg_core
from ndcg_core import GAIN_FORMULAS, Headline, Ranking
from ndcg_core.metric.breakdown import side_by_side_of
from ndcg_core.metric.neighbours import SEED001_SAME_PATTERN
from ui.breakdown_table import BEYOND_K_STYLE
from ui.charts.compare import contribution_data, difference_data, ndcg_by_k_data, with_data
from ui.draggable_list import draggable_list
from ui.exports import table_downloads
from ui.order_buttons import order_buttons
from ui.state.compare import (
    GAIN_KEY,
    K_KEY,
    THRESHOLD_KEY,
    change,
    current,
    judged_items,
    judged_pool,
    keep_settings,
    reorder,
)
from ui.state.ranked_list import RankedList
from ui.state.settings import DEFAULTS

DECIMALS = 3
PAIRED_HEADERS = {
    "rank": "Rank",
    "a_label": "A: item",
    "a_relevance": "A: grade",
    "a_contribution": "A: contribution",
    "b_label": "B: item",
    "b_relevance": "B: grade",
    "b_contribution": "B: contribution",
    "difference": "A − B",
    "a_dcg": "A: DCG@rank",
    "b_dcg": "B: DCG@rank",
    "a_ndcg": "A: NDCG@rank",
    "b_ndcg": "B: NDCG@rank",
    "in_cutoff": "Within k",
}


def settings_row(largest_k: int, grades: list[float]) -> tuple[int, str, float]:
    """k, gain and the relevance threshold of the binary metrics, in one row."""
    keep_settings()
    st.session_state.setdefault(K_KEY, min(DEFAULTS.k, largest_k))
    st.session_state.setdefault(GAIN_KEY, DEFAULTS.gain)
    levels = sorted({g for g in grades if g > 0}) or [1.0]
    if st.session_state.get(THRESHOLD_KEY) not in levels:
        st.session_state[THRESHOLD_KEY] = levels[0]
    k_column, gain_column, threshold_column = st.columns([3, 2, 3])
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
    return st.session_state[K_KEY], st.session_state[GAIN_KEY], float(st.session_state[THRESHOLD_KEY])


def system_column(side: str, ranked: RankedList, numbers: Headline) -> None:
    """One system: its NDCG@k, its order buttons, and its draggable list."""
    st.subheader(f"System {side}")
    st.metric(f"{side} · NDCG{numbers.at}", f"{numbers.ndcg:.{DECIMALS}f}")
    order_buttons(
        ranked,
        lambda how: change(side, how),
        which=("ideal", "original", "undo"),
        key=lambda name: f"compare_{name}_{side}",
        labels={"original": "Original"},
        helps={"original": f"System {side}'s order in seed 001", "undo": "Go back one change"},
    )
    draggable_list(
        ranked,
        numbers.k,
        key=f"compare_sortable_{side.lower()}",
        on_reorder=reorder(side),
        aria_label=f"System {side}'s ranking: drag, or focus a row and press Space to move it",
    )


def race_sentence(a_every_k: list[float], b_every_k: list[float]) -> str:
    """Who leads at k = 1, and every k where the lead changes (from the core's ``overtakes``)."""
    first = ndcg_core.leaders(a_every_k, b_every_k)[0]
    start = "A and B tie at k = 1" if first == "tie" else f"{first} leads at k = 1"
    changes = ndcg_core.overtakes(a_every_k, b_every_k)
    if not changes:
        return f"{start} and at every k up to {len(a_every_k)}: no overtaking."
    steps = [
        f"A and B tie at k = {k}" if who == "tie" else f"{who} takes the lead at k = {k}"
        for k, who in changes
    ]
    return f"{start}; " + "; ".join(steps) + "."


def paired_table(table: pd.DataFrame, k: int) -> None:
    """The side-by-side table, rows beyond k shaded and labelled."""
    shown = table.copy()
    shown["in_cutoff"] = [f"top {k}" if inside else "beyond k" for inside in table["in_cutoff"]]
    shown = shown.rename(columns=PAIRED_HEADERS)
    styles = pd.DataFrame("", index=shown.index, columns=shown.columns)
    styles.loc[~table["in_cutoff"].to_numpy(), :] = BEYOND_K_STYLE
    number = st.column_config.NumberColumn(format=f"%.{DECIMALS}f")
    grade = st.column_config.NumberColumn(format="%g")
    config = {
        name: number for key, name in PAIRED_HEADERS.items() if key.endswith(("contribution", "dcg", "ndcg"))
    }
    config |= {"A − B": number, "A: grade": grade, "B: grade": grade}
    st.dataframe(
        shown.style.apply(lambda _: styles, axis=None),
        column_config=config,
        hide_index=True,
        width="stretch",
        height=38 + 35 * len(table),
    )


def neighbours_table(table: pd.DataFrame) -> None:
    """NDCG and its neighbours for A and B, with what each metric sees and its convention."""
    shown = table.rename(
        columns={
            "metric": "Metric",
            "a": "A",
            "b": "B",
            "difference": "A − B",
            "sees": "What it sees",
            "convention": "Convention",
        }
    )
    number = st.column_config.NumberColumn(format=f"%.{DECIMALS}f")
    st.dataframe(
        shown,
        column_config={"A": number, "B": number, "A − B": number},
        hide_index=True,
        width="stretch",
    )


def same_pattern_section(gain: str) -> None:
    """Seed 001's table: one binary pattern, two sets of grades; which metrics notice."""
    high, low = SEED001_SAME_PATTERN
    st.subheader("Same binary pattern, different grades (seed 001)")
    st.caption(
        f"A = grades {', '.join(f'{g:g}' for g in high)}; B = grades {', '.join(f'{g:g}' for g in low)}; "
        "k = 5, relevant from grade 1, each list's own ideal. Both are relevant at ranks 1, 2 and 5, "
        "so every binary metric gives them the same number; NDCG and ERR see the grades."
    )
    neighbours_table(ndcg_core.metric_table(high, low, 5, gain=gain))


def main() -> None:
    a, b = current("A"), current("B")
    pool = judged_pool()
    st.title("Compare two rankings")
    st.caption(
        "Seed 001's “Comparing Two Recommendation Systems”: eight items with true ratings, shown by two "
        "systems in two orders. Drag either list; every number below follows."
    )
    st.markdown(
        "**Judgments (the same for both):** "
        + ", ".join(f"{item.name} = {item.grade:g}" for item in judged_items())
    )
    k, gain, threshold = settings_row(len(a.items), pool)
    rankings = {side: Ranking.of(r.grades, k, gain=gain, ideal=pool) for side, r in (("A", a), ("B", b))}
    numbers = {side: Headline.of(ranking) for side, ranking in rankings.items()}
    left, right = st.columns(2, gap="large")
    with left:
        system_column("A", a, numbers["A"])
    with right:
        system_column("B", b, numbers["B"])
    st.caption(
        f"NDCG@{k}: gain {gain} ({GAIN_FORMULAS[gain]}), discount 1/log2(i+1), ideal from the judged pool "
        f"({len(pool)} items: the same for both), IDCG = 0 gives 0 (trec_eval)."
    )
    a_every, b_every = rankings["A"].ndcg_at_every_k, rankings["B"].ndcg_at_every_k
    st.subheader("Who wins at which k")
    st.markdown(race_sentence(list(a_every), list(b_every)))
    st.vega_lite_chart(with_data("ndcg_by_k", ndcg_by_k_data(a_every, b_every), k), width="stretch")
    table = side_by_side_of(rankings["A"], rankings["B"], a.names, b.names)
    st.subheader("Rank by rank")
    st.caption(
        "Contribution = gain × 1/log2(i+1) at that rank. A − B above 0: A gains more at that rank. "
        f"Rows beyond k = {k} are shaded: they count for larger k only."
    )
    paired_table(table, k)
    table_downloads(
        table.rename(columns=PAIRED_HEADERS),
        "compare_side_by_side",
        DECIMALS,
        caption=f"Systems A and B rank by rank (k = {k}, gain {gain})",
        as_typed=("A: grade", "B: grade"),
    )
    chart_left, chart_right = st.columns(2)
    chart_left.vega_lite_chart(with_data("contributions", contribution_data(table), k), width="stretch")
    chart_right.vega_lite_chart(with_data("difference", difference_data(table), k), width="stretch")
    st.subheader(f"NDCG among its neighbours, at k = {k}")
    neighbours_table(ndcg_core.metric_table(a.grades, b.grades, k, threshold=threshold, pool=pool, gain=gain))
    same_pattern_section(gain)


main()
