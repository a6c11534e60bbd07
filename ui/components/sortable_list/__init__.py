"""The drag-to-reorder list: Python (``sortable_list.py``), its JavaScript and its CSS, side by side."""

from ui.components.sortable_list.sortable_list import SortableItem, revision, sortable_list

__all__ = ["SortableItem", "revision", "sortable_list"]
