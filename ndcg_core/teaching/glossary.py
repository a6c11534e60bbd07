"""The terms the app's sentences use that a learner may not know, each in one or two plain sentences.

Data for the pages: a page links a term to its entry (:func:`anchor` gives a stable id), or shows
:func:`definition` as help text where the learner first meets it. The keys are the terms as the
sentences write them.

>>> definition("judged pool")[:46]
'Every item of the query that a person has grad'
>>> anchor("IDCG = 0 gives NDCG = 0 (trec_eval)")
'idcg-0-gives-ndcg-0-trec-eval'
"""

from __future__ import annotations

import re

GLOSSARY: dict[str, str] = {
    "grade": (
        "How relevant a person judged an item to be for the query: 0 means not relevant, higher is better "
        "(often 0–3 or 0–4). Also called a relevance label or judgment."
    ),
    "gain": (
        "What an item is worth, from its grade: exponential gain 2^rel − 1 (3 → 7) rewards the best items "
        "far more than linear gain rel (3 → 3)."
    ),
    "discount": (
        "How much of an item's gain still counts at its rank: 1/log2(i + 1) is 1 at rank 1, 0.63 at rank 2, "
        "0.5 at rank 3, so lower ranks count less."
    ),
    "DCG@k": "Discounted cumulative gain: the sum of gain × discount over ranks 1 to k.",
    "ideal order": "The same judged items sorted from the best grade to the worst: the best order there can be.",
    "IDCG@k": "The DCG@k of the ideal order: the most DCG@k any order could reach.",
    "NDCG@k": (
        "DCG@k divided by IDCG@k: the share of the best possible value that the top k delivers, "
        "from 0 (nothing relevant in the top k) to 1 (the top k is in the ideal order)."
    ),
    "k (cutoff)": "Only ranks 1 to k count; items below rank k add nothing to DCG@k.",
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
    "ERR": (
        "Expected reciprocal rank: a user reads down the list and stops once satisfied; each item satisfies "
        "with a chance that grows with its grade, and ERR is the expected 1/rank at which the user stops."
    ),
    "g_max": (
        "ERR's largest possible grade: an item of grade g satisfies with chance (2^g − 1) / 2^g_max. "
        "Here it is the largest judged grade by default; gdeval and ir_measures fix g_max = 4."
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
}


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
