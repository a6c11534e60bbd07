"""Keep a widget's value when its page is not drawn.

Streamlit forgets the value of a widget that a run does not draw (the user visited another page)
and gives a widget on another page a new identity. Writing each value back as plain session state,
before any widget of this run is drawn, keeps it: the one helper every page uses for this.
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st


def keep_widget_values(keys: Iterable[str]) -> None:
    """Write each of ``keys`` that the session holds back into the session, so Streamlit keeps it."""
    for key in keys:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]
