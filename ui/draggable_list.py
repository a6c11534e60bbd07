"""A ranked list as the sortable component shows it: each item's name and grade, k marked.

With a :class:`~ui.drop_preview.DropPreview` of the list's order, the list also shows, while an item is held,
what dropping it at the current place would do to NDCG@k (:mod:`ui.drop_preview`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from ndcg_core.trec.judged import NOT_JUDGED
from ui.components.sortable_list import SortableItem, sortable_list
from ui.components.sortable_list.sortable_list import Size
from ui.drop_preview import DropPreview
from ui.state.ranked_list import RankedList


def draggable_list(
    ranked: RankedList,
    k: int,
    *,
    key: str,
    on_reorder: Callable[[list[str]], None],
    aria_label: str = "Ranked list: drag, or focus a row and press Space to move it",
    preview: DropPreview | None = None,
    size: Size = "normal",
    max_height: str | None = None,
    unjudged: Collection[str] = (),
) -> None:
    """Draw ``ranked`` as a sortable list; a drop calls ``on_reorder`` with the ids in their new order.

    ``preview`` is :func:`~ui.drop_preview.drop_preview` of ``ranked`` in this order: with it, a
    held item shows "drop here → NDCG@k …" at every place. ``size`` and ``max_height`` as in
    :func:`ui.components.sortable_list.sortable_list`. ``unjudged``: ids of items without a
    judgment (a run's document the qrels do not list), shown "not judged", not "grade 0".
    """
    items = [
        SortableItem(item.id, item.name, NOT_JUDGED if item.id in unjudged else f"grade {item.grade:g}")
        for item in ranked.items
    ]
    words = preview.as_data() if preview is not None and items else None
    sortable_list(
        items,
        key=key,
        on_reorder=on_reorder,
        cutoff=k,
        aria_label=aria_label,
        preview=words,
        size=size,
        max_height=max_height,
    )
