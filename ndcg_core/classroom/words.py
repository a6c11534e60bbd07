"""The room's numbers in words, written so that the words never contradict the numbers.

* a count: "0 answers", "1 answer", "2 answers";
* the share that had it right: "12 of 30 had it right (40%)": the percentage through
  :func:`~ndcg_core.teaching.wording.percent`, so "100%" only when all had it and "0%" only when none did;
* a mistake: "12 of you used 2^rel without the −1";
* the right answer, with the value to four decimals and what counts as right;
* the best order sent: "The best order sent reaches NDCG@5 = 0.95 (3 of you reached it)".

>>> answers_words(1), answers_words(2), right_share_words(29, 30)
('1 answer', '2 answers', '29 of 30 had it right (97%)')
>>> right_share_words(2, 2), right_share_words(0, 3)
('2 of 2 had it right (100%)', '0 of 3 had it right (0%)')
"""

from __future__ import annotations

from ndcg_core.classroom.check import right_choice_words
from ndcg_core.classroom.question import Question
from ndcg_core.classroom.room import Named, Room
from ndcg_core.practice.slips import TOLERANCE
from ndcg_core.teaching.wording import capitalised, change, number, pair, percent, share

QUANTITY_NAMES = {"dcg": "DCG", "idcg": "IDCG", "ndcg": "NDCG"}


def answers_words(count: int) -> str:
    """ "1 answer", "N answers"."""
    return f"{count} answer" + ("" if count == 1 else "s")


def right_share_words(right: int, total: int) -> str:
    """ "12 of 30 had it right (40%)"; "No answers were sent." for none."""
    if total <= 0:
        return "No answers were sent."
    return f"{right} of {total} had it right ({percent(right / total)})"


def mistake_words(named: Named) -> str:
    """ "12 of you used 2^rel without the −1" (may hold an item's name: show it as plain text)."""
    return f"{named.count} of you {named.mistake.phrase}"


def right_answer_words(question: Question) -> str:
    """The right answer in one sentence, with its value (may hold an item's name: plain text)."""
    at, k = question.at, question.k
    if question.kind == "number":
        value = question.right_value
        name = f"{QUANTITY_NAMES[question.asks]}{at}"
        shown, exact = (
            (share(value), share(value, 4)) if question.asks == "ndcg" else (number(value), number(value, 4))
        )
        return f"{name} = {shown} (exactly {exact}; answers within ±{TOLERANCE} of it count as right)."
    if question.kind == "choice":
        return capitalised(right_choice_words(question))
    target = share(question.target)
    if question.asks == "highest":
        return (
            f"The highest NDCG{at} is {target}: the best grades in the top {k}, best first (the ideal order)."
        )
    if question.asks == "lowest":
        return f"The lowest NDCG{at} is {target}: the lowest grades in the top {k}, lowest first."
    source, target_rank = question.best_move
    before = question.ndcg_of(range(question.n))
    moved = f"moving “{question.names[source]}” from rank {source + 1} to rank {target_rank + 1}"
    return capitalised(change(moved, f"NDCG{at}", before, question.target)) + ", the most one move can."


def best_sent_words(room: Room) -> str:
    """The best order sent, its NDCG@k and how many reached it; whether it is the question's answer."""
    question = room.question
    if room.best_sent_value is None:
        return "No order was sent."
    value = room.best_sent_value
    lowest = question.asks == "lowest"
    which = "lowest" if lowest else "highest"
    if question.reaches(value):
        mine = share(value)
        tail = f", the {which} possible"
    else:
        mine, best = pair(value, question.target)
        tail = f"; the {which} possible is {best}"
    return (
        f"The best order sent reaches NDCG{question.at} = {mine}{tail} "
        f"({room.best_sent_reached} of you reached it)."
    )
