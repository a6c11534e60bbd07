"""The lesson's live sentences and its questions: written and checked by the core, after every drop.

Every step of the lesson holds the draggable list, and its prose follows each drop: "Moving
“Sony” from rank 4 to rank 3 raised DCG@5 from 6.31 to 6.58." The sentences here follow the
wording rules of :mod:`ndcg_core.teaching.wording` (two values that differ read differently, a
share below 1 is never written as 1, "raised" only when the value rose).

Most steps open with a question the learner answers by acting or typing, then the step reveals
the number. A typed number is checked by Practice's own checker (:func:`check_typed`, through
:func:`ndcg_core.practice.answer_check.check_answer`, which names the classic slip a wrong number
matches); an act (an order, a move, a choice) by the checks below, which name the usual slip too.

>>> past_change("Moving “Sony” from rank 4 to rank 3", "DCG@5", 6.3098, 6.5811)
'Moving “Sony” from rank 4 to rank 3 raised DCG@5 from 6.31 to 6.58'
>>> best_order([3, 2, 0, 1], 2, "exponential").status   # ranks beyond k = 2 do not count
'right'
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ndcg_core.metric.gains import GAIN_FORMULAS, Gain, gain_values
from ndcg_core.metric.metrics import dcg, idcg
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.metric.what_if import dcg_move_map
from ndcg_core.practice.answer_check import Feedback, check_answer
from ndcg_core.practice.exercises import Exercise
from ndcg_core.practice.moves import fewest_moves
from ndcg_core.practice.slips import TOLERANCE, Quantity, close, parse_number
from ndcg_core.teaching.wording import number, pair, percent, same, share, verb

#: The choices of step 4's question, and the right one (a swap inside the top k never moves CG@k).
CG_CHOICES = ("rises", "falls", "stays the same")
#: How many places a discount is written with (the seeds print 0.631, 0.500).
DISCOUNT_PLACES = 3


# ------------------------------------------------------------- live sentences --


def past_change(
    what: str, measure: str, before: float, after: float, decimals: int = 2, *, shares: bool = False
) -> str:
    """``what`` raised/lowered ``measure`` from x to y, or left it at x: never "from 6.31 to 6.31".

    ``shares`` writes both as shares (NDCG: never 1 below 1). The verb follows the unrounded values.

    >>> past_change("It", "NDCG@5", 0.43, 0.43)
    'It left NDCG@5 at 0.43'
    """
    said = verb(before, after)
    if said == "leaves":
        return f"{what} left {measure} at {share(before, decimals) if shares else number(before, decimals)}"
    first, second = pair(before, after, decimals, shares=shares)
    return f"{what} {'raised' if said == 'raises' else 'lowered'} {measure} from {first} to {second}"


def moving(label: str, move: tuple[int, int] | None) -> str:
    """How a sentence names the last change: "Moving “Sony” from rank 4 to rank 3", or "The new order"."""
    if move is None:
        return "The new order"
    return f"Moving “{label}” from rank {move[0]} to rank {move[1]}"


def gain_kept(label: str, grade: float, gain_value: float, move: tuple[int, int], decimals: int = 2) -> str:
    """Step 2: a move leaves an item's gain as it is.

    >>> gain_kept("Sony", 3, 7.0, (4, 1))
    '“Sony” went from rank 4 to rank 1 and kept its gain of 7 (grade 3): a gain belongs to the grade, not to the rank.'
    """
    return (
        f"“{label}” went from rank {move[0]} to rank {move[1]} and kept its gain of "
        f"{number(gain_value, decimals) if gain_value % 1 else f'{gain_value:g}'} (grade {grade:g}): "
        "a gain belongs to the grade, not to the rank."
    )


def top_gains(gains: Sequence[float], k: int, decimals: int = 2) -> str:
    """Step 2: the gains the top k holds, in rank order.

    >>> top_gains([0, 1, 3, 7, 3, 0, 7], 5)
    'The top 5 holds the gains 0, 1, 3, 7 and 3, in that order.'
    """
    shown = [f"{g:g}" if float(g).is_integer() else number(float(g), decimals) for g in gains[:k]]
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    top = f"top {k}" if len(shown) == k else f"whole list ({len(shown)} items)"
    return f"The {top} holds the gain{'s' if len(shown) > 1 else ''} {listed}, in that order."


def discount_moved(
    label: str, gain_value: float, move: tuple[int, int], discounts: Sequence[float], decimals: int = 2
) -> str:
    """Step 3: what a move did to the moved item's discount and to what its gain counts.

    ``discounts[i]`` is the discount at rank i + 1.

    >>> discount_moved("Sony", 7.0, (4, 1), [1.0, 0.6309, 0.5, 0.4307])
    'Moving “Sony” from rank 4 to rank 1 raised its discount from 0.431 to 1.000: its gain of 7 counts 7.00 now, 3.01 before.'
    """
    d_before, d_after = discounts[move[0] - 1], discounts[move[1] - 1]
    said = "raised" if d_after > d_before else "lowered"
    first, second = pair(d_before, d_after, DISCOUNT_PLACES, shares=False)
    what = (
        f"Moving “{label}” from rank {move[0]} to rank {move[1]} {said} its discount from {first} to {second}"
    )
    if gain_value == 0:
        return f"{what}: its gain is 0, so it counts 0 wherever it stands."
    now, before = pair(gain_value * d_after, gain_value * d_before, decimals, shares=False)
    gain_text = f"{gain_value:g}" if float(gain_value).is_integer() else number(gain_value, decimals)
    return f"{what}: its gain of {gain_text} counts {now} now, {before} before."


def cg_and_dcg(
    what: str, k_at: str, cg: tuple[float, float], dcg_pair: tuple[float, float], decimals: int = 2
) -> str:
    """Step 4: the last change's effect on CG@k and on DCG@k, in one sentence.

    >>> cg_and_dcg("Moving “Sony” from rank 4 to rank 1", "@5", (13, 13), (6.31, 10.12))
    'Moving “Sony” from rank 4 to rank 1 left CG@5 at 13.00 and raised DCG@5 from 6.31 to 10.12.'
    """
    first = past_change(what, f"CG{k_at}", *cg, decimals)
    second = past_change("", f"DCG{k_at}", *dcg_pair, decimals).strip()
    text = f"{first} and {second}."
    if not same(*cg):
        text += f" CG{k_at} moved because the top {k_at.removeprefix('@') or 'list'} now holds other gains."
    return text


def share_of_ideal(dcg_value: float, idcg_value: float, k_at: str, decimals: int = 2) -> str:
    """Step 6: DCG@k as a share of IDCG@k, in words.

    >>> share_of_ideal(6.3098, 14.5954, "@5")
    'DCG@5 = 6.31 reaches 43% of IDCG@5 = 14.60: a drop moves DCG@5, never IDCG@5.'
    """
    if idcg_value <= 0:
        return (
            f"IDCG{k_at} = 0: nothing relevant can be placed in the top k, so no order reaches a share of it "
            f"(NDCG{k_at} is taken as 0)."
        )
    reached = percent(dcg_value / idcg_value)
    shown_dcg, shown_idcg = pair(dcg_value, idcg_value, decimals, shares=False)
    return (
        f"DCG{k_at} = {shown_dcg} reaches {reached} of IDCG{k_at} = {shown_idcg}: "
        f"a drop moves DCG{k_at}, never IDCG{k_at}."
    )


def against_random(ndcg_value: float, random_mean: float, k_at: str, decimals: int = 2) -> str:
    """Step 7: this order's NDCG@k beside what a random order of the same items scores on average.

    >>> against_random(0.4323, 0.5012, "@5")
    'This order scores NDCG@5 = 0.43, below the 0.50 a random order of these items scores on average.'
    """
    mine, chance = pair(ndcg_value, random_mean, decimals)
    said = verb(random_mean, ndcg_value)
    if said == "leaves":
        return f"This order scores NDCG{k_at} = {mine}, the same as a random order of these items on average."
    where = "above" if said == "raises" else "below"
    return f"This order scores NDCG{k_at} = {mine}, {where} the {chance} a random order of these items scores on average."


def best_and_worst_k(every_k: Sequence[float], decimals: int = 2) -> str:
    """Step 8: at which k the list looks best and worst (NDCG@k for k = 1 … n).

    >>> best_and_worst_k([0.0, 0.18, 0.34, 0.36, 0.43, 0.43, 0.65])
    'This list looks best at k = 7 (NDCG@7 = 0.65) and worst at k = 1 (NDCG@1 = 0.00).'
    """
    values = np.asarray(every_k, dtype=float)
    high, low = float(values.max()), float(values.min())
    if same(high, low):
        return (
            f"NDCG@k is {share(high, decimals)} at every k from 1 to {len(values)}: k changes nothing here."
        )
    best = [k for k, v in enumerate(values, start=1) if same(v, high)]
    worst = [k for k, v in enumerate(values, start=1) if same(v, low)]
    shown_high, shown_low = pair(high, low, decimals)
    return (
        f"This list looks best at {_ks(best)} ({_at(best)} = {shown_high}) and worst at {_ks(worst)} "
        f"({_at(worst)} = {shown_low})."
    )


def _ks(ks: list[int]) -> str:
    if len(ks) == 1:
        return f"k = {ks[0]}"
    if len(ks) > 3:
        return (
            f"k = {ks[0]} to {ks[-1]} ({len(ks)} cutoffs)"
            if ks == list(range(ks[0], ks[-1] + 1))
            else f"{len(ks)} cutoffs"
        )
    return "k = " + ", ".join(str(k) for k in ks[:-1]) + f" and {ks[-1]}"


def _at(ks: list[int]) -> str:
    return f"NDCG@{ks[0]}" if len(ks) == 1 else "NDCG"


# ------------------------------------------------------------------- questions --


def check_typed(
    kind: Quantity, text: object, ranking: Ranking, *, rank: int | None = None, labels: Sequence[str] = ()
) -> Feedback:
    """A typed number for ``kind`` (gain, discount, DCG@k, IDCG@k or NDCG@k) of this list, checked.

    With the ideal from the listed items, Practice's checker does it (the classic slips named, or
    rounding along the way); with a judged pool, IDCG and NDCG are checked here against the pool,
    and a number built from the listed items only is named as that slip.
    """
    k = ranking.k if ranking.k is not None else ranking.listed
    grades = tuple(float(g) for g in ranking.grades)
    right = _right(kind, ranking, rank)
    if ranking.pool is not None and kind in ("idcg", "ndcg"):
        return _check_against_pool(kind, text, ranking, right)
    exercise = Exercise(
        number=0,
        kind=kind,
        title="",
        question="",
        conventions="",
        source="",
        labels=tuple(labels) or tuple(f"item {i + 1}" for i in range(len(grades))),
        grades=grades,
        k=k,
        gain=ranking.gain,  # type: ignore[arg-type]
        answer=right,
        hint=HINTS[kind],
        step=STEPS[kind],
        worked="",
        rank=rank,
    )
    return check_answer(exercise, text)


HINTS: dict[str, str] = {
    "gain": "exponential gain is 2^rel − 1; linear gain is the grade itself.",
    "discount": "the discount at rank i is 1/log2(i + 1).",
    "dcg": "add gain × discount over ranks 1 to k.",
    "idcg": "sort every grade from best to worst, then add gain × discount over ranks 1 to k.",
    "ndcg": "divide DCG@k by IDCG@k.",
}
STEPS: dict[str, str] = {
    "gain": "the gain",
    "discount": "the discount",
    "dcg": "DCG@k",
    "idcg": "IDCG@k",
    "ndcg": "NDCG@k",
}


def _right(kind: Quantity, ranking: Ranking, rank: int | None) -> float:
    """The right value of ``kind`` for this ranking (rank is 1-based for a per-rank quantity)."""
    if kind == "gain":
        return float(gain_values(ranking.grades[rank - 1 : rank], ranking.gain)[0])  # type: ignore[operator]
    if kind == "discount":
        return 1.0 / math.log2(int(rank) + 1)  # type: ignore[arg-type]
    return float({"dcg": ranking.dcg, "idcg": ranking.idcg, "ndcg": ranking.ndcg}[kind])


def _check_against_pool(kind: Quantity, text: object, ranking: Ranking, right: float) -> Feedback:
    """IDCG@k or NDCG@k with the ideal from the judged pool."""
    try:
        typed = parse_number(text)
    except NDCGInputError as error:
        return Feedback("unreadable", str(error))
    exact = share(right, 4) if kind == "ndcg" else number(right, 4)
    if close(typed, right):
        return Feedback("right", f"Right: {typed:g} (exactly {exact}; accepted within ±{TOLERANCE}).")
    listed = Ranking.of(ranking.grades, ranking.k, gain=ranking.gain)
    slip = listed.idcg if kind == "idcg" else listed.ndcg
    if close(typed, slip) and not close(slip, right):
        return Feedback(
            "wrong",
            f"Not right: {typed:g}. That builds the ideal from the listed items only; here it comes from the "
            f"judged pool ({ranking.judged} grades), which holds relevant items the list missed.",
            ("listed_ideal",),
        )
    return Feedback("wrong", f"Not right: {typed:g}. Recheck {STEPS[kind]}. Hint: {HINTS[kind]}")


def best_order(
    grades: Sequence[float],
    k: int,
    gain: Gain,
    pool: Sequence[float] | None = None,
    labels: Sequence[str] = (),
) -> Feedback:
    """Step 1: is this order the best the listed items allow at k? If not, where it first goes wrong.

    Right when DCG@k equals the DCG@k of the listed grades sorted (with a judged pool that misses
    relevant items, that is below IDCG@k: no order of the list reaches 1).

    >>> best_order([0, 3, 2], 2, "linear", labels=["a", "b", "c"]).message
    'Not yet: at rank 1 stands “a” (grade 0), but “b” (grade 3), further down, belongs above it.'
    """
    values = np.asarray(grades, dtype=float)
    best = np.sort(values)[::-1]
    reached, most = dcg(values, k, gain=gain), dcg(best, k, gain=gain)
    at = f"@{k}"
    names = list(labels) or [f"item {i + 1}" for i in range(len(values))]
    if reached >= most - 1e-9:
        words = f"Right: no order of these items gives a higher DCG{at}"
        best_ndcg = (
            most / idcg(values, k, gain=gain, ideal=pool)
            if idcg(values, k, gain=gain, ideal=pool) > 0
            else 0.0
        )
        tail = (
            f", so NDCG{at} = {share(best_ndcg)}: 1 means the best order possible."
            if pool is None
            else f": NDCG{at} = {share(best_ndcg)}, the most this list can reach (the judged pool holds items it missed)."
        )
        return Feedback("right", words + tail + f" Ranks beyond k = {k} do not count for NDCG{at}.")
    gains = gain_values(values, gain)
    for rank in range(1, min(k, len(values)) + 1):
        better = [j for j in range(rank, len(values)) if gains[j] > gains[rank - 1]]
        if better:
            j = max(better, key=lambda index: gains[index])
            return Feedback(
                "wrong",
                f"Not yet: at rank {rank} stands “{names[rank - 1]}” (grade {values[rank - 1]:g}), but "
                f"“{names[j]}” (grade {values[j]:g}), further down, belongs above it.",
                ("higher_grade_below",),
            )
    return Feedback(
        "wrong", f"Not yet: a higher grade still stands below a lower one within the top {k}."
    )  # pragma: no cover


def cg_prediction(choice: str, grades: Sequence[float], k: int, gain: Gain) -> Feedback:
    """Step 4: what swapping the items at ranks 1 and 2 does to CG@k, as predicted; checked by the core."""
    if choice not in CG_CHOICES:
        return Feedback("unreadable", "Choose one of: " + ", ".join(CG_CHOICES) + ".")
    values = np.asarray(grades, dtype=float)
    swapped = values.copy()
    swapped[[0, 1]] = swapped[[1, 0]]
    gains, swapped_gains = gain_values(values, gain), gain_values(swapped, gain)
    before, after = float(gains[:k].sum()), float(swapped_gains[:k].sum())
    said = verb(before, after)
    right = {"leaves": "stays the same", "raises": "rises", "lowers": "falls"}[said]
    dcg_before, dcg_after = dcg(values, k, gain=gain), dcg(swapped, k, gain=gain)
    if choice == right:
        return Feedback(
            "right",
            f"Right: CG@{k} {'stays at ' + number(before) if said == 'leaves' else right}. It adds the gains of "
            f"ranks 1 to {k} in any order; {past_change('the swap', f'DCG@{k}', dcg_before, dcg_after)[4:]} "
            "(DCG sees the order through the discount).",
        )
    return Feedback(
        "wrong",
        f"Not right: CG@{k} {right}. That is what DCG@{k} does when a better item moves down; CG@{k} has "
        f"no discount: it adds the gains of ranks 1 to {k}, whatever their order.",
        ("cg_has_no_discount",),
    )


def one_move(
    start: Sequence[float], order: Sequence[int], k: int, gain: Gain, labels: Sequence[str] = ()
) -> Feedback:
    """Step 5: "drag one item to raise DCG@k as much as you can": the learner's order, checked.

    ``start`` are the grades when the question was asked, ``order`` the learner's order as the
    1-based start ranks of the items now at ranks 1, 2, … The answer is right when one move
    reaches the largest DCG@k any single move gives (the core's :func:`dcg_move_map`).
    """
    values = np.asarray(start, dtype=float)
    names = list(labels) or [f"item {i + 1}" for i in range(len(values))]
    moves = fewest_moves(list(order))
    at = f"@{k}"
    ranking = Ranking.of(values, k, gain=gain)
    table = dcg_move_map(ranking)
    best = float(table.max())
    source, target = (int(i) + 1 for i in np.unravel_index(int(np.argmax(table)), table.shape))
    if moves == 0:
        return Feedback("unreadable", "Drag one item first, then check.")
    if moves > 1:
        return Feedback(
            "wrong",
            f"That took {moves} moves; the question asks for one. Put the list back where it started and try again.",
            ("more_than_one_move",),
        )
    now = np.asarray([values[p - 1] for p in order])
    reached, before = dcg(now, k, gain=gain), ranking.dcg
    shown = _apart(before, reached, best)
    said = verb(before, reached)
    what = (
        f"your move left DCG{at} at {shown[0]}"
        if said == "leaves"
        else f"your move {'raised' if said == 'raises' else 'lowered'} DCG{at} from {shown[0]} to {shown[1]}"
    )
    if reached >= best - 1e-9:
        return Feedback("right", f"Right: {what}, the most one move can.")
    best_words = (
        f"moving “{names[source - 1]}” from rank {source} to rank {target} gives DCG{at} = {shown[2]}"
    )
    s, t = _moved_item(order)
    gains = gain_values(values, gain)
    if s > k and t > k:
        slip, key = f"Both ranks lie below k = {k}: DCG{at} does not see the move.", "below_k"
    elif gains[s - 1] < gains[source - 1]:
        slip, key = (
            f"“{names[source - 1]}” (grade {values[source - 1]:g}) is worth more: move the best item that stands too low.",
            "not_the_best_item",
        )
    elif t != target:
        slip, key = "The discount is largest at the top: take the item all the way up.", "not_far_enough"
    else:
        slip, key = (
            f"“{names[source - 1]}” has the same grade but stands lower (rank {source}), where it counts for "
            "less: lifting it gains more.",
            "not_the_lowest",
        )
    return Feedback("wrong", f"Not the most: {what}. {slip} The best single move: {best_words}.", (key,))


def _apart(*values: float, decimals: int = 2) -> list[str]:
    """The values with the fewest decimals (≥ ``decimals``) at which any two that differ read differently."""
    places = decimals
    for first in values:
        for second in values:
            if not same(first, second):
                places = max(places, len(pair(first, second, decimals, shares=False)[0].partition(".")[2]))
    return [number(value, places) for value in values]


def _moved_item(order: Sequence[int]) -> tuple[int, int]:
    """(start rank, new rank) of the one item a single move displaced (``order`` is one move from 1…n)."""
    identity = list(range(1, len(order) + 1))
    for source in identity:
        rest = [p for p in order if p != source]
        if rest == [p for p in identity if p != source]:
            return source, list(order).index(source) + 1
    raise ValueError("not a single move")


def best_k(chosen: int, every_k: Sequence[float], dcg_every_k: Sequence[float]) -> Feedback:
    """Step 8: "which k makes this list look best?": the highest NDCG@k (any of them, if tied)."""
    values = np.asarray(every_k, dtype=float)
    if not 1 <= chosen <= len(values):
        return Feedback("unreadable", f"Choose a k from 1 to {len(values)}.")
    high = float(values.max())
    best = [k for k, v in enumerate(values, start=1) if same(v, high)]
    mine = float(values[chosen - 1])
    if same(mine, high):
        return Feedback("right", f"Right: {best_and_worst_k(values)}")
    shown_mine, shown_high = pair(mine, high)
    dcgs = np.asarray(dcg_every_k, dtype=float)
    if chosen == int(np.argmax(dcgs)) + 1 and chosen not in best:
        return Feedback(
            "wrong",
            f"Not right: NDCG@{chosen} = {shown_mine}, below {shown_high} at {_ks(best)}. k = {chosen} gives the "
            f"largest DCG@k, but DCG can only grow with k; NDCG@k divides by IDCG@k, which grows too.",
            ("largest_dcg",),
        )
    return Feedback("wrong", f"Not right: NDCG@{chosen} = {shown_mine}, below {shown_high} at {_ks(best)}.")


def gain_words(gain: Gain) -> str:
    """The gain in force with its formula: "exponential gain 2^rel − 1"."""
    return f"{gain} gain {GAIN_FORMULAS[gain]}"
