"""Many queries with two runs: A against B, measure by measure and query by query.

What it draws: a table of every measure (means, B − A, queries where B is higher / level / lower,
both tests' p-values), then for one measure the sentence that sums it up (built by
``ndcg_core.trec.comparison_words``, whose words agree with the numbers), one line of caution about
testing many measures, the per-query differences sorted from B's biggest win to its biggest loss
(chart and table, coloured and labelled), and buttons that open the biggest win and the biggest
loss in Compare, as two draggable lists over the query's judged pool.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
import streamlit as st

from ndcg_core.trec.comparison import Comparison, MeasureComparison
from ndcg_core.trec.comparison_words import caution, comparison_sentence, p_text
from ndcg_core.trec.significance import TIE_TOLERANCE
from ui.charts.many_queries import WHO, differences_chart, who_is_higher
from ui.exports import table_downloads
from ui.plain_text import plain

#: Decimals of NDCG values on this page (trec_eval prints 4).
DECIMALS = 4
#: A row's colours by who is higher: a pale tint with dark text, readable in light and dark mode.
ROW_STYLES = {
    WHO[0]: "background-color: #F6E3BF; color: #1F1F1F",  # B higher: B's orange, pale
    WHO[1]: "background-color: #CFE3F1; color: #1F1F1F",  # A higher: A's blue, pale
    WHO[2]: "",
}


def measures_table(comparison: Comparison) -> pd.DataFrame:
    """One row per measure: both means, B − A, the tally, and both tests' p-values (None: no test)."""
    rows = []
    for name, measure in comparison.measures.items():
        rows.append(
            {
                "measure": name,
                "mean A": measure.mean_a,
                "mean B": measure.mean_b,
                "B − A": measure.mean_difference,
                "B higher": measure.tally.wins,
                "level": measure.tally.ties,
                "B lower": measure.tally.losses,
                "t-test p": measure.t_test.p_value,
                "randomization p": measure.randomization.p_value,
            }
        )
    return pd.DataFrame(rows)


def measures_section(comparison: Comparison, names: tuple[str, str, str]) -> None:
    """The table of every measure, its conventions, its downloads."""
    table = measures_table(comparison)
    shown = table.copy()
    for column in ("t-test p", "randomization p"):
        shown[column] = [_p_cell(p) for p in table[column]]
    number = st.column_config.NumberColumn(format=f"%.{DECIMALS}f")
    st.dataframe(
        shown,
        hide_index=True,
        column_config={
            "mean A": number,
            "mean B": number,
            "B − A": st.column_config.NumberColumn(format=f"%+.{DECIMALS}f"),
        },
    )
    st.caption(plain(conventions(comparison)))
    table_downloads(
        table,
        "runs_compared",
        DECIMALS,
        caption=f"{names[1]} (A) against {names[2]} (B), judged by {names[0]}",
    )


def _p_cell(p: float | None) -> str:
    """A p-value as the sentence writes it ("0.0012", "< 0.0001"), or "–" when the test has none."""
    if p is None:
        return "–"
    text = p_text(p)
    return text.removeprefix("= ")


def conventions(comparison: Comparison) -> str:
    """Which queries, what a tie is, how each test works: named beside the numbers."""
    return (
        f"{len(comparison.qids):,} queries compared: the judged queries that either run answers; a query one run "
        f"misses scores 0 for it (A misses {len(comparison.missing_in_a):,}, B misses "
        f"{len(comparison.missing_in_b):,}). So these means can differ from each run's own mean below. "
        f"Level: |B − A| ≤ {TIE_TOLERANCE:g}. Paired t-test: two-sided, t = mean(B − A) / (sd / √n), n − 1 "
        f"degrees of freedom. Randomization test: paired sign flip, two-sided, {comparison.samples:,} samples, "
        f"seed {comparison.seed}, p = (1 + samples at least as extreme) / (1 + samples). B − A is computed "
        "before rounding."
    )


def per_query_table(measure: MeasureComparison) -> pd.DataFrame:
    """Every query's A, B and B − A, B's biggest win first, with who is higher in words."""
    return pd.DataFrame(
        {
            "query": measure.qids.astype(str),
            "A": measure.a,
            "B": measure.b,
            "B − A": measure.difference,
            "higher": who_is_higher(measure.difference),
        }
    )


def per_query_section(measure: MeasureComparison, measures: int, names: tuple[str, str, str]) -> None:
    """The sentence, the caution, the sorted differences as a chart and as a table."""
    st.markdown(plain(comparison_sentence(measure, DECIMALS)))
    st.caption(plain(caution(measures)))
    st.vega_lite_chart(differences_chart(measure), width="stretch")
    table = per_query_table(measure)
    styles = pd.DataFrame("", index=table.index, columns=table.columns)
    for column in ("B − A", "higher"):
        styles[column] = [ROW_STYLES[who] for who in table["higher"]]
    number = st.column_config.NumberColumn(format=f"%.{DECIMALS}f")
    st.dataframe(
        table.style.apply(lambda _: styles, axis=None),
        hide_index=True,
        height=36 + 35 * min(len(table), 10),
        column_config={
            "A": number,
            "B": number,
            "B − A": st.column_config.NumberColumn(format=f"%+.{DECIMALS}f"),
            "higher": st.column_config.TextColumn("higher", help="Who scores more on this query"),
        },
    )
    table_downloads(
        table,
        f"per_query_{measure.measure}",
        DECIMALS,
        caption=f"{measure.measure} per query: {names[1]} (A) against {names[2]} (B), judged by {names[0]}",
    )


@dataclass(frozen=True)
class Extreme:
    """B's biggest win or biggest loss on one measure: the query, which one it is, A's and B's values."""

    qid: str
    kind: str  # "win" or "loss"
    a: float
    b: float
    measure: str

    @property
    def label(self) -> str:
        return f"B's biggest {self.kind}"

    @property
    def why(self) -> str:
        return f"{self.label} on {self.measure} ({self.a:.{DECIMALS}f} → {self.b:.{DECIMALS}f})"


def extremes(measure: MeasureComparison) -> list[Extreme]:
    """B's biggest win and its biggest loss on this measure, where there is one."""
    found = []
    for qid, at, kind in ((measure.biggest_win, 0, "win"), (measure.biggest_loss, -1, "loss")):
        if qid is not None:
            found.append(Extreme(qid, kind, float(measure.a[at]), float(measure.b[at]), measure.measure))
    return found
