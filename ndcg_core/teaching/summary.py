"""NDCG in plain words, for people who do not read formulas: one sentence, or one paragraph.

:func:`plain_reading` says what share of the best possible value the top k captures. The paragraph
of :func:`stakeholder_summary` says what NDCG@k measures here, what share of the best possible value the top k captures,
where the list loses the most against the ideal order, and the one swap or move of a single
item that would raise NDCG@k the most (:func:`ndcg_core.metric.what_if.best_change`). Every number
comes from this package; the text is plain (no Markdown, no LaTeX), so the page shows it as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ndcg_core.metric.gains import GainRule, gain_formula
from ndcg_core.metric.headline import Headline
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import best_change

#: How many of the costliest ranks the summary names.
COSTLIEST = 2


_EMPTY_READING = {
    "zero": "is taken as 0 (trec_eval's convention)",
    "one": "is taken as 1 (LightGBM's convention)",
    "skip": "is left out (NaN): the query drops out of an average",
}


def plain_reading(numbers: Headline) -> str:
    """One sentence a stakeholder can read: what share of the best possible DCG the top k captures."""
    top = "the whole list" if numbers.k is None else f"the top {numbers.k}"
    if numbers.idcg_is_zero:
        return (
            f"Nothing relevant can be placed in {top}: IDCG{numbers.at} = 0, so NDCG{numbers.at} "
            f"{_EMPTY_READING[numbers.empty_ideal]}."
        )
    share = round(100 * numbers.ndcg)
    verdict = "the best possible order" if numbers.ndcg >= 1 - 1e-12 else "the best possible value"
    return (
        f"{top[0].upper() + top[1:]} captures {share}% of {verdict} "
        f"(DCG{numbers.at} / IDCG{numbers.at} with the ideal from the {numbers.ideal_source})."
    )


def _name(labels: Sequence[str], rank: int) -> str:
    return f"“{labels[rank - 1]}”"


def _costliest(ranking: Ranking, labels: Sequence[str]) -> list[str]:
    """The ranks within k where the list earns least against the ideal order, in words.

    The gap at rank i is the ideal's contribution there minus the list's own; the largest
    gaps come first (ties: the higher rank first).
    """
    depth = min(ranking.listed, ranking.k or ranking.listed)
    own = ranking.contributions[:depth]
    ideal = ranking.ideal_at_ranks(ranking.ideal_contributions)[:depth]
    gap = ideal - own
    worst = [i for i in np.argsort(-gap, kind="stable")[:COSTLIEST] if gap[i] > 1e-12]
    return [
        f"at rank {i + 1}, where {_name(labels, i + 1)} (grade {ranking.grades[i]:g}) adds "
        f"{own[i]:.2f} against {ideal[i]:.2f} in the best order"
        for i in worst
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
    return summary_of(Ranking.of(grades, k, gain=gain, ideal=ideal), labels)


def summary_of(ranking: Ranking, labels: Sequence[str]) -> str:
    """:func:`stakeholder_summary` of an already checked ranking (one per page run)."""
    labels = [str(label) for label in labels]
    if ranking.listed == 0:
        return "The list is empty: there is nothing to score."
    numbers = Headline.of(ranking)
    at = numbers.at
    sentences = [_measures(numbers, ranking.gain)]
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
    costs = _costliest(ranking, labels)
    if costs:
        sentences.append("It loses most " + ", and ".join(costs) + ".")
    change = best_change(ranking)
    if change is None:
        sentences.append(f"No single swap or move of one item raises NDCG{at}.")
    else:
        sentences.append(f"The single change that helps most: {change.sentence(labels, at)}.")
    return " ".join(sentences)
