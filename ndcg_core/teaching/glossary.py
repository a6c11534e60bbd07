"""The terms the app's sentences use that a learner may not know, each in one or two plain sentences.

Data for the pages: a page links a term to its entry (:func:`anchor` gives a stable id), or shows
:func:`definition` as help text where the learner first meets it. The keys are the terms as the
sentences write them.

>>> definition("judged pool")[:46]
'Every item of the query that a person has grad'
>>> anchor("IDCG = 0 gives NDCG = 0 (trec_eval)")
'idcg-0-gives-ndcg-0-trec-eval'

:func:`mentions` finds where a sentence uses a term (by the words of :data:`FORMS`), so that a page
links each term's first use:

>>> [(m.term, m.text) for m in mentions("Gain 2^rel − 1; NDCG@5 = DCG@5 / IDCG@5, not IA-NDCG.")]
[('gain', 'Gain'), ('rel', 'rel'), ('NDCG@k', 'NDCG@5'), ('DCG@k', 'DCG@5'), ('IDCG@k', 'IDCG@5'), ('IA-NDCG', 'IA-NDCG')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

GLOSSARY: dict[str, str] = {
    # The list and its numbers, in the order the lesson meets them.
    "grade": (
        "How relevant a person judged an item to be for the query: 0 means not relevant, higher is better "
        "(often 0–3 or 0–4). Also called a relevance label or judgment."
    ),
    "rel": (
        "rel_i, or rel, is the grade of the item at rank i: the Grade column of the tables. The formulas "
        "write rel where the tables write Grade, so for grade 3 the exponential gain 2^rel − 1 is 2^3 − 1 = 7."
    ),
    "gain": (
        "What an item is worth, from its grade: exponential gain 2^rel − 1 (3 → 7) rewards the best items "
        "far more than linear gain rel (3 → 3)."
    ),
    "position bias": (
        "People look at the top of a ranked list first and most, and many stop before its end: the lower an "
        "item's rank, the less likely it is to be seen or clicked, however relevant it is. The discount models "
        "this by counting a lower rank's gain less."
    ),
    "discount": (
        "How much of an item's gain still counts at its rank: 1/log2(i + 1) is 1 at rank 1, 0.63 at rank 2, "
        "0.5 at rank 3, so lower ranks count less."
    ),
    "contribution": (
        "What one rank adds to DCG@k: its gain × its discount, gain_i / log2(i + 1). DCG@k is the sum of the "
        "contributions of ranks 1 to k; a rank below k contributes nothing."
    ),
    "CG": (
        "Cumulative gain: CG@k is the sum of the gains at ranks 1 to k, with no discount. It sees which items "
        "are in the top k but not their order: reordering inside the top k leaves CG@k unchanged."
    ),
    "DCG@k": "Discounted cumulative gain: the sum of gain × discount over ranks 1 to k.",
    "ideal order": "The same judged items sorted from the best grade to the worst: the best order there can be.",
    "IDCG@k": "The DCG@k of the ideal order: the most DCG@k any order could reach.",
    "NDCG@k": (
        "DCG@k divided by IDCG@k: the share of the best possible value that the top k delivers, "
        "from 0 (nothing relevant in the top k) to 1 (the top k is in the ideal order)."
    ),
    "k (cutoff)": "Only ranks 1 to k count; items below rank k add nothing to DCG@k.",
    # Conventions: where the ideal comes from, what IDCG = 0 gives, discounts, ties.
    "listed items": (
        "The ideal is built from the grades of the items the list shows (scikit-learn, LightGBM): "
        "it measures how well those items are ordered, and missing a relevant item costs nothing."
    ),
    "judged pool": (
        "Every item of the query that a person has graded, listed or not (trec_eval, ir_measures, ranx). "
        "With the ideal from the judged pool, a list that misses relevant items cannot reach NDCG = 1."
    ),
    "IDCG = 0 gives NDCG = 0 (trec_eval)": (
        "When nothing relevant is judged (or listed), IDCG = 0 and DCG / IDCG is 0/0. trec_eval and "
        "scikit-learn take it as 0; LightGBM and XGBoost take it as 1; others leave the query out of the average."
    ),
    "IDCG = 0 gives 1 (LightGBM, XGBoost)": (
        "The opposite convention: a query with nothing relevant scores NDCG = 1, which lifts an average "
        "over queries. Say which one a reported average used."
    ),
    "jk": (
        "Järvelin and Kekäläinen's original discount (2002), with a log base b: ranks below b keep their "
        "whole gain, rank i ≥ b is divided by log_b(i). With b = 2, ranks 1 and 2 both count fully."
    ),
    "ties": (
        "Items with equal scores have no order of their own: trec_eval orders them by document id, "
        "scikit-learn averages over their orders, LightGBM keeps them in input order (a stable sort)."
    ),
    "stable sort": "A sort that keeps items with equal keys in the order they came in.",
    "binary labels": (
        "Grades cut to relevant (1) or not (0). NDCG still works, but every order of the relevant items "
        "then scores the same: the grades' information is lost."
    ),
    "random-order baseline": (
        "What NDCG@k a random order of the same items scores on average. It depends on the query: "
        "a list where most items are relevant scores high even at random."
    ),
    "intent": (
        "One thing a user may mean by an ambiguous query (\u201cjaguar\u201d: the car or the animal); "
        "each intent has its own grades and a probability."
    ),
    "IA-NDCG": (
        "Intent-aware NDCG: NDCG computed under each intent's grades, averaged with the intents' "
        "probabilities, IA-NDCG = Σ_j P(j) · NDCG_j."
    ),
    # Many queries and their files, and NDCG's neighbours (Compare).
    "qrels": (
        "Query relevance judgments: the grades people gave, one line per query and document. In TREC format "
        "a line reads “qid iter docno rel” (trec_eval ignores iter); a query's lines are its judged pool."
    ),
    "run": (
        "A system's ranked results for a set of queries, one line per retrieved document, in TREC format "
        "“qid Q0 docno rank score tag”. trec_eval orders each query's documents by score, highest first "
        "(ties by docno, descending), not by the rank column."
    ),
    "P@k": (
        "Precision at k: the share of the top k that is relevant, (relevant items in the top k) / k, relevant "
        "meaning a grade at or above the threshold (1 by default, as in trec_eval). It divides by k even when "
        "fewer items are listed, and sees neither grades nor order."
    ),
    "R@k": (
        "Recall at k: the share of the relevant judged items that the top k holds, (relevant items in the top "
        "k) / R. R counts the relevant items of the judged pool (of the list, when the ideal comes from the "
        "listed items); with R = 0, R@k is 0."
    ),
    "RR": (
        "Reciprocal rank: 1 / the rank of the first relevant item (1 at rank 1, 0.5 at rank 2, 0.33 at rank 3), "
        "0 when the top k holds none. It ignores every item after the first relevant one; its mean over "
        "queries is MRR."
    ),
    "AP": (
        "Average precision: P@i added over the ranks i ≤ k that hold a relevant item, then divided by R, every "
        "relevant judged item, found or not (trec_eval's map). Each relevant item the list misses lowers AP; "
        "its mean over queries is MAP."
    ),
    "ERR": (
        "Expected reciprocal rank (Chapelle et al., 2009): a user reads down the list and stops at the first "
        "item that satisfies them, which an item of grade g does with chance (2^g − 1) / 2^g_max. ERR@k is "
        "the expected 1/rank at which they stop (0 if not by k)."
    ),
    "g_max": (
        "ERR's largest possible grade: an item of grade g satisfies with chance (2^g − 1) / 2^g_max. "
        "Here it is the largest judged grade by default; gdeval and ir_measures fix g_max = 4."
    ),
    "p-value": (
        "In a paired test of two runs over the same queries (t-test, randomization test): the chance of a mean "
        "difference at least as large as the one seen if the two systems were interchangeable. It is neither "
        "the chance that they are, nor the size of the difference."
    ),
}


#: How a sentence writes each term (regular expressions; a lower-case first letter also matches its
#: capital). A form matches whole words only: "DCG" is not found inside "NDCG", nor "RR" inside "ERR".
#: A term's own name is always one of its forms; the conventions' long names have no other.
FORMS: dict[str, tuple[str, ...]] = {
    "grade": (r"grades?",),
    "rel": (r"rel(?:_i)?",),
    "gain": (r"gains?",),
    "position bias": (r"position bias",),
    "discount": (r"discounts?",),
    "contribution": (r"contributions?",),
    "CG": (r"CG(?:@\w+)?", r"cumulative gain"),
    "DCG@k": (r"DCG(?:@\w+)?", r"discounted cumulative gain"),
    "ideal order": (r"ideal order",),
    "IDCG@k": (r"IDCG(?:@\w+)?",),
    "NDCG@k": (r"NDCG(?:@\w+)?",),
    "k (cutoff)": (r"cutoffs?", r"k = \d+"),
    "listed items": (r"listed items",),
    "judged pool": (r"judged pool",),
    "IDCG = 0 gives NDCG = 0 (trec_eval)": (r"NDCG = 0 when IDCG = 0(?: \(trec_eval\))?",),
    "jk": (r"Järvelin(?:–| and )Kekäläinen",),
    "ties": (r"ties",),
    "stable sort": (r"stable sort",),
    "binary labels": (r"binary labels",),
    "random-order baseline": (r"random-order baseline",),
    "intent": (r"intents?",),
    "IA-NDCG": (r"IA-NDCG", r"intent-aware NDCG"),
    "qrels": (r"qrels",),
    "run": (r"runs?",),
    "P@k": (r"P@\w+", r"precision"),
    "R@k": (r"R@\w+", r"recall"),
    "RR": (r"RR", r"reciprocal rank"),
    "AP": (r"AP(?:@\w+)?", r"average precision"),
    "ERR": (r"ERR(?:@\w+)?", r"expected reciprocal rank"),
    "g_max": (r"g_max",),
    "p-value": (r"p-values?",),
}


@dataclass(frozen=True)
class Mention:
    """Where a text uses a term: ``text[start:end]``, the words as written."""

    start: int
    end: int
    term: str
    text: str


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    found = []
    for term in GLOSSARY:
        for form in (re.escape(term), *FORMS.get(term, ())):
            if form[0].islower():
                form = f"[{form[0]}{form[0].upper()}]{form[1:]}"
            found.append((term, re.compile(rf"(?<![\w@-]){form}(?![\w@-])")))
    return tuple(found)


def mentions(text: str) -> list[Mention]:
    """Every use of a glossary term in ``text``, left to right; where two overlap, the longer wins."""
    found = sorted(
        (
            Mention(m.start(), m.end(), term, m.group())
            for term, pattern in _patterns()
            for m in pattern.finditer(text)
        ),
        key=lambda m: (m.start, m.start - m.end),
    )
    kept: list[Mention] = []
    for mention in found:
        if not kept or mention.start >= kept[-1].end:
            kept.append(mention)
    return kept


def definition(term: str) -> str:
    """The plain definition of ``term``; :class:`KeyError` naming the known terms if there is none."""
    try:
        return GLOSSARY[term]
    except KeyError:
        known = ", ".join(GLOSSARY)
        raise KeyError(f"No glossary entry {term!r}; the terms are: {known}.") from None


def anchor(term: str) -> str:
    """A stable id for a term's entry, for links: lower case, words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", term.lower()).strip("-")
