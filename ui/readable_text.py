"""Captions that meet WCAG AA contrast in both of Streamlit's themes.

``st.caption`` draws in the theme's faded grey: #828180 on white is 3.88:1, under the 4.5:1 that
WCAG 1.4.3 asks of small text. A darker grey set in ``[theme.light]`` fixes the light theme but
turns the dark theme off (a config with a ``[theme.light]`` section draws light pages whatever
the base). So captions take the page's own text colour, whichever theme is on, faded by opacity:
#31333F at 78% on white is 6.3:1; #FAFAFA at 78% on #0E1117 11.1:1. Captions still look
secondary, and a theme change needs nothing from us.

A slider's value above its thumb is drawn in the theme's primary red: #cf4250 on the dark
background is 3.91:1 (axe-core found it on Compare at k = 10). It takes the page's text colour too.

A displayed formula (``st.latex``) scrolls sideways in its box when it is wider than the page, and
that box cuts whatever stands above or below its line: a fraction's numerator ("DCG@5" over
"IDCG@5") rose 3 px above it and its denominator 7 px below. The box gets room above and below,
in em, so the room grows with the formula's type (presentation mode sets formulas larger).
"""

from __future__ import annotations

import streamlit as st

from ui.charts.common import DARK_TEXT, LIGHT_TEXT

CAPTION_CSS = """
<style>
[data-testid="stCaptionContainer"] { color: inherit; opacity: 0.78; }
[data-testid="stSliderThumbValue"] { color: inherit; }
.katex-display { padding: 0.4em 0 0.5em; }
</style>
"""


def text_colour() -> str:
    """The chart text colour for the theme the browser shows (light when it cannot tell)."""
    theme = getattr(getattr(st.context, "theme", None), "type", None)
    return LIGHT_TEXT if theme == "dark" else DARK_TEXT
