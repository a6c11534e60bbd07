"""The headline (DCG@k, IDCG@k, NDCG@k), the summary in plain words, and the formula written out.

Each takes the run's one :class:`~ndcg_core.Ranking`, so nothing is validated or sorted twice.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from ndcg_core import Headline, Ranking, plain_reading
from ndcg_core.teaching.formula import written_ndcg, written_sum
from ndcg_core.teaching.summary import summary_of


def headline_metrics(numbers: Headline, decimals: int) -> None:
    """Three large numbers, each with its name and k."""
    dcg_column, idcg_column, ndcg_column = st.columns(3)
    dcg_column.metric(f"DCG{numbers.at}", f"{numbers.dcg:.{decimals}f}")
    idcg_column.metric(f"IDCG{numbers.at}", f"{numbers.idcg:.{decimals}f}")
    ndcg_column.metric(f"NDCG{numbers.at}", f"{numbers.ndcg:.{decimals}f}")
    if numbers.idcg_is_zero:
        st.warning(
            f"IDCG{numbers.at} = 0: nothing relevant can be placed in the top {numbers.k}. "
            "NDCG is then taken as 0, as trec_eval does (some libraries give 1, others leave the query out)."
        )
    st.markdown(plain_reading(numbers))


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
