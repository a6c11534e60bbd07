"""Judged@k: how much of a run's top k the judgments cover, and when a score rests on unjudged documents.

A document the qrels do not list for a query counts as grade 0 in NDCG, like a document judged
not relevant; but "nobody has judged it yet" is not "it is bad". Judged@k tells them apart:

    Judged@k = (documents of the top k that the qrels list for the query, whatever their grade)
               / (documents in the top k)

as ir_measures' ``Judged@k`` defines it: any judgment counts, grade 0 and negative grades too, and a
run that returns fewer than k documents for the query is divided by the number it returns. A query
the run does not answer gets 0. The top k is trec_eval's order (score descending, then document id
descending), the order every other number here uses; ir_measures breaks score ties by document id
ascending, so the two can differ only when tied scores straddle rank k.

>>> judged_share(4, 10, 10), judged_share(2, 3, 10), judged_share(0, 0, 10)
(0.4, 0.6666666666666666, 0.0)

**Mostly unjudged** (:func:`mostly_unjudged`): a run's loss on a query, or its score of 0 there,
is said to rest on unjudged documents when more than half of its top k is unjudged (Judged@k < 0.5):
"6 of B's top 10 are unjudged: judge them before concluding".
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow.compute as pc

from ndcg_core.trec.arrow_columns import to_arrow, to_numpy
from ndcg_core.trec.lines import Lines
from ndcg_core.trec.order import line_ranks

#: What a document without a judgment is called, everywhere (it counts as grade 0, but it is not a judged 0).
NOT_JUDGED = "not judged"
#: A run's top k is "mostly unjudged" when its Judged@k is below this.
MOSTLY = 0.5
#: The depth of the unjudged rule for ``ndcg`` (no cutoff): the first page of results.
WHOLE_LIST_DEPTH = 10


def column(k: int) -> str:
    """The name of the Judged@k column (``judged_10``), as the command line prints it."""
    return f"judged_{k}"


def label(k: int) -> str:
    """Judged@k as the pages write it: ``judged@10``."""
    return f"judged@{k}"


def depth_of(measure: str) -> int:
    """The k of the unjudged rule for a measure: k for ``ndcg_cut_k``, :data:`WHOLE_LIST_DEPTH` for ``ndcg``."""
    return int(measure.removeprefix("ndcg_cut_")) if measure.startswith("ndcg_cut_") else WHOLE_LIST_DEPTH


def judged_share(judged_in_top: int, retrieved: int, k: int) -> float:
    """Judged@k of one query from counts: judged documents in the top k over min(k, retrieved); 0 if none."""
    shown = min(k, retrieved)
    return judged_in_top / shown if shown else 0.0


def judged_columns(
    ranked: Lines, judged: Lines, position: np.ndarray, cutoffs: Sequence[int], verify: bool = True
) -> dict[str, np.ndarray]:
    """Judged@k per evaluated query, one column per cutoff (see the module docstring).

    ``position`` maps a query code to its row among the evaluated queries (−1: not evaluated).
    The run's lines are matched to every judgment on their (query, document) keys; ``verify``
    checks the ids behind each match (a 64-bit key collision raises the evaluation's KeyCollision,
    which evaluates again with exact keys).
    """
    if not cutoffs:
        return {}
    found = pc.index_in(to_arrow(ranked.key), value_set=to_arrow(judged.key))  # null: not judged
    lines = to_numpy(pc.indices_nonzero(pc.is_valid(found))).astype(np.int64)
    if verify:
        _check(ranked, judged, lines, to_numpy(found.drop_null()).astype(np.int64))
    ranked_lines, rank = line_ranks(ranked.query, ranked.value, ranked.docno, lines)
    n = int(position.max(initial=-1)) + 1
    where = position[ranked.query[ranked_lines]]
    retrieved_where = position[ranked.query]
    retrieved = np.bincount(retrieved_where[retrieved_where >= 0], minlength=n)
    columns = {}
    for k in sorted(set(cutoffs)):
        inside = (rank <= k) & (where >= 0)
        top = np.bincount(where[inside], minlength=n)
        shown = np.minimum(retrieved, k)
        columns[column(k)] = np.where(shown > 0, top / np.maximum(shown, 1), 0.0)
    return columns


def _check(ranked: Lines, judged: Lines, lines: np.ndarray, rows: np.ndarray) -> None:
    """Every matched pair must have the same query and document id, not only the same key."""
    from ndcg_core.trec.evaluation import KeyCollision  # evaluation imports this module

    if not np.array_equal(ranked.query[lines], judged.query[rows]):
        raise KeyCollision
    theirs = judged.docno.take(to_arrow(rows))
    if pc.all(pc.equal(ranked.docno.take(to_arrow(lines)), theirs.cast(ranked.docno.type))).as_py() is False:
        raise KeyCollision


def unjudged_in_top(share: float, retrieved: int, k: int) -> int:
    """How many of the top k (of what the run returned) are unjudged, from Judged@k."""
    shown = min(k, retrieved)
    return shown - round(share * shown)


def mostly_unjudged(share: np.ndarray | float, retrieved: np.ndarray | int) -> np.ndarray:
    """True where more than half of the top k is unjudged (Judged@k < 0.5) and the run returned something."""
    return (np.asarray(share) < MOSTLY) & (np.asarray(retrieved) > 0)
