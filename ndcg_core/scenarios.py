"""Worked examples from the source articles, as data: items, grades and the settings they use."""

from __future__ import annotations

from dataclasses import dataclass, field

from ndcg_core.gains import Gain


@dataclass(frozen=True)
class Scenario:
    """A ranked list with the settings a source computes it under.

    ``unlisted_grades`` are judged items that the list does not show; with them the ideal
    comes from the judged pool (listed + unlisted), as trec_eval builds it.
    """

    key: str
    title: str
    source: str
    labels: tuple[str, ...]
    grades: tuple[float, ...]
    k: int | None
    gain: Gain
    unlisted_grades: tuple[float, ...] = field(default=())
    note: str = ""

    @property
    def ideal_source(self) -> str:
        """``"judged pool"`` when some judged items are not listed, else ``"listed items"``."""
        return "judged pool" if self.unlisted_grades else "listed items"


BLUETOOTH_HEADPHONES = Scenario(
    key="seed000-bluetooth-headphones",
    title='"bluetooth headphones": the returned list',
    source="Seed 000 (Mehra, So you think you know NDCG?), Table 3",
    labels=(
        "Portable Bluetooth Speaker",
        "Wired Headphones",
        "JBL Bluetooth Headphones",
        "Sony Bluetooth Headphones",
        "Wireless Earbuds",
        "Gaming Headset",
        "Bose Wireless Headphones",
    ),
    grades=(0, 1, 2, 3, 2, 0, 3),
    k=5,
    gain="exponential",
    note="The article's tables give DCG@5 = 6.31, IDCG@5 = 14.60 and NDCG@5 = 0.43.",
)

DEFAULT_SCENARIO = BLUETOOTH_HEADPHONES
