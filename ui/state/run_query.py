"""A query of a run shown in the Playground: what its list cannot say by itself.

When Many queries opens a query in the Playground, the list holds the run's top documents and
their grades, a document without a judgment as grade 0. What the list alone would lose is kept
here, for as long as that query is the Playground's scenario (an edit, or another scenario, ends
it):

* which listed documents have no judgment (shown "not judged", not "grade 0");
* the query's judged documents in the qrels, whatever their grade, and how many are relevant (the
  one definition of "judged", the same count Compare and Many queries give);
* opened from two runs: the comparison in plain words for a stakeholder (what the measure
  measures, the verdict, the query that shows it best), which replaces the single-list summary.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import streamlit as st

from ui.state import scenario
from ui.state.ranked_list import RankedList

RUN_QUERY_KEY = "playground_run_query"


@dataclass(frozen=True)
class RunQuery:
    """One query of a run, as the Playground's scenario ``scenario_key`` shows it."""

    scenario_key: str
    qrels_name: str
    judged: int
    relevant: int
    unjudged: frozenset[str]  # document ids of the list without a judgment
    summary: str | None = None  # the comparison of two runs, in plain words

    @property
    def judged_words(self) -> str:
        """ "40 judged documents in qrels.txt, 26 relevant"."""
        return f"{self.judged:,} judged documents in {self.qrels_name}, {self.relevant:,} relevant"


def remember(
    qrels_name: str, judged: int, relevant: int, unjudged: Collection[str], summary: str | None = None
) -> None:
    """Note what the list just loaded cannot say by itself (call right after loading its scenario)."""
    st.session_state[RUN_QUERY_KEY] = RunQuery(
        scenario.scenario_key(), qrels_name, judged, relevant, frozenset(unjudged), summary
    )


def current() -> RunQuery | None:
    """The query of a run the Playground shows, if its scenario is still the one loaded."""
    held = st.session_state.get(RUN_QUERY_KEY)
    if held is None or held.scenario_key != scenario.scenario_key():
        return None
    return held


def unjudged_ids(ranked: RankedList) -> frozenset[str]:
    """The ids of ``ranked``'s items that are documents without a judgment (none for other lists)."""
    held = current()
    if held is None:
        return frozenset()
    return frozenset(item.id for item in ranked.items if item.name in held.unjudged)
