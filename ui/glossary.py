"""Links from the pages to the glossary page, where each term is defined once.

The definitions are the core's (:mod:`ndcg_core.teaching.glossary`); this module writes a term as
a Markdown link to its entry on the glossary page (``app_pages/glossary.py``), and gives its
definition as a widget's help text. A link in Streamlit's Markdown opens in a new tab, so the
page the learner was on keeps its state.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import streamlit as st

from ndcg_core.teaching.glossary import GLOSSARY, anchor, definition, mentions
from ui.plain_text import plain

#: The glossary page's address, relative to any page of the app (its file is app_pages/glossary.py).
GLOSSARY_PATH = "glossary"
#: The link's parameter that names the term asked for: the glossary shows it first. (Streamlit
#: neither scrolls to a ``#fragment`` on load nor keeps it once the page writes its URL.)
TERM_PARAM = "term"


def term_link(term: str, text: str | None = None) -> str:
    """``term`` (or ``text``) as a Markdown link to its glossary entry; KeyError for an unknown term.

    >>> term_link("judged pool")
    '[judged pool](glossary?term=judged-pool#judged-pool)'
    """
    definition(term)
    return f"[{text or term}]({GLOSSARY_PATH}?{TERM_PARAM}={anchor(term)}#{anchor(term)})"


def linked(text: str, seen: set[str] | None = None, *, skip: Collection[str] = ()) -> str:
    """``text`` as plain Markdown with the first mention of each glossary term linked to its entry.

    ``seen`` holds the terms a page has linked already (it is updated), so that a page links each
    term's first use only; ``skip`` names terms never linked here (an entry's own term). Everything
    else is escaped by :func:`ui.plain_text.plain`, so ``text`` may hold any characters.

    >>> linked("DCG@5 adds the gains; the gain of rank 1 counts fully", {"DCG@k"})
    'DCG@5 adds the [gains](glossary?term=gain#gain); the gain of rank 1 counts fully'
    """
    seen = set() if seen is None else seen
    parts: list[str] = []
    start = 0
    for mention in mentions(text):
        if mention.term in seen or mention.term in skip:
            continue
        seen.add(mention.term)
        parts += [plain(text[start : mention.start]), term_link(mention.term, plain(mention.text))]
        start = mention.end
    return "".join(parts) + plain(text[start:])


def asked_for(value: str | None) -> str | None:
    """The term whose anchor is ``value`` (a link's ``term`` parameter), if there is one; a term
    typed by hand (``?term=judged pool``, ``?term=P@k``) is read the same way.

    >>> asked_for("g-max"), asked_for("judged pool"), asked_for("nothing"), asked_for(None)
    ('g_max', 'judged pool', None, None)
    """
    wanted = anchor(value or "")
    return next((term for term in GLOSSARY if wanted and anchor(term) == wanted), None)


def term_help(term: str) -> str:
    """The term's definition, as a widget's help text."""
    return f"**{term}**: {definition(term)}"


def linked_note(text: str, where: Any = st) -> None:
    """A caption-sized line that holds glossary links, drawn in the page's own text colour.

    Not ``st.caption``: the app fades captions by opacity (``ui/readable_text.py``), which takes a
    link in them below WCAG's 4.5:1 (#5476C5 on white, 4.39:1). ``where`` is a column or container.
    """
    where.markdown(f":small[{text}]")
