"""The app's pages: each one's file, title and icon, written once.

``app.py`` builds the navigation from :data:`PAGES`; a page that links to another (the lesson's
"try it", Many queries' "open in the Playground") names it by its constant here.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st


@dataclass(frozen=True)
class PageFile:
    """One page: its script (relative to ``app.py``), its title in the navigation, its icon.

    ``starts_under_the_bar``: its first screen must show the list and its numbers, so (outside
    presentation mode) its content starts just under the navigation bar (:mod:`ui.page_style`).
    """

    path: str
    title: str
    icon: str
    starts_under_the_bar: bool = False


# Material icons ship with Streamlit; an emoji needs a font that many machines (Debian's Chromium
# with fonts-dejavu-core) do not have, and shows as an empty box there.
PLAYGROUND = PageFile(
    "app_pages/playground.py", "Playground", ":material/swap_vert:", starts_under_the_bar=True
)
STEP_BY_STEP = PageFile(
    "app_pages/step_by_step.py", "Step by step", ":material/stairs:", starts_under_the_bar=True
)
VARIANTS = PageFile("app_pages/variants.py", "Variants and pitfalls", ":material/balance:")
COMPARE = PageFile("app_pages/compare.py", "Compare", ":material/compare_arrows:")
WHAT_IF = PageFile("app_pages/what_if.py", "What if", ":material/shuffle:")
MANY_QUERIES = PageFile("app_pages/many_queries.py", "Many queries", ":material/table_rows:")
PRACTICE = PageFile("app_pages/practice.py", "Practice", ":material/edit_note:")
GLOSSARY = PageFile("app_pages/glossary.py", "Glossary", ":material/menu_book:")
PAGES = (PLAYGROUND, STEP_BY_STEP, VARIANTS, COMPARE, WHAT_IF, MANY_QUERIES, PRACTICE, GLOSSARY)
#: A student's page of "Ask the class": the only page a student's link (``?class=CODE``) opens.
JOIN = PageFile("app_pages/join.py", "Answer the class question", ":material/how_to_vote:")

#: The browser tab's icon: three bars of falling height, as SVG markup. Streamlit sends it as a
#: data: URL; a ``:material/…:`` page icon is fetched from fonts.gstatic.com, which a machine
#: without internet (a classroom behind a firewall) cannot reach: an error in the console.
APP_ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
    '<path fill="#0072B2" d="M2 21V3h6v18zm7 0V9h6v12zm7 0v-6h6v6z"/></svg>'
)


def navigation() -> st.navigation:
    """Streamlit's navigation over :data:`PAGES`, at the top of the page; the Playground first."""
    pages = [st.Page(p.path, title=p.title, icon=p.icon, default=p is PLAYGROUND) for p in PAGES]
    return st.navigation(pages, position="top")


def starts_under_the_bar(page: st.Page) -> bool:
    """Whether ``page`` (what :func:`navigation` chose) starts just under the navigation bar."""
    return any(p.starts_under_the_bar and p.title == page.title for p in PAGES)


def join_navigation() -> st.navigation:
    """A student's link: the student's page alone, no menu (a phone shows the question and nothing else)."""
    return st.navigation(
        [st.Page(JOIN.path, title=JOIN.title, icon=JOIN.icon, default=True)], position="hidden"
    )


def link_to(page: PageFile, label: str) -> None:
    """A link to ``page`` with its icon."""
    st.page_link(page.path, label=label, icon=page.icon)
