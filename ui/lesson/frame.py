"""The lesson's frame: the list it teaches, what a step is made of, the scenario line, and "try it".

The lesson teaches whatever list the session holds (the Playground's list, through the live list
unit :data:`LESSON`), under the Playground's settings, so an instructor can run it on their own
example. Every number it shows comes from ``ndcg_core``; this module only gathers the inputs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

import ndcg_core
from ndcg_core import Ranking
from ndcg_core.metric.breakdown import breakdown_of
from ui.components.step_keys import Direction
from ui.controls import settings_controls
from ui.live_list import HeadlineName, LiveList, LiveRun
from ui.navigation import PLAYGROUND
from ui.plain_text import plain
from ui.scenario_picker import current_scenario, decimals_note, scenario_picker
from ui.state import lesson, scenario
from ui.state.ranked_list import RankedList
from ui.state.settings import Settings

#: What an item of the judged pool that the list does not show is called in a table.
UNLISTED_NAME = "(judged, not in the list)"


def lesson_empty_message() -> str:
    """What an empty list means for the lesson."""
    return "The list is empty: add items in the Playground, or pick a scenario."


#: The lesson's live list: the session's list (one owner: ui/state/scenario.py), with undo and the
#: original order (no "ideal order": it would answer step 1's question); in presentation mode the
#: same list in projector type.
LESSON_ORDERS = ("original", "undo")
LESSON_LABELS = {"original": "Original order"}
LESSON = LiveList(
    "lesson",
    orders=LESSON_ORDERS,
    order_labels=LESSON_LABELS,
    sentences=False,
    empty_message=lesson_empty_message,
)
LESSON_PRESENTING = LiveList(
    "lesson",
    orders=LESSON_ORDERS,
    order_labels=LESSON_LABELS,
    sentences=False,
    size="large",
    max_height="calc(100vh - 16.5rem)",
    empty_message=lesson_empty_message,
)


@dataclass(frozen=True)
class Lesson:
    """The list being taught, the settings in force, and the core's numbers for them."""

    ranked: RankedList
    settings: Settings
    presenting: bool

    @classmethod
    def of_run(cls, run: LiveRun, presenting: bool) -> Lesson:
        """The lesson of one run of the live list (its ranking already checked)."""
        lesson_ = cls(run.ranked, run.settings, presenting)
        lesson_.__dict__["ranking"] = run.ranking
        return lesson_

    @property
    def grades(self) -> list[float]:
        """The listed grades in ranked order."""
        return self.ranked.grades

    @property
    def pool(self) -> list[float] | None:
        """The judged pool's grades when the ideal comes from it, else None (the listed items)."""
        return self.ranked.pool() if self.settings.uses_pool else None

    @property
    def unlisted(self) -> tuple[float, ...]:
        """Judged grades that the list does not show (counted only with the judged pool)."""
        return self.ranked.unlisted_grades if self.settings.uses_pool else ()

    @cached_property
    def ranking(self) -> Ranking:
        """The core's inputs for the list, checked once for every table and number of the step."""
        return scenario.ranking(self.ranked, self.settings)

    @cached_property
    def table(self) -> pd.DataFrame:
        """The core's per-rank breakdown of the list."""
        return breakdown_of(self.ranking, self.ranked.names)

    @cached_property
    def numbers(self) -> ndcg_core.Headline:
        """DCG@k, IDCG@k and NDCG@k of the list."""
        return ndcg_core.Headline.of(self.ranking)

    @cached_property
    def ideal_table(self) -> pd.DataFrame:
        """The core's breakdown of the ideal order itself: its DCG column is IDCG at each rank.

        It runs over every judged item, so it can be longer than the list (the judged pool).
        """
        ideal = self.ranking.with_grades(self.ranking.ideal)
        return breakdown_of(ideal, self.ideal_names())

    def ideal_items(self) -> list[tuple[str, float]]:
        """The judged items (name, grade) from best grade to worst; unlisted ones are named as such."""
        names = self.ranked.names + [UNLISTED_NAME] * len(self.unlisted)
        grades = self.grades + list(self.unlisted)
        return [(names[index], grades[index]) for index in ndcg_core.ideal_order(grades)] if grades else []

    def ideal_names(self) -> list[str]:
        """The judged items' names from best grade to worst."""
        return [name for name, _ in self.ideal_items()]


def current_lesson(presenting: bool) -> Lesson:
    """The lesson of the session's list as it stands (for a question's prompt and its check)."""
    ranked = scenario.current_list()
    return Lesson(ranked, scenario.read_settings(), presenting)


@dataclass(frozen=True)
class View:
    """Where a step's figure draws and what it may show.

    ``side`` is beside the list, ``below`` under the list and the figure (None in presentation
    mode: a projector's screen holds the list and the figure, the presenter says the rest);
    ``revealed`` is True once the step's question is answered right or skipped (or when the step
    asks none).
    """

    side: DeltaGenerator
    below: DeltaGenerator | None
    revealed: bool
    presenting: bool
    step: int


@dataclass(frozen=True)
class Step:
    """One step of the lesson: its title, its figure, its question and its "try it" prompt.

    ``figure(run, view)`` draws what follows every drop (inside the live list's fragment);
    ``headline(revealed)`` names the headline numbers shown; ``explain`` is the step in plain
    words (Markdown, no user text), ``answer`` what it adds once the question is answered or
    skipped (it would give the answer away before), ``more`` what it adds outside presentation
    mode (the presenter says it).
    """

    title: str
    figure: Callable[[LiveRun, View], None]
    explain: str
    try_it: str
    headline: Callable[[bool], tuple[HeadlineName, ...]] = lambda _revealed: ()
    more: str = ""
    answer: str = ""

    def words(self, revealed: bool, presenting: bool) -> str:
        """The step in plain words, as far as it may be said now."""
        parts = [self.explain, self.answer if revealed else "", "" if presenting else self.more]
        return " ".join(part for part in parts if part)


# ---------------------------------------------------------------- keys --


def on_key(count: int) -> Callable[[Direction], None]:
    """A keyboard callback: next or previous step, or leave presentation mode."""

    def apply(direction: Direction) -> None:
        if direction == "exit":
            lesson.set_presenting(False)
            return
        lesson.go_to(lesson.current_step(count) + (1 if direction == "next" else -1), count)

    return apply


# ------------------------------------------------------------- scenario --


def scenario_line() -> str:
    """The scenario taught, in one line: its title, its source in plain words, k and the gain."""
    shown = current_scenario()
    settings = scenario.read_settings()
    return (
        f"{plain(shown.title)} · {plain(shown.source)} · k = {settings.k} · {settings.gain} gain · "
        "the same list and settings as the Playground"
    )


def scenario_and_settings(ranked: RankedList) -> Settings:
    """The scenario line, with the picker, the settings and the source's notes in a collapsed section."""
    with st.expander(scenario_line(), icon=":material/tune:"):
        shown = scenario_picker(key="lesson_scenario_picker", details=False)
        settings = settings_controls(ranked)
        notes = [shown.note, decimals_note(shown, settings.decimals)]
        if note := " ".join(part for part in notes if part):
            st.caption(f"**Note:** {note}")
    return settings


# --------------------------------------------------------------- try it --


def open_playground(step: int) -> None:
    """The "try it" callback: ask for the Playground on the current list, and remember the step.

    The page itself switches (:func:`follow_try_it`): a callback runs before the navigation
    is set up in this run, where ``st.switch_page`` cannot always find the page.
    """
    lesson.ask_for_playground(step)


def follow_try_it() -> None:
    """Open the Playground if "try it" was just pressed; else the learner is in the lesson again."""
    if lesson.playground_asked_for():
        st.switch_page(PLAYGROUND.path)
    lesson.forget_return()


def try_it(
    step: Step,
    index: int,
    extra: Callable[[], object] | None = None,
    lead: Callable[[], object] | None = None,
) -> None:
    """The step's "try it" prompt and the button that opens the Playground on the current list.

    ``extra`` draws one more widget at the end of the row (the presentation switch); on a
    projector the prompt gives way to ``lead`` (if any), so the row stays one line.
    """
    widths = [5, 2, 1.9] if extra else [5, 1.6]
    text_column, button_column, *extra_column = st.columns(widths, vertical_alignment="center")
    if extra is None:
        text_column.markdown(f"**Try it:** {step.try_it}")
    elif lead is not None:
        with text_column:
            lead()
    button_column.button(
        "Open the Playground",
        key=f"lesson_try_it_{index}",
        icon=":material/open_in_new:",
        on_click=open_playground,
        args=(index,),
        help="Opens the Playground on this list; its “Back to step” link returns here.",
        width="stretch",
    )
    for column in extra_column:
        with column:
            extra()
