"""Tables as text for a deck, a notebook or a paper: CSV, a GitHub Markdown table, a LaTeX table.

Pure functions of a pandas DataFrame, no Streamlit. CSV keeps every number in full precision;
Markdown and LaTeX round floats to ``decimals`` for display. Cell text is always text: a pipe
cannot split a Markdown row, and LaTeX's special characters are escaped, so an item called
``50% off & free_ship {x} #1`` neither breaks the table nor runs a command; in a CSV, text that a
spreadsheet would run as a formula (``=HYPERLINK(…)``, ``+cmd|…``, ``-2+3``, ``@SUM(…)``: OWASP's
"CSV injection") is written with a leading apostrophe, so it stays text.

>>> import pandas as pd
>>> frame = pd.DataFrame({"item": ["a|b"], "dcg": [6.3093]})
>>> print(to_markdown(frame, 2), end="")
| item | dcg |
| --- | ---: |
| a\\|b | 6.31 |
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Collection

import numpy as np
import pandas as pd
from pandas.api.types import is_bool_dtype, is_numeric_dtype

#: LaTeX's special characters (and a few that its default fonts typeset wrongly), as text.
LATEX_ESCAPES: dict[str, str] = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    "[": "{[}",  # a row starting with [ would be read as \\[length]
    "]": "{]}",
    "*": "{*}",  # likewise \\*
    "−": r"\textminus{}",
    "≤": r"\ensuremath{\leq}",
    "≥": r"\ensuremath{\geq}",
    "×": r"\texttimes{}",
    "α": r"\ensuremath{\alpha}",  # a comparison's threshold: LaTeX's default input has no Greek letters
    "√": r"\ensuremath{\surd}",
}
_LATEX_SPECIAL = re.compile("|".join(re.escape(c) for c in LATEX_ESCAPES))
# Every character Python's str.splitlines() breaks at, and other control characters.
_LINE_BREAKS = re.compile(r"[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]+")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")


#: A spreadsheet reads a cell that starts with one of these as a formula (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def spreadsheet_text(text: str) -> str:
    """``text`` as a spreadsheet will show it, never run it: a leading apostrophe where it would start a formula.

    A plain number written as text (a document id ``-5``) is left alone: a spreadsheet reads it
    as that number, which runs nothing.

    >>> print(*(spreadsheet_text(t) for t in ['=HYPERLINK("x")', "-2+3", "@SUM(1+1)", "-5", "Bose"]))
    '=HYPERLINK("x") '-2+3 '@SUM(1+1) -5 Bose
    """
    if text.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def one_line(text: object) -> str:
    """``text`` as one line: line breaks become a space, other control characters go."""
    return _CONTROL.sub("", _LINE_BREAKS.sub(" ", str(text)))


def latex_escape(text: object) -> str:
    """``text`` with every LaTeX special character written as a literal character.

    >>> latex_escape("50% & $9 #1 a_b {x} ~ ^ \\\\")
    '50\\\\% \\\\& \\\\$9 \\\\#1 a\\\\_b \\\\{x\\\\} \\\\textasciitilde{} \\\\textasciicircum{} \\\\textbackslash{}'
    """
    return _LATEX_SPECIAL.sub(lambda match: LATEX_ESCAPES[match.group()], one_line(text))


def markdown_escape(text: object) -> str:
    """``text`` safe inside one cell of a GitHub pipe table: one line, pipes escaped."""
    return one_line(text).replace("|", r"\|")


def _numeric_columns(frame: pd.DataFrame) -> list[bool]:
    """True for each column holding numbers (not booleans): right-aligned and rounded."""
    return [is_numeric_dtype(frame[c]) and not is_bool_dtype(frame[c]) for c in frame.columns]


def _cell(value: object, decimals: int, as_typed: bool) -> str:
    """One value as display text: floats rounded to ``decimals`` (``%g`` when ``as_typed``)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool | np.bool_):
        return "yes" if value else "no"
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        number = float(value)
        if math.isnan(number):
            return ""
        return f"{number:g}" if as_typed else f"{number:.{decimals}f}"
    return str(value)


def display_cells(frame: pd.DataFrame, decimals: int, as_typed: Collection[str] = ()) -> list[list[str]]:
    """Every cell of ``frame`` as display text, row by row (numbers rounded, text unchanged)."""
    rows = []
    for values in frame.itertuples(index=False, name=None):
        rows.append(
            [_cell(v, decimals, name in as_typed) for name, v in zip(frame.columns, values, strict=True)]
        )
    return rows


def to_csv(frame: pd.DataFrame) -> str:
    """The table as CSV with a header row and every number in full precision (no index).

    Numbers (negative ones too) are written as numbers. Every text cell is quoted, so a comma,
    a quote, a line feed or a carriage return inside it stays inside it, and text that would
    start a formula gets a leading apostrophe (:func:`spreadsheet_text`).
    """
    safe = frame.rename(columns=lambda name: spreadsheet_text(str(name)))
    for column, numeric in zip(safe.columns, _numeric_columns(safe), strict=True):
        if not numeric and not is_bool_dtype(safe[column]):
            safe[column] = [spreadsheet_text(v) if isinstance(v, str) else v for v in safe[column]]
    return safe.to_csv(index=False, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)


def to_markdown(
    frame: pd.DataFrame, decimals: int, *, as_typed: Collection[str] = (), caption: str | None = None
) -> str:
    """A GitHub pipe table: numbers rounded to ``decimals`` and right-aligned, ``|`` in cells escaped.

    Columns named in ``as_typed`` (grades, say) are written as typed (``%g``), not rounded. A
    ``caption`` goes above the table as ``Table: …`` (pandoc reads it as the table's caption; on
    GitHub it is a line of text).
    """
    header = [markdown_escape(c) for c in frame.columns]
    rule = ["---:" if numeric else "---" for numeric in _numeric_columns(frame)]
    body = [[markdown_escape(cell) for cell in row] for row in display_cells(frame, decimals, as_typed)]
    table = "\n".join("| " + " | ".join(cells) + " |" for cells in [header, rule, *body]) + "\n"
    return table if caption is None else f"Table: {one_line(caption)}\n\n{table}"


def to_latex(
    frame: pd.DataFrame, decimals: int, caption: str | None = None, *, as_typed: Collection[str] = ()
) -> str:
    """A booktabs table (``\\usepackage{booktabs}``): one column per column, text escaped.

    With a ``caption``, the tabular sits in a ``table`` float with that caption (escaped too).
    Columns named in ``as_typed`` are written as typed (``%g``), not rounded.
    """
    spec = "".join("r" if numeric else "l" for numeric in _numeric_columns(frame))
    header = " & ".join(latex_escape(c) for c in frame.columns)
    body = [
        " & ".join(latex_escape(cell) for cell in row) + r" \\"
        for row in display_cells(frame, decimals, as_typed)
    ]
    tabular = [
        "% Needs \\usepackage{booktabs} in the preamble.",
        f"\\begin{{tabular}}{{{spec}}}",
        r"\toprule",
        header + r" \\",
        r"\midrule",
        *body,
        r"\bottomrule",
        r"\end{tabular}",
    ]
    if caption is not None:
        tabular = [
            r"\begin{table}[htbp]",
            r"\centering",
            f"\\caption{{{latex_escape(caption)}}}",
            *tabular,
            r"\end{table}",
        ]
    return "\n".join(tabular) + "\n"
