"""Pitfalls: the ways a learner ends up with a wrong, or a different, NDCG for the same ranking.

Each function takes a ranked list (grades, rank 1 first) and returns a :class:`Pitfall`: the
numbers a slip or a convention gives, side by side, each with its name. A reading's
``verdict`` says whether it is ``"wrong"`` (a bug), ``"right"``, or one ``"convention"`` among
several defensible ones; its ``note`` says more where a mark alone would mislead:

* a slip that gives the same number as the right computation on this list is *not* marked
  wrong, nor the other right (a ✗ and a ✓ on equal values contradict each other): both are
  ``"convention"`` readings and the slip's ``note`` is :data:`NO_EFFECT`;
* binary labels are a choice that loses information, not a bug: both readings are
  ``"convention"`` and the 0/1 reading's ``note`` is :data:`LOSES_INFORMATION`.

The seeds' own examples are kept as constants, so the page can show them beside the learner's list.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ndcg_core.metric.discounts import discount_values, ranks
from ndcg_core.metric.gains import GainRule, gain_formula, gain_values
from ndcg_core.metric.metrics import dcg, idcg, ndcg
from ndcg_core.metric.ranking import ideal_grades, judged_pool, ratio
from ndcg_core.metric.ties import TieRule, ndcg_from_scores
from ndcg_core.metric.validation import NDCGInputError, as_grades, check_k
from ndcg_core.teaching.wording import MAX_DECIMALS, number, pair, same, share

Verdict = Literal["wrong", "right", "convention"]

#: The note of a slip's reading when, on this list, it gives the right number anyway.
NO_EFFECT = "the slip changes nothing here"
#: The note of the binary-labels reading: a choice, not a bug, that throws the grades away.
LOSES_INFORMATION = "loses information: every order of the relevant items scores the same"

#: Seed 001's ndcg_at_k example: the list and k whose ideal it builds from the first k items.
SEED001_TRUNCATED = ([3, 0, 2, 0, 1, 3, 0, 0, 2, 1], 3)
#: Seed 002's documents A–E (linear gain), whose IDCG table puts 0.387 at rank 4.
SEED002_DOCUMENTS = [3, 1, 2, 0, 1]
#: The tie example: one relevant item ties with a non-relevant one at the top (k = 1).
TIE_EXAMPLE = ([1, 0, 0, 0, 0], [1, 1, 0, 0, 0], 1)
#: Seed 001's two approaches: the returned grades (items 7, 2, 9, 5, 4), its corpus, and k.
SEED001_APPROACHES = ([1, 4, 0, 2, 3], [5, 5, 4, 3, 3, 2, 2, 1, 1, 0], 5)


def scores_with_a_tie(n: int, first: int, last: int) -> list[float]:
    """Scores for a list of n items in its order (n, n − 1, …, 1), with ranks first … last tied.

    The tied ranks all get the score of rank ``first``, so the list's order is kept outside
    the tie and the tie rule alone decides the order inside it.

    >>> scores_with_a_tie(5, 2, 3)
    [5.0, 4.0, 4.0, 2.0, 1.0]
    """
    if not 1 <= first <= last <= n:
        raise NDCGInputError(f"The tied ranks must run from 1 to {n}, first ≤ last; got {first} to {last}.")
    scores = np.arange(n, 0, -1, dtype=float)
    scores[first - 1 : last] = scores[first - 1]
    return scores.tolist()


@dataclass(frozen=True)
class Reading:
    """One number, what it was computed under, its verdict and (where a mark alone misleads) a note."""

    label: str
    value: float
    verdict: Verdict
    note: str = ""


@dataclass(frozen=True)
class Pitfall:
    """A pitfall shown on one list: its readings, and why they differ."""

    key: str
    title: str
    readings: tuple[Reading, ...]
    why: str

    def reading(self, verdict: Verdict) -> Reading:
        """The first reading with this verdict."""
        return next(r for r in self.readings if r.verdict == verdict)

    @property
    def changes_nothing(self) -> bool:
        """True when the pitfall's slip gives the right number on this list (its note says so)."""
        return any(r.note == NO_EFFECT for r in self.readings)

    def decimals(self, at_least: int = 3) -> int:
        """The fewest decimals (≥ ``at_least``) at which readings that differ are shown differently.

        >>> misread_discount([0, 1, 1, 1, 1, 3], 6, rank=5).decimals(2)   # 0.6135 and 0.6097
        3
        """
        values = [r.value for r in self.readings if not np.isnan(r.value)]
        places = at_least
        for a in values:
            for b in values:
                while places < MAX_DECIMALS and not same(a, b) and number(a, places) == number(b, places):
                    places += 1
        return places


def _slip_and_right(slip: str, slip_value: float, right: str, right_value: float) -> tuple[Reading, Reading]:
    """The slip's reading (✗ wrong) and the right one (✓ right); when they are equal, neither is marked."""
    if same(slip_value, right_value):
        return (
            Reading(f"{slip} (a slip; no effect here)", slip_value, "convention", NO_EFFECT),
            Reading(right, right_value, "convention"),
        )
    return Reading(f"{slip} (bug)", slip_value, "wrong"), Reading(right, right_value, "right")


def _at(k: int | None) -> str:
    return "" if k is None else f"@{k}"


def truncated_ideal(
    relevances: Iterable[float],
    k: int,
    *,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
) -> Pitfall:
    """The ideal built from the first k items only (seed 001's ``ndcg_at_k``) versus the real ideal.

    Wrong: ``DCG@k / DCG@k of sorted(rel_1 … rel_k)``. Right: the ideal of the whole list (or of
    the judged pool ``ideal``), cut at k. The wrong ideal never holds a better item found below
    k, so it inflates NDCG@k.

    >>> pitfall = truncated_ideal(*SEED001_TRUNCATED)
    >>> round(pitfall.reading("wrong").value, 3), round(pitfall.reading("right").value, 3)
    (0.956, 0.658)
    """
    grades = as_grades(relevances)
    k = _need_k(k)
    wrong = ndcg(grades[:k], k, gain=gain)
    right = ndcg(grades, k, gain=gain, ideal=ideal)
    readings = _slip_and_right(
        f"NDCG{_at(k)}, ideal from the top {k} only",
        wrong,
        f"NDCG{_at(k)}, ideal from the whole {_source(ideal)}",
        right,
    )
    seed = "the course notes' ndcg_at_k prints 0.956 for 0.658"
    if same(wrong, right):
        why = (
            f"Cutting the list to k before sorting leaves every item below rank {k} out of the ideal. Here no "
            f"item below rank {k}{'' if ideal is None else ' nor any unlisted judged item'} is better than one "
            f"in the top {k}, so the slip changes nothing; on other lists it inflates NDCG ({seed})."
        )
    else:
        said_wrong, said_right = pair(wrong, right, 3)
        direction = "too small and NDCG too large" if wrong > right else "different and NDCG with it"
        why = (
            f"Cutting the list to k before sorting leaves every good item below rank {k} out of the ideal, so "
            f"IDCG is {direction}: here {said_wrong} instead of {said_right} ({seed})."
        )
    return Pitfall("truncated_ideal", "The ideal built from the first k items only", readings, why)


def misread_discount(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    gain: GainRule = "linear",
    rank: int = 4,
    ideal: Iterable[float] | None = None,
) -> Pitfall:
    """IDCG with the discount of rank r + 1 read at rank r (seed 002: 0.387 at rank 4, not 0.431).

    Wrong: DCG@k / IDCG'@k, where IDCG' uses d(r + 1) at rank ``rank``. Right: DCG@k / IDCG@k.

    >>> pitfall = misread_discount(SEED002_DOCUMENTS)
    >>> round(pitfall.reading("wrong").value, 3), round(pitfall.reading("right").value, 3)
    (0.975, 0.966)
    """
    grades = as_grades(relevances)
    pool = judged_pool(ideal)
    k = check_k(k)
    rank = _need_k(rank)
    best = ideal_grades(grades, pool, gain)[:k]
    d = discount_values(ranks(max(len(best), rank + 1)))
    misread = d[: len(best)].copy()
    if rank <= len(best):
        misread[rank - 1] = d[rank]
    wrong_idcg = float(np.sum(gain_values(best, gain) * misread))
    right_idcg = idcg(grades, k, gain=gain, ideal=pool)
    dcg_value = dcg(grades, k, gain=gain)
    wrong, right = ratio(dcg_value, wrong_idcg), ratio(dcg_value, right_idcg)
    readings = _slip_and_right(
        f"NDCG{_at(k)} with 1/log2({rank + 2}) read at rank {rank}",
        wrong,
        f"NDCG{_at(k)} with 1/log2({rank + 1}) at rank {rank}",
        right,
    )
    table = f"At rank {rank} the discount is 1/log2({rank + 1}) = {d[rank - 1]:.3f}, not the next row's {d[rank]:.3f}"
    seed = "The article “nDCG: Normalized Discounted Cumulative Gain” prints 0.975 where 0.966 is right."
    if rank > len(best):
        stops = (
            f"k = {k} stops before rank {rank}"
            if k is not None and k < rank
            else f"the ideal has {len(best)} items"
        )
        why = f"{table}. Here {stops}, so the misread row is never used: the slip changes nothing. {seed}"
    elif gain_values(best[rank - 1 : rank], gain)[0] <= 0:
        why = (
            f"{table}. Here the ideal has grade {best[rank - 1]:g} (gain 0) at rank {rank}, so the misread "
            f"discount multiplies nothing and the slip changes nothing. {seed}"
        )
    elif dcg_value <= 0:
        why = f"{table}. Here DCG{_at(k)} = 0, so NDCG{_at(k)} is 0 whatever IDCG is: the slip changes nothing. {seed}"
    elif same(wrong, right):
        why = f"{table}. Here the two readings agree to float precision: the slip changes nothing. {seed}"
    else:
        idcgs, ndcgs = pair(wrong_idcg, right_idcg, 3, shares=False), pair(wrong, right, 3)
        why = (
            f"{table}: reading the next row shrinks IDCG{_at(k)} from {idcgs[1]} to {idcgs[0]} and lifts "
            f"NDCG{_at(k)} from {ndcgs[1]} to {ndcgs[0]}. {seed}"
        )
    return Pitfall("misread_discount", "A misread discount table", readings, why)


def mixed_gains(
    relevances: Iterable[float], k: int | None, *, ideal: Iterable[float] | None = None
) -> Pitfall:
    """Linear and exponential gain compared as if they were one metric.

    Tool X reports NDCG@k with exponential gain, tool Y with linear gain, for the *same*
    ranking: the difference between them is all convention. Wrong: reading that difference as
    one system beating the other. Right: the difference under one gain, 0.
    """
    grades, pool = as_grades(relevances), judged_pool(ideal)
    exponential = ndcg(grades, k, gain="exponential", ideal=pool)
    linear = ndcg(grades, k, gain="linear", ideal=pool)
    gap, real = _slip_and_right(
        "the gap, read as progress", exponential - linear, "real difference: same ranking, one gain", 0.0
    )
    why = (
        "Two tools (or two papers) with different gains give different NDCGs for the very same "
        "ranking; compare numbers only under one gain, and say which."
    )
    if gap.note:
        judged = set(grades.tolist()) | set([] if pool is None else pool.tolist())
        reason = " (grades 0 and 1 are worth the same under either)" if judged <= {0.0, 1.0} else ""
        why += f" Here both gains give the same NDCG{reason}, so the gap is 0."
    return Pitfall(
        "mixed_gains",
        "Linear and exponential gain compared as one metric",
        (
            Reading(f"NDCG{_at(k)}, exponential gain 2^rel − 1", exponential, "convention"),
            Reading(f"NDCG{_at(k)}, linear gain rel", linear, "convention"),
            gap,
            real,
        ),
        why,
    )


def binary_labels(
    relevances: Iterable[float], k: int | None, *, threshold: float = 1.0, gain: GainRule = "exponential"
) -> Pitfall:
    """NDCG on binary labels: every list whose top k is all relevant scores 1.

    The example list is this list's relevant items (grade ≥ ``threshold``) in their worst
    order, worst grade first. One reading: NDCG of that order on labels cut to 0/1 (always 1
    when anything is relevant). The other: NDCG of the same order on the grades. Binary labels
    are a choice that loses information, not a bug: both readings are conventions, and the
    0/1 reading's note says what it loses (:data:`LOSES_INFORMATION`).

    >>> pitfall = binary_labels([3, 2, 1], None)
    >>> [(r.verdict, round(r.value, 3)) for r in pitfall.readings]
    [('convention', 1.0), ('convention', 0.681)]
    """
    grades = as_grades(relevances)
    relevant = np.sort(grades[grades >= threshold])
    binary = ndcg(np.ones_like(relevant), k, gain="linear")
    graded = ndcg(relevant, k, gain=gain)
    shown = f"The relevant items of this list, worst first ({_grades_text(relevant)})"
    if not len(relevant):
        why = f"Nothing in this list has a grade of {threshold:g} or more, so there is nothing to order on 0/1 labels."
    elif same(binary, graded):
        why = f"{shown}: every relevant item has the same gain here, so the 0/1 labels lose nothing on this list."
    else:
        why = (
            f"{shown}: on 0/1 labels every order of relevant items is ideal, so NDCG cannot see that the best "
            "item came last. Not a bug: a choice that loses the grades."
        )
    return Pitfall(
        "binary_labels",
        "NDCG on binary labels",
        (
            Reading(
                f"NDCG{_at(k)}, labels cut to 0/1 at grade {threshold:g}",
                binary,
                "convention",
                LOSES_INFORMATION if not same(binary, graded) else "",
            ),
            Reading(f"NDCG{_at(k)}, the grades ({gain_formula(gain)})", graded, "convention"),
        ),
        why,
    )


def empty_ideal_rules(
    relevances: Iterable[float],
    k: int | None,
    *,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
) -> Pitfall:
    """IDCG = 0 under each rule, shown as the mean over this list and a query with nothing relevant.

    The second query has as many items as this list, all graded 0, so its IDCG is 0. Its NDCG
    is 0 (trec_eval, scikit-learn), 1 (LightGBM, XGBoost) or left out (NaN); the mean of the two
    queries moves with it: x/2, (x + 1)/2 or x, where x is this list's NDCG. When this list has
    nothing relevant either, the rule decides both queries.

    >>> [round(r.value, 3) for r in empty_ideal_rules([3, 2, 1], 3).readings]
    [0.5, 1.0, 1.0]
    """
    grades, ideal = as_grades(relevances), judged_pool(ideal)
    empty = np.zeros(max(len(grades), 1))
    readings = []
    for rule, who in (
        ("zero", "trec_eval, scikit-learn"),
        ("one", "LightGBM, XGBoost"),
        ("skip", "the article “nDCG: Normalized Discounted Cumulative Gain”"),
    ):
        mine = ndcg(grades, k, gain=gain, ideal=ideal, empty_ideal=rule)
        other = ndcg(empty, k, gain=gain, empty_ideal=rule)
        counted = [value for value in (mine, other) if not np.isnan(value)]
        mean = float(np.mean(counted)) if counted else float("nan")
        readings.append(
            Reading(f"mean NDCG{_at(k)}, IDCG = 0 → {_rule_value(rule)} ({who})", mean, "convention")
        )
    mine = ndcg(grades, k, gain=gain, ideal=ideal)
    if idcg(grades, k, gain=gain, ideal=ideal) > 0:
        this = f"this list (NDCG{_at(k)} = {share(mine, 3)}) and"
    else:
        this = f"this list, where nothing relevant is {'listed' if ideal is None else 'judged'} either, and"
    return Pitfall(
        "empty_ideal",
        "IDCG = 0: what libraries return",
        tuple(readings),
        f"Each mean is over two queries: {this} a query of {len(empty)} items where nothing is relevant "
        "(IDCG = 0). That query's NDCG is 0, 1 or left out by the library's rule, so the mean moves with "
        "the rule alone; say which rule a reported average used.",
    )


def tied_scores(
    grades: Sequence[float],
    scores: Sequence[float],
    k: int | None,
    *,
    doc_ids: Sequence[object] | None = None,
    gain: GainRule = "linear",
) -> Pitfall:
    """Ties in scores: trec_eval's order (score, then document id descending) versus averaging.

    >>> pitfall = tied_scores(*TIE_EXAMPLE)
    >>> [round(r.value, 2) for r in pitfall.readings]
    [0.5, 0.0, 1.0, 0.0]
    """
    settings = {"gain": gain, "doc_ids": doc_ids}
    values = {rule: ndcg_from_scores(grades, scores, k, ties=rule, **settings) for rule in _TIE_ORDER}
    return Pitfall(
        "ties",
        "Ties in scores",
        (
            Reading(f"NDCG{_at(k)}, tied items averaged (scikit-learn)", values["average"], "convention"),
            Reading(f"NDCG{_at(k)}, score then id descending (trec_eval)", values["trec_eval"], "convention"),
            Reading(f"NDCG{_at(k)}, best tie-break", values["optimistic"], "convention"),
            Reading(f"NDCG{_at(k)}, worst tie-break", values["pessimistic"], "convention"),
        ),
        "Equal scores leave the order open. trec_eval breaks the tie by document id, so renaming a "
        "document can change NDCG; scikit-learn averages over every order of the tied items, which is "
        "the expected NDCG of a random tie-break. Report which rule you used.",
    )


_TIE_ORDER: tuple[TieRule, ...] = ("average", "trec_eval", "optimistic", "pessimistic")


def _need_k(k: object) -> int:
    """A cutoff that must be given (these pitfalls are about a cutoff)."""
    checked = check_k(k)
    if checked is None:
        raise NDCGInputError("This pitfall needs a cutoff k (1 or more).")
    return checked


def _source(ideal: Iterable[float] | None) -> str:
    return "list" if ideal is None else "judged pool"


def _rule_value(rule: str) -> str:
    return {"zero": "0", "one": "1", "skip": "query left out"}[rule]


def _grades_text(grades: np.ndarray) -> str:
    return ", ".join(f"{g:g}" for g in grades) or "none"
