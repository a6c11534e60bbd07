"""A run and its qrels: which queries they share, in words.

trec_eval evaluates the queries that are in both files (with ``-c``, the mean also counts every
judged query the run missed, as 0). When the two files share no query at all it stops ("No queries
with both results and relevance info", exit status 7), with or without ``-c``: a swapped or wrong
file is the usual cause. Here the same case raises :class:`NoSharedQueries`, whose message names a
few query ids of each file; a partial overlap is said in words (:func:`overlap_note`), since a
mean over 180 of 200 judged queries is not the mean over 200.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from ndcg_core.trec.files import TrecFileError

if TYPE_CHECKING:
    from ndcg_core.trec.evaluation import Evaluation


class NoSharedQueries(TrecFileError):
    """The run answers no query the qrels judge: nothing can be evaluated.

    trec_eval stops there too ("No queries with both results and relevance info", exit status 7),
    with or without ``-c``; the command line exits with :data:`NO_SHARED_QUERIES_STATUS`.
    """


#: trec_eval's exit status for a run and qrels without a query in common.
NO_SHARED_QUERIES_STATUS = 7
#: How many query ids of each file a message names.
QUERIES_NAMED = 3


def _query_key(qid: str) -> tuple[int, float, str]:
    """Query ids in reading order: numbers by value (9 before 10), then the others as text."""
    return (0, float(qid), qid) if qid.isdigit() else (1, 0.0, qid)


def some_queries(qids: Collection[str], count: int = QUERIES_NAMED) -> str:
    """A few query ids, in reading order: "301, 302, 303, …", "301", "301 and 302" (the caller says
    how many there are).

    >>> some_queries({"10", "9", "301", "q1"}), some_queries(["7"]), some_queries(["a", "b"])
    ('9, 10, 301, …', '7', 'a and b')
    """
    ordered = sorted(qids, key=_query_key)
    if len(ordered) <= 1:
        return "".join(ordered)
    if len(ordered) == 2:
        return f"{ordered[0]} and {ordered[1]}"
    if len(ordered) <= count:
        return f"{', '.join(ordered[:-1])} and {ordered[-1]}"
    return f"{', '.join(ordered[:count])}, …"


def no_shared_queries(qrels_name: str, run_name: str, judged: set[str], answered: set[str]) -> str:
    """Why nothing can be evaluated, naming a few query ids of each file."""
    return (
        f"{run_name} and {qrels_name} have no query in common, so there is nothing to evaluate: the run answers "
        f"{_queries(len(answered))} ({some_queries(answered)}), the qrels judge {len(judged):,} "
        f"({some_queries(judged)}). A swapped or wrong file is the usual cause. trec_eval stops here too "
        "(“No queries with both results and relevance info”)."
    )


def _queries(count: int) -> str:
    return f"{count:,} {'query' if count == 1 else 'queries'}"


def overlap_note(result: Evaluation, run_name: str = "the run", count_all: str = "-c") -> str | None:
    """What share of the judged queries the run answers, when it is not all of them (None when it is).

    ``count_all`` names the way to make the missed queries count 0 (``-c`` on the command line, the
    choice's name on the page).

    >>> from ndcg_core.trec.evaluation import Evaluation
    >>> r = Evaluation({"qid": ["1", "2"]}, (), "linear", False, ["3"], [], [])
    >>> overlap_note(r)
    'the run answers 2 of the 3 judged queries; the mean is over those 2 (with -c, the other 1 counts 0).'
    """
    missed = len(result.only_in_qrels)
    if not missed:
        return None
    evaluated = len(result.columns["qid"])
    answered = evaluated - missed if result.complete else evaluated
    judged = answered + missed
    counts = "counts" if missed == 1 else "count"
    if result.complete:
        return (
            f"{run_name} answers {answered:,} of the {judged:,} judged queries; the other {missed:,} {counts} 0 "
            f"in the mean ({count_all})."
        )
    those = "that one" if answered == 1 else f"those {answered:,}"
    return (
        f"{run_name} answers {answered:,} of the {judged:,} judged queries; the mean is over {those} "
        f"(with {count_all}, the other {missed:,} {counts} 0)."
    )


def unjudged_note(result: Evaluation, run_name: str = "the run") -> str | None:
    """The run's queries that the qrels do not judge, left out (None when there is none).

    >>> from ndcg_core.trec.evaluation import Evaluation
    >>> r = Evaluation({"qid": ["1"]}, (), "linear", False, [], ["7", "8"], [])
    >>> unjudged_note(r)
    'the run answers 2 queries that the qrels do not judge (7 and 8): left out, as trec_eval leaves them.'
    """
    if not result.only_in_run:
        return None
    return (
        f"{run_name} answers {_queries(len(result.only_in_run))} that the qrels do not judge "
        f"({some_queries(result.only_in_run)}): left out, as trec_eval leaves them."
    )
