"""Where the Compare page keeps its two rankings and its settings: this session's ``st.session_state``.

By default both rankings hold the same items with the same judgments (seed 001's eight items and
their true ratings); only their order differs. Many queries can open one query of two runs instead
(:func:`load_query_pair`): two lists that may hold different documents, and different numbers of
them, judged by one pool, the query's qrels. Each list is a :class:`~ui.state.ranked_list.RankedList`,
so a drag, an "ideal order" click and undo work as on the Playground. Nothing is stored at module
level.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from ndcg_core.metric.neighbours import G_MAX_CHOICES, SEED001_TWO_SYSTEMS
from ndcg_core.trec.evaluation import QueryList
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
#: The judged pool and what the two lists are, when they come from a query of two runs.
POOL_KEY = "compare_pool"
PAIR_KEY = "compare_query_pair"
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


@dataclass(frozen=True)
class QueryPair:
    """One query of two runs, as Compare shows it: which query and runs, its judged pool, the k.

    ``pool`` holds every judged grade above 0 of the query (its relevant documents: grades 0 and
    below add nothing to the ideal); ``judged`` counts its judged documents in the qrels, whatever
    their grade (the one definition of "judged" everywhere); ``retrieved`` what each run returned
    for it; ``unjudged`` the ids of A's and B's listed items without a judgment (shown "not
    judged", not "grade 0"). ``measure``, ``values`` and ``why`` say where it was opened from (e.g.
    B's biggest win on ndcg_cut_10, with A's and B's values there); ``text`` is the query's words
    (from a topics file) and ``summary`` the whole comparison in plain words, for a stakeholder;
    ``unjudged_note`` says when a run's loss (or 0) on this query rests on mostly unjudged documents.
    """

    qid: str
    qrels_name: str
    run_names: tuple[str, str]
    retrieved: tuple[int, int]
    pool: tuple[float, ...]
    k: int
    gain: str
    measure: str
    values: tuple[float, float]
    why: str
    judged: int = 0
    unjudged: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    text: str = ""
    summary: str = ""
    unjudged_note: str = ""

    @property
    def title(self) -> str:
        return (
            f"Query {self.qid}: A = {self.run_names[0]}, B = {self.run_names[1]}, judged by {self.qrels_name}"
        )


def query_list(side: str, top: QueryList) -> RankedList:
    """A run's top documents for one query as a list (ids ``a0``, ``a1``… or ``b0``…; names: the ids)."""
    prefix = side.lower()
    items = tuple(
        Item(f"{prefix}{index}", document, float(grade))
        for index, (document, grade) in enumerate(zip(top.documents, top.grades, strict=True))
    )
    return RankedList(items, items, next_id=len(items))


def unjudged_ids(side: str, top: QueryList) -> tuple[str, ...]:
    """The ids :func:`query_list` gives ``top``'s documents that have no judgment."""
    return tuple(f"{side.lower()}{index}" for index, judged in enumerate(top.judged) if not judged)


def unjudged(side: str) -> frozenset[str]:
    """The ids of system ``side``'s items without a judgment (none for seed 001's two systems)."""
    pair = query_pair()
    return frozenset(pair.unjudged["AB".index(side)]) if pair is not None else frozenset()


def pool_of(top: QueryList) -> tuple[float, ...]:
    """The query's judged pool above grade 0, best first: the listed judged grades and the unlisted ones."""
    return tuple(sorted([g for g in top.grades if g > 0] + list(top.unlisted_grades), reverse=True))


def load_query_pair(a: QueryList, b: QueryList, pair: QueryPair) -> None:
    """Put one query of two runs into this session: A's and B's top documents, the query's judged
    pool (the same for both: it comes from the qrels), and the pair's k and gain."""
    if pool_of(a) != pool_of(b) or pool_of(a) != pair.pool:
        raise ValueError(f"query {pair.qid}: the two lists were not judged by the same qrels")
    st.session_state[A_KEY] = query_list("A", a)
    st.session_state[B_KEY] = query_list("B", b)
    st.session_state[POOL_KEY] = list(pair.pool)
    st.session_state[PAIR_KEY] = pair
    st.session_state[K_KEY] = pair.k
    st.session_state[GAIN_KEY] = pair.gain
    st.session_state[THRESHOLD_KEY] = 1.0


def query_pair() -> QueryPair | None:
    """The query of two runs shown, or None for seed 001's two systems."""
    return st.session_state.get(PAIR_KEY)


def load_seed001() -> None:
    """Put seed 001's two systems and the default settings into this session."""
    st.session_state.pop(POOL_KEY, None)
    st.session_state.pop(PAIR_KEY, None)
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
    """Every judged grade: the query's pool for a query of two runs; for seed 001 the items' true
    ratings (both lists hold all of them)."""
    if POOL_KEY in st.session_state:
        return list(st.session_state[POOL_KEY])
    return list(current("A").grades)


def judged_items() -> list[Item]:
    """The judged items in seed 001's numbering (item 0, item 1, …), each with its rating; none for
    a query of two runs (its pool is judged_pool())."""
    if PAIR_KEY in st.session_state:
        return []
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
