"""One answer checked: right or not, what the student is told, and the named mistake it makes.

Each kind is checked by what the app already has:

* a **number** by Practice's checker (:func:`~ndcg_core.practice.answer_check.check_answer`): right
  within ±0.005, else the classic slip it matches (:mod:`ndcg_core.practice.slips`) or rounding along
  the way;
* a **choice** by Practice's checker too, whose slips (:func:`~ndcg_core.practice.answer_check.choice_slips`:
  the wrong k, the other gain, no discount) say which choice each one leads to;
* an **order** by its NDCG@k against the question's target; a wrong one is named by what keeps it
  from the target: for the highest NDCG@k, a better item left below rank k or the top k not sorted
  best first (the lesson's :func:`~ndcg_core.teaching.lesson.best_order` tells the student where);
  for the lowest, its mirror; for one move, the lesson's :func:`~ndcg_core.teaching.lesson.one_move`
  (the wrong item, not far enough, moved below k).

A mistake's ``phrase`` completes "12 of you …"; it may hold an item's name (user text: the
interface shows it as plain text).

>>> from ndcg_core.classroom.question import make_question
>>> q = make_question("dcg", ["a", "b", "c"], [3, 0, 2], 3, "exponential")
>>> q.right_value                         # (2^3 − 1)/1 + 0 + (2^2 − 1)/log2(4)
8.5
>>> mistake(q, 3 + 2 / 2).phrase           # 3/1 + 0 + 2/log2(4): the grades themselves
'used linear gain (rel) where the gain is 2^rel − 1'
>>> mistake(q, 8.5) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ndcg_core.classroom.answer import Answer
from ndcg_core.classroom.question import CHOICE_WORDS, Question
from ndcg_core.metric.gains import gain_values
from ndcg_core.metric.metrics import dcg, idcg, ndcg
from ndcg_core.practice.answer_check import Feedback, check_answer, choice_slips
from ndcg_core.practice.slips import close
from ndcg_core.teaching import lesson
from ndcg_core.teaching.wording import pair, share


@dataclass(frozen=True)
class Mistake:
    """A named wrong answer: ``key`` groups alike answers, ``phrase`` completes "12 of you …"."""

    key: str
    phrase: str


#: What the room is told for each of Practice's number slips ("12 of you …"); k is filled in.
NUMBER_PHRASES: dict[str, str] = {
    "linear_gain": "used linear gain (rel) where the gain is 2^rel − 1",
    "exponential_gain": "used exponential gain (2^rel − 1) where the gain is rel",
    "no_minus_one": "used 2^rel without the −1",
    "log2_i": "used log2(i) where the discount is 1/log2(i + 1)",
    "natural_log": "used the natural log ln where the discount uses log2",
    "top_k_ideal": "built the ideal from the first {k} items only",
    "unsorted_ideal": "did not sort the grades for the ideal",
    "not_normalised": "gave DCG@{k} without dividing it by IDCG@{k}",
    "inverted": "divided IDCG@{k} by DCG@{k}",
    "empty_ideal_one": "took NDCG@{k} as 1 where nothing is relevant",
    "thought_ideal": "gave 1, as if the list were already in its ideal order",
    "rounding": "rounded along the way (keep four decimals until the end)",
}
#: An answer that no usual slip explains.
OTHER = Mistake("other", "gave another answer, which no usual slip explains")


def is_right(question: Question, answer: Answer) -> bool:
    """True when ``answer`` is right: a number within ±0.005, the right choice, an order at the target."""
    if question.kind == "number":
        return close(float(answer), question.right_value)  # type: ignore[arg-type]
    if question.kind == "choice":
        return answer == question.right_choice
    return question.reaches(question.ndcg_of(answer))  # type: ignore[arg-type]


def feedback(question: Question, answer: Answer) -> Feedback:
    """What the student who sent ``answer`` is told after the reveal."""
    if question.kind == "number":
        return check_answer(question.exercise, repr(float(answer)))  # type: ignore[arg-type]
    if question.kind == "choice":
        if answer == question.right_choice:
            return Feedback("right", f"Right: {right_choice_words(question)}")
        return check_answer(question.exercise, answer)
    order: tuple[int, ...] = answer  # type: ignore[assignment]
    grades = [question.grades[i] for i in order]
    labels = [question.names[i] for i in order]
    if question.asks == "highest":
        return lesson.best_order(grades, question.k, question.gain, labels=labels)
    if question.asks == "one_move":
        return lesson.one_move(
            question.grades, [i + 1 for i in order], question.k, question.gain, question.names
        )
    value = question.ndcg_of(order)
    if question.reaches(value):
        return Feedback(
            "right", f"Right: NDCG{question.at} = {share(value)}, the lowest any order of these items gives."
        )
    found = mistake(question, order)
    mine, lowest = pair(value, question.target)
    return Feedback(
        "wrong",
        f"Not the lowest: NDCG{question.at} = {mine}, the lowest is {lowest}. You {found.phrase}.",
        (found.key,),
    )


def mistake(question: Question, answer: Answer) -> Mistake | None:
    """The named mistake of a wrong answer (None when it is right)."""
    if is_right(question, answer):
        return None
    if question.kind == "number":
        return _number_mistake(question, float(answer))  # type: ignore[arg-type]
    if question.kind == "choice":
        return _choice_mistake(question, str(answer))
    if question.asks == "one_move":
        return _move_mistake(question, answer)  # type: ignore[arg-type]
    return _order_mistake(question, answer)  # type: ignore[arg-type]


# ------------------------------------------------------------------- numbers --


def _number_mistake(question: Question, value: float) -> Mistake:
    found = check_answer(question.exercise, repr(value))
    key = found.mistake
    if key is None:
        return OTHER
    if key == "wrong_k":
        return Mistake(f"wrong_k:{_which_k(question, value)}", f"used {_which_k(question, value)}")
    k = question.k
    return Mistake(key, NUMBER_PHRASES.get(key, OTHER.phrase).format(k=k))


def _which_k(question: Question, value: float) -> str:
    """Which wrong cutoff gives ``value``: "k = 4", "k = 6" or "the whole list" (the nearest)."""
    measure = {"dcg": dcg, "idcg": idcg, "ndcg": ndcg}[question.asks]
    k, n = question.k, question.n
    options = {f"k = {k - 1}": k - 1, f"k = {k + 1}": k + 1, "the whole list": None}
    values = {
        words: measure(question.grades, at, gain=question.gain)
        for words, at in options.items()
        if at is None or 1 <= at <= n
    }
    return min(values, key=lambda words: abs(values[words] - value))


# ------------------------------------------------------------------- choices --


def _choice_mistake(question: Question, choice: str) -> Mistake:
    chosen = CHOICE_WORDS[choice]
    for key, leads_to, says in choice_slips(question.exercise):
        if leads_to == choice:
            reason = says.split(", but")[0]
            reason = reason[:1].lower() + reason[1:]
            return Mistake(f"{choice}:{key}:{reason}", f"chose “{chosen}”: {reason}")
    return Mistake(f"{choice}:other", f"chose “{chosen}”")


def right_choice_words(question: Question) -> str:
    """Which list scores higher, with both NDCG@k: "B scores higher: NDCG@5 of A = 0.43, of B = 0.61."."""
    a, b = question.ndcg_of(range(question.n)), question.ndcg_of(question.order_b)
    shown_a, shown_b = pair(a, b)
    at = question.at
    if question.right_choice == "tie":
        return (
            f"they tie: NDCG{at} = {shown_a} for both (they share IDCG{at}, and their DCG{at} is the same)."
        )
    return (
        f"{question.right_choice} scores higher: NDCG{at} of A = {shown_a}, of B = {shown_b} (both lists "
        f"hold the same items, so they share IDCG{at}: the higher DCG{at} wins)."
    )


# -------------------------------------------------------------------- orders --


def _order_mistake(question: Question, order: tuple[int, ...]) -> Mistake:
    """Highest: a better item left below k, else the top k not best first. Lowest: its mirror."""
    gains = gain_values(np.asarray(question.grades, dtype=float), question.gain)
    k = question.k
    top, rest = list(order[:k]), list(order[k:])
    if question.asks == "highest" and rest:
        left = [i for i in rest if gains[i] > min(gains[j] for j in top)]
        if left:
            item = max(left, key=lambda i: (gains[i], -rest.index(i)))
            return Mistake(
                f"left_below:{question.grades[item]:g}", f"left {_item(question, item)} below rank {k}"
            )
    if question.asks == "lowest" and rest:
        kept = [i for i in top if gains[i] > min(gains[j] for j in rest)]
        if kept:
            item = max(kept, key=lambda i: (gains[i], -top.index(i)))
            return Mistake(
                f"kept_in_top:{question.grades[item]:g}", f"kept {_item(question, item)} in the top {k}"
            )
    if question.asks == "highest":
        return Mistake("unsorted_top", f"had the best items in the top {k}, but not the best grade first")
    return Mistake("not_rising", f"had the lowest grades in the top {k}, but not the lowest grade first")


def _item(question: Question, index: int) -> str:
    """“Bose” (grade 3) when it is the only item of its grade, else "an item of grade 3"."""
    grade = question.grades[index]
    if sum(1 for g in question.grades if g == grade) == 1:
        return f"“{question.names[index]}” (grade {grade:g})"
    return f"an item of grade {grade:g}"


def _move_mistake(question: Question, order: tuple[int, ...]) -> Mistake:
    """One move that does not raise NDCG@k the most: named by the lesson's one-move check."""
    verdict = lesson.one_move(
        question.grades, [i + 1 for i in order], question.k, question.gain, question.names
    )
    source, target = question.best_move
    grade = question.grades[source]
    best = f"“{question.names[source]}” (grade {grade:g})"
    k = question.k
    phrases = {
        "below_k": f"moved an item below rank {k}, where NDCG{question.at} does not see it",
        "not_the_best_item": f"moved an item worth less than {best}",
        "not_far_enough": f"did not take the item up to rank {target + 1}",
        "not_the_lowest": f"lifted another item of grade {grade:g}, not “{question.names[source]}” from rank {source + 1}",
    }
    key = verdict.mistake or "other"
    return Mistake(key, phrases.get(key, OTHER.phrase))
