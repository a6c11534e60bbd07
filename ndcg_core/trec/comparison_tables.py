"""Two runs compared, as tables for a page, a deck or a paper: the numbers written as the verdict writes them.

* :func:`measures_table`: one row per measure, with the names a reader knows ("NDCG@10", not
  ``ndcg_cut_10``), signed differences ("+0.0571", never "+0.0000"), the change relative to A,
  the 95 % interval, the counts, and p-values as the page writes them ("< 0.0001", never "0.0000");
* :func:`measures_caption`: what the table holds, the gain, the tests and the threshold;
* :func:`lists_side_by_side`: one query's two ranked lists, a document without a judgment marked
  "not judged" (distinct from a judged grade 0).

>>> from ndcg_core.trec.comparison import compare_values
>>> m = compare_values("ndcg_cut_10", ["1", "2", "3"], [0.5, 0.4, 0.6], [0.7, 0.5, 0.65])
>>> measures_table({"ndcg_cut_10": m}).iloc[0][["measure", "B − A", "B vs A", "t-test p"]].tolist()
['NDCG@10', '+0.1167', '+23.3%', '0.12']
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from ndcg_core.trec.comparison import MeasureComparison
from ndcg_core.trec.comparison_verdict import Verdict
from ndcg_core.trec.comparison_words import (
    ALPHA,
    measure_label,
    p_text,
    signed,
    signed_percent,
    threshold_text,
)
from ndcg_core.trec.evaluation import QueryList
from ndcg_core.trec.judged import NOT_JUDGED

#: Decimals of the values in the tables (trec_eval prints 4).
DECIMALS = 4


def p_cell(p: float | None) -> str:
    """A p-value as the page writes it ("0.0012", "< 0.0001"), or "n/a" when the test does not apply."""
    return "n/a" if p is None else p_text(p).removeprefix("= ")


def measures_table(
    measures: Mapping[str, MeasureComparison], alpha: float = ALPHA, decimals: int = DECIMALS
) -> pd.DataFrame:
    """One row per measure, every cell text as the verdict writes it (see the module docstring)."""
    tested = len(measures)
    rows = []
    for measure in measures.values():
        verdict = Verdict(measure, tested, alpha)
        interval = measure.ci95
        relative = measure.relative_change
        rows.append(
            {
                "measure": measure_label(measure.measure),
                "mean A": f"{measure.mean_a:.{decimals}f}",
                "mean B": f"{measure.mean_b:.{decimals}f}",
                "B − A": signed(measure.mean_difference, decimals),
                "B vs A": "n/a" if relative is None else signed_percent(relative),
                "95% CI of B − A": "n/a"
                if interval is None
                else f"{signed(interval[0], decimals)} to {signed(interval[1], decimals)}",
                "B higher": f"{measure.tally.wins:,}",
                "tied": f"{measure.tally.ties:,}",
                "B lower": f"{measure.tally.losses:,}",
                "t-test p": p_cell(measure.t_test.p_value),
                "randomization p": p_cell(measure.randomization.p_value),
                "verdict": "B better"
                if verdict.better
                else "B worse"
                if verdict.better is False
                else "cannot tell",
            }
        )
    return pd.DataFrame(rows)


def measures_caption(
    measures: Mapping[str, MeasureComparison],
    names: tuple[str, str, str],
    gain: str,
    samples: int,
    alpha: float = ALPHA,
) -> str:
    """The table's caption: the runs, the measures, the gain, n, the tests and the threshold."""
    tested = len(measures)
    labels = ", ".join(measure_label(name) for name in measures)
    n = len(next(iter(measures.values())).qids) if measures else 0
    return (
        f"{names[2]} (B) against {names[1]} (A), judged by {names[0]}: {labels}, {gain} gain, {n:,} queries. "
        f"B − A per query, averaged; B vs A: relative to A's mean; 95% CI: paired t interval. p: paired t-test "
        f"and paired randomization test ({samples:,} samples), two-sided; the verdict compares p with "
        f"{threshold_text(tested, alpha)}."
    )


def lists_side_by_side(a: QueryList, b: QueryList, k: int) -> pd.DataFrame:
    """One query's two lists, rank by rank: each document and its grade, or "not judged"."""

    def grade(top: QueryList, rank: int) -> str:
        if rank >= len(top.documents):
            return ""
        judged = top.judged[rank] if top.judged else True
        return f"{top.grades[rank]:g}" if judged else NOT_JUDGED

    def document(top: QueryList, rank: int) -> str:
        return top.documents[rank] if rank < len(top.documents) else ""

    depth = max(len(a.documents), len(b.documents))
    return pd.DataFrame(
        {
            "rank": list(range(1, depth + 1)),
            "A: document": [document(a, r) for r in range(depth)],
            "A: grade": [grade(a, r) for r in range(depth)],
            "B: document": [document(b, r) for r in range(depth)],
            "B: grade": [grade(b, r) for r in range(depth)],
            "within k": [f"top {k}" if r < k else "beyond k" for r in range(depth)],
        }
    )
