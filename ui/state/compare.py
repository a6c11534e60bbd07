"""Where the Compare page keeps its two rankings and its settings: this session's ``st.session_state``.

Both rankings hold the same items with the same judgments (seed 001's eight items and their true
ratings); only their order differs. Each is a :class:`~ui.state.ranked_list.RankedList`, so a drag,
an "ideal order" click and undo work as on the Playground. Nothing is stored at module level.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ndcg_core.metric.neighbours import G_MAX_CHOICES, SEED001_TWO_SYSTEMS
from ui.state.keep import keep_widget_values
from ui.state.ranked_list import Item, RankedList
from ui.state.settings import DEFAULTS

A_KEY = "compare_list_a"
B_KEY = "compare_list_b"
K_KEY = "compare_k"
GAIN_KEY = "compare_gain"
THRESHOLD_KEY = "compare_threshold"
#: ERR's g_max: a label of ``ndcg_core.metric.neighbours.G_MAX_CHOICES``.
G_MAX_KEY = "compare_g_max"
SIDES = {"A": A_KEY, "B": B_KEY}
#: The page's widget keys: Streamlit forgets their values on a page that does not draw them.
WIDGET_KEYS = (K_KEY, GAIN_KEY, THRESHOLD_KEY, G_MAX_KEY)


def seed001_items() -> tuple[Item, ...]:
    """Seed 001's items 0–7 with their true ratings, as list items (ids ``m0`` … ``m7``)."""
    return tuple(
        Item(f"m{index}", f"item {index}", float(rating))
        for index, rating in enumerate(SEED001_TWO_SYSTEMS["ratings"])
    )


def seed001_list(side: str) -> RankedList:
    """System A's or B's ranking of seed 001, as shown in the article."""
    items = seed001_items()
    ordered = tuple(items[index] for index in SEED001_TWO_SYSTEMS[f"{side.lower()}_order"])
    return RankedList(ordered, ordered, next_id=len(items))


def load_seed001() -> None:
    """Put seed 001's two systems and the default settings into this session."""
    st.session_state[A_KEY] = seed001_list("A")
    st.session_state[B_KEY] = seed001_list("B")
    st.session_state[K_KEY] = DEFAULTS.k
    st.session_state[GAIN_KEY] = DEFAULTS.gain
    st.session_state[THRESHOLD_KEY] = 1.0


def keep_settings() -> None:
    """Keep this page's widget values when the user visits another page and comes back."""
    keep_widget_values(WIDGET_KEYS)


def g_max() -> float | None:
    """ERR's g_max as chosen (``None``: the largest judged grade, the default)."""
    label = st.session_state.setdefault(G_MAX_KEY, next(iter(G_MAX_CHOICES)))
    return G_MAX_CHOICES.get(label)


def current(side: str) -> RankedList:
    """This session's ranking of system ``side`` ("A" or "B"), loading seed 001 on the first visit."""
    if A_KEY not in st.session_state or B_KEY not in st.session_state:
        load_seed001()
    return st.session_state[SIDES[side]]


def judged_pool() -> list[float]:
    """Every judged grade: the items' true ratings (both lists hold all of them)."""
    return list(current("A").grades)


def judged_items() -> list[Item]:
    """The judged items in seed 001's numbering (item 0, item 1, …), each with its rating."""
    by_id = {item.id: item for item in current("A").items}
    return [by_id[item.id] for item in seed001_items() if item.id in by_id]


def reorder(side: str) -> Callable[[list[str]], None]:
    """A drop's callback for system ``side``: its list in the order the browser reported."""

    def store(ids: list[str]) -> None:
        st.session_state[SIDES[side]] = current(side).reordered(ids)

    return store


def change(side: str, how: Callable[[RankedList], RankedList]) -> Callable[[], None]:
    """A callback that applies ``how`` to system ``side``'s ranking."""

    def apply() -> None:
        st.session_state[SIDES[side]] = how(current(side))

    return apply
