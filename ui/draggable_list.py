"""A ranked list as the sortable component shows it: each item's name and grade, k marked."""

from __future__ import annotations

from collections.abc import Callable

from ui.components.sortable_list import SortableItem, sortable_list
from ui.state.ranked_list import RankedList


def draggable_list(
    ranked: RankedList,
    k: int,
    *,
    key: str,
    on_reorder: Callable[[list[str]], None],
    aria_label: str = "Ranked list: drag, or focus a row and press Space to move it",
) -> None:
    """Draw ``ranked`` as a sortable list; a drop calls ``on_reorder`` with the ids in their new order."""
    items = [SortableItem(item.id, item.name, f"grade {item.grade:g}") for item in ranked.items]
    sortable_list(items, key=key, on_reorder=on_reorder, cutoff=k, aria_label=aria_label)
