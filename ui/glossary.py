"""Links from the pages to the glossary page, where each term is defined once.

The definitions are the core's (:mod:`ndcg_core.teaching.glossary`); this module writes a term as
a Markdown link to its entry on the glossary page (``app_pages/glossary.py``), and gives its
definition as a widget's help text. A link in Streamlit's Markdown opens in a new tab, so the
page the learner was on keeps its state.
"""

from __future__ import annotations

from ndcg_core.teaching.glossary import anchor, definition

#: The glossary page's address, relative to any page of the app (its file is app_pages/glossary.py).
GLOSSARY_PATH = "glossary"


def term_link(term: str, text: str | None = None) -> str:
    """``term`` (or ``text``) as a Markdown link to its glossary entry; KeyError for an unknown term.

    >>> term_link("judged pool")
    '[judged pool](glossary#judged-pool)'
    """
    definition(term)
    return f"[{text or term}]({GLOSSARY_PATH}#{anchor(term)})"


def term_help(term: str) -> str:
    """The term's definition, as a widget's help text."""
    return f"**{term}**: {definition(term)}"
