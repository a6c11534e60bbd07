"""Glossary: every term the app's sentences use that a learner may not know, defined once.

The definitions are the core's (``ndcg_core.teaching.glossary``). Each term is a heading with a
stable anchor, so a page links a term straight to its entry (``glossary#judged-pool``, see
``ui/glossary.py``); each entry links the other terms it uses, at their first use in it.
"""

from __future__ import annotations

import streamlit as st

from ndcg_core.teaching.glossary import GLOSSARY, anchor, definition
from ui.glossary import TERM_PARAM, asked_for, linked


def main() -> None:
    st.title("Glossary")
    st.caption(
        "The terms the pages use, each in a sentence or two. A term underlined on another page links here; "
        "the link opens in a new tab, so the page you came from keeps its list."
    )
    term = asked_for(st.query_params.get(TERM_PARAM))
    if term:  # the term a link asked for, first (the whole list follows)
        with st.container(border=True):
            st.subheader(term, anchor=False)
            st.markdown(linked(definition(term), skip={term}))
    for term, text in GLOSSARY.items():
        st.subheader(term, anchor=anchor(term))
        st.markdown(linked(text, skip={term}))  # each entry links the other terms it uses


main()
