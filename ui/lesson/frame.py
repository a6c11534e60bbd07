"""The lesson's frame: which step is shown, the list and settings it teaches, and "try it".

The lesson teaches whatever list the session holds (the Playground's list), under the
Playground's settings, so an instructor can run it on their own example. Every number it
shows comes from ``ndcg_core``; this module only gathers the inputs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import pandas as pd
import streamlit as st

import ndcg_core
from ndcg_core import Ranking
from ndcg_core.metric.breakdown import breakdown_of
from ndcg_core.teaching.scenarios import Scenario
from ui.components.step_keys import Direction
from ui.controls import settings_controls
from ui.navigation import PLAYGROUND
from ui.scenario_picker import load
from ui.state import lesson, scenario
from ui.state.ranked_list import RankedList
from ui.state.settings import Settings

#: What an item of the judged pool that the list does not show is called in a table.
UNLISTED_NAME = "(judged, not in the list)"


@dataclass(frozen=True)
class Lesson:
    """The list being taught, the settings in force, and the core's numbers for them."""

    ranked: RankedList
    settings: Settings
    presenting: bool

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


@dataclass(frozen=True)
class Step:
    """One step of the lesson: its title, how to draw it, and its "try it" prompt.

    ``try_scenario`` is the scenario "try it" opens in the Playground; None keeps the current list.
    """

    title: str
    draw: Callable[[Lesson], None]
    try_it: str
    try_scenario: Scenario | None = None


# ---------------------------------------------------------------- keys --


def on_key(count: int) -> Callable[[Direction], None]:
    """A keyboard callback: next or previous step, or leave presentation mode."""

    def apply(direction: Direction) -> None:
        if direction == "exit":
            lesson.set_presenting(False)
            return
        lesson.go_to(lesson.current_step(count) + (1 if direction == "next" else -1), count)

    return apply


# ------------------------------------------------------------- settings --


def build_lesson(presenting: bool) -> Lesson:
    """The list and settings to teach; the settings are drawn (in an expander) outside presentation mode."""
    ranked = scenario.current_list()
    if presenting:
        settings = scenario.current_settings(ranked)
    else:
        with st.expander("Settings: k, gain, ideal, decimals (shared with the Playground)"):
            settings = settings_controls(ranked)
    return Lesson(ranked, settings, presenting)


# --------------------------------------------------------------- try it --


def open_playground(example: Scenario | None) -> None:
    """The "try it" callback: load ``example`` (or keep the list), then ask for the Playground.

    The page itself switches (:func:`follow_try_it`): a callback runs before the navigation
    is set up in this run, where ``st.switch_page`` cannot always find the page.
    """
    if example is not None:
        load(example)
    lesson.ask_for_playground()


def follow_try_it() -> None:
    """Open the Playground if "try it" was just pressed."""
    if lesson.playground_asked_for():
        st.switch_page(PLAYGROUND.path)


def try_it(step: Step, index: int, extra: Callable[[], object] | None = None) -> None:
    """The step's "try it" prompt and the button that opens the Playground on that scenario.

    ``extra`` draws one more widget at the end of the row (the presentation switch).
    """
    widths = [5, 2, 1.9] if extra else [5, 1.6]
    text_column, button_column, *extra_column = st.columns(widths, vertical_alignment="center")
    text_column.markdown(f"**Try it:** {step.try_it}")
    button_column.button(
        "Open the Playground",
        key=f"lesson_try_it_{index}",
        icon=":material/open_in_new:",
        on_click=open_playground,
        args=(step.try_scenario,),
        help="Opens the Playground on this list (or on the scenario named in the prompt).",
        width="stretch",
    )
    for column in extra_column:
        with column:
            extra()
