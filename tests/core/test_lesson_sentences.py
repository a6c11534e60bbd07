"""The lesson's live sentences and its questions' verdicts agree with their numbers, on many lists.

The lists are those of tests/core/test_sentences_agree.py (special ones and a few hundred seeded
random ones, both gains, with and without a judged pool). For each, moves of one item are made,
and every sentence the lesson writes after a drop is read back and compared with the core:

* "raised/lowered X from a to b": a ≠ b as written, the verb follows the unrounded values, and a, b
  read back as the values before and after; "left X at a" only when the value did not move;
* NDCG (a share) is never written 1 (or 100%) below 1;
* a discount's change reads back as the two discounts, what the gain counts as gain × discount;
* "CG moved because the top k now holds other gains" only when CG@k moved;
* the share of the ideal reads back as DCG/IDCG; "above/below" a random order as the numbers say;
* the best and worst k are the argmax and argmin of NDCG@k;

and every question's verdict: the right act is called right and only it; a typed right value is
right and each classic slip's value is wrong.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from ndcg_core.metric.discounts import discount_values, ranks
from ndcg_core.metric.gains import gain_values
from ndcg_core.metric.orders import moved
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import dcg_move_map, random_order_mean
from ndcg_core.practice.slips import TOLERANCE, slips
from ndcg_core.teaching import lesson
from tests.core.test_sentences_agree import CASES, IDS, NUMBER, ONE, _places, _reads_as

#: Every third list, each with a handful of moves: a few thousand sentences in all.
SOME = CASES[::3]
SOME_IDS = IDS[::3]


def _k(grades, k) -> int:
    """The lesson always has a cutoff: the whole list when the case has none."""
    return len(grades) if k is None else k


def _moves(n: int, count: int = 6) -> list[tuple[int, int]]:
    """Up to ``count`` moves (1-based from, to) of a list of n items, spread over the list."""
    every = [(s, t) for s in range(1, n + 1) for t in range(1, n + 1) if s != t]
    step = max(1, len(every) // count)
    return every[::step][:count]


def _check_change(text: str, measure: str, before: float, after: float, *, share: bool) -> None:
    """A change of ``measure`` in ``text`` is written from its values, never "from 6.31 to 6.31"."""
    found = re.findall(rf"(raised|lowered) {re.escape(measure)} from ({NUMBER}) to ({NUMBER})", text)
    left = re.findall(rf"left {re.escape(measure)} at ({NUMBER})", text)
    assert len(found) + len(left) == 1, (measure, text)
    for said, first, second in found:
        assert first != second, text
        assert (after > before) == (said == "raised") and abs(after - before) > 1e-9, (before, after, text)
        assert _reads_as(first, before) and _reads_as(second, after), (before, after, text)
        if share:
            assert (float(first) == 1) == (before >= ONE) and (float(second) == 1) == (after >= ONE), text
    for shown in left:
        assert abs(after - before) <= 1e-9 and _reads_as(shown, before), (before, after, text)


@pytest.mark.parametrize(("grades", "k", "gain", "pool"), SOME, ids=SOME_IDS)
def test_what_a_move_did_is_written_from_its_numbers(grades, k, gain, pool):
    k = _k(grades, k)
    before = Ranking.of(grades, k, gain=gain, ideal=pool)
    discounts = list(discount_values(ranks(len(grades))))
    gains = gain_values(np.asarray(grades, dtype=float), gain)
    for source, target in _moves(len(grades)):
        after = before.with_grades(np.asarray(moved(grades, source, target), dtype=float))
        what = lesson.moving("item", (source, target))
        dcg_words = lesson.past_change(what, f"DCG@{k}", before.dcg, after.dcg)
        _check_change(dcg_words, f"DCG@{k}", before.dcg, after.dcg, share=False)
        ndcg_words = lesson.past_change(what, f"NDCG@{k}", before.ndcg, after.ndcg, shares=True)
        _check_change(ndcg_words, f"NDCG@{k}", before.ndcg, after.ndcg, share=True)
        # step 3: the moved item's discount, and what its gain counts, before and after
        worth = float(gains[source - 1])
        text = lesson.discount_moved("item", worth, (source, target), discounts)
        d_before, d_after = discounts[source - 1], discounts[target - 1]
        said, first, second = re.search(
            rf"(raised|lowered) its discount from ({NUMBER}) to ({NUMBER})", text
        ).groups()
        assert first != second and (said == "raised") == (d_after > d_before), text
        assert _reads_as(first, d_before) and _reads_as(second, d_after), text
        if worth > 0:
            now, then = re.search(rf"counts ({NUMBER}) now, ({NUMBER}) before", text).groups()
            assert _reads_as(now, worth * d_after) and _reads_as(then, worth * d_before) and now != then, text
        # step 4: CG@k and DCG@k in one sentence
        cg = (float(gains[:k].sum()), float(gain_values(after.grades, gain)[:k].sum()))
        text = lesson.cg_and_dcg(what, f"@{k}", cg, (before.dcg, after.dcg))
        _check_change(text, f"CG@{k}", *cg, share=False)
        _check_change(text, f"DCG@{k}", before.dcg, after.dcg, share=False)
        assert ("now holds other gains" in text) == (abs(cg[1] - cg[0]) > 1e-9), text
        # step 2: the moved item keeps its gain
        text = lesson.gain_kept("item", grades[source - 1], worth, (source, target))
        assert _reads_as(re.search(rf"its gain of ({NUMBER})", text).group(1), worth), text


@pytest.mark.parametrize(("grades", "k", "gain", "pool"), SOME, ids=SOME_IDS)
def test_the_steps_sentences_agree_with_the_list(grades, k, gain, pool):
    k = _k(grades, k)
    ranking = Ranking.of(grades, k, gain=gain, ideal=pool)
    # step 2: the gains of the top k, in order
    text = lesson.top_gains(list(gain_values(ranking.grades, gain)), k)
    shown = re.findall(NUMBER, text.split("holds the gain", 1)[1])
    expected = list(gain_values(ranking.grades, gain)[:k])
    assert len(shown) == len(expected) and all(
        _reads_as(s, v) for s, v in zip(shown, expected, strict=True)
    ), text
    # step 6: DCG@k as a share of IDCG@k
    text = lesson.share_of_ideal(ranking.dcg, ranking.idcg, f"@{k}")
    if ranking.idcg > 0:
        reached = float(re.search(rf"reaches ({NUMBER})%", text).group(1)) / 100
        assert (
            abs(reached - ranking.dcg / ranking.idcg)
            <= 0.5 * 10.0 ** -(_places(text.split("reaches ")[1].split("%")[0]) + 2) + 1e-12
        )
        assert (reached == 1) == (ranking.ndcg >= ONE), text
    else:
        assert "IDCG@" in text and "= 0" in text
    # step 7: this order against a random one
    mean = random_order_mean(ranking)
    text = lesson.against_random(ranking.ndcg, mean, f"@{k}")
    mine = re.search(rf"NDCG@{k} = ({NUMBER})", text).group(1)
    assert _reads_as(mine, ranking.ndcg) and (float(mine) == 1) == (ranking.ndcg >= ONE), text
    if "above" in text or "below" in text:
        chance = re.search(rf"the ({NUMBER}) a random order", text).group(1)
        assert _reads_as(chance, mean) and chance != mine, text
        assert ("above" in text) == (ranking.ndcg > mean), text
    else:
        assert abs(ranking.ndcg - mean) <= 1e-9, text
    # step 8: the best and the worst k
    every = ranking.ndcg_at_every_k
    text = lesson.best_and_worst_k(every)
    if np.ptp(every) <= 1e-9:
        assert "at every k" in text
    else:
        best = [i + 1 for i, v in enumerate(every) if abs(v - every.max()) <= 1e-9]
        worst = [i + 1 for i, v in enumerate(every) if abs(v - every.min()) <= 1e-9]
        high, low = re.findall(rf"= ({NUMBER})\)", text)
        assert _reads_as(high, every.max()) and _reads_as(low, every.min()) and high != low, text
        if len(best) == 1:
            assert f"best at k = {best[0]} (NDCG@{best[0]} =" in text, text
        if len(worst) == 1:
            assert f"worst at k = {worst[0]} (NDCG@{worst[0]} =" in text, text


@pytest.mark.parametrize(("grades", "k", "gain", "pool"), SOME[::2], ids=SOME_IDS[::2])
def test_the_questions_call_right_only_what_is_right(grades, k, gain, pool):
    k = _k(grades, k)
    n = len(grades)
    ranking = Ranking.of(grades, k, gain=gain)
    # step 1: the best order of the listed items at k
    best_dcg = Ranking.of(sorted(grades, reverse=True), k, gain=gain).dcg
    assert (lesson.best_order(grades, k, gain).status == "right") == (ranking.dcg >= best_dcg - 1e-9)
    assert lesson.best_order(sorted(grades, reverse=True), k, gain).status == "right"
    # step 5: one move, the most it can raise DCG@k
    if n >= 2:
        table = dcg_move_map(ranking)
        for source, target in _moves(n, 8):
            order = moved(list(range(1, n + 1)), source, target)
            verdict = lesson.one_move(grades, order, k, gain)
            assert (verdict.status == "right") == (table[source - 1, target - 1] >= table.max() - 1e-9), (
                verdict
            )
            for _said, first, second in re.findall(
                rf"(raised|lowered) DCG@{k} from ({NUMBER}) to ({NUMBER})", verdict.message
            ):
                assert first != second and _reads_as(first, ranking.dcg), verdict.message
                assert _reads_as(second, float(table[source - 1, target - 1])), verdict.message
    # step 8: the k with the highest NDCG@k
    every = ranking.ndcg_at_every_k
    for chosen in range(1, n + 1):
        verdict = lesson.best_k(chosen, every, ranking.running_dcg)
        assert (verdict.status == "right") == (every[chosen - 1] >= every.max() - 1e-9), verdict
    # steps 2, 3, 6 and 7: a typed number, through Practice's checker
    for kind, rank in (("gain", 1), ("discount", min(3, n)), ("idcg", None), ("ndcg", None)):
        right = {
            "gain": float(gain_values(ranking.grades[:1], gain)[0]),
            "discount": float(discount_values(ranks(min(3, n)))[-1]),
            "idcg": ranking.idcg,
            "ndcg": ranking.ndcg,
        }[kind]
        assert lesson.check_typed(kind, f"{right:.2f}", ranking, rank=rank).status == "right", (kind, right)
        for slip in slips(kind, list(grades), k, gain, rank):
            if abs(slip.value - right) > 2 * TOLERANCE:
                assert lesson.check_typed(kind, f"{slip.value:.2f}", ranking, rank=rank).status == "wrong", (
                    slip
                )


def test_a_judged_pool_is_checked_against_the_pool_and_names_the_listed_ideal():
    """Seed 001's Approach 1: the ideal from the corpus (IDCG@5 far above the list's own)."""
    returned, corpus = [1, 4, 0, 2, 3], [1, 4, 0, 2, 3, 5, 5, 3, 2, 1]
    ranking = Ranking.of(returned, 5, ideal=corpus)
    listed = Ranking.of(returned, 5)
    assert lesson.check_typed("idcg", f"{ranking.idcg:.2f}", ranking).status == "right"
    wrong = lesson.check_typed("idcg", f"{listed.idcg:.2f}", ranking)
    assert wrong.status == "wrong" and wrong.mistakes == ("listed_ideal",)
    assert lesson.check_typed("ndcg", f"{listed.ndcg:.2f}", ranking).mistakes == ("listed_ideal",)


def test_the_cg_prediction_is_stays_the_same_inside_the_top_k():
    for grades in ([0, 1, 2, 3, 2, 0, 3], [3, 0], [1, 1, 0]):
        assert lesson.cg_prediction("stays the same", grades, 2, "exponential").status == "right"
        falls = lesson.cg_prediction("falls", grades, 2, "exponential")
        assert falls.status == "wrong" and falls.mistakes == ("cg_has_no_discount",)
    assert lesson.cg_prediction("maybe", [1, 0], 2, "linear").status == "unreadable"
