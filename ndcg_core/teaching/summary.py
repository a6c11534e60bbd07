"""NDCG in plain words, for people who do not read formulas: one sentence, or one paragraph.

:func:`plain_reading` says what share of the best possible value the top k captures. The paragraph
of :func:`stakeholder_summary` says what NDCG@k measures here, what share of the best possible value the top k captures,
where the list loses the most against the ideal order, and the one swap or move of a single
item that would raise NDCG@k the most (:func:`ndcg_core.metric.what_if.best_change`). Every number
comes from this package; the text is plain (no Markdown, no LaTeX), so the page shows it as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from ndcg_core.metric.discounts import discount_formula
from ndcg_core.metric.gains import GainRule, gain_formula
from ndcg_core.metric.headline import Headline
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import best_change
from ndcg_core.teaching.changes import change_sentence, no_change_message
from ndcg_core.teaching.wording import (
    capitalised,
    empty_ideal_reading,
    is_one,
    nothing_relevant,
    pair,
    percent,
    share,
)

#: How many of the costliest ranks the summary names.
COSTLIEST = 2


#: Where :func:`reading_template` leaves the share of the best possible value.
SHARE = "{share}"


def plain_reading(numbers: Headline) -> str:
    """One sentence a stakeholder can read: what share of the best possible DCG the top k captures.

    The share is "100%" only when NDCG is 1 (:func:`ndcg_core.teaching.wording.percent`).
    """
    return reading_template(numbers).replace(SHARE, share_of_best(numbers.ndcg))


def reading_template(numbers: Headline) -> str:
    """:func:`plain_reading` with :data:`SHARE` where the share goes, so that a page can put in
    the share of another order of the same list (:func:`share_of_best`). With IDCG = 0 no order
    changes the sentence, and it has no :data:`SHARE`.

    >>> from ndcg_core import headline
    >>> reading_template(headline([0, 1, 2, 3, 2, 0, 3], 5))
    'The top 5 captures {share} (DCG@5 / IDCG@5 with the ideal from the listed items).'
    """
    if numbers.idcg_is_zero:
        return (
            f"{capitalised(nothing_relevant(numbers.ideal_source))}: IDCG{numbers.at} = 0, "
            f"so NDCG{numbers.at} {empty_ideal_reading(numbers.empty_ideal)}."
        )
    top = "the whole list" if numbers.k is None else f"the top {numbers.k}"
    return (
        f"{capitalised(top)} captures {SHARE} "
        f"(DCG{numbers.at} / IDCG{numbers.at} with the ideal from the {numbers.ideal_source})."
    )


def share_of_best(ndcg: float) -> str:
    """NDCG as the reading's share: "100%" and "the best possible order" only when NDCG is 1.

    >>> share_of_best(0.4322), share_of_best(0.998), share_of_best(1.0)
    ('43% of the best possible value', '99.8% of the best possible value', '100% of the best possible order')
    """
    verdict = "the best possible order" if is_one(ndcg) else "the best possible value"
    return f"{percent(ndcg)} of {verdict}"


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
        "{} against {} in the best order".format(*pair(own[i], ideal[i], shares=False))
        for i in worst
    ]


def _measures(numbers: Headline, gain: GainRule) -> str:
    top = "the whole list" if numbers.k is None else f"the top {numbers.k}"
    if numbers.discount == "none":
        rank_rule = "wherever it is ranked in the top k it counts the same (no discount: DCG = CG)"
    else:
        discount = re.sub(r"\bi\b", "rank", discount_formula(numbers.discount, numbers.log_base))
        rank_rule = f"the lower it is ranked the less it counts (multiplied by {discount})"
    return (
        f"NDCG{numbers.at} measures how much of the value of the best possible order {top} of this "
        f"{numbers.listed}-item list delivers: each item is worth {gain_formula(gain)} (rel: its grade), "
        f"and {rank_rule}."
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
            f"{capitalised(nothing_relevant(numbers.ideal_source))}, so IDCG{at} = 0 and NDCG{at} "
            f"{empty_ideal_reading(numbers.empty_ideal)}; no order can do better or worse."
        )
        return " ".join(sentences)
    top = "The whole list" if numbers.k is None else f"The top {numbers.k}"
    dcg_text, idcg_text = pair(numbers.dcg, numbers.idcg, shares=False)
    sentences.append(
        f"{top} captures {percent(numbers.ndcg)} of the best possible value: "
        f"NDCG{at} = {share(numbers.ndcg)} (DCG{at} {dcg_text} out of IDCG{at} {idcg_text}, "
        f"the ideal from the {numbers.ideal_source})."
    )
    costs = _costliest(ranking, labels)
    if costs:
        sentences.append("It loses most " + ", and ".join(costs) + ".")
    change = best_change(ranking)
    if change is None:
        sentences.append(no_change_message(ranking))
    else:
        sentences.append(f"The single change that helps most: {change_sentence(change, labels, at)}.")
    return " ".join(sentences)
