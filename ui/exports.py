"""Download buttons: a table as CSV, Markdown and LaTeX; a chart as PNG and SVG.

The text of each table format comes from :mod:`ndcg_core.export`. Streamlit's own chart toolbar
offers "Download as PNG" but no SVG (1.67 turns vega-embed's export menu off), so charts are
rendered on the server with ``vl-convert-python``, and only when a download button is clicked:
a drag must not pay for rendering images nobody asked for.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Collection
from functools import partial
from typing import Any

import pandas as pd
import pyarrow as pa
import streamlit as st

from ndcg_core.export import to_csv, to_latex, to_markdown

#: (label, file extension, MIME type) of each table format, in the order the buttons show.
TABLE_FORMATS = (
    ("CSV", "csv", "text/csv"),
    ("Markdown", "md", "text/markdown"),
    ("LaTeX", "tex", "application/x-tex"),
)


def file_stem(name: str) -> str:
    """``name`` as a safe file name stem: letters, digits, ``-`` and ``_`` only."""
    return re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "table"


def table_texts(
    frame: pd.DataFrame, decimals: int, *, caption: str | None = None, as_typed: Collection[str] = ()
) -> dict[str, str]:
    """The table in each format of :data:`TABLE_FORMATS`, by label."""
    return {
        "CSV": to_csv(frame),
        "Markdown": to_markdown(frame, decimals, as_typed=as_typed, caption=caption),
        "LaTeX": to_latex(frame, decimals, caption, as_typed=as_typed),
    }


def table_downloads(
    frame: pd.DataFrame,
    name: str,
    decimals: int,
    *,
    caption: str | None = None,
    as_typed: Collection[str] = (),
) -> None:
    """Three download buttons in a row: the table as CSV (full precision), Markdown and LaTeX (rounded).

    ``name`` names the files and keys the buttons, so each table on a page needs its own.
    """
    stem = file_stem(name)

    def render(label: str) -> Callable[[], bytes]:
        """The file's bytes, made only when the button is clicked (a drag does not pay for them)."""
        return lambda: table_texts(frame, decimals, caption=caption, as_typed=as_typed)[label].encode("utf-8")

    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.caption("Download the table:", width="content")
        for label, extension, mime in TABLE_FORMATS:
            st.download_button(
                f"⬇ {label}",
                render(label),
                file_name=f"{stem}.{extension}",
                mime=mime,
                key=f"download_{stem}_{extension}",
                help=f"The table as {label}"
                + (" (every digit)" if label == "CSV" else f", rounded to {decimals} decimals"),
                on_click="ignore",
                width="content",
            )


# --------------------------------------------------------------------------
# Charts
# --------------------------------------------------------------------------


def inline_data(spec: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``spec`` whose named datasets are plain lists of records (tables converted)."""
    inlined = copy.deepcopy({key: value for key, value in spec.items() if key != "datasets"})
    datasets = spec.get("datasets", {})
    inlined["datasets"] = {name: _records(data) for name, data in datasets.items()}
    return inlined


def _records(data: pa.Table | pd.DataFrame | list) -> list[dict[str, Any]]:
    """Rows as JSON-ready dicts (numpy numbers become Python numbers)."""
    if isinstance(data, pa.Table):
        return data.to_pylist()
    if not isinstance(data, pd.DataFrame):
        return copy.deepcopy(data)
    frame = data
    return [
        {key: value.item() if hasattr(value, "item") else value for key, value in row.items()}
        for row in frame.to_dict(orient="records")
    ]


def chart_png(spec: dict[str, Any], scale: float = 2) -> bytes:
    """The chart as a PNG image, ``scale`` times its size on screen (sharp on a slide)."""
    import vl_convert  # a large native module: loaded only when a chart is exported

    return vl_convert.vegalite_to_png(inline_data(spec), scale=scale)


def chart_svg(spec: dict[str, Any]) -> str:
    """The chart as an SVG document (vector: any size in a deck or a paper)."""
    import vl_convert

    return vl_convert.vegalite_to_svg(inline_data(spec))


def chart_downloads(spec: dict[str, Any], name: str) -> None:
    """The chart's name and two download buttons, PNG and SVG, in a row.

    Each image is rendered only when its button is clicked (Streamlit calls the function then,
    off the script run), so drawing the page costs nothing.
    """
    stem = file_stem(name)
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.caption(f"{name}:", width="content")
        st.download_button(
            "⬇ PNG",
            partial(chart_png, spec),
            file_name=f"{stem}.png",
            mime="image/png",
            key=f"download_{stem}_png",
            help="A picture, twice the size on screen",
            on_click="ignore",
            width="content",
        )
        st.download_button(
            "⬇ SVG",
            partial(chart_svg, spec),
            file_name=f"{stem}.svg",
            mime="image/svg+xml",
            key=f"download_{stem}_svg",
            help="A vector drawing: sharp at any size in a deck or a paper",
            on_click="ignore",
            width="content",
        )


def chart_exports(charts: dict[str, dict[str, Any]], *, key: str) -> None:
    """An "Export charts" expander with PNG and SVG buttons for each chart (keys: chart titles).

    The expander reruns when it opens and draws its buttons only while open: two buttons a
    chart cost about 5 ms on every drop of the list, for menus nobody had opened.
    """
    with st.expander("Export charts: PNG, SVG", key=key, on_change="rerun") as box:
        if not box.open:
            return
        for title, spec in charts.items():
            chart_downloads(spec, title)
