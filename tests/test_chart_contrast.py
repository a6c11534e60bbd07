"""The Playground's chart colours stand out against Streamlit's light and dark backgrounds."""

from __future__ import annotations

import pytest

from ui.charts.common import CUTOFF_COLOUR, IDEAL_COLOUR, LIST_COLOUR, THIRD_COLOUR
from ui.charts.playground import chart_spec

BACKGROUNDS = {"light": "#ffffff", "dark": "#0e1117"}  # Streamlit's default themes


def luminance(colour: str) -> float:
    """WCAG relative luminance of a #rrggbb colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def marks(spec: dict) -> list[dict]:
    """Every mark of a (layered) Vega-Lite spec."""
    found = [spec["mark"]] if isinstance(spec.get("mark"), dict) else []
    for layer in spec.get("layer", []):
        found += marks(layer)
    return found


@pytest.mark.parametrize("background", list(BACKGROUNDS))
@pytest.mark.parametrize("colour", [LIST_COLOUR, IDEAL_COLOUR, THIRD_COLOUR, CUTOFF_COLOUR])
def test_series_colours_have_3_to_1_contrast(colour: str, background: str):
    assert contrast(colour, BACKGROUNDS[background]) >= 3


def test_the_cutoff_label_is_large_bold_text():
    """Large text (bold, at least 18.66 px) needs 3:1, which the cutoff colour has on both themes."""
    texts = [mark for mark in marks(chart_spec("cumulative")) if mark["type"] == "text"]
    assert texts and all(m["fontWeight"] == "bold" and m["fontSize"] >= 18.66 for m in texts)
