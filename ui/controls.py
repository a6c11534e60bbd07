"""The controls every NDCG page shares: k, gain, where the ideal comes from, and decimals.

The values live in the session (:mod:`ui.state.scenario`); this module only draws them.
"""

from __future__ import annotations

from typing import Literal

import streamlit as st

from ndcg_core import GAIN_FORMULAS
from ui.glossary import term_help, term_link
from ui.state import run_query, scenario
from ui.state.ranked_list import RankedList
from ui.state.settings import DECIMAL_CHOICES, DEFAULTS, IDEAL_SOURCES, JUDGED_POOL, LISTED_ITEMS, Settings

#: How the app names its IDCG = 0 convention (a glossary term).
EMPTY_IDEAL_TERM = "IDCG = 0 gives NDCG = 0 (trec_eval)"


def settings_controls(
    ranked: RankedList, *, stacked: bool = False, layout: Literal["row", "column"] = "row"
) -> Settings:
    """Draw k, gain, ideal and decimals in one row (``stacked``: k above the other three, for a
    narrow column; ``layout="column"``: each under the other, for a popover) and return what
    they are set to.

    Call :func:`ui.state.scenario.keep_settings` at the top of the page first: a widget of the
    same key on another page is a new widget to Streamlit, which would forget the value.
    """
    largest = scenario.largest_k(ranked)
    settings = scenario.current_settings(ranked)
    if layout == "column":
        k_column = gain_column = ideal_column = decimals_column = st.container()
    elif stacked:
        k_column = st.container()
        gain_column, ideal_column, decimals_column = st.columns([2.2, 2, 1.1])
    else:
        k_column, gain_column, ideal_column, decimals_column = st.columns([3, 2, 2, 1])
    with k_column:
        if largest >= 2:
            st.slider(
                "Cutoff k",
                1,
                largest,
                key=scenario.K_KEY,
                on_change=scenario.remember_k,
                help="NDCG@k looks at ranks 1 to k only.",
            )
        elif largest == 1:
            st.markdown(f"**Cutoff k** = {settings.k}")
        else:  # an empty list: no k to choose (the one asked for comes back with the items)
            st.markdown("**Cutoff k**: no items to rank yet")
    with gain_column:
        st.radio(
            "Gain",
            list(GAIN_FORMULAS),
            key=scenario.GAIN_KEY,
            format_func=lambda name: f"{name}: {GAIN_FORMULAS[name]}",
            help="Exponential 2^rel − 1 rewards the best items far more; linear rel is trec_eval's default.",
        )
    with ideal_column:
        st.radio(
            "Ideal (IDCG) from",
            IDEAL_SOURCES,
            key=scenario.IDEAL_KEY,
            help=f"{term_help(LISTED_ITEMS)}\n\n{term_help(JUDGED_POOL)}",
        )
    with decimals_column:
        decimals_control()
    return scenario.read_settings()


def decimals_control() -> int:
    """The one Decimals setting every page shares (the same session key wherever it is drawn).

    The shared list is loaded first: loading the default scenario on a first visit writes the
    settings, which it could not do once this widget is drawn.
    """
    scenario.current_list()
    st.session_state.setdefault(scenario.DECIMALS_KEY, DEFAULTS.decimals)
    st.selectbox(
        "Decimals",
        DECIMAL_CHOICES,
        key=scenario.DECIMALS_KEY,
        help="Shown rounded; computed in full. One setting for every page; where two numbers that "
        "differ would round alike, more digits are shown.",
    )
    return int(st.session_state[scenario.DECIMALS_KEY])


def conventions_line(
    settings: Settings, judged: int | str, *, linked: bool = False, basics: bool = False
) -> str:
    """The conventions in force, in one line to print next to the numbers.

    With ``linked``, the terms a newcomer may not know link to their glossary entries; with
    ``basics`` too, so do gain, rel and discount (on a page where this line is their first use).
    ``judged`` is the pool's size, or its words for a query of a run ("40 judged documents in
    qrels.txt, 26 relevant": the qrels' count, not the list's).
    """
    word = term_link if linked else lambda term, text=None: text or term
    basic = word if basics else lambda term, text=None: text or term
    source = JUDGED_POOL if settings.uses_pool else LISTED_ITEMS
    if isinstance(judged, str):
        ideal = f"{word(source)} ({judged})"
    else:
        ideal = (
            f"{word(source)} ({judged} judged items)"
            if settings.uses_pool
            else f"{word(source)} ({judged} items)"
        )
    formula = GAIN_FORMULAS[settings.gain].replace("rel", basic("rel"))
    return (
        f"{basic('gain', 'Gain')}: {settings.gain} ({formula}) · {basic('discount', 'Discount')}: 1/log2(i+1) · "
        f"Ideal from: {ideal} · {word(EMPTY_IDEAL_TERM)}"
    )


def judged_count(ranked: RankedList, uses_pool: bool) -> int | str:
    """The judged items the ideal is built from: the pool's or the list's size; for a query of a run,
    the qrels' count of judged documents and of relevant ones (a listed unjudged document is not one)."""
    held = run_query.current()
    if held is not None and uses_pool:
        return held.judged_words
    return len(ranked.pool()) if uses_pool else len(ranked.items)
