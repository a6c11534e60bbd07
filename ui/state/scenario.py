"""Where the Playground keeps its list and settings: this session's ``st.session_state``.

The order's source of truth is here, not in the browser component, so that a test (AppTest)
can set it and so that a button ("ideal order", "undo") and a drag always agree.
Nothing is stored at module level: two sessions never share a list.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ndcg_core.teaching.scenarios import DEFAULT_SCENARIO, Scenario
from ui.components.sortable_list import SortableItem, sortable_list
from ui.state.ranked_list import RankedList, from_scenario

LIST_KEY = "playground_list"
K_KEY = "playground_k"
K_WANTED_KEY = "playground_k_wanted"
GAIN_KEY = "playground_gain"
IDEAL_KEY = "playground_ideal"
DECIMALS_KEY = "playground_decimals"
UNLISTED_KEY = "playground_unlisted"
MESSAGE_KEY = "playground_message"
SCENARIO_KEY = "playground_scenario"
SCENARIO_LABEL_KEY = "playground_scenario_label"
EDITED = "edited"


def load_scenario(scenario: Scenario) -> None:
    """Put a scenario's list and settings into this session, and remember which scenario it was."""
    st.session_state[SCENARIO_KEY] = scenario.key
    st.session_state[SCENARIO_LABEL_KEY] = (scenario.title, scenario.source)
    st.session_state[LIST_KEY] = from_scenario(scenario)
    st.session_state[K_KEY] = st.session_state[K_WANTED_KEY] = scenario.k or len(scenario.labels)
    st.session_state[GAIN_KEY] = scenario.gain
    st.session_state[IDEAL_KEY] = scenario.ideal_source
    st.session_state[UNLISTED_KEY] = ", ".join(f"{g:g}" for g in scenario.unlisted_grades)


def current_list() -> RankedList:
    """This session's list, loading the default scenario on the first visit."""
    if LIST_KEY not in st.session_state:
        load_scenario(DEFAULT_SCENARIO)
    return st.session_state[LIST_KEY]


def set_list(ranked: RankedList) -> None:
    """Replace this session's list (every change goes through here)."""
    st.session_state[LIST_KEY] = ranked


def change_list(change: Callable[[RankedList], RankedList]) -> Callable[[], None]:
    """A button callback that applies ``change`` to the current list."""

    def apply() -> None:
        set_list(change(current_list()))

    return apply


def mark_edited() -> None:
    """The list no longer is the scenario it was loaded from: say so wherever the scenario is named."""
    if st.session_state.get(SCENARIO_KEY) != EDITED:
        title, _ = st.session_state.get(SCENARIO_LABEL_KEY, ("the example", ""))
        st.session_state[SCENARIO_LABEL_KEY] = ("Your own list", f"edited from {title}")
    st.session_state[SCENARIO_KEY] = EDITED


def flash(message: str) -> None:
    """A message to show once, on the next run (e.g. after an edit was applied)."""
    st.session_state[MESSAGE_KEY] = message


def pop_flash() -> str | None:
    """The message left by :func:`flash`, if any; it is shown once."""
    return st.session_state.pop(MESSAGE_KEY, None)


def draggable_list(ranked: RankedList, k: int, *, key: str) -> None:
    """The session's list as a sortable list (drag, or keyboard); a drop stores the new order here.

    Every page that shows the Playground's list draws it with this, each under its own ``key``.
    """
    items = [SortableItem(item.id, item.name, f"grade {item.grade:g}") for item in ranked.items]
    sortable_list(
        items,
        key=key,
        on_reorder=lambda ids: set_list(current_list().reordered(ids)),
        cutoff=k,
        aria_label="Ranked list: drag, or focus a row and press Space to move it",
    )
