"""The three headline numbers, DCG@k, IDCG@k and NDCG@k, and what they say in plain words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ndcg_core.gains import Gain, check_gain
from ndcg_core.metrics import _dcg_of, _ratio, ideal_grades
from ndcg_core.validation import as_grades, check_k


@dataclass(frozen=True)
class Headline:
    """DCG@k, IDCG@k and NDCG@k of one list, with the conventions they were computed under."""

    k: int | None
    listed: int
    judged: int
    gain: Gain
    ideal_source: str
    dcg: float
    idcg: float
    ndcg: float

    @property
    def idcg_is_zero(self) -> bool:
        """True when nothing relevant can be placed in the top k, so NDCG is taken as 0."""
        return self.idcg <= 0

    @property
    def at(self) -> str:
        """``"@5"`` for k = 5, ``""`` for no cutoff (the whole list)."""
        return "" if self.k is None else f"@{self.k}"


def headline(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    gain: Gain = "exponential",
    ideal: Iterable[float] | None = None,
) -> Headline:
    """DCG@k, IDCG@k and NDCG@k in one call, with the same rules as :func:`ndcg_core.ndcg`."""
    grades = as_grades(relevances)
    pool = None if ideal is None else as_grades(ideal, what="judged pool grade")
    k = check_k(k)
    gain = check_gain(gain)
    dcg_value = _dcg_of(grades, k, gain)
    idcg_value = _dcg_of(ideal_grades(grades, pool), k, gain)
    return Headline(
        k=k,
        listed=len(grades),
        judged=len(grades) if pool is None else len(pool),
        gain=gain,
        ideal_source="listed items" if pool is None else "judged pool",
        dcg=dcg_value,
        idcg=idcg_value,
        ndcg=_ratio(dcg_value, idcg_value),
    )


def plain_reading(numbers: Headline) -> str:
    """One sentence a stakeholder can read: what share of the best possible DCG the top k captures."""
    top = "the whole list" if numbers.k is None else f"the top {numbers.k}"
    if numbers.idcg_is_zero:
        return (
            f"Nothing relevant can be placed in {top}: IDCG{numbers.at} = 0, so NDCG{numbers.at} "
            "is taken as 0 (trec_eval's convention)."
        )
    share = round(100 * numbers.ndcg)
    verdict = "the best possible order" if numbers.ndcg >= 1 - 1e-12 else "the best possible value"
    return (
        f"{top[0].upper() + top[1:]} captures {share}% of {verdict} "
        f"(DCG{numbers.at} / IDCG{numbers.at} with the ideal from the {numbers.ideal_source})."
    )
