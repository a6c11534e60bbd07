"""What if, in words: the best single change of a list, or why there is none.

The numbers come from :mod:`ndcg_core.metric.what_if`; the wording rules (digits that differ,
no "100%" below 1) from :mod:`ndcg_core.teaching.wording`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ndcg_core.metric.gains import gain_values
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import Change, best_change, missing_judged
from ndcg_core.teaching import wording


def change_sentence(change: Change, labels: Sequence[str], at: str) -> str:
    """The change in words, e.g. "moving “Bose” from rank 7 to rank 1 raises NDCG@5 from 0.43 to 0.79".

    The two numbers get as many decimals as they need to differ (never "from 1.00 to 1.00"),
    and a share below 1 is never written as 1 (:mod:`ndcg_core.teaching.wording`).

    >>> change_sentence(best_change(Ranking.of([0, 1, 2, 3, 2, 0, 3], 5)), list("ABCDEFG"), "@5")
    'swapping “A” (rank 1) with “G” (rank 7) raises NDCG@5 from 0.43 to 0.91'
    """
    one, two = labels[change.first - 1], labels[change.second - 1]
    if change.kind == "swap":
        what = f"swapping “{one}” (rank {change.first}) with “{two}” (rank {change.second})"
    else:
        what = f"moving “{one}” from rank {change.first} to rank {change.second}"
    return wording.change(what, f"NDCG{at}", change.ndcg_before, change.ndcg_after)


def _missing_text(missing: dict[float, int]) -> str:
    """The missing grades in words: "2 judged items of grade 3 and 1 of grade 1"."""
    (grade, count), *rest = missing.items()
    parts = [f"{count} judged item{'s' if count > 1 else ''} of grade {grade:g}"]
    parts += [f"{c} of grade {g:g}" for g, c in rest]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _what_would_help(ranking: Ranking, missing: dict[float, int]) -> str:
    """Which missing grades could raise NDCG@k: those worth more than the k-th best listed item."""
    at = "" if ranking.k is None else f"@{ranking.k}"
    best = np.sort(gain_values(ranking.grades, ranking.gain))[::-1]
    floor = best[ranking.k - 1] if ranking.k is not None and ranking.listed >= ranking.k else 0.0
    grades = list(missing)
    helpful = [
        g
        for g, gain in zip(grades, gain_values(np.asarray(grades), ranking.gain), strict=True)
        if gain > floor
    ]
    if len(helpful) == len(grades):
        return f"Only retrieving {'it' if sum(missing.values()) == 1 else 'them'} could raise NDCG{at}."
    if not helpful:  # pragma: no cover - a missing grade that helps nobody leaves NDCG@k at 1
        return f"None of them would beat the listed top {ranking.k}."
    named = " or ".join(f"grade {g:g}" for g in helpful)
    return f"Only retrieving the items of {named} could raise NDCG{at}."


def no_change_message(ranking: Ranking) -> str:
    """What What if says when no single swap or move raises NDCG@k (:func:`best_change` is ``None``).

    * IDCG@k = 0: nothing relevant is listed (or judged), so every order scores the same;
    * NDCG@k = 1: the top k is already in the ideal order;
    * NDCG@k < 1 with the ideal from a judged pool: the listed items already stand in their best
      order, so reordering cannot help; the list lacks judged relevant items (named by grade).

    >>> no_change_message(Ranking.of([3, 2, 1], 3, ideal=[3, 2, 1, 3, 3]))[:62]
    'No swap or move raises NDCG@3 = 0.63: the listed items already'
    """
    if best_change(ranking) is not None:
        raise ValueError("A change raises NDCG here: say it with change_sentence(best_change(ranking), ...).")
    at = "" if ranking.k is None else f"@{ranking.k}"
    top = "the whole list" if ranking.k is None else f"the top {ranking.k}"
    if ranking.listed == 0:
        return "The list is empty: there is nothing to reorder."
    if ranking.idcg <= 0:
        return (
            f"{wording.capitalised(wording.nothing_relevant(ranking.ideal_source))}, so IDCG{at} = 0 and "
            f"NDCG{at} {wording.empty_ideal_reading(ranking.empty_ideal)} whatever the order: "
            "no reordering changes it."
        )
    value = ranking.ndcg
    if wording.is_one(value):
        return f"No single swap or move raises NDCG{at}: {top} is already in the ideal order (NDCG{at} = 1)."
    missing = missing_judged(ranking)
    lacks = (
        f"The list lacks judged relevant items: {_missing_text(missing)} from the judged pool "
        f"{'is' if sum(missing.values()) == 1 else 'are'} not listed. {_what_would_help(ranking, missing)}"
        if missing
        else "The ideal, built from the judged pool, scores more than any order of the listed items."
    )
    return (
        f"No swap or move raises NDCG{at} = {wording.share(value)}: the listed items already stand in "
        f"their best order, so reordering cannot help. {lacks}"
    )


def best_change_text(ranking: Ranking, labels: Sequence[str]) -> str:
    """The best single change as a sentence, or :func:`no_change_message` when there is none."""
    change = best_change(ranking)
    if change is None:
        return no_change_message(ranking)
    at = "" if ranking.k is None else f"@{ranking.k}"
    return wording.capitalised(change_sentence(change, [str(label) for label in labels], at)) + "."
