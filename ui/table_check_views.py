"""Drawing for "Check my table": the learner's worked table as a form, each typed cell marked in place.

Each cell's verdict is the core's (:func:`ndcg_core.practice.table_check.check_table`) and is drawn
right under the cell: ✓ right, ✓ right given your earlier cell (an error carried forward, with the
arithmetic it follows from), or ✗ wrong with the number of its explanation below the form. The
verdict is in words; colour only repeats it. What the learner typed is never shown as raw text.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ndcg_core.practice.table_check import (
    IDEAL_COLUMNS,
    PER_RANK_COLUMNS,
    Cell,
    TableCheck,
    TableList,
    cell_key,
)
from ndcg_core.practice.worked import quotient_text, working
from ui.plain_text import plain
from ui.practice_views import worked_lists
from ui.state.practice import cell_widget_key, submit_table

#: The colour that repeats each verdict (Streamlit's theme colours, readable in both themes).
COLOURS = {"right": "green", "carried": "blue", "wrong": "red", "empty": "red", "unreadable": "red"}
TOTAL_LABELS = {
    "dcg": "DCG@{k} (the sum of the contributions)",
    "idcg": "IDCG@{k} (the sum of the ideal contributions)",
    "ndcg": "NDCG@{k} = DCG@{k} / IDCG@{k}",
}
LABELS = {
    "gain": "Gain",
    "discount": "Discount",
    "contribution": "Contribution",
    "ideal_grade": "Ideal grade",
    "ideal_gain": "Ideal gain",
    "ideal_contribution": "Ideal contribution",
}


#: A row's columns: the rank's label, then its three cells (a total sits under the last one).
ROW = (1.3, 2, 2, 2)


def mark_text(cell: Cell, number: int | None = None) -> str:
    """A cell's verdict as Markdown: the mark in words (coloured), its note, or where it is explained.

    >>> from ndcg_core.practice.table_check import check_table
    >>> checked = check_table([3, 1], 1, "linear", {"gain_1": "7", "discount_1": "1", "contribution_1": "7"})
    >>> mark_text(checked.cell("gain_1"), 1), mark_text(checked.cell("contribution_1"))
    (':red[**✗ wrong**] (see 1 below)', ':blue[**✓ right given your earlier cell**] — from your gain at rank 1\\\\: 7 × 1 = 7\\\\.0000')
    """
    text = f":{COLOURS[cell.status]}[**{cell.mark}**]"
    if number is not None:
        text += f" (see {number} below)"
    if cell.note:
        text += f" — {plain(cell.note)}"
    return text


def _field(where, source: str, column: str, rank: int | None, k: int, checked: TableCheck | None) -> None:
    """One typed cell, and its verdict right under it once the table has been checked."""
    key = cell_key(column, rank)
    label = f"{LABELS[column]} at rank {rank}" if rank else TOTAL_LABELS[column].format(k=k)
    where.text_input(label, key=cell_widget_key(source, key))
    if checked is not None:
        numbers = {cell.key: n for n, (cell, _) in enumerate(checked.explanations, start=1)}
        where.markdown(f":small[{mark_text(checked.cell(key), numbers.get(key))}]")


def _section(
    heading: str, row_label: Callable[[int], str], columns: tuple[str, ...], source: str, k: int, checked
) -> None:
    """A heading, then one row a rank: its label and its three cells, each with its mark under it.

    One row a rank, each cell labelled: on a phone the row stacks (a column header would be far
    away), where a row kept whole would scroll sideways.
    """
    st.markdown(heading)
    for rank in range(1, k + 1):
        row = st.columns(ROW, vertical_alignment="top")
        row[0].markdown(row_label(rank))
        for where, column in zip(row[1:], columns, strict=True):
            _field(where, source, column, rank, k, checked)


def table_form(source: str, chosen: TableList, checked: TableCheck | None) -> None:
    """The learner's table: the list rank by rank and DCG@k, the ideal order rank by rank and IDCG@k, NDCG@k."""
    k = min(chosen.k, len(chosen.grades))
    with st.form(f"practice_table_form_{source}"):
        _section(
            "**The list, rank by rank**: gain, discount 1/log2(i + 1), contribution = gain × discount",
            lambda rank: f"**Rank {rank}** · grade {chosen.grades[rank - 1]:g}",
            PER_RANK_COLUMNS,
            source,
            k,
            checked,
        )
        _field(st.columns(ROW)[3], source, "dcg", None, k, checked)  # under the contributions it adds
        _section(
            f"**The ideal order, rank by rank**: every listed grade sorted from best to worst, cut at k = {k}; "
            "each rank keeps the discount of the same rank above",
            lambda rank: f"**Ideal rank {rank}**",
            IDEAL_COLUMNS,
            source,
            k,
            checked,
        )
        _field(st.columns(ROW)[3], source, "idcg", None, k, checked)
        _field(st.columns(ROW)[3], source, "ndcg", None, k, checked)
        st.form_submit_button(
            "Check my table",
            type="primary",
            on_click=submit_table,
            args=(source, chosen.grades, k, chosen.gain),
        )


def table_verdict(chosen: TableList, checked: TableCheck | None) -> None:
    """How many cells are right, each wrong cell explained (numbered as marked), and the table worked out."""
    if checked is None:
        return
    wrong = len(checked.explanations)
    parts = [f"**{checked.right} of {len(checked.cells)} cells right**"]
    if checked.carried:
        parts.append(f"{checked.carried} more right given an earlier wrong cell")
    if wrong:
        parts.append(f"{wrong} wrong")
    st.markdown(", ".join(parts) + ".")
    if not wrong and not checked.carried:
        st.success("**✓ Every cell is right.**")
    elif wrong:
        lines = [
            f"{n}. **{plain(cell.name)}**: {plain(why)}"
            for n, (cell, why) in enumerate(checked.explanations, 1)
        ]
        lead = "Start with the first: the cells after it may follow from it." if wrong > 1 else ""
        st.error("**✗ What to fix.** " + lead + "\n\n" + "\n".join(lines))
    with st.expander("The whole table, worked out"):
        k = min(chosen.k, len(chosen.grades))
        top = working("The list, rank by rank", chosen.grades, k, chosen.gain, "DCG")
        ideal = sorted(chosen.grades, reverse=True)
        bottom = working(f"The ideal order, cut at k = {k}", ideal, k, chosen.gain, "IDCG")
        worked_lists((top, bottom), chosen.gain)
        st.markdown(plain(quotient_text(k, top.value, bottom.value, checked.cell("ndcg").expected)))
