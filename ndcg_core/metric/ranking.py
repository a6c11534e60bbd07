"""One ranked list and the conventions its numbers are computed under, checked once.

With rank i starting at 1, grade rel_i at rank i, gain g(rel), discount d(i) and cutoff k:

    contribution_i = g(rel_i) · d(i)
    DCG@k          = Σ_{i=1..k} contribution_i
    IDCG@k         = DCG@k of the ideal order (the judged gains sorted from best to worst)
    NDCG@k         = DCG@k / IDCG@k;  when IDCG@k = 0, the ``empty_ideal`` rule decides

:class:`Ranking` holds the grades, k, gain, discount, judged pool and empty-ideal rule after
:meth:`Ranking.of` has checked them, and sorts the ideal once, however many numbers are asked of
it. ``ndcg()``, ``headline()``, ``breakdown()``, the summary and the what-if maps all start
from one, so a page that shows them all validates and sorts once per run.

The helpers below it (:func:`contributions`, :func:`ideal_grades`, :func:`ratio`) are the
shared arithmetic of the other modules; none of them imports another module's private names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Literal

import numpy as np

from ndcg_core.metric.discounts import (
    DEFAULT_LOG_BASE,
    Discount,
    check_discount,
    check_log_base,
    discount_values,
    ranks,
)
from ndcg_core.metric.gains import GainRule, check_gain, gain_values
from ndcg_core.metric.validation import NDCGInputError, as_grades, check_k

EmptyIdeal = Literal["zero", "one", "skip"]

IdealSource = Literal["listed items", "judged pool"]
#: The ideal re-sorts the listed grades (scikit-learn's ndcg_score).
LISTED_ITEMS: IdealSource = "listed items"
#: The ideal sorts every judged grade of the query, listed or not (trec_eval, ir_measures, ranx).
JUDGED_POOL: IdealSource = "judged pool"
IDEAL_SOURCES: tuple[IdealSource, ...] = (LISTED_ITEMS, JUDGED_POOL)

#: What each empty-ideal rule gives, and who uses it.
EMPTY_IDEAL_RULES: dict[EmptyIdeal, str] = {
    "zero": "NDCG = 0 when IDCG = 0 (trec_eval, scikit-learn)",
    "one": "NDCG = 1 when IDCG = 0 (LightGBM; XGBoost's ndcg without the trailing “-”)",
    "skip": "NDCG is left out (NaN) when IDCG = 0, so the query drops out of the average",
}
_EMPTY_VALUE: dict[str, float] = {"zero": 0.0, "one": 1.0, "skip": float("nan")}


def check_empty_ideal(rule: object) -> EmptyIdeal:
    """Return ``rule`` if it names a known empty-ideal rule, else raise :class:`NDCGInputError`."""
    if rule not in EMPTY_IDEAL_RULES:
        known = ", ".join(repr(name) for name in EMPTY_IDEAL_RULES)
        raise NDCGInputError(f"Unknown empty_ideal rule {rule!r}; choose one of {known}.")
    return rule  # type: ignore[return-value]


def judged_pool(ideal: Iterable[float] | None) -> np.ndarray | None:
    """The judged pool's grades, checked, or ``None`` (the ideal then re-sorts the listed grades)."""
    return None if ideal is None else as_grades(ideal, what="judged pool grade")


def lacking(listed: Iterable[float], pool: Iterable[float]) -> list[float]:
    """The listed grades the pool does not hold, one per listed item it lacks, best first.

    The listed items are judged items of the query, so each needs a grade of its own in the pool:
    two items of grade 3 need two 3s.

    >>> lacking([3, 3, 1], [3, 2, 1])
    [3.0]
    """
    missing = Counter(float(g) for g in listed) - Counter(float(g) for g in pool)
    return sorted(missing.elements(), reverse=True)


def grades_text(grades: list[float], most: int = 8) -> str:
    """ "the grade 3", "the grades 3 and 2", "the grades 3, 3, 2 and 1"; more than ``most``: the
    first ``most`` and how many in all."""
    shown = [f"{g:g}" for g in grades[:most]]
    if len(grades) == 1:
        return f"the grade {shown[0]}"
    if len(grades) > most:
        return f"the grades {', '.join(shown)}, … ({len(grades)} in all)"
    return f"the grades {', '.join(shown[:-1])} and {shown[-1]}"


def check_pool_holds(
    grades: np.ndarray, pool: np.ndarray | None, worth: np.ndarray | None = None, what: str = "judged pool"
) -> None:
    """Refuse a judged pool that lacks a listed item's grade: NDCG could pass 1 (DCG counts an item
    the ideal never had), and no query's judgments give that.

    ``worth``: which listed grades must be in the pool (default: every one). A grade worth nothing
    (grade 0 under exponential or linear gain; a grade below the threshold of a binary measure) may
    be missing: an unjudged document counts 0, as trec_eval counts it, and adds nothing.
    """
    if pool is None:
        return
    needed = grades if worth is None else grades[worth]
    missing = lacking(needed, pool)
    if missing:
        pool_text = ", ".join(f"{g:g}" for g in pool[:12]) + (", …" if len(pool) > 12 else "")
        raise NDCGInputError(
            f"The {what} lacks {grades_text(missing)} of {'a listed item' if len(missing) == 1 else 'listed items'} "
            f"(the pool: {pool_text or 'empty'}). A judged pool holds the grade of every judged item of the "
            "query, the listed ones too: add the missing grades to it, or leave the pool out to take the "
            "ideal from the listed items."
        )


def contributions(
    grades: np.ndarray,
    gain: GainRule = "exponential",
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
) -> np.ndarray:
    """Discounted gain at each rank i: ``g(rel_i) · d(i)``."""
    return gain_values(grades, gain) * discount_values(ranks(len(grades)), discount, log_base)


def ideal_grades(
    grades: np.ndarray, pool: np.ndarray | None = None, gain: GainRule | None = None
) -> np.ndarray:
    """The ideal order's grades: the pool (or, without one, the listed grades) from best to worst.

    "Best" is the largest gain; without ``gain`` (or for exponential and linear gain, which grow
    with the grade) that is simply the largest grade. Sorting the *gains*, as trec_eval does,
    gives a custom gain that is worth less for a higher grade its best possible order too.
    """
    source = np.asarray(grades if pool is None else pool, dtype=float)
    if gain is None or not len(source):
        return np.sort(source)[::-1]
    by_gain = gain_values(source, gain)
    return source[np.lexsort((-source, -by_gain))]


def ratio(dcg_value: float, idcg_value: float, empty_ideal: EmptyIdeal = "zero") -> float:
    """DCG / IDCG; for IDCG = 0, 0 (trec_eval), 1 or NaN by the ``empty_ideal`` rule."""
    if idcg_value > 0:
        return dcg_value / idcg_value
    return _EMPTY_VALUE[empty_ideal]


def ratios(dcg_values: np.ndarray, idcg_values: np.ndarray, empty_ideal: EmptyIdeal = "zero") -> np.ndarray:
    """Element-wise DCG / IDCG with the ``empty_ideal`` rule where IDCG = 0."""
    safe = np.where(idcg_values > 0, idcg_values, 1.0)
    return np.where(idcg_values > 0, dcg_values / safe, _EMPTY_VALUE[empty_ideal])


@dataclass(frozen=True, eq=False)
class Ranking:
    """A ranked list's grades with the conventions they are scored under, already checked.

    Build one with :meth:`of`; ``pool`` is the judged pool (``None``: the ideal re-sorts the
    listed grades). The computed numbers are cached on first use.

    >>> r = Ranking.of([0, 1, 2, 3, 2, 0, 3], k=5)   # seed 000
    >>> round(r.dcg, 2), round(r.idcg, 2), round(r.ndcg, 2)
    (6.31, 14.6, 0.43)
    """

    grades: np.ndarray
    k: int | None = None
    gain: GainRule = "exponential"
    pool: np.ndarray | None = None
    discount: Discount = "log2"
    log_base: float = DEFAULT_LOG_BASE
    empty_ideal: EmptyIdeal = "zero"

    @classmethod
    def of(
        cls,
        relevances: Iterable[float],
        k: int | None = None,
        *,
        gain: GainRule = "exponential",
        ideal: Iterable[float] | None = None,
        discount: Discount = "log2",
        log_base: float = DEFAULT_LOG_BASE,
        empty_ideal: EmptyIdeal = "zero",
    ) -> Ranking:
        """Check every input once (grades, k, gain, pool, discount, log base, empty-ideal rule).

        A judged pool must hold the grade of every listed item worth a gain (:func:`check_pool_holds`).
        """
        grades, gain, pool = as_grades(relevances), check_gain(gain), judged_pool(ideal)
        check_pool_holds(grades, pool, gain_values(grades, gain) > 0)
        return cls(
            grades=grades,
            k=check_k(k),
            gain=gain,
            pool=pool,
            discount=check_discount(discount),
            log_base=check_log_base(log_base),
            empty_ideal=check_empty_ideal(empty_ideal),
        )

    def with_grades(self, grades: np.ndarray) -> Ranking:
        """The same conventions for other, already checked grades (e.g. the list in another order)."""
        return replace(self, grades=np.asarray(grades, dtype=float))

    @property
    def listed(self) -> int:
        """How many items the list holds."""
        return len(self.grades)

    @property
    def judged(self) -> int:
        """How many judged grades the ideal is built from."""
        return self.listed if self.pool is None else len(self.pool)

    @property
    def ideal_source(self) -> IdealSource:
        """:data:`LISTED_ITEMS` or :data:`JUDGED_POOL`: where the ideal comes from, as the app names it."""
        return LISTED_ITEMS if self.pool is None else JUDGED_POOL

    @cached_property
    def ideal(self) -> np.ndarray:
        """The ideal order's grades, best first (sorted once)."""
        return ideal_grades(self.grades, self.pool, self.gain)

    @cached_property
    def contributions(self) -> np.ndarray:
        """``g(rel_i) · d(i)`` at every listed rank."""
        return contributions(self.grades, self.gain, self.discount, self.log_base)

    @cached_property
    def ideal_contributions(self) -> np.ndarray:
        """``g(rel_i) · d(i)`` at every rank of the ideal order."""
        return contributions(self.ideal, self.gain, self.discount, self.log_base)

    @property
    def dcg(self) -> float:
        """DCG@k (the whole list when k is None or beyond it)."""
        return float(np.sum(self.contributions[: self.k]))

    @property
    def idcg(self) -> float:
        """IDCG@k (the whole ideal, however long, when k is None)."""
        return float(np.sum(self.ideal_contributions[: self.k]))

    @property
    def ndcg(self) -> float:
        """NDCG@k = DCG@k / IDCG@k, or the empty-ideal rule's value when IDCG@k = 0."""
        return ratio(self.dcg, self.idcg, self.empty_ideal)

    def ideal_at_ranks(self, values: np.ndarray) -> np.ndarray:
        """The ideal's ``values`` (grades, gains…) at ranks 1 … n of the list: 0 where the pool runs out."""
        return np.pad(values[: self.listed], (0, max(0, self.listed - len(values))))

    @cached_property
    def running_dcg(self) -> np.ndarray:
        """``[DCG@1, …, DCG@n]`` over the listed ranks."""
        return np.cumsum(self.contributions)

    @cached_property
    def running_idcg(self) -> np.ndarray:
        """``[IDCG@1, …, IDCG@n]`` over the listed ranks."""
        return np.cumsum(self.ideal_at_ranks(self.ideal_contributions))

    @cached_property
    def ndcg_at_every_k(self) -> np.ndarray:
        """``[NDCG@1, …, NDCG@n]`` for the n listed ranks."""
        return ratios(self.running_dcg, self.running_idcg, self.empty_ideal)
