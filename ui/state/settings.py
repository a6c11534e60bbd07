"""The settings every NDCG page shares, and their defaults: written here, once.

k, gain, where the ideal comes from and the decimals shown. The defaults are those of the
default scenario (seed 000: k = 5, exponential gain, the ideal from the listed items), shown to
2 decimals. No Streamlit here: the link (``link.py``) and the session (``scenario.py``) both
start from :data:`DEFAULTS`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ndcg_core.metric.gains import Gain
from ndcg_core.metric.ranking import IDEAL_SOURCES, JUDGED_POOL, LISTED_ITEMS, IdealSource
from ndcg_core.teaching.scenarios import DEFAULT_SCENARIO

__all__ = [
    "DECIMAL_CHOICES",
    "DEFAULTS",
    "IDEAL_SOURCES",
    "JUDGED_POOL",
    "LISTED_ITEMS",
    "IdealSource",
    "Settings",
]
#: How many decimals the numbers may be shown with (they are always computed in full).
DECIMAL_CHOICES: tuple[int, ...] = (2, 3, 4)


@dataclass(frozen=True)
class Settings:
    """What the numbers are computed under, and how many decimals they are shown with."""

    k: int
    gain: Gain
    ideal_source: IdealSource
    decimals: int

    @property
    def uses_pool(self) -> bool:
        """True when IDCG comes from the judged pool rather than the listed items."""
        return self.ideal_source == JUDGED_POOL


DEFAULTS = Settings(
    k=DEFAULT_SCENARIO.k,
    gain=DEFAULT_SCENARIO.gain,
    ideal_source=DEFAULT_SCENARIO.ideal_source,
    decimals=DECIMAL_CHOICES[0],
)


def clamped_k(wanted: int, largest: int) -> int:
    """The k to show: the one wanted, cut to 1 … largest (at least 1, even for an empty list)."""
    return int(min(max(wanted, 1), max(largest, 1)))
