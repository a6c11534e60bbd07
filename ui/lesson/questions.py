"""The lesson's questions: predict, then reveal.

Most steps open with a small question the learner answers by typing a number, choosing, or acting
on the list (dragging it, then pressing Check). The core checks the answer (:mod:`ndcg_core.teaching.lesson`,
which hands typed numbers to Practice's checker and its slip detection) and names the usual slip;
the step then reveals the number. A learner can skip a question; the step says so plainly and shows
the answer. In presentation mode the question is put to the room, and "Reveal" shows the answer.

Prompts never hold an item's name, so they are Markdown; the checker's words can, so they are
shown as plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import numpy as np
import streamlit as st

from ndcg_core import gain_values
from ndcg_core.practice.answer_check import Feedback
from ndcg_core.teaching import lesson as words
from ui.lesson.frame import Lesson, current_lesson
from ui.plain_text import plain
from ui.state import lesson as state
from ui.state import scenario

Kind = Literal["type", "choose", "act"]


@dataclass(frozen=True)
class Question:
    """A step's question: how it is answered, its words, and its check (both from the list as it stands)."""

    kind: Kind
    prompt: Callable[[Lesson], str]
    check: Callable[[Lesson, str], Feedback]
    choices: Callable[[Lesson], tuple[str, ...]] = lambda _lesson: ()
    asks: Callable[[Lesson], bool] = lambda _lesson: True
    starts: bool = False


def revealed(step: int, question: Question | None, lesson: Lesson) -> bool:
    """True when the step may show what its question asks for: answered right, skipped, or no question."""
    if question is None or not question.asks(lesson):
        return True
    given = state.answer(step)
    return given is not None and given.reveals


# --------------------------------------------------------------- drawing --


def input_key(step: int) -> str:
    return f"lesson_answer_{step}"


def _check(step: int, question: Question, presenting: bool) -> None:
    """The Check button's callback: check what was typed, chosen or done; keep the verdict."""
    lesson = current_lesson(presenting)
    given = str(st.session_state.get(input_key(step), "") or "")
    feedback = question.check(lesson, given)
    state.save_answer(step, state.Answer(feedback.status, feedback.message))


def _skip(step: int) -> None:
    state.save_answer(step, state.Answer("skipped"))


def question_box(step: int, question: Question | None, presenting: bool) -> None:
    """The question with its answer field, Check and Skip in one row (Reveal when presenting), then
    the verdict."""
    lesson = current_lesson(presenting)
    if question is None or not question.asks(lesson):
        return
    if question.starts:
        state.start_order(step, lesson.ranked.ids)  # the order the act starts from
    given = state.answer(step)
    with st.container(border=True, key=f"lesson_question_{step}"):
        prompt = f"**Question.** {question.prompt(lesson)}"
        if given is not None and given.reveals:
            text_column, again_column = st.columns([5, 1.4], vertical_alignment="center")
            text_column.markdown(prompt)
            again_column.button(
                "Ask me again",
                key=f"lesson_again_{step}",
                on_click=state.ask_again,
                args=(step,),
                width="stretch",
            )
            if not presenting:  # on a projector the figure shows the answer
                verdict(given, presenting)
            return
        if presenting:
            text_column, reveal_column = st.columns([5, 1.4], vertical_alignment="center")
            text_column.markdown(prompt)
            reveal_column.button(
                "Reveal",
                key=f"lesson_skip_{step}",
                on_click=_skip,
                args=(step,),
                type="primary",
                width="stretch",
            )
            return
        answer_row(step, question, lesson, prompt)
        if given is not None:
            verdict(given, presenting)
            if question.kind == "act" and question.starts:
                st.button(
                    "Put the list back where it started",
                    key=f"lesson_restart_{step}",
                    on_click=_put_back,
                    args=(step,),
                )


def _put_back(step: int) -> None:
    """Put the session's list back in the order the question started from (undo can reverse it)."""
    ranked = scenario.current_list()
    start = state.start_order(step, ranked.ids)
    scenario.set_list(ranked.reordered(start))
    state.save_answer(step, state.Answer("unreadable", "The list is back where it started: drag one item."))


def answer_row(step: int, question: Question, lesson: Lesson, prompt: str) -> None:
    """The prompt, the field (or choice), Check and Skip, in one row.

    Check and Skip are the form's two buttons (Enter checks: the first one), so that on a phone,
    where the row stacks, they stay side by side under the field and the list comes sooner.
    """
    widths = [4.2, 1.9, 0.9, 1.3] if question.kind != "choose" else [3.2, 2.9, 1, 1.2]
    if question.kind == "act":
        widths = [6, 0, 1.2, 1.3]
    prompt_column, form_column = st.columns([widths[0], sum(widths[1:])], vertical_alignment="center")
    prompt_column.markdown(prompt)
    with form_column, st.form(key=f"lesson_form_{step}", border=False, enter_to_submit=True):
        if question.kind == "act":
            buttons = st.container()
        else:
            entry, buttons = st.columns([widths[1], widths[2] + widths[3]], vertical_alignment="bottom")
            with entry:
                answer_field(step, question, lesson)
        check, skip = buttons.columns(widths[2:], vertical_alignment="bottom", wrap=False)
        check.form_submit_button(
            "Check",
            on_click=_check,
            args=(step, question, lesson.presenting),
            type="primary",
            width="stretch",
        )
        skip.form_submit_button(
            "Skip: show me",
            key=f"lesson_skip_{step}",
            on_click=_skip,
            args=(step,),
            help="Shows the answer without checking one. Nothing is counted.",
            width="stretch",
        )


def answer_field(step: int, question: Question, lesson: Lesson) -> None:
    """The answer's field: a number to type, or a choice."""
    if question.kind == "type":
        st.text_input(
            "Your answer (2 decimals)",
            key=input_key(step),
            placeholder="your answer, e.g. 0.43",
            label_visibility="collapsed",
        )
    else:
        st.radio(
            "Your answer",
            question.choices(lesson),
            key=input_key(step),
            horizontal=True,
            index=None,
            label_visibility="collapsed",
        )


def verdict(given: state.Answer, presenting: bool) -> None:
    """The checker's words: right, wrong (with the slip named), or skipped, said plainly."""
    if given.status == "skipped":
        st.info(
            "Revealed: the answer is shown below."
            if presenting
            else "You skipped this question: the answer is shown below."
        )
    elif given.status == "right":
        st.success(plain(given.message))
    elif given.status == "wrong":
        st.error(plain(given.message) + "\n\nTry again, or skip to see the answer.")
    else:
        st.warning(plain(given.message))


# ------------------------------------------------------------ the questions --


def asked_grade(lesson: Lesson) -> float:
    """Step 2 asks for the gain of the list's highest grade."""
    return float(max(lesson.grades))


def asked_rank(lesson: Lesson) -> int:
    """Step 3 asks for the discount at rank 3 (or the last rank of a shorter list)."""
    return min(3, len(lesson.grades))


def _gain_prompt(lesson: Lesson) -> str:
    grade = asked_grade(lesson)
    lower = [g for g in (1.0, 2.0) if g < grade]
    if lesson.settings.gain == "exponential" and lower:
        shown = " and ".join(
            f"grade {g:g} into {float(gain_values(np.array([g]), 'exponential')[0]):g}" for g in lower
        )
        hint = f"Exponential gain 2^rel − 1 turns {shown}. "
    else:
        hint = f"The gain in force is {words.gain_words(lesson.settings.gain)}. "
    return f"{hint}What is a grade-{grade:g} item worth? Type its gain before you look."


def _gain_check(lesson: Lesson, text: str) -> Feedback:
    rank = lesson.grades.index(asked_grade(lesson)) + 1
    return words.check_typed("gain", text, lesson.ranking, rank=rank, labels=lesson.ranked.names)


def _discount_check(lesson: Lesson, text: str) -> Feedback:
    return words.check_typed("discount", text, lesson.ranking, rank=asked_rank(lesson))


def _typed_total(kind: Literal["idcg", "ndcg"]) -> Callable[[Lesson, str], Feedback]:
    def check(lesson: Lesson, text: str) -> Feedback:
        return words.check_typed(kind, text, lesson.ranking, labels=lesson.ranked.names)

    return check


def _best_order_check(lesson: Lesson, _text: str) -> Feedback:
    return words.best_order(
        lesson.grades, lesson.settings.k, lesson.settings.gain, lesson.pool, labels=lesson.ranked.names
    )


def _cg_check(lesson: Lesson, text: str) -> Feedback:
    return words.cg_prediction(text, lesson.grades, lesson.settings.k, lesson.settings.gain)


def _one_move_check(step: int) -> Callable[[Lesson, str], Feedback]:
    def check(lesson: Lesson, _text: str) -> Feedback:
        start = state.start_order(step, lesson.ranked.ids)
        by_id = {item.id: item for item in lesson.ranked.items}
        start_grades = [by_id[item_id].grade for item_id in start]
        names = [by_id[item_id].name for item_id in start]
        order = [start.index(item_id) + 1 for item_id in lesson.ranked.ids]
        return words.one_move(start_grades, order, lesson.settings.k, lesson.settings.gain, labels=names)

    return check


def _k_choices(lesson: Lesson) -> tuple[str, ...]:
    return tuple(str(k) for k in range(1, len(lesson.grades) + 1))


def _best_k_check(lesson: Lesson, text: str) -> Feedback:
    if not text.isdigit():
        return Feedback("unreadable", "Choose a k first.")
    ranking = lesson.ranking
    return words.best_k(int(text), ranking.ndcg_at_every_k, ranking.running_dcg)


def _at(lesson: Lesson) -> str:
    return f"@{lesson.settings.k}"


def _then_check(lesson: Lesson) -> str:
    """ ", then press Check" where the learner checks; on a projector the room answers, Reveal shows."""
    return "" if lesson.presenting else ", then press **Check**"


BEST_ORDER = Question(
    "act",
    lambda lesson: (
        f"Drag the items into the order you think is best{_then_check(lesson)}. "
        f"How close to 1 does NDCG{_at(lesson)} get?"
    ),
    _best_order_check,
)
GAIN = Question("type", _gain_prompt, _gain_check)
DISCOUNT = Question(
    "type",
    lambda lesson: (
        f"The discount 1/log2(i + 1) is the share of its gain an item keeps at rank i. "
        f"What share does it keep at rank {asked_rank(lesson)}?"
    ),
    _discount_check,
)
CG = Question(
    "choose",
    lambda lesson: f"Predict: you swap the items at ranks 1 and 2. What happens to CG{_at(lesson)}?",
    _cg_check,
    choices=lambda _lesson: words.CG_CHOICES,
    asks=lambda lesson: len(lesson.grades) >= 2 and lesson.settings.k >= 2,
)
ONE_MOVE = Question(
    "act",
    lambda lesson: f"Drag **one** item to raise DCG{_at(lesson)} as much as you can{_then_check(lesson)}.",
    _one_move_check(4),
    asks=lambda lesson: len(lesson.grades) >= 2,
    starts=True,
)
IDCG = Question(
    "type",
    lambda lesson: (
        f"Type IDCG{_at(lesson)} before you look: the DCG{_at(lesson)} of the best order possible."
    ),
    _typed_total("idcg"),
)
NDCG = Question(
    "type",
    lambda lesson: (
        f"DCG{_at(lesson)} and IDCG{_at(lesson)} are shown. Type NDCG{_at(lesson)} before you look."
    ),
    _typed_total("ndcg"),
)
BEST_K = Question(
    "choose",
    lambda _lesson: "Which k makes this list look best (the highest NDCG@k)? Choose before you look.",
    _best_k_check,
    choices=_k_choices,
    asks=lambda lesson: len(lesson.grades) >= 2,
)
#: The questions of steps 1 to 8, in order.
QUESTIONS: tuple[Question | None, ...] = (BEST_ORDER, GAIN, DISCOUNT, CG, ONE_MOVE, IDCG, NDCG, BEST_K)
