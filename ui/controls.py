"""The controls every NDCG page shares: k, gain, where the ideal comes from, and decimals."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from ndcg_core import GAIN_FORMULAS, Gain
from ui.state.scenario import DECIMALS_KEY, GAIN_KEY, IDEAL_KEY, K_KEY, K_WANTED_KEY

IDEAL_SOURCES = ("listed items", "judged pool")
IDEAL_HELP = (
    "**listed items**: the ideal re-sorts the items in the list (scikit-learn's ndcg_score). "
    "**judged pool**: the ideal sorts every judged item of the query, also those the list "
    "left out (trec_eval, ir_measures, ranx); a list that misses relevant items cannot reach 1."
)


@dataclass(frozen=True)
class Settings:
    """What the numbers are computed under."""

    k: int
    gain: Gain
    ideal_source: str
    decimals: int

    @property
    def uses_pool(self) -> bool:
        """True when IDCG comes from the judged pool rather than the listed items."""
        return self.ideal_source == "judged pool"


def _clamp_k(largest: int) -> None:
    """Show the k the user asked for, cut to 1 … largest so the slider never errors after an edit.

    The wish is kept apart from the slider, so that emptying the list and undoing it brings k back.
    """
    wanted = st.session_state.get(K_WANTED_KEY, st.session_state.get(K_KEY, 5))
    st.session_state[K_KEY] = int(min(max(wanted, 1), max(largest, 1)))


def _remember_k() -> None:
    """The slider's callback: what the user set is what they want, until they set another."""
    st.session_state[K_WANTED_KEY] = st.session_state[K_KEY]


def settings_controls(largest_k: int) -> Settings:
    """Draw k, gain, ideal and decimals in one row and return what they are set to."""
    _clamp_k(largest_k)
    st.session_state.setdefault(GAIN_KEY, "exponential")
    st.session_state.setdefault(IDEAL_KEY, "listed items")
    st.session_state.setdefault(DECIMALS_KEY, 2)
    k_column, gain_column, ideal_column, decimals_column = st.columns([3, 2, 2, 1])
    with k_column:
        if largest_k >= 2:
            st.slider(
                "Cutoff k",
                1,
                largest_k,
                key=K_KEY,
                on_change=_remember_k,
                help="NDCG@k looks at ranks 1 to k only.",
            )
        else:
            st.markdown(f"**Cutoff k** = {st.session_state[K_KEY]}")
    with gain_column:
        st.radio(
            "Gain",
            list(GAIN_FORMULAS),
            key=GAIN_KEY,
            format_func=lambda name: f"{name}: {GAIN_FORMULAS[name]}",
            help="Exponential 2^rel − 1 rewards the best items far more; linear rel is trec_eval's default.",
        )
    with ideal_column:
        st.radio("Ideal (IDCG) from", IDEAL_SOURCES, key=IDEAL_KEY, help=IDEAL_HELP)
    with decimals_column:
        st.selectbox("Decimals", [2, 3, 4], key=DECIMALS_KEY, help="Shown rounded; computed in full.")
    return Settings(
        k=st.session_state[K_KEY],
        gain=st.session_state[GAIN_KEY],
        ideal_source=st.session_state[IDEAL_KEY],
        decimals=st.session_state[DECIMALS_KEY],
    )


def conventions_line(settings: Settings, judged: int) -> str:
    """The conventions in force, in one line to print next to the numbers."""
    ideal = f"judged pool ({judged} judged items)" if settings.uses_pool else f"listed items ({judged} items)"
    return (
        f"Gain: {settings.gain} ({GAIN_FORMULAS[settings.gain]}) · Discount: 1/log2(i+1) · "
        f"Ideal from: {ideal} · IDCG = 0 gives NDCG = 0 (trec_eval)"
    )
