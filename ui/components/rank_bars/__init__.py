"""Bars by rank that mark the place of the item held in a sortable list (the lesson's discount
figure): Python (``rank_bars.py``), its JavaScript and its CSS."""

from ui.components.rank_bars.rank_bars import Bar, rank_bars

__all__ = ["Bar", "rank_bars"]
