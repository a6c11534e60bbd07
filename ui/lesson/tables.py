"""The lesson's tables: the live per-rank table of a step, and small static tables.

The list's table grows step by step: rank, item and grade first, then the core's breakdown
columns one step at a time (gain, discount, CG, contribution, DCG). It is the Playground's
per-rank table component (:func:`live_table`), redrawn cell by cell after every drop; a cell the
step's question asks for shows "?" until the answer is revealed.

Small tables that do not follow the order (the gain of each grade) are static (``st.table``).

``st.table`` reads every cell as Markdown, so an item's name goes through
:func:`plain_text` first: every Markdown sign is escaped and web addresses are kept from
turning into links. The name is then shown exactly as typed, never as markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np
import pandas as pd
import streamlit as st

from ndcg_core.teaching.formula import number
from ui.breakdown_table import HEADERS as TABLE_HEADERS
from ui.breakdown_table import beyond_k_line, cell_texts
from ui.components.rank_table import rank_table
from ui.components.rank_table.rank_table import Column
from ui.lesson.frame import Lesson

#: What a cell the question asks for shows until the answer is revealed.
HIDDEN = "?"

#: Every ASCII punctuation sign that Markdown (or Streamlit's :color[…] directives) could read.
_MARKDOWN_SIGNS = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:&^=\"'@%;,/?])")
#: A word joiner (invisible) placed in "www.", "://" and before "@", so that they do not become links.
_WORD_JOINER = "\u2060"
_AUTOLINKS = re.compile(r"(?i)(?<=www)(?=\.)|(?<=:)(?=//)|(?=@)")

BEYOND_K_STYLE = "opacity: 0.55; font-style: italic"
#: How grades are shown: as typed (3, 2.5).
GRADE_FORMAT = "{:g}"


def decimals_format(decimals: int) -> str:
    """A format that rounds for display only (the data stay exact): ``{:.2f}``."""
    return f"{{:.{decimals}f}}"


def plain_text(text: str) -> str:
    """``text`` escaped for a Markdown cell, so that it shows as typed (no bold, links or maths)."""
    unlinked = _AUTOLINKS.sub(_WORD_JOINER, str(text))
    return _MARKDOWN_SIGNS.sub(r"\\\1", unlinked)


def plain_texts(texts: Iterable[str]) -> list[str]:
    """:func:`plain_text` of each name."""
    return [plain_text(text) for text in texts]


def lesson_table(
    frame: pd.DataFrame,
    formats: Mapping[str, str | Callable[[float], str]],
    *,
    in_cutoff: Sequence[bool] | np.ndarray | None = None,
    alt: str | None = None,
) -> None:
    """A static table; numbers keep their values and are only formatted for display.

    Text columns must hold names already passed through :func:`plain_text`. Rows where
    ``in_cutoff`` is False (beyond k) are faded.
    """
    styler = frame.style.format(dict(formats))
    if in_cutoff is not None:
        beyond = ~np.asarray(in_cutoff, dtype=bool)
        styles = pd.DataFrame("", index=frame.index, columns=frame.columns)
        styles.loc[beyond, :] = BEYOND_K_STYLE
        styler = styler.apply(lambda _: styles, axis=None)
    st.table(styler, hide_index=True, alt=alt)


# ------------------------------------------------------- the list's table --

#: Discounts are shown with at least this many decimals, as the seeds print them (1.000, 0.631, …).
DISCOUNT_DECIMALS = 3

#: Headers of the core's breakdown columns that the steps reveal, in the order they appear.
HEADERS = {
    "gain": "Gain",
    "discount": "Discount",
    "cg": "CG",
    "contribution": "Contribution",
    "dcg": "DCG",
}
#: What each step adds to the list (CG skips the discount: it adds up gains alone).
GAIN_ONLY = ("gain",)
WITH_DISCOUNT = ("gain", "discount")
WITH_CG = ("gain", "cg")
EVERY_COLUMN = ("gain", "discount", "cg", "contribution", "dcg")


def value_format(decimals: int) -> Callable[[float], str]:
    """Numbers as the formulas write them: whole ones short (7), others rounded (1.26)."""
    return lambda value: number(float(value), decimals)


def within_k(table: pd.DataFrame, k: int) -> list[str]:
    """Each row's side of the cutoff, "top k" or "beyond k": shading alone would not tell everyone."""
    return [f"top {k}" if inside else "beyond k" for inside in table["in_cutoff"]]


def columns_of(table: pd.DataFrame, shown: Sequence[str], decimals: int) -> tuple[dict, dict]:
    """Rank, item, grade and the breakdown columns ``shown``, with their display formats."""
    columns = {"Rank": table["rank"], "Item": plain_texts(table["label"]), "Grade": table["relevance"]}
    formats: dict = {"Grade": GRADE_FORMAT}
    for column in shown:
        header = HEADERS[column]
        columns[header] = table[column]
        formats[header] = (
            decimals_format(max(decimals, DISCOUNT_DECIMALS))
            if column == "discount"
            else value_format(decimals)
        )
    return columns, formats


def list_table(lesson: Lesson, shown: Sequence[str] = (), *, mark_k: bool = False) -> None:
    """The list with rank, item, grade and the breakdown columns ``shown``; with ``mark_k``, the cutoff."""
    columns, formats = columns_of(lesson.table, shown, lesson.settings.decimals)
    if mark_k:
        columns["Within k"] = within_k(lesson.table, lesson.settings.k)
    lesson_table(
        pd.DataFrame(columns),
        formats,
        in_cutoff=lesson.table["in_cutoff"] if mark_k else None,
        alt="The ranked list, one row per rank",
    )


def ideal_table(lesson: Lesson) -> None:
    """The ideal order with its gain, discount, contribution and IDCG (seed 000, Table 5)."""
    table = lesson.ideal_table
    columns, formats = columns_of(
        table, ("gain", "discount", "contribution", "dcg"), lesson.settings.decimals
    )
    columns["IDCG"] = columns.pop("DCG")  # the ideal order's DCG is IDCG
    formats["IDCG"] = formats.pop("DCG")
    columns["Within k"] = within_k(table, lesson.settings.k)
    lesson_table(
        pd.DataFrame(columns), formats, in_cutoff=table["in_cutoff"], alt="The ideal order, best grade first"
    )


def live_table(
    table: Mapping[str, Sequence],
    columns: Sequence[str],
    k: int,
    decimals: int,
    *,
    key: str,
    hidden: Mapping[str, Sequence[bool]] | None = None,
    headers: Mapping[str, str] | None = None,
    large: bool = False,
) -> None:
    """The per-rank table component with ``columns`` of the core's breakdown ``table``.

    Discounts get at least :data:`DISCOUNT_DECIMALS` decimals; ``hidden[column][i]`` shows "?" in
    that cell (what the question asks); ``headers`` renames a column's header.
    """
    names = {**TABLE_HEADERS, **(headers or {})}
    kinds = {"rank": "rank", "label": "item"}
    texts = []
    for column in columns:
        places = max(decimals, DISCOUNT_DECIMALS) if column == "discount" else decimals
        cells = cell_texts(table, column, places)
        masked = (hidden or {}).get(column)
        if masked is not None:
            cells = [HIDDEN if hide else cell for cell, hide in zip(cells, masked, strict=True)]
        texts.append(cells)
    rank_table(
        [Column(names[column], kinds.get(column, "number")) for column in columns],
        [list(row) for row in zip(*texts, strict=True)],
        [not inside for inside in np.asarray(table["in_cutoff"])],
        key=key,
        label=f"The ranked list, rank by rank, k = {k}",
        cut=beyond_k_line(table, k) or "",
        size="large" if large else "normal",
    )
