"""The controls every NDCG page shares: k, gain, where the ideal comes from, and decimals.

The values live in the session (:mod:`ui.state.scenario`); this module only draws them.
"""

from __future__ import annotations

import streamlit as st

from ndcg_core import GAIN_FORMULAS
from ui.state import scenario
from ui.state.ranked_list import RankedList
from ui.state.settings import DECIMAL_CHOICES, IDEAL_SOURCES, Settings

IDEAL_HELP = (
    "**listed items**: the ideal re-sorts the items in the list (scikit-learn's ndcg_score). "
    "**judged pool**: the ideal sorts every judged item of the query, also those the list "
    "left out (trec_eval, ir_measures, ranx); a list that misses relevant items cannot reach 1."
)


def settings_controls(ranked: RankedList) -> Settings:
    """Draw k, gain, ideal and decimals in one row and return what they are set to."""
    largest = scenario.largest_k(ranked)
    settings = scenario.current_settings(ranked)
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
        st.radio("Ideal (IDCG) from", IDEAL_SOURCES, key=scenario.IDEAL_KEY, help=IDEAL_HELP)
    with decimals_column:
        st.selectbox(
            "Decimals", DECIMAL_CHOICES, key=scenario.DECIMALS_KEY, help="Shown rounded; computed in full."
        )
    return scenario.read_settings()


def conventions_line(settings: Settings, judged: int) -> str:
    """The conventions in force, in one line to print next to the numbers."""
    ideal = f"judged pool ({judged} judged items)" if settings.uses_pool else f"listed items ({judged} items)"
    return (
        f"Gain: {settings.gain} ({GAIN_FORMULAS[settings.gain]}) · Discount: 1/log2(i+1) · "
        f"Ideal from: {ideal} · IDCG = 0 gives NDCG = 0 (trec_eval)"
    )
