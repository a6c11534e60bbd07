"""Registering one of our inline components (``st.components.v2``): its HTML, its CSS, and its
JavaScript after the helpers every component shares (``common.js``: reading the packed data,
writing a text or an attribute only when it changed).

An inline component is a module made of its own text; it cannot import another file, so the
shared helpers are put in front of each component's own code here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import streamlit as st

COMMON_JS = Path(__file__).resolve().with_name("common.js")


def inline_component(name: str, folder: Path, html: str) -> Callable[..., Any]:
    """Register component ``name`` whose ``<folder name>.css`` and ``.js`` sit in ``folder``."""
    stem = folder / folder.name
    return st.components.v2.component(
        name,
        html=html,
        css=stem.with_suffix(".css").read_text(encoding="utf-8"),
        js=COMMON_JS.read_text(encoding="utf-8") + "\n" + stem.with_suffix(".js").read_text(encoding="utf-8"),
    )
