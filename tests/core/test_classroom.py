"""Ask the class, in the core: questions, answers checked, the room's distribution, right share and
named mistakes, with values derived by hand; and the room's sentences over generated rooms.

The list of most tests is seed 000's "bluetooth headphones" (grades 0, 1, 2, 3, 2, 0, 3; k = 5;
exponential gain): DCG@5 = 0 + 1/log2 3 + 3/2 + 7/log2 5 + 3/log2 6 = 6.3062, IDCG@5 =
7 + 7/log2 3 + 3/2 + 3/log2 5 + 1/log2 6 = 14.5954, NDCG@5 = 0.4321.
"""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core.classroom.answer import answer_from, read_answer, read_number, read_order, stored
from ndcg_core.classroom.check import feedback, is_right, mistake
from ndcg_core.classroom.question import ASKS, MAX_ITEMS, make_question, question_from
from ndcg_core.classroom.room import MAX_VALUE_BARS, OTHER_VALUES, distribution, room
from ndcg_core.classroom.words import (
    answers_words,
    best_sent_words,
    mistake_words,
    right_answer_words,
    right_share_words,
)
from ndcg_core.metric.validation import NDCGInputError

NAMES = ["Speaker", "Wired", "JBL", "Sony", "Earbuds", "Headset", "Bose"]
GRADES = [0, 1, 2, 3, 2, 0, 3]
L2 = math.log2
DCG5 = 0 + 1 / L2(3) + 3 / L2(4) + 7 / L2(5) + 3 / L2(6)
IDCG5 = 7 + 7 / L2(3) + 3 / L2(4) + 3 / L2(5) + 1 / L2(6)
IDEAL = (3, 6, 2, 4, 1, 0, 5)  # Sony, Bose, JBL, Earbuds, Wired, then the two grade-0 items


def question(asks: str, **kwargs):
    return make_question(asks, NAMES, GRADES, 5, "exponential", **kwargs)


# ------------------------------------------------------------------ questions --


def test_the_number_questions_right_values_are_seed_000s():
    assert question("dcg").right_value == pytest.approx(DCG5)
    assert question("idcg").right_value == pytest.approx(IDCG5)
    assert question("ndcg").right_value == pytest.approx(DCG5 / IDCG5)
    assert round(question("ndcg").right_value, 2) == 0.43


def test_the_order_questions_targets():
    highest, lowest, one_move = question("highest"), question("lowest"), question("one_move")
    assert highest.target == pytest.approx(1.0) and highest.best_order == IDEAL
    # lowest: the five lowest grades (0, 0, 1, 2, 2) in rising order: DCG@5 = 0 + 0 + 1/2 + 3/log2 5 + 3/log2 6
    assert lowest.target == pytest.approx((1 / 2 + 3 / L2(5) + 3 / L2(6)) / IDCG5)
    # one move: Bose (rank 7) to the top: 7 + 0 + 1/log2 4 + 3/log2 5 + 7/log2 6 (seed 000's 11.50)
    assert one_move.best_move == (6, 0)
    assert one_move.target == pytest.approx((7 + 1 / 2 + 3 / L2(5) + 7 / L2(6)) / IDCG5)


def test_a_choice_question_draws_a_b_of_the_same_items_that_a_slip_gets_wrong():
    choice = question("better", seed=3)
    assert sorted(choice.order_b) == list(range(7)) and choice.order_b != tuple(range(7))
    assert choice.right_choice in ("A", "B", "tie")
    assert question("better", seed=3) == choice  # the same seed, the same B
    b = question("better", order_b=[6, 5, 4, 3, 2, 1, 0])
    assert b.grades_b == (3, 0, 2, 3, 2, 1, 0)
    # A: 0.4321; B: (7 + 0 + 3/2 + 7/log2 5 + 3/log2 6) / IDCG5 = 0.8685: B
    assert b.right_choice == "B"


@pytest.mark.parametrize(
    ("asks", "grades", "words"),
    [
        ("highest", [0, 0, 0], "nothing in it is relevant"),
        ("lowest", [2, 2, 2], "no order is better than another"),
        ("one_move", [3, 2, 1], "No single move raises"),
        ("dcg", [], "holds 1 to"),
        ("highest", [1], "holds 2 to"),
        ("highest", [1] * (MAX_ITEMS + 1), f"holds 2 to {MAX_ITEMS}"),
        ("highest", [1, -1], "0 or more"),
        ("whatever", [1, 2], "not a question"),
    ],
)
def test_a_question_the_list_cannot_carry_is_refused_with_a_reason(asks, grades, words):
    with pytest.raises(NDCGInputError, match=words):
        make_question(asks, [f"item {i}" for i in range(len(grades))], grades, 2, "linear")


def test_k_beyond_the_list_is_cut_to_it_and_a_question_survives_its_round_trip():
    q = make_question("ndcg", ["a", "b"], [0, 1], 9, "linear")
    assert q.k == 2 and q.prompt == "What is NDCG@2 of this order?"
    for asks in [a for options in ASKS.values() for a in options]:
        asked = question(asks, seed=1)
        assert question_from(asked.as_dict()) == asked


# -------------------------------------------------------------------- answers --


def test_an_order_is_each_item_once():
    q = question("highest")
    ids = [f"i{i}" for i in IDEAL]
    assert read_order(q, ids) == IDEAL
    for forged in (
        ids[:-1],
        [*ids[:-1], "i0"],
        [*ids, "i7"],
        [*ids[:-1], "i9"],
        "i0i1",
        None,
        [0, 1, 2, 3, 4, 5, 6],
    ):
        with pytest.raises(NDCGInputError, match="each of the 7 items"):
            read_order(q, forged)


def test_one_move_means_exactly_one():
    q = question("one_move")
    with pytest.raises(NDCGInputError, match="Move one item first"):
        read_order(q, [f"i{i}" for i in range(7)])
    with pytest.raises(NDCGInputError, match="That takes 2 moves"):
        read_order(q, ["i1", "i0", "i2", "i3", "i4", "i6", "i5"])
    assert read_order(q, ["i6", "i0", "i1", "i2", "i3", "i4", "i5"]) == (6, 0, 1, 2, 3, 4, 5)


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "-inf", "1e999", "", "0.4.3", "1/3", "2**3", "x"])
def test_a_number_is_finite_and_read_never_evaluated(text):
    with pytest.raises(NDCGInputError):
        read_number(text)


def test_a_choice_is_one_offered_and_a_stored_answer_is_checked_again():
    q = question("better", seed=1)
    assert read_answer(q, "tie") == "tie"
    for forged in ("C", "a", None, 1, ["A"]):
        with pytest.raises(NDCGInputError, match="Choose one of: A, B, They tie"):
            read_answer(q, forged)
    assert answer_from(q, stored("B")) == "B" and answer_from(q, "C") is None
    order_q = question("highest")
    assert answer_from(order_q, stored(IDEAL)) == IDEAL
    assert answer_from(order_q, [0, 0, 1, 2, 3, 4, 5]) is None and answer_from(order_q, "x") is None
    number_q = question("dcg")
    assert answer_from(number_q, 6.31) == 6.31 and answer_from(number_q, float("nan")) is None
    assert answer_from(number_q, True) is None


# ----------------------------------------------------------- one answer checked --


def test_number_slips_are_named_as_practice_names_them():
    q = question("dcg")
    assert is_right(q, 6.31) and is_right(q, 6.3062) and not is_right(q, 6.32)
    assert mistake(q, 6.31) is None
    # linear gain: 0 + 1/log2 3 + 2/2 + 3/log2 5 + 2/log2 6 = 3.4947
    linear = 1 / L2(3) + 2 / 2 + 3 / L2(5) + 2 / L2(6)
    assert mistake(q, round(linear, 2)).phrase == "used linear gain (rel) where the gain is 2^rel − 1"
    # 2^rel without the − 1: 1 + 2/log2 3 + 4/2 + 8/log2 5 + 4/log2 6 + 1/log2 7 … cut at 5
    no_minus_one = 1 + 2 / L2(3) + 4 / 2 + 8 / L2(5) + 4 / L2(6)
    assert mistake(q, round(no_minus_one, 2)).phrase == "used 2^rel without the −1"
    # k = 4: 0 + 1/log2 3 + 3/2 + 7/log2 5
    assert mistake(q, round(1 / L2(3) + 3 / 2 + 7 / L2(5), 2)).phrase == "used k = 4"
    assert mistake(q, 42.0).key == "other"
    assert feedback(q, 6.31).status == "right"
    assert "2^rel" in feedback(q, round(no_minus_one, 2)).message


def test_ndcg_slips_dcg_not_divided_and_one_for_a_list_not_ideal():
    q = question("ndcg")
    assert mistake(q, round(DCG5, 2)).phrase == "gave DCG@5 without dividing it by IDCG@5"
    assert mistake(q, 1.0).phrase == "gave 1, as if the list were already in its ideal order"
    assert mistake(q, round(IDCG5 / DCG5, 2)).phrase == "divided IDCG@5 by DCG@5"


def test_order_mistakes_say_what_keeps_an_order_from_the_target():
    highest = question("highest")
    assert is_right(highest, IDEAL) and is_right(highest, (6, 3, 2, 4, 1, 5, 0))  # ranks 6–7 do not count
    # Bose (grade 3) left at rank 7: two grade-3 items, so it is named by its grade
    assert mistake(highest, (3, 2, 4, 1, 0, 5, 6)).phrase == "left an item of grade 3 below rank 5"
    assert (
        mistake(highest, (2, 3, 6, 4, 1, 0, 5)).phrase
        == "had the best items in the top 5, but not the best grade first"
    )
    lowest = question("lowest")
    assert is_right(lowest, lowest.best_order)
    assert mistake(lowest, (0, 5, 1, 2, 3, 4, 6)).phrase == "kept an item of grade 3 in the top 5"
    assert (
        mistake(lowest, (0, 5, 2, 4, 1, 3, 6)).phrase
        == "had the lowest grades in the top 5, but not the lowest grade first"
    )
    move = question("one_move")
    assert is_right(move, (6, 0, 1, 2, 3, 4, 5))
    assert mistake(move, (0, 6, 1, 2, 3, 4, 5)).phrase == "did not take the item up to rank 1"
    assert (
        mistake(move, (0, 1, 2, 3, 4, 6, 5)).phrase
        == "moved an item below rank 5, where NDCG@5 does not see it"
    )
    assert mistake(move, (1, 0, 2, 3, 4, 5, 6)).phrase == "moved an item worth less than “Bose” (grade 3)"
    assert (
        mistake(move, (3, 0, 1, 2, 4, 5, 6)).phrase
        == "lifted another item of grade 3, not “Bose” from rank 7"
    )


def test_choice_mistakes_are_practices_choice_slips():
    q = question("better", order_b=[6, 5, 4, 3, 2, 1, 0])  # B is better at 5
    assert mistake(q, "B") is None
    named = mistake(q, "A")
    assert named.phrase.startswith("chose “A”")
    assert feedback(q, "B").message.startswith("Right: B scores higher: NDCG@5 of A = 0.43, of B = 0.87")


# ----------------------------------------------------------------- the room --


def test_an_order_room_by_hand():
    q = question("highest")
    answers = [IDEAL, IDEAL, (3, 2, 4, 1, 0, 5, 6), (0, 1, 2, 3, 4, 5, 6)]
    summed = room(q, answers)
    assert (summed.count, summed.right, summed.wrong) == (4, 2, 2)
    # NDCG@5: 1, 1, (7 + 3/log2 3 + 3/2 + 1/log2 5 + 0)/IDCG5 = 0.7559, 0.4321
    bars = {bar.label: (bar.count, bar.right) for bar in summed.bars}
    assert len(summed.bars) == 10 and bars["0.9–1.0"] == (2, 2) and bars["0.7–0.8"] == (1, 0)
    assert bars["0.4–0.5"] == (1, 0) and sum(count for count, _ in bars.values()) == 4
    assert [(m.mistake.phrase, m.count) for m in summed.mistakes] == [
        ("left an item of grade 3 below rank 5", 2)
    ]
    assert summed.best_sent == IDEAL and summed.best_sent_value == pytest.approx(1.0)
    assert summed.best_sent_reached == 2
    assert (
        best_sent_words(summed)
        == "The best order sent reaches NDCG@5 = 1.00, the highest possible (2 of you reached it)."
    )


def test_a_number_room_groups_values_as_shown_and_names_slips():
    q = question("dcg")
    no_minus_one = round(1 + 2 / L2(3) + 4 / 2 + 8 / L2(5) + 4 / L2(6), 2)
    answers = [6.31, 6.306, 6.31, no_minus_one, no_minus_one, no_minus_one, 42.0]
    summed = room(q, answers)
    assert summed.count == 7 and summed.right == 3
    assert [(bar.label, bar.count, bar.right) for bar in summed.bars] == [
        ("6.31", 3, 3), (f"{no_minus_one:.2f}", 3, 0), ("42.00", 1, 0),
    ]  # fmt: skip
    assert [mistake_words(m) for m in summed.mistakes] == [
        "3 of you used 2^rel without the −1",
        "1 of you gave another answer, which no usual slip explains",
    ]


def test_a_number_room_keeps_at_most_its_bars_and_gathers_the_rest():
    q = question("ndcg")
    answers = [v / 100 for v in range(50)] + [0.43] * 5
    bars = distribution(q, answers)
    assert len(bars) == MAX_VALUE_BARS and bars[-1].label == OTHER_VALUES
    assert sum(bar.count for bar in bars) == len(answers)
    assert bars[[b.label for b in bars].index("0.43")].count == 6


def test_a_choice_room_is_the_split():
    q = question("better", order_b=[6, 5, 4, 3, 2, 1, 0])
    summed = room(q, ["A", "B", "B", "tie", "B"])
    assert [(bar.label, bar.count, bar.right) for bar in summed.bars] == [
        ("A", 1, 0),
        ("B", 3, 3),
        ("They tie", 1, 0),
    ]
    assert right_share_words(summed.right, summed.count) == "3 of 5 had it right (60%)"


def test_an_empty_room():
    summed = room(question("highest"), [])
    assert summed.count == 0 and summed.share == 0 and summed.best_sent is None
    assert right_share_words(0, 0) == "No answers were sent." and answers_words(0) == "0 answers"


def test_right_answer_words():
    assert (
        right_answer_words(question("dcg"))
        == "DCG@5 = 6.31 (exactly 6.3062; answers within ±0.005 of it count as right)."
    )
    assert right_answer_words(question("ndcg")).startswith("NDCG@5 = 0.43 (exactly 0.4321")
    assert right_answer_words(question("one_move")) == (
        "Moving “Bose” from rank 7 to rank 1 raises NDCG@5 from 0.43 to 0.79, the most one move can."
    )


# ------------------------------------------------- words never contradict numbers --

ASKED = [a for options in ASKS.values() for a in options]


@st.composite
def rooms(draw):
    """A list of 2–8 items with random grades, a question on it, and 0–40 answers of its kind."""
    n = draw(st.integers(2, 8))
    grades = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    k = draw(st.integers(1, n))
    gain = draw(st.sampled_from(["exponential", "linear"]))
    asks = draw(st.sampled_from(ASKED))
    try:
        q = make_question(
            asks, [f"item {i}" for i in range(n)], grades, k, gain, seed=draw(st.integers(0, 5))
        )
    except NDCGInputError:
        q = make_question("dcg", [f"item {i}" for i in range(n)], grades, k, gain)
    count = draw(st.integers(0, 40))
    if q.kind == "order":
        orders = st.permutations(range(n)).map(tuple)
        if q.asks == "one_move":
            answers = [q.best_order] * draw(st.integers(0, count))
            moves = [tuple(o) for o in draw(st.lists(orders, max_size=count))]
            from ndcg_core.practice.moves import fewest_moves

            answers += [o for o in moves if fewest_moves([i + 1 for i in o]) == 1]
        else:
            answers = draw(st.lists(orders, max_size=count))
            answers += [q.best_order] * draw(st.integers(0, 3))
    elif q.kind == "number":
        right = q.right_value
        values = st.one_of(
            st.just(round(right, 2)), st.floats(-5, 50, allow_nan=False).map(lambda v: round(v, 2))
        )
        answers = draw(st.lists(values, max_size=count))
    else:
        answers = draw(st.lists(st.sampled_from(q.choices), max_size=count))
    return q, answers


def numbers_in(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"\d+(?:\.\d+)?", text)]


@given(rooms())
def test_the_rooms_sentences_agree_with_its_numbers(case):
    q, answers = case
    summed = room(q, answers)
    assert summed.count == len(answers)
    assert sum(bar.count for bar in summed.bars) == summed.count
    assert sum(bar.right for bar in summed.bars) == summed.right
    assert summed.right + sum(m.count for m in summed.mistakes) == summed.count
    assert [m.count for m in summed.mistakes] == sorted((m.count for m in summed.mistakes), reverse=True)
    words = answers_words(summed.count)
    assert words == (f"{summed.count} answer" if summed.count == 1 else f"{summed.count} answers")
    share = right_share_words(summed.right, summed.count)
    if summed.count:
        right, total, percent = numbers_in(share)
        assert (right, total) == (summed.right, summed.count)
        assert (percent == 100) == (summed.right == summed.count)
        assert (percent == 0) == (summed.right == 0)
        assert abs(percent / 100 - summed.right / summed.count) < 0.006
    for named in summed.mistakes:
        said = mistake_words(named)
        assert said.startswith(f"{named.count} of you ")
    if q.kind == "order" and summed.count:
        said = best_sent_words(summed)
        assert f"({summed.best_sent_reached} of you reached it)" in said
        reaches = q.reaches(summed.best_sent_value)
        assert ("possible is" not in said) == reaches
        assert 1 <= summed.best_sent_reached <= summed.count
    for answer in set(answers):
        assert (mistake(q, answer) is None) == is_right(q, answer)
        assert (feedback(q, answer).status == "right") == is_right(q, answer)
