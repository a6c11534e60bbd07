"""Charts on a projector: type that grows with the screen, dark enough to read from the back.

The classroom views set the page's root type with the screen
(``html { font-size: clamp(16px, 0.75vw + 0.7vh + 1px, 26px) }``: 16 px at 1280×720, 23 px at
1920×1080), and every size given in rem follows. A chart's text is drawn by Vega in pixels, so
:func:`projector` writes each of its sizes as a Vega expression of the same formula
(:data:`ROOT_PX`, from the window's size): axis labels and legends at 1 × the root type, titles a
little larger. The text takes the theme's text colour (:func:`ui.charts.common.readable`), and the
"k = 5" label beside the cutoff line too: its vermillion is 3.9:1 on white, under the 4.5:1 that
small text needs.

Every function returns a copy whose changed parts are new; the cached spec it starts from is shared
and never changed.
"""

from __future__ import annotations

from typing import Any

from ui.charts.common import CANVAS, CUTOFF_COLOUR, readable

#: The classroom view's root type size in pixels, as a Vega expression of the window's size: the
#: CSS ``clamp(16px, calc(0.75vw + 0.7vh + 1px), 26px)`` of ``ui.presentation``.
ROOT_PX = "clamp(0.0075 * windowSize()[0] + 0.007 * windowSize()[1] + 1, 16, 26)"
#: Fill the place the page gives the chart, axes and legend included.
FIT = {"type": "fit", "contains": "padding"}


def root_px(times: float = 1.0) -> dict[str, str]:
    """``times`` × the root type size, as a Vega expression (a value Vega-Lite accepts for any size)."""
    return {"expr": f"{times:g} * {ROOT_PX}"}


def projector_config(colour: str) -> dict[str, Any]:
    """The config parts that set a chart's type for a projector, in ``colour``."""
    return {
        "axis": {
            "labelFontSize": root_px(),
            "titleFontSize": root_px(1.05),
            "labelColor": colour,
            "titleColor": colour,
            "labelLimit": 0,
        },
        "legend": {
            "labelFontSize": root_px(),
            "titleFontSize": root_px(),
            "symbolSize": {"expr": f"0.7 * pow({ROOT_PX}, 2)"},
            "gradientLength": root_px(9),
            "gradientThickness": root_px(0.9),
            "labelColor": colour,
            "titleColor": colour,
            "labelLimit": 0,
        },
        "title": {
            "fontSize": root_px(1.15),
            "subtitleFontSize": root_px(),
            "color": colour,
            "subtitleColor": colour,
        },
    }


def projector(spec: dict[str, Any], colour: str, *, legend: str | None = None) -> dict[str, Any]:
    """A copy of ``spec`` for a projector: its type as large as the page's, written in ``colour``;
    every text mark at least the root size; drawn on a canvas and fitted to its place.

    ``legend`` ("right", "bottom", …) moves every legend there: a projector is wider than tall, so
    a legend beside the plot leaves it more height.
    """
    spec = readable(spec, colour)
    config = dict(spec.get("config", {}))
    for part, values in projector_config(colour).items():
        config[part] = {**config.get(part, {}), **values}
    spec = {**spec, "config": config, "usermeta": CANVAS, "autosize": FIT}
    spec = _with_views(spec, lambda view: _whole_labels(_large_marks(view, colour)))
    if legend is not None:
        spec = _with_views(spec, lambda view: _legends_at(view, legend))
    return spec


def _with_views(spec: dict[str, Any], change: Any) -> dict[str, Any]:
    """``change`` applied to the spec itself and to each of its layers, however deep (copies)."""
    spec = change(spec)
    if "layer" in spec:
        spec = {**spec, "layer": [_with_views(layer, change) for layer in spec["layer"]]}
    return spec


def _large_marks(view: dict[str, Any], colour: str) -> dict[str, Any]:
    """A text mark with a fixed size grows with the root type (never under it); the cutoff's label
    takes the text colour."""
    mark = view.get("mark")
    if not isinstance(mark, dict) or mark.get("type") != "text":
        return view
    size = mark.get("fontSize")
    changed = {**mark, "fontSize": root_px(max(1.0, size / 16) if isinstance(size, int | float) else 1.0)}
    if mark.get("color") == CUTOFF_COLOUR:
        changed["color"] = colour
    return {**view, "mark": changed}


def _whole_labels(view: dict[str, Any]) -> dict[str, Any]:
    """No axis label of the view is shortened with "…" (a projector has no hover to read the rest)."""
    return _each_channel(view, "axis", {"labelLimit": 0})


def _legends_at(view: dict[str, Any], orient: str) -> dict[str, Any]:
    """Every legend of the view's channels placed at ``orient`` (channels without a legend unchanged)."""
    return _each_channel(view, "legend", {"orient": orient})


def _each_channel(view: dict[str, Any], part: str, values: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``view`` whose channels that have a ``part`` ("axis", "legend") get ``values`` in it."""
    encoding = view.get("encoding")
    if not isinstance(encoding, dict):
        return view
    changed = {}
    for channel, definition in encoding.items():
        if isinstance(definition, dict) and isinstance(definition.get(part), dict):
            definition = {**definition, part: {**definition[part], **values}}
        changed[channel] = definition
    return {**view, "encoding": changed}
