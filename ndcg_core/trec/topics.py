"""Query texts: a TREC topics file, or ``qid<TAB>text`` lines, read into {query id: text}.

Optional beside the qrels and runs: with it, tables and charts put each query's words next to its
id ("435: curbing population growth"), which a reader outside the team needs.

Two forms are read:

* TREC topics: ``<top>`` blocks with ``<num> Number: 401`` and ``<title> text`` (the title is the
  query; ``<desc>`` and ``<narr>`` are skipped);
* one query a line, ``qid<TAB>text`` (MS MARCO's ``queries.tsv``; a blank line or one starting
  with ``#`` is skipped).

>>> read_topics(b"<top>\\n<num> Number: 401\\n<title> foreign minorities, Germany\\n<desc> Description:\\nx\\n</top>")
{'401': 'foreign minorities, Germany'}
>>> read_topics(b"q1\\tbluetooth headphones\\nq2\\tnoise cancelling\\n")
{'q1': 'bluetooth headphones', 'q2': 'noise cancelling'}
"""

from __future__ import annotations

import re

from ndcg_core.metric.validation import NDCGInputError

#: The most characters of a query's text kept (a title is a few words; a label must stay short).
LONGEST = 200
_TOP = re.compile(r"<top>(.*?)(?:</top>|(?=<top>)|\Z)", re.DOTALL | re.IGNORECASE)
_NUM = re.compile(r"<num>\s*(?:Number:)?\s*(\S+)", re.IGNORECASE)
_TITLE = re.compile(r"<title>\s*(?:Topic:)?\s*(.*?)\s*(?=<\w+>|</top>|\Z)", re.DOTALL | re.IGNORECASE)


class TopicsError(NDCGInputError):
    """A topics file that is neither TREC topics nor ``qid<TAB>text`` lines."""


def read_topics(data: bytes, name: str = "topics") -> dict[str, str]:
    """Query id → text, from a TREC topics file or ``qid<TAB>text`` lines (see the module docstring)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    topics = _trec_topics(text) if "<top>" in text.lower() else _tab_lines(text, name)
    if not topics:
        raise TopicsError(
            f"{name}: no query found. A topics file is TREC topics (<top> <num> Number: 401 <title> …) "
            "or one query a line: the query id, a tab, its text."
        )
    return topics


def _clean(text: str) -> str:
    """One line, single spaces, at most :data:`LONGEST` characters."""
    words = " ".join(text.split())
    return words if len(words) <= LONGEST else words[: LONGEST - 1] + "…"


def _trec_topics(text: str) -> dict[str, str]:
    topics = {}
    for block in _TOP.findall(text):
        number, title = _NUM.search(block), _TITLE.search(block)
        if number and title and title.group(1).strip():
            topics[number.group(1)] = _clean(title.group(1))
    return topics


def _tab_lines(text: str, name: str) -> dict[str, str]:
    topics = {}
    for row, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        qid, tab, words = line.partition("\t")
        if not tab or not qid.strip() or not words.strip():
            raise TopicsError(
                f"{name}, line {row}: expected the query id, a tab, then its text (or TREC topics), "
                f"found {line[:60]!r}."
            )
        topics[qid.strip()] = _clean(words)
    return topics


def labelled(qid: str, topics: dict[str, str] | None, longest: int = 40) -> str:
    """A query id with its text when there is one, shortened: "435: curbing population growth".

    >>> labelled("435", {"435": "curbing population growth"}), labelled("9", {}), labelled("1", {"1": "x" * 50}, 10)
    ('435: curbing population growth', '9', '1: xxxxxxxxx…')
    """
    words = (topics or {}).get(qid)
    if not words:
        return qid
    return f"{qid}: {words if len(words) <= longest else words[: longest - 1] + '…'}"
