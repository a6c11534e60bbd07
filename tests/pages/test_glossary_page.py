"""The glossary page, and the links to it: every term a learner meets undefined is one click away (issue 17.9).

Each term is a heading whose anchor is :func:`ndcg_core.teaching.glossary.anchor` of it; every
``glossary#…`` link a page draws must land on one of them.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from ndcg_core.teaching.glossary import GLOSSARY, anchor, definition
from tests.pages.conftest import NewApp
from ui.navigation import COMPARE, PRACTICE, STEP_BY_STEP, VARIANTS, WHAT_IF, PageFile
from ui.navigation import GLOSSARY as GLOSSARY_PAGE
from ui.plain_text import plain
from ui.state.lesson import STEP_KEY

LINK = re.compile(r"\]\(glossary\?term=([a-z0-9-]+)#\1\)")
ANCHORS = {anchor(term) for term in GLOSSARY}
LINKED_TEXT = re.compile(r"\[([^\]]*)\]\(glossary\?term=[a-z0-9-]+#[a-z0-9-]+\)")


def unlinked(markdown: str) -> str:
    """The Markdown with every glossary link replaced by its text."""
    return LINKED_TEXT.sub(r"\1", markdown)


def texts(at: AppTest) -> str:
    """Every Markdown and caption text of the run, and every widget's help."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    for kind in ("radio", "selectbox", "number_input", "select_slider", "slider", "metric"):
        parts += [w.proto.help for w in at.get(kind) if getattr(w.proto, "help", "")]
    return "\n".join(parts)


def test_a_link_shows_its_term_first(new_app: NewApp):
    at = new_app(GLOSSARY_PAGE, params={"term": anchor("g_max")})
    assert not at.exception
    assert at.subheader[0].value == "g_max" and unlinked(at.markdown[0].value) == plain(definition("g_max"))
    assert [h.value for h in at.subheader[1:]] == list(GLOSSARY)  # then every term
    unknown = new_app(GLOSSARY_PAGE, params={"term": "no-such-term"})
    assert [h.value for h in unknown.subheader] == list(GLOSSARY)


def test_every_term_is_a_heading_with_its_anchor(app_copy: NewApp):
    at = app_copy(GLOSSARY_PAGE)
    assert not at.exception
    headings = [(h.value, h.proto.anchor) for h in at.subheader]
    assert headings == [(term, anchor(term)) for term in GLOSSARY]
    shown = [unlinked(m.value) for m in at.markdown]
    assert all(plain(definition(term)) in shown for term in GLOSSARY)


def test_each_entry_links_the_other_terms_it_uses_once(app_copy: NewApp):
    at = app_copy(GLOSSARY_PAGE)
    entries = dict(
        zip([h.value for h in at.subheader], [m.value for m in at.markdown[-len(GLOSSARY) :]], strict=True)
    )
    for term, markdown in entries.items():
        links = LINK.findall(markdown)
        assert set(links) <= ANCHORS and anchor(term) not in links, (term, links)
        assert len(links) == len(set(links)), (term, links)  # the first use only
    assert LINK.findall(entries["contribution"]) == ["dcg-k", "gain", "discount"]
    assert LINK.findall(entries["rel"]) == ["grade", "gain"]  # "the Grade column", then the gain
    assert LINK.findall(entries["AP"]) == ["p-k"]


@pytest.mark.parametrize(
    ("page", "terms"),
    [
        (
            WHAT_IF,
            [
                "judged pool",
                "IDCG = 0 gives NDCG = 0 (trec_eval)",
                "gain",
                "rel",
                "discount",
                "random-order baseline",
                "NDCG@k",
            ],
        ),  # conventions line (the pool's, via help)
        (
            VARIANTS,
            [
                "judged pool",
                "listed items",
                "IDCG = 0 gives NDCG = 0 (trec_eval)",
                "jk",
                "ties",
                "IA-NDCG",
                "grade",
                "k (cutoff)",
                "gain",
                "rel",
                "discount",
                "NDCG@k",
                "DCG@k",
                "IDCG@k",
            ],
        ),
        (
            PRACTICE,
            [
                "gain",
                "rel",
                "discount",
                "k (cutoff)",
                "grade",
                "listed items",
                "IDCG = 0 gives NDCG = 0 (trec_eval)",
                "contribution",
                "DCG@k",
                "ideal order",
                "IDCG@k",
                "NDCG@k",
            ],
        ),
        (COMPARE, ["judged pool", "IDCG = 0 gives NDCG = 0 (trec_eval)", "g_max"]),
        (STEP_BY_STEP, ["listed items", "IDCG = 0 gives NDCG = 0 (trec_eval)"]),
    ],
    ids=lambda value: value.title if isinstance(value, PageFile) else "",
)
def test_pages_link_or_define_the_terms_where_they_first_use_them(app_copy: NewApp, page: PageFile, terms):
    at = app_copy(page)
    if page is STEP_BY_STEP:
        at.session_state[STEP_KEY] = 4  # DCG@k: the conventions line
        at.run()
    shown = texts(at)
    linked = set(LINK.findall(shown))
    assert linked <= ANCHORS, linked - ANCHORS  # no link to a missing entry
    for term in terms:
        assert anchor(term) in linked or definition(term) in shown, term


def test_every_terms_link_resolves_to_its_entry(new_app: NewApp):
    """term_link of every term (those issue 24 adds among them) opens the glossary with that term first."""
    from ui.glossary import asked_for, term_link

    for term in GLOSSARY:
        link = term_link(term)
        found = LINK.search(link)
        assert found and asked_for(found.group(1)) == term, link
    for term in (
        "rel",
        "CG",
        "contribution",
        "position bias",
        "qrels",
        "run",
        "P@k",
        "R@k",
        "RR",
        "AP",
        "ERR",
    ):
        at = new_app(GLOSSARY_PAGE, params={"term": anchor(term)})
        assert not at.exception
        assert at.subheader[0].value == term, term
    at = new_app(GLOSSARY_PAGE, params={"term": anchor("p-value")})
    assert at.subheader[0].value == "p-value"


def test_practice_links_each_term_once_in_each_tab(app_copy: NewApp):
    """Each tab links a term at its first use only, the terms linked above the tabs excepted."""
    at = app_copy(PRACTICE)
    above = LINK.findall(at.markdown[0].value)
    assert {"discount", "gain", "k-cutoff"} <= set(above)
    for tab in at.tabs:
        links = [a for m in tab.markdown for a in LINK.findall(m.value)]
        assert len(links) == len(set(links)) and not set(links) & set(above), links
    exercises, table = ({a for m in tab.markdown for a in LINK.findall(m.value)} for tab in at.tabs)
    assert {"rel", "listed-items", "grade", "dcg-k", "idcg-k", "ndcg-k"} <= exercises
    assert {"rel", "contribution", "dcg-k", "ideal-order", "idcg-k", "ndcg-k"} <= table
