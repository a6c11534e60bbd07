"""Make sure every page runs through ``app.py``, even on a fresh server's very first request.

Streamlit still supports its first multipage style, a ``pages/`` folder beside the entry
script. Until some session has called ``st.navigation``, a fresh server that is asked for
``/compare`` first runs ``pages/compare.py`` on its own, with that old style's sidebar and
without ``app.py`` (no wide layout, no link restore). Each page calls :func:`through_app`
first: in that one case it switches the old style off, runs ``app.py`` (which draws the
requested page through the app's own navigation) and stops the old-style run.

Streamlit's AppTest starts every run in that old style, so this also keeps page tests
faithful: each run goes through ``app.py``, as it does on a real server. A rerun in place
of running ``app.py`` would lose a button click that caused the run.
"""

from __future__ import annotations

import runpy
from pathlib import Path

import streamlit as st

APP = Path(__file__).resolve().parents[1] / "app.py"


def through_app() -> None:
    """Rerun through ``app.py`` if this run skipped it (the old ``pages/`` mode); else nothing."""
    try:
        from streamlit.runtime.pages_manager import PagesManager
    except ImportError:  # a later Streamlit without the old mode
        return
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False  # what st.navigation itself does on its first call
        runpy.run_path(str(APP), run_name="__main__")
        st.stop()
