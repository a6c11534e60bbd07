"""The headline (DCG@k, IDCG@k, NDCG@k), the conventions in force, and the formula written out."""

from __future__ import annotations

import numpy as np
import streamlit as st

from ndcg_core import Headline, plain_reading
from ndcg_core.metric.ranking import ideal_grades
from ndcg_core.teaching.formula import written_ndcg, written_sum
from ndcg_core.teaching.summary import stakeholder_summary


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


def written_formula(grades: list[float], pool: list[float] | None, numbers: Headline, decimals: int) -> None:
    """DCG@k, IDCG@k and NDCG@k with every term filled in (seed 000, equations 8–10)."""
    listed = np.asarray(grades, dtype=float)
    best = ideal_grades(listed, None if pool is None else np.asarray(pool, dtype=float))
    notes = []
    for name, ordered in ((f"DCG{numbers.at}", listed), (f"IDCG{numbers.at}", best)):
        written = written_sum(name, ordered, numbers.k, numbers.gain, decimals)
        st.latex(written.latex)
        if written.rounding_note:
            notes.append(f"{name}: {written.rounding_note}")
    st.latex(written_ndcg(numbers, decimals))
    for note in notes:
        st.caption(note)


def stakeholder_paragraph(
    grades: list[float], labels: list[str], numbers: Headline, pool: list[float] | None
) -> None:
    """The plain-language summary of :func:`ndcg_core.teaching.summary.stakeholder_summary`, ready to copy.

    ``st.code`` shows it as plain text (item names are never read as Markdown) with a copy button.
    """
    text = _summary(
        tuple(grades), tuple(labels), numbers.k, numbers.gain, None if pool is None else tuple(pool)
    )
    st.caption("In plain words, for a slide or an e-mail (the icon at the right copies it):")
    st.code(text, language=None, wrap_lines=True)


@st.cache_data(max_entries=256, show_spinner=False)
def _summary(
    grades: tuple[float, ...],
    labels: tuple[str, ...],
    k: int | None,
    gain: str,
    pool: tuple[float, ...] | None,
) -> str:
    """The summary, cached on its inputs only (it tries every move, and a rerun often repeats an order)."""
    return stakeholder_summary(
        list(grades), list(labels), k, gain=gain, ideal=None if pool is None else list(pool)
    )
