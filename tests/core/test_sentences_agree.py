"""The guard of issue 15: no sentence the core builds contradicts its own numbers.

Every sentence the core generates from numbers is run over a few hundred seeded lists (random
ones, near-perfect ones such as [3,3,3,3,3,3,3,2,3,0] at k = 10 with NDCG 0.998, all-zero ones,
single items, judged pools with unlisted relevant grades, both gains) and its numbers are parsed
back out and compared with the core's values:

* no "100%" unless the value is 1, no "0%" unless it is 0, and a percentage reads back as its value;
* no "from X to X": a change is written with the digits that differ; "raises" only when the
  value after is larger, "lowers" only when smaller, and X, Y read back as the values before and after;
* "nothing relevant is listed" only when IDCG = 0 with the ideal from the listed items,
  "nothing relevant is judged" only when IDCG = 0 with the ideal from the judged pool;
* ✗ wrong and ✓ right never on equal values; "shrinks IDCG and lifts NDCG" only when it does;
  binary labels never ✗ wrong;
* Practice feedback: the right answer is called right with its exact value; each slip's answer is
  called wrong; "round along the way" only where rounding intermediate values reproduces the answer;
  "1" for an all-zero list names the IDCG = 0 convention, not 2^rel;
* What if's no-change message and the random-order baseline sentence read back as their numbers.

The sentences are the core's; the pages show them as they are (tests/pages checks that).
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

from ndcg_core.metric.headline import Headline
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import Change, best_change, swap_map
from ndcg_core.practice.answer_check import check_answer
from ndcg_core.practice.exercises import exercise_set
from ndcg_core.practice.slips import TOLERANCE, close, slips, value_of
from ndcg_core.teaching.changes import change_sentence
from ndcg_core.teaching.pitfalls import (
    binary_labels,
    empty_ideal_rules,
    misread_discount,
    mixed_gains,
    truncated_ideal,
)
from ndcg_core.teaching.summary import plain_reading, summary_of

NUMBER = r"-?\d+(?:\.\d+)?"
ONE = 1 - 1e-12


# --- the lists ------------------------------------------------------------------------------


def _cases() -> list[tuple[list[float], int | None, str, list[float] | None]]:
    """(grades, k, gain, judged pool or None): special lists first, then seeded random ones."""
    special: list[tuple[list[float], int | None, list[float] | None]] = [
        ([3, 3, 3, 3, 3, 3, 3, 2, 3, 0], 10, None),  # NDCG@10 = 0.998 (issue 15)
        ([3, 3, 3, 3, 3, 3, 3, 3, 2, 3], 10, None),
        ([2, 2, 2, 2, 2, 2, 2, 2, 1, 2], None, None),
        ([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 3], 14, None),
        ([3, 2, 1], 3, [3, 2, 1, 3, 3]),  # no change helps, NDCG 0.63 (issue 15)
        ([3, 2, 1, 0, 2], 3, None),  # the misread discount that changes nothing (issue 15)
        ([3, 2, 3, 0, 1], 5, None),  # seed 004: 0.972
        ([0, 1, 2, 3, 2, 0, 3], 5, None),  # seed 000
        ([0, 1, 2, 3, 2, 0, 3], 5, [0, 1, 2, 3, 2, 0, 3, 3, 2]),
        ([0], None, None),
        ([1], 1, None),
        ([3], 5, None),
        ([3], 1, [3, 3]),
        ([0, 0], 2, [0, 0, 3]),  # nothing listed is relevant, but something judged is
    ]
    special += [
        ([0] * n, k, pool) for n in (1, 2, 3, 5) for k in (None, 1, 3) for pool in (None, [0] * (n + 1))
    ]
    rng = np.random.default_rng(15)
    randoms = []
    for _ in range(300):
        n = int(rng.integers(1, 11))
        grades = [float(g) for g in rng.integers(0, 4, size=n)]
        if rng.random() < 0.15:  # near-perfect: the ideal order with one neighbour swap
            grades = sorted(grades, reverse=True)
            if n > 1:
                i = int(rng.integers(0, n - 1))
                grades[i], grades[i + 1] = grades[i + 1], grades[i]
        k = None if rng.random() < 0.2 else int(rng.integers(1, n + 3))
        pool = None
        if rng.random() < 0.35:
            pool = grades + [float(g) for g in rng.integers(0, 4, size=int(rng.integers(1, 5)))]
        randoms.append((grades, k, pool))
    return [(g, k, gain, pool) for g, k, pool in special + randoms for gain in ("exponential", "linear")]


CASES = _cases()
IDS = [f"{g}@{k}-{gain[:3]}-{'pool' if pool else 'list'}" for g, k, gain, pool in CASES]


def _ranking(grades, k, gain, pool) -> Ranking:
    return Ranking.of(grades, k, gain=gain, ideal=pool)


def _labels(n: int) -> list[str]:
    return [f"item {chr(65 + i % 26)}{i // 26 or ''}" for i in range(n)]


# --- reading numbers back ---------------------------------------------------------------------


def _places(text: str) -> int:
    return len(text.partition(".")[2])


def _reads_as(text: str, value: float) -> bool:
    """True when ``text`` is ``value`` rounded to the decimals it shows."""
    return abs(float(text) - value) <= 0.5 * 10.0 ** -_places(text) + 1e-9


def _check_percentages(text: str, value: float) -> int:
    """Every percentage in ``text`` describes ``value``: it reads back as it, 100% only for 1, 0% only for 0.

    Returns how many it checked (each guard counts, so that a change of wording that its patterns no
    longer find fails the test instead of emptying it).
    """
    found = re.findall(rf"({NUMBER})%", text)
    for shown in found:
        assert abs(float(shown) / 100 - value) <= 0.5 * 10.0 ** -(_places(shown) + 2) + 1e-12, (
            shown,
            value,
            text,
        )
        assert (float(shown) == 100) == (value >= ONE), (shown, value, text)
        assert (float(shown) == 0) == (abs(value) <= 1e-12), (shown, value, text)
    return len(found)


def _check_changes(text: str, before: float | None = None, after: float | None = None) -> int:
    """Every "raises/lowers … from X to Y": X ≠ Y, the verb follows them, and they read as the values.
    Returns how many changes it checked."""
    changes = re.findall(rf"(raises|lowers) NDCG\S* from ({NUMBER}) to ({NUMBER})", text)
    for said, first, second in changes:
        assert first != second, f"two equal numbers for a change: {text}"
        assert (float(second) > float(first)) == (said == "raises"), text
        if before is not None:
            assert _reads_as(first, before) and _reads_as(second, after), (before, after, text)
            assert (after > before) == (said == "raises"), text
    unchanged = re.findall(rf"leaves NDCG\S* at ({NUMBER})", text)
    for shown in unchanged:
        assert before is None or (_reads_as(shown, before) and abs(after - before) <= 1e-9), text
    return len(changes) + len(unchanged)


def _check_pairs(text: str, ranking: Ranking) -> int:
    """Two numbers set against each other are written alike only when they are equal.

    "DCG@k X out of IDCG@k Y": X = Y only at NDCG 1; "adds X against Y in the best order": never.
    Returns how many pairs it checked.
    """
    pairs = re.findall(rf"DCG\S* ({NUMBER}) out of IDCG\S* ({NUMBER})", text)
    for first, second in pairs:
        assert _reads_as(first, ranking.dcg) and _reads_as(second, ranking.idcg), text
        assert (first == second) == (ranking.ndcg >= ONE), f"DCG and IDCG written alike: {text}"
    against = re.findall(rf"adds ({NUMBER}) against ({NUMBER})", text)
    for first, second in against:
        assert first != second, f"two equal numbers set against each other: {text}"
    return len(pairs) + len(against)


def _check_nothing_relevant(text: str, ranking: Ranking) -> int:
    """ "Nothing relevant is listed/judged" only where it is so; returns how many such claims it checked."""
    lowered = text.lower()
    listed, judged = "nothing relevant is listed" in lowered, "nothing relevant is judged" in lowered
    assert not listed or (ranking.idcg <= 0 and ranking.pool is None), text
    assert not judged or (ranking.idcg <= 0 and ranking.pool is not None), text
    return int(listed) + int(judged)


def _check_share_claims(text: str, ranking: Ranking) -> int:
    """ "NDCG@k = X" reads as this list's NDCG; "already" and "ideal order" only at 1. Returns how many
    claims it checked."""
    at = "" if ranking.k is None else f"@{ranking.k}"
    shares = re.findall(rf"NDCG{re.escape(at)} = ({NUMBER})(?![\d.]*%)", text)
    for shown in shares:
        if ranking.idcg > 0:
            assert _reads_as(shown, ranking.ndcg), (shown, ranking.ndcg, text)
            assert (float(shown) == 1) == (ranking.ndcg >= ONE), (shown, ranking.ndcg, text)
    already = "already as good as it gets" in text or "already in the ideal order" in text
    if already:
        assert ranking.ndcg >= ONE, text
    return len(shares) + int(already)


# --- summary, plain reading, best change --------------------------------------------------------


@pytest.mark.parametrize(("grades", "k", "gain", "pool"), CASES, ids=IDS)
def test_the_summary_and_the_plain_reading_agree_with_their_numbers(grades, k, gain, pool):
    ranking = _ranking(grades, k, gain, pool)
    reading = plain_reading(Headline.of(ranking))
    summary = summary_of(ranking, _labels(len(grades)))
    change = best_change(ranking)
    for text in (reading, summary):
        checked = (
            _check_percentages(text, ranking.ndcg)
            + _check_pairs(text, ranking)
            + _check_nothing_relevant(text, ranking)
            + _check_share_claims(text, ranking)
        )
        assert checked, f"no number of this text was checked (a change of wording?): {text}"
    _check_changes(summary, *((change.ndcg_before, change.ndcg_after) if change else (None, None)))
    if change is not None:
        sentence = change_sentence(change, _labels(len(grades)), "" if k is None else f"@{k}")
        assert _check_changes(sentence, change.ndcg_before, change.ndcg_after) == 1, sentence
        assert "raises" in sentence


@pytest.mark.parametrize(("grades", "k", "gain", "pool"), CASES[::7], ids=IDS[::7])
def test_every_swap_sentence_agrees_with_its_numbers(grades, k, gain, pool):
    ranking = _ranking(grades, k, gain, pool)
    table = swap_map(ranking)
    labels, at = _labels(len(grades)), "" if k is None else f"@{k}"
    for i in range(len(grades)):
        for j in range(i + 1, len(grades)):
            change = Change("swap", i + 1, j + 1, float(table[0, 0]), float(table[i, j]))
            sentence = change_sentence(change, labels, at)
            checked = _check_changes(sentence, change.ndcg_before, change.ndcg_after)
            assert checked == 1, f"a swap's sentence must say raises, lowers or leaves once: {sentence}"


# --- pitfalls -------------------------------------------------------------------------------------


def _pitfalls(grades, k, gain, pool):
    found = [
        mixed_gains(grades, k, ideal=pool),
        binary_labels(grades, k, gain=gain),
        empty_ideal_rules(grades, k, gain=gain, ideal=pool),
    ]
    found += [misread_discount(grades, k, gain=gain, rank=rank, ideal=pool) for rank in range(1, 6)]
    if k is not None:
        found.append(truncated_ideal(grades, k, gain=gain, ideal=pool))
    return found


def _pitfall_problems(pitfall, ranking: Ranking) -> list[str]:
    """What is wrong with one pitfall's words, in words ([] when nothing is)."""
    problems = []
    wrong = [r.value for r in pitfall.readings if r.verdict == "wrong"]
    right = [r.value for r in pitfall.readings if r.verdict == "right"]
    problems += [f"✗ {w} beside ✓ {r}" for w in wrong for r in right if abs(w - r) <= 1e-9]
    if pitfall.key == "binary_labels" and wrong:
        problems.append("binary labels marked ✗ wrong: they lose information, they are not a bug")
    if ("shrinks IDCG" in pitfall.why or "lifts NDCG" in pitfall.why) and not (
        wrong and right and wrong[0] > right[0]
    ):
        problems.append(f"says it shrinks IDCG and lifts NDCG, but {wrong} against {right}")
    if pitfall.why.startswith("Add ") or ". Add a query" in pitfall.why:
        problems.append("reads as an instruction (issue 17)")
    for check in (_check_changes, lambda text: _check_nothing_relevant(text, ranking)):
        try:
            check(pitfall.why)
        except AssertionError as error:
            problems.append(str(error))
    return [f"{pitfall.key}: {problem}" for problem in problems]


@pytest.mark.parametrize(("grades", "k", "gain", "pool"), CASES, ids=IDS)
def test_pitfalls_never_mark_equal_values_wrong_and_right(grades, k, gain, pool):
    ranking = _ranking(grades, k, gain, pool)
    problems = [
        p for pitfall in _pitfalls(grades, k, gain, pool) for p in _pitfall_problems(pitfall, ranking)
    ]
    assert not problems, problems


def test_pitfall_decimals_show_the_readings_apart():
    from ndcg_core.teaching.wording import number

    for grades, k, gain, pool in CASES:
        for pitfall in _pitfalls(grades, k, gain, pool):
            places = pitfall.decimals(3)
            values = [r.value for r in pitfall.readings if not np.isnan(r.value)]
            for a in values:
                for b in values:
                    assert (number(a, places) == number(b, places)) == (abs(a - b) <= 1e-9), (
                        pitfall.key,
                        a,
                        b,
                    )


# --- What if: no change helps; the random-order baseline --------------------------------------------


#: The cases where no single swap or move helps: What if's no-change message is shown only for them.
#: (The test ran over every case before and returned early on 468 of 677: issue 28.)
NO_CHANGE = [
    (case, name) for case, name in zip(CASES, IDS, strict=True) if best_change(_ranking(*case)) is None
]


def test_the_no_change_cases_are_many_and_of_every_kind():
    """The guard below has cases of each of its claims to check: ideal order, lacking judged items,
    nothing relevant listed, nothing relevant judged."""
    from ndcg_core.teaching.changes import no_change_message

    texts = [no_change_message(_ranking(*case)) for case, _ in NO_CHANGE]
    assert len(NO_CHANGE) >= 100
    for words in (
        "already in the ideal order",
        "lacks judged relevant items",
        "Nothing relevant is listed",
        "Nothing relevant is judged",
    ):
        assert sum(words in text for text in texts) >= 3, words


@pytest.mark.parametrize(
    ("grades", "k", "gain", "pool"), [case for case, _ in NO_CHANGE], ids=[name for _, name in NO_CHANGE]
)
def test_the_no_change_message_agrees_with_its_numbers(grades, k, gain, pool):
    from ndcg_core.metric.what_if import missing_judged
    from ndcg_core.teaching.changes import no_change_message

    ranking = _ranking(grades, k, gain, pool)
    assert best_change(ranking) is None
    text = no_change_message(ranking)
    checked = _check_nothing_relevant(text, ranking) + _check_share_claims(text, ranking)
    assert ("already in the ideal order" in text) == (ranking.idcg > 0 and ranking.ndcg >= ONE), text
    assert ("lacks judged relevant items" in text) == (
        ranking.idcg > 0 and ranking.ndcg < ONE and bool(missing_judged(ranking))
    ), text
    missing = re.findall(r"(\d+) (?:judged items? )?of grade (\d+)", text)
    for count, grade in missing:
        assert missing_judged(ranking)[float(grade)] == int(count), text
    assert checked + len(missing), (
        f"the message claims nothing this guard reads (a change of wording?): {text}"
    )


def test_the_random_baseline_sentence_reads_as_its_numbers():
    from ndcg_core.teaching.baseline import BASELINE_EXAMPLES, random_baseline_sentence, random_baselines

    text = random_baseline_sentence()
    shown = re.findall(rf"({NUMBER}) (?:on average )?on \[", text)
    values = random_baselines()
    assert len(shown) == len(values) == len(BASELINE_EXAMPLES)
    assert all(_reads_as(s, v) for s, v in zip(shown, values, strict=True))
    assert shown[0] != shown[1]  # the point: the baseline differs by query


# --- Practice feedback ----------------------------------------------------------------------------

PRACTICE_SEEDS = range(40)


def _check_feedback(exercise, typed: str) -> None:
    """One answer's feedback agrees with the numbers."""
    feedback = check_answer(exercise, typed)
    right, value = float(exercise.answer), float(typed)
    assert (feedback.status == "right") == close(value, right), (typed, right, feedback)
    for shown in re.findall(rf"exactly ({NUMBER})", feedback.message):
        assert _reads_as(shown, right), feedback.message
        if exercise.kind == "ndcg":
            assert (float(shown) == 1) == (right >= ONE), feedback.message
    if "round" in feedback.message:
        from ndcg_core.practice.rounding import along_the_way

        assert any(
            close(value, r.value)
            for r in along_the_way(exercise.kind, exercise.grades, exercise.k, exercise.gain, exercise.rank)
        ), f"rounding is suggested, but no rounding of intermediate values gives {typed}: {feedback.message}"
    for shown in re.findall(rf"Close, but ({NUMBER}) is more than", feedback.message):
        assert abs(float(shown) - right) > TOLERANCE, feedback.message


def test_practice_feedback_agrees_with_its_numbers_for_the_right_answer_and_each_slip():
    for seed in PRACTICE_SEEDS:
        for exercise in exercise_set(seed):
            if not exercise.numeric:
                _check_changes(exercise.worked)
                continue
            _check_feedback(exercise, f"{float(exercise.answer):.2f}")
            for slip in slips(exercise.kind, exercise.grades, exercise.k, exercise.gain, exercise.rank):
                _check_feedback(exercise, f"{slip.value:.2f}")
                _check_feedback(exercise, f"{slip.value:.4f}")


def test_practice_worked_moves_never_read_from_x_to_x():
    for seed in range(120):
        exercise = next(e for e in exercise_set(seed) if e.kind == "move")
        for first, second in re.findall(rf"goes from ({NUMBER}) to ({NUMBER})", exercise.worked):
            assert first != second, exercise.worked


def _ndcg_exercise_on(grades, k, gain):
    e = next(e for e in exercise_set(1) if e.kind == "ndcg")
    return dataclasses.replace(
        e, grades=tuple(grades), k=k, gain=gain, answer=value_of("ndcg", grades, k, gain)
    )


@pytest.mark.parametrize("gain", ["exponential", "linear"])
@pytest.mark.parametrize("grades", [[0, 0, 0], [0, 0, 0, 0, 0], [3, 2, 3, 0, 1], [3, 3, 2, 3, 0], [1, 0, 2]])
def test_practice_feedback_for_near_1_and_all_zero_lists(grades, gain):
    exercise = _ndcg_exercise_on(grades, min(3, len(grades)), gain)
    for typed in ("1", "0", "0.97", "1.00", f"{float(exercise.answer):.2f}"):
        _check_feedback(exercise, typed)
    feedback = check_answer(exercise, "1")
    if exercise.answer == 0.0 and not any(grades):  # nothing relevant: the convention, not 2^rel
        assert "IDCG = 0" in feedback.message and "2^rel" not in feedback.message, feedback.message


@pytest.mark.parametrize(
    "grades", [[0, 1, 2, 3, 2, 0, 3], [3, 3, 3, 3, 3, 3, 3, 2, 3, 0], [0, 0, 0], [3, 2, 3, 0, 1]]
)
@pytest.mark.parametrize("gain", ["exponential", "linear"])
def test_check_my_table_explains_with_its_numbers(grades, gain):
    from ndcg_core.metric.breakdown import breakdown
    from ndcg_core.practice.table_check import cell_key, check_table

    k = min(5, len(grades))
    table = breakdown(grades, k, gain=gain)
    right = {
        cell_key(c, r): f"{table[c].iloc[r - 1]:.4f}"
        for r in range(1, k + 1)
        for c in ("gain", "discount", "contribution")
    }
    totals = {q: value_of(q, grades, k, gain) for q in ("dcg", "idcg", "ndcg")}
    right |= {q: f"{v:.4f}" for q, v in totals.items()}
    right |= {
        cell_key(c, r): f"{table[source].iloc[r - 1]:.4f}"
        for r in range(1, k + 1)
        for c, source in (
            ("ideal_grade", "ideal_relevance"),
            ("ideal_gain", "ideal_gain"),
            ("ideal_contribution", "ideal_contribution"),
        )
    }
    for quantity, expected in totals.items():
        for typed in {f"{s.value:.2f}" for s in slips(quantity, grades, k, gain)} | {"1", "0"}:
            result = check_table(grades, k, gain, right | {quantity: typed})
            if result.first_wrong is None:
                assert close(float(typed), expected), (quantity, typed)
                continue
            rounded, exact = re.search(
                rf"should be ({NUMBER}) \(exactly ({NUMBER})\)", result.explanation
            ).groups()
            assert _reads_as(rounded, expected) and _reads_as(exact, expected), result.explanation
            if quantity == "ndcg":
                assert (float(rounded) == 1) == (expected >= ONE), result.explanation
                if expected == 0 and typed == "1" and not any(grades):
                    assert "IDCG = 0" in result.explanation and "2^rel" not in result.explanation


def test_the_guards_count_what_they_check_so_a_new_wording_cannot_empty_them():
    """A sentence the patterns no longer read counts 0, and the tests above fail on a 0."""
    ranking = _ranking([3, 2, 1], 3, "linear", None)
    reworded = "Moving item A up improves the score from 0.50 to 0.70; it holds about three quarters."
    assert _check_changes(reworded, 0.5, 0.7) == 0
    assert _check_percentages(reworded, ranking.ndcg) + _check_share_claims(reworded, ranking) == 0
    assert _check_changes("swapping “a” with “b” raises NDCG@3 from 0.50 to 0.70", 0.5, 0.7) == 1
