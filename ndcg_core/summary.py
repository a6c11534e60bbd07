"""A plain-language paragraph about one ranked list, for people who do not read formulas.

It says what NDCG@k measures here, what share of the best possible value the top k captures,
where the list loses the most against the ideal order, and the one swap or move of a single
item that would raise NDCG@k the most (:func:`ndcg_core.what_if.best_change`). Every number
comes from this package; the text is plain (no Markdown, no LaTeX), so the page shows it as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ndcg_core.breakdown import breakdown
from ndcg_core.gains import GainRule, gain_formula
from ndcg_core.headline import Headline, headline
from ndcg_core.validation import as_grades
from ndcg_core.what_if import best_change

#: How many of the costliest ranks the summary names.
COSTLIEST = 2


def _name(labels: Sequence[str], rank: int) -> str:
    return f"“{labels[rank - 1]}”"


def _costliest(grades: np.ndarray, labels: Sequence[str], k: int | None, gain: GainRule, ideal) -> list[str]:
    """The ranks within k where the list earns least against the ideal order, in words."""
    table = breakdown(grades, k, labels=list(labels), gain=gain, ideal=ideal)
    inside = table[table["in_cutoff"]]
    gap = inside["ideal_contribution"] - inside["contribution"]
    worst = gap[gap > 1e-12].sort_values(ascending=False, kind="stable").head(COSTLIEST)
    return [
        f"at rank {int(row.rank)}, where {_name(labels, int(row.rank))} (grade {row.relevance:g}) adds "
        f"{row.contribution:.2f} against {row.ideal_contribution:.2f} in the best order"
        for row in inside.loc[worst.index].itertuples()
    ]


def _measures(numbers: Headline, gain: GainRule) -> str:
    top = "the whole list" if numbers.k is None else f"the top {numbers.k}"
    return (
        f"NDCG{numbers.at} measures how much of the value of the best possible order {top} of this "
        f"{numbers.listed}-item list delivers: each item is worth {gain_formula(gain)} (rel: its grade), "
        f"and the lower it is ranked the less it counts (divided by log2(rank + 1))."
    )


def stakeholder_summary(
    grades: Iterable[float],
    labels: Sequence[str],
    k: int | None,
    *,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
) -> str:
    """One paragraph: what NDCG@k is here, the share it captures, what costs most, the best move.

    ``ideal`` is the judged pool (``None``: the listed grades), as in :func:`ndcg_core.ndcg`.
    """
    grades = as_grades(grades)
    labels = [str(label) for label in labels]
    if len(grades) == 0:
        return "The list is empty: there is nothing to score."
    numbers = headline(grades, k, gain=gain, ideal=ideal)
    at = numbers.at
    sentences = [_measures(numbers, gain)]
    if numbers.idcg_is_zero:
        sentences.append(
            f"Nothing relevant is judged, so IDCG{at} = 0 and NDCG{at} = {numbers.ndcg:.2f} by convention; "
            "no order can do better or worse."
        )
        return " ".join(sentences)
    top = "The whole list" if numbers.k is None else f"The top {numbers.k}"
    sentences.append(
        f"{top} captures {round(100 * numbers.ndcg)}% of the best possible value: "
        f"NDCG{at} = {numbers.ndcg:.2f} (DCG{at} {numbers.dcg:.2f} out of IDCG{at} {numbers.idcg:.2f}, "
        f"the ideal from the {numbers.ideal_source})."
    )
    costs = _costliest(grades, labels, k, gain, ideal)
    if costs:
        sentences.append("It loses most " + ", and ".join(costs) + ".")
    change = best_change(grades, k, gain=gain, ideal=ideal)
    if change is None:
        sentences.append(f"No single swap or move of one item raises NDCG{at}.")
    else:
        sentences.append(f"The single change that helps most: {change.sentence(labels, at)}.")
    return " ".join(sentences)
