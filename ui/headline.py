"""Around the headline (DCG@k, IDCG@k, NDCG@k: the component in ui/components/headline): its notes in
words, the summary in plain words, and the formula written out.

Each takes the run's one :class:`~ndcg_core.Ranking`, so nothing is validated or sorted twice.

On the Playground, the formula (typeset) and the summary for a slide (a copyable code block) sit
in expanders and are drawn only while open: typesetting and the code block's highlighter are
among the costliest things a drop redraws and a new tab loads, for text a learner opens when
they want it. The division that makes NDCG (``NDCG@5 = DCG@5 / IDCG@5 = 6.31 / 14.60 = 0.43``)
stays in view, as plain text (:func:`headline_notes`).
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from ndcg_core import GAIN_FORMULAS, Headline, Ranking, plain_reading
from ndcg_core.teaching.formula import written_ndcg, written_sum
from ndcg_core.teaching.summary import summary_of
from ui.plain_text import plain
from ui.state.settings import Settings


def headline_notes(numbers: Headline, decimals: int, *, sentences: bool = True) -> None:
    """Under the three numbers: the IDCG = 0 rule when it decides NDCG; with ``sentences``, the
    reading in words and NDCG as the division it is (one Markdown element for both)."""
    if numbers.idcg_is_zero:
        st.warning(
            f"IDCG{numbers.at} = 0: nothing relevant can be placed in the top {numbers.k}. NDCG is then "
            "taken as 0, as trec_eval does (some libraries give 1, others leave the query out)."
        )
    if sentences:
        st.markdown(f"{plain_reading(numbers)}\n\n{plain(ndcg_division(numbers, decimals))}")


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


def relation_line(numbers: Headline, decimals: int) -> str:
    """The large headline's line under its numbers: NDCG as the division it is, each number a
    placeholder the headline fills with the figure it shows (``{dcg}``, ``{idcg}``, ``{ndcg}``), so
    the line changes with them in the frame of a drop: "NDCG@5 = {dcg} / {idcg} = {ndcg}".

    With IDCG = 0 no order changes anything, and the line is :func:`ndcg_division`'s sentence.
    """
    if numbers.idcg_is_zero:
        return ndcg_division(numbers, decimals)
    return f"NDCG{numbers.at} = {{dcg}} / {{idcg}} = {{ndcg}}"


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
