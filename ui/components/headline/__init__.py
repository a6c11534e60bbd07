"""The NDCG headline (DCG@k, IDCG@k, NDCG@k) as a small component: Python (``headline.py``), its
JavaScript and its CSS."""

from ui.components.headline.headline import Figure, headline_row

__all__ = ["Figure", "headline_row"]
