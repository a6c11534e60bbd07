"""The per-rank table as a small component: Python (``rank_table.py``), its JavaScript and its CSS."""

from ui.components.rank_table.rank_table import rank_table

__all__ = ["rank_table"]
