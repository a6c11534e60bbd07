"""Around the headline (DCG@k, IDCG@k, NDCG@k: the component in ui/components/headline): its notes in
words, the summary in plain words, and the formula written out.

Each takes the run's one :class:`~ndcg_core.Ranking`, so nothing is validated or sorted twice.

On the Playground, the formula (typeset) and the summary for a slide (a copyable code block) sit
in expanders and are drawn only while open: typesetting and the code block's highlighter are
among the costliest things a drop redraws and a new tab loads, for text a learner opens when
they want it. The reading in words and the division that makes NDCG (``NDCG@5 = DCG@5 / IDCG@5 =
6.31 / 14.60 = 0.43``) stay in view, written by the headline itself (:func:`reading_lines`), so
that they change with its numbers in the frame of a drop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import streamlit as st

from ndcg_core import GAIN_FORMULAS, Headline, Ranking
from ndcg_core.teaching.formula import written_ndcg, written_sum
from ndcg_core.teaching.summary import reading_template, share_of_best, summary_of
from ui.state.settings import Settings


def headline_notes(numbers: Headline) -> None:
    """Under the three numbers: the IDCG = 0 rule when it decides NDCG."""
    if numbers.idcg_is_zero:
        st.warning(
            f"IDCG{numbers.at} = 0: nothing relevant can be placed in the top {numbers.k}. NDCG is then "
            "taken as 0, as trec_eval does (some libraries give 1, others leave the query out)."
        )


@dataclass(frozen=True)
class ReadingLines:
    """The headline's reading in words and its division, as the headline writes them: ``reading``
    with ``{share}`` where ``share`` goes, ``division`` with ``{dcg}``, ``{idcg}`` and ``{ndcg}``
    where the numbers it shows go (:func:`ui.components.headline.headline_row`)."""

    reading: str
    share: str
    division: str


def reading_lines(numbers: Headline, decimals: int) -> ReadingLines:
    """The reading (:func:`~ndcg_core.teaching.summary.plain_reading`) and NDCG as the division
    it is, "NDCG@5 = DCG@5 / IDCG@5 = {dcg} / {idcg} = {ndcg}", for the headline to fill in.

    >>> from ndcg_core import headline
    >>> lines = reading_lines(headline([0, 1, 2, 3, 2, 0, 3], 5), 2)   # seed 000
    >>> lines.share, lines.division
    ('43% of the best possible value', 'NDCG@5 = DCG@5 / IDCG@5 = {dcg} / {idcg} = {ndcg}')
    """
    return ReadingLines(
        reading=reading_template(numbers),
        share=share_of_best(numbers.ndcg),
        division=relation_line(numbers, decimals, named=True),
    )


def ndcg_division(numbers: Headline, decimals: int) -> str:
    """NDCG as the division it is, in plain text: ``NDCG@5 = DCG@5 / IDCG@5 = 6.31 / 14.60 = 0.43``.

    With IDCG = 0 there is nothing to divide by, and the sentence says what NDCG is taken as.
    """
    at = numbers.at

    def shown(value: float) -> str:  # as the metrics above show it
        return f"{value:.{decimals}f}"

    head = f"NDCG{at} = DCG{at} / IDCG{at}"
    if numbers.idcg_is_zero:
        return f"{head}, and IDCG{at} = 0: NDCG{at} is taken as {shown(numbers.ndcg)}"
    return f"{head} = {shown(numbers.dcg)} / {shown(numbers.idcg)} = {shown(numbers.ndcg)}"


def relation_line(numbers: Headline, decimals: int, *, named: bool = False) -> str:
    """The headline's line under its numbers: NDCG as the division it is, each number a
    placeholder the headline fills with the figure it shows (``{dcg}``, ``{idcg}``, ``{ndcg}``), so
    the line changes with them in the frame of a drop: "NDCG@5 = {dcg} / {idcg} = {ndcg}" (the
    large headline), or with ``named`` "NDCG@5 = DCG@5 / IDCG@5 = {dcg} / {idcg} = {ndcg}".

    With IDCG = 0 no order changes anything, and the line is :func:`ndcg_division`'s sentence.
    """
    at = numbers.at
    if numbers.idcg_is_zero:
        return ndcg_division(numbers, decimals)
    return f"NDCG{at} = " + (f"DCG{at} / IDCG{at} = " if named else "") + "{dcg} / {idcg} = {ndcg}"


def written_formula(ranking: Ranking, numbers: Headline, decimals: int) -> None:
    """DCG@k, IDCG@k and NDCG@k with every term filled in (seed 000, equations 8–10)."""
    notes = []
    for name, ordered in ((f"DCG{numbers.at}", ranking.grades), (f"IDCG{numbers.at}", ranking.ideal)):
        written = written_sum(name, ordered, numbers.k, numbers.gain, decimals)
        st.latex(written.latex)
        if written.rounding_note:
            notes.append(f"{name}: {written.rounding_note}")
    st.latex(written_ndcg(numbers, decimals))
    for note in notes:
        st.caption(note)


def stakeholder_paragraph(ranking: Ranking, labels: Sequence[str]) -> None:
    """The plain-language summary of :func:`ndcg_core.teaching.summary.summary_of`, ready to copy.

    ``st.code`` shows it as plain text (item names are never read as Markdown) with a copy button.
    """
    st.caption("In plain words, for a slide or an e-mail (the icon at the right copies it):")
    st.code(summary_of(ranking, labels), language=None, wrap_lines=True)


def comparison_paragraph(summary: str) -> None:
    """Two runs compared, in plain words (``ndcg_core.trec.comparison_verdict.stakeholder_summary``),
    ready to copy: it replaces the single list's summary when the list is a query of two runs."""
    st.caption(
        "In plain words, for a slide or an e-mail: the comparison of the two runs this query comes from "
        "(the icon at the right copies it):"
    )
    st.code(summary, language=None, wrap_lines=True)


def conventions_in_brief(settings: Settings, judged: int | str, *, gain: bool = True) -> str:
    """The conventions in force in one short line, for the classroom view's headline.

    e.g. "exponential gain 2^rel − 1 · discount 1/log2(i+1) · ideal from the 7 listed items ·
    IDCG = 0 gives NDCG = 0 (trec_eval)"; ``gain=False`` leaves the gain out (the classroom bar
    shows it in large type).
    """
    if isinstance(judged, str):  # a query of a run: the qrels' count, in words
        ideal = f"the judged pool ({judged})"
    else:
        ideal = f"the judged pool ({judged} grades)" if settings.uses_pool else f"the {judged} listed items"
    gain_part = f"{settings.gain} gain {GAIN_FORMULAS[settings.gain]} · " if gain else ""
    return f"{gain_part}discount 1/log2(i+1) · ideal from {ideal} · IDCG = 0 gives NDCG = 0 (trec_eval)"
