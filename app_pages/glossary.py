"""Glossary: every term the app's sentences use that a learner may not know, defined once.

The definitions are the core's (``ndcg_core.teaching.glossary``). Each term is a heading with a
stable anchor, so a page links a term straight to its entry (``glossary#judged-pool``, see
``ui/glossary.py``).
"""

from __future__ import annotations

import streamlit as st

from ndcg_core.teaching.glossary import GLOSSARY, anchor
from ui.plain_text import plain


def main() -> None:
    st.title("Glossary")
    st.caption(
        "The terms the pages use, each in a sentence or two. A term underlined on another page links here; "
        "the link opens in a new tab, so the page you came from keeps its list."
    )
    for term, text in GLOSSARY.items():
        st.subheader(term, anchor=anchor(term))
        st.markdown(plain(text))


main()
