"""The intent-aware section's own state: its list of pages for an ambiguous query, in the order the
user dragged them, and the probability of the first intent.

The list is a :class:`~ui.state.ranked_list.RankedList`, so a drag, a one-click order and undo
work as on the Playground; an item's id ``j<p>`` names its position ``p`` in the scenario's
labels, so the order maps back to the scenario's grades under every intent. It is separate
from the Playground's list: the section teaches one fixed scenario.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ndcg_core.teaching.intents import IntentScenario
from ui.state.keep import keep_widget_values
from ui.state.ranked_list import Item, RankedList

LIST_KEY = "intents_list"
#: The slider for the probability of the scenario's first intent (the others share the rest).
PROBABILITY_KEY = "intents_probability"
#: The slider's range: an intent with probability 0 (or 1) is no ambiguity at all.
LOWEST, HIGHEST, STEP = 0.05, 0.95, 0.05


def fresh_list(scenario: IntentScenario) -> RankedList:
    """The scenario's items in its own order; each item's grade is its grade under the first intent."""
    first = scenario.intents[0]
    items = tuple(
        Item(f"j{position}", label, float(first.grades[position]))
        for position, label in enumerate(scenario.labels)
    )
    return RankedList(items, items, next_id=len(items))


def current(scenario: IntentScenario) -> RankedList:
    """This session's order of the scenario's items (the scenario's own order on the first visit)."""
    ranked = st.session_state.get(LIST_KEY)
    if not isinstance(ranked, RankedList) or len(ranked.items) != len(scenario.labels):
        ranked = st.session_state[LIST_KEY] = fresh_list(scenario)
    return ranked


def positions(ranked: RankedList) -> list[int]:
    """Each rank's item as its position in the scenario's labels (rank 1 first)."""
    return [int(item_id[1:]) for item_id in ranked.ids]


def reorder(ids: list[str]) -> None:
    """A drop's callback: the list in the order the browser reported."""
    st.session_state[LIST_KEY] = st.session_state[LIST_KEY].reordered(ids)


def change(how: Callable[[RankedList], RankedList]) -> Callable[[], None]:
    """A button callback that applies ``how`` to the list."""

    def apply() -> None:
        st.session_state[LIST_KEY] = how(st.session_state[LIST_KEY])

    return apply


def probability(scenario: IntentScenario) -> float:
    """The first intent's probability as set (the scenario's own on the first visit)."""
    default = min(max(scenario.intents[0].probability, LOWEST), HIGHEST)
    return float(st.session_state.setdefault(PROBABILITY_KEY, default))


def keep() -> None:
    """Keep the slider's value when the user visits another page and comes back."""
    keep_widget_values((PROBABILITY_KEY,))
