"""The three headline numbers, DCG@k, IDCG@k and NDCG@k, with the conventions they were computed under.

:func:`headline` is :func:`ndcg_core.ndcg` keeping its DCG and IDCG too; both are one
:class:`~ndcg_core.metric.ranking.Ranking`, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ndcg_core.metric.discounts import DEFAULT_LOG_BASE, Discount
from ndcg_core.metric.gains import GainRule
from ndcg_core.metric.ranking import EMPTY_IDEAL_RULES, EmptyIdeal, Ranking


@dataclass(frozen=True)
class Headline:
    """DCG@k, IDCG@k and NDCG@k of one list, with the conventions they were computed under."""

    k: int | None
    listed: int
    judged: int
    gain: GainRule
    ideal_source: str
    dcg: float
    idcg: float
    ndcg: float
    discount: Discount = "log2"
    log_base: float = DEFAULT_LOG_BASE
    empty_ideal: EmptyIdeal = "zero"

    @classmethod
    def of(cls, ranking: Ranking) -> Headline:
        """The headline of an already checked ranking."""
        return cls(
            k=ranking.k,
            listed=ranking.listed,
            judged=ranking.judged,
            gain=ranking.gain,
            ideal_source=ranking.ideal_source,
            dcg=ranking.dcg,
            idcg=ranking.idcg,
            ndcg=ranking.ndcg,
            discount=ranking.discount,
            log_base=ranking.log_base,
            empty_ideal=ranking.empty_ideal,
        )

    @property
    def idcg_is_zero(self) -> bool:
        """True when nothing relevant can be placed in the top k, so the empty-ideal rule decides."""
        return self.idcg <= 0

    @property
    def at(self) -> str:
        """``"@5"`` for k = 5, ``""`` for no cutoff (the whole list)."""
        return "" if self.k is None else f"@{self.k}"

    @property
    def empty_ideal_note(self) -> str | None:
        """What NDCG was set to because IDCG = 0, in words; ``None`` when IDCG > 0."""
        if not self.idcg_is_zero:
            return None
        return f"IDCG{self.at} = 0, so " + EMPTY_IDEAL_RULES[self.empty_ideal]


def headline(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
    empty_ideal: EmptyIdeal = "zero",
) -> Headline:
    """DCG@k, IDCG@k and NDCG@k in one call, with the same rules as :func:`ndcg_core.ndcg`.

    >>> numbers = headline([0, 1, 2, 3, 2, 0, 3], 5)   # seed 000
    >>> round(numbers.dcg, 2), round(numbers.idcg, 2), round(numbers.ndcg, 2)
    (6.31, 14.6, 0.43)
    """
    settings = {"discount": discount, "log_base": log_base, "empty_ideal": empty_ideal}
    return Headline.of(Ranking.of(relevances, k, gain=gain, ideal=ideal, **settings))
