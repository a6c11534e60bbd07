"""A drag-to-reorder list built on Streamlit's inline components (v2).

The list is drawn by a small piece of JavaScript (``sortable_list.js``) that
lives next to this file, styled by ``sortable_list.css``. The user can reorder
rows with a mouse, a finger or a pen (pointer events), or with the keyboard
(Space to pick up, arrow keys to move, Space to drop, Escape to cancel).

Who owns the order?
    The *app* does, in its own ``st.session_state``. The browser only reports
    "the user dropped an item; here is the full new order". That report arrives
    in ``on_reorder``, which runs as a Streamlit callback, before the script
    body reruns. The app stores the new order and passes it back in ``items``
    on the next run; the JavaScript then redraws the list from ``items``.
    Because of that, a change made on the Python side (for example an
    "ideal order" button) always wins, and ``AppTest`` tests can drive the app
    without a browser.

What a drop would do:
    ``preview`` (optional) holds, for every held rank s and every place t,
    the words to show while an item is held over t: a table of phrases and a
    grid of indices into it (see :mod:`ui.drop_preview`). The JavaScript only
    looks them up; it shows them on the held row and, for the keyboard, says
    them in the live region. It never computes a number.

Example::

    from ui.components.sortable_list import SortableItem, sortable_list

    def save(new_ids: list[str]) -> None:
        st.session_state.order = new_ids

    items = [SortableItem(i, names[i], f"grade {grades[i]}") for i in st.session_state.order]
    sortable_list(items, key="ranking", on_reorder=save, cutoff=5)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import streamlit as st

from ui.components.inline import inline_component
from ui.components.packed import packed

_HERE = Path(__file__).resolve().parent

#: Name under which the component is registered; unique across the app.
COMPONENT_NAME = "ndcg_sortable_list"

#: Name of the trigger value the JavaScript sends after a drop.
REORDER_EVENT = "reorder"

#: The sizes the list can be drawn in: "large" is for a projector (the classroom view).
Size = Literal["normal", "large"]
#: A CSS length for ``max_height``: a number with a unit, or a ``calc()`` of such lengths.
_CSS_LENGTH = re.compile(r"^(calc\([0-9a-z.%+\- ]+\)|[0-9.]+(px|rem|em|vh|%))$")

_HTML = """
<div class="sortable" data-testid="sortable-list">
  <div class="sortable__box" data-testid="sortable-box">
    <div class="sortable__list" role="listbox" aria-orientation="vertical"
         aria-describedby="sortable-help"></div>
  </div>
  <p class="sortable__help" id="sortable-help">Drag a row by its handle, or focus
    a row and press Space, then the arrow keys, then Space again.</p>
  <div class="sortable__live" aria-live="assertive" aria-atomic="true"
       data-testid="sortable-live"></div>
</div>
"""

_component = inline_component(COMPONENT_NAME, _HERE, _HTML)


@dataclass(frozen=True)
class SortableItem:
    """One row of the sortable list.

    Attributes:
        id: Stable identifier, unique within the list (for example ``"i3"``).
        label: Text shown as the item's name. Rendered as plain text, never
            parsed as HTML, so user text is safe here.
        detail: Short text shown at the right of the row, e.g. ``"grade 3"``.
    """

    id: str
    label: str
    detail: str


def sortable_list(
    items: Sequence[SortableItem],
    *,
    key: str,
    on_reorder: Callable[[list[str]], None],
    cutoff: int | None = None,
    aria_label: str = "Ranked list",
    preview: Mapping[str, Any] | None = None,
    size: Size = "normal",
    max_height: str | None = None,
) -> None:
    """Show ``items`` as a list the user can reorder by drag or keyboard.

    Args:
        items: The rows, in their current order (rank 1 first). Ids must be
            unique.
        key: Unique Streamlit key of this widget instance.
        on_reorder: Called with the full new order of ids after the user
            dropped an item somewhere else. It runs as a Streamlit callback,
            before the script body reruns, so it should store the order (in
            ``st.session_state``) for the next run to pass back in ``items``.
            It is not called when the reported order is stale (its ids differ
            from the ids of ``items``) or unchanged.
        cutoff: Rank k of an NDCG@k cutoff. Rows ranked below k are shown
            apart: a labelled line after rank k, and a muted style. ``None``
            draws no line.
        aria_label: Accessible name of the list for screen readers.
        preview: What a drop at each place would do, for the order of
            ``items``: ``{"labels", "spoken", "cells", "pending"}`` as
            :meth:`ui.drop_preview.DropPreview.as_data` makes it. ``None``
            shows no preview.
        size: ``"large"`` sets the rows in projector type.
        max_height: A CSS length (e.g. ``"calc(100vh - 9rem)"``): a longer
            list scrolls inside its own box. ``None`` lets it grow.

    Raises:
        ValueError: If two items share an id, ``cutoff`` is negative, the
            preview's grid does not fit the items or ``max_height`` is not
            a CSS length.

    Note:
        Do not put the list inside ``st.form``: Streamlit ignores component
        trigger values in forms, so drops would never be reported.
    """
    items = list(items)
    _validate(items, cutoff)
    _validate_view(len(items), preview, max_height)
    current_ids = [item.id for item in items]

    def _on_reorder_change() -> None:
        """Component callback: check the reported order, then hand it on."""
        _bump_revision(key)
        reported = read_reported_order(key)
        handle_reported_order(reported, current_ids, on_reorder)

    _component(
        key=key,
        data=packed(
            _build_data(items, cutoff, aria_label, revision(key))
            | {"preview": preview, "size": size, "maxHeight": max_height, "key": key}
        ),
        on_reorder_change=_on_reorder_change,
    )


def read_reported_order(key: str) -> Any:
    """Return the order the browser reported in this rerun, or ``None``.

    Inside a component callback, ``st.session_state[key]`` is a dict that holds
    the component's trigger values of the current interaction, keyed by event
    name. Outside of that interaction the trigger value is ``None``.
    """
    state = st.session_state.get(key)
    if not isinstance(state, dict):
        return None
    return state.get(REORDER_EVENT)


def handle_reported_order(
    reported: Any,
    current_ids: Sequence[str],
    on_reorder: Callable[[list[str]], None],
) -> bool:
    """Call ``on_reorder`` if ``reported`` is a real new order of ``current_ids``.

    Returns:
        True if ``on_reorder`` was called.
    """
    if not is_new_order(reported, current_ids):
        return False
    on_reorder(list(reported))
    return True


def is_new_order(reported: Any, current_ids: Sequence[str]) -> bool:
    """Tell whether ``reported`` is a different arrangement of ``current_ids``.

    A report is stale (and rejected) when it is not a list of strings, when its
    ids are not exactly the current ids (an item was added, removed or
    renamed since the page was drawn), or when the order did not change.
    """
    if not isinstance(reported, list):
        return False
    if not all(isinstance(item_id, str) for item_id in reported):
        return False
    if len(reported) != len(current_ids) or set(reported) != set(current_ids):
        return False
    return list(reported) != list(current_ids)


def _validate(items: Sequence[SortableItem], cutoff: int | None) -> None:
    """Raise ``ValueError`` for duplicate ids or a negative cutoff."""
    ids = [item.id for item in items]
    if len(set(ids)) != len(ids):
        raise ValueError(f"sortable_list: item ids must be unique, got {ids}")
    if cutoff is not None and cutoff < 0:
        raise ValueError(f"sortable_list: cutoff must be >= 0, got {cutoff}")


def _validate_view(count: int, preview: Mapping[str, Any] | None, max_height: str | None) -> None:
    """Raise ``ValueError`` for a preview grid of another size or a ``max_height`` that is no CSS length."""
    if preview is not None:
        cells = preview.get("cells", [])
        if len(cells) != count or any(len(row) != count for row in cells):
            raise ValueError(f"sortable_list: the preview's grid must be {count}×{count}")
    if max_height is not None and not _CSS_LENGTH.match(max_height):
        raise ValueError(f"sortable_list: max_height must be a CSS length, got {max_height!r}")


def _build_data(
    items: Sequence[SortableItem],
    cutoff: int | None,
    aria_label: str,
    revision: int,
) -> dict[str, Any]:
    """Build the JSON payload the JavaScript draws the list from.

    ``revision`` changes after every report from the browser. The frontend
    only re-runs the component's JavaScript when ``data`` changes, so the
    revision makes sure the page redraws from Python's order even when the app
    rejected or ignored the report and ``items`` stayed the same.
    """
    return {
        "items": [{"id": item.id, "label": item.label, "detail": item.detail} for item in items],
        "cutoff": cutoff,
        "ariaLabel": aria_label,
        "revision": revision,
    }


def _revision_key(key: str) -> str:
    """Session-state key that stores the report counter of widget ``key``."""
    return f"_sortable_list_revision_{key}"


def revision(key: str) -> int:
    """Number of reports received so far by widget ``key`` (drawn with the list, so that a page can
    tell the browser which of its reports an answer follows)."""
    return int(st.session_state.get(_revision_key(key), 0))


def _bump_revision(key: str) -> None:
    """Count one more report for widget ``key``."""
    st.session_state[_revision_key(key)] = revision(key) + 1
