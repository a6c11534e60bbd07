"""An ambiguous query as data, and the lesson intent-aware NDCG teaches: one order cannot suit every intent.

:data:`JAGUAR` is a list of eight pages for "jaguar", each graded under two intents (the car, the
animal) with their probabilities, for a page that shows one draggable list, each intent's
NDCG@k and IA-NDCG@k = Σ_j P(j) · NDCG_j@k (:func:`ndcg_core.intent_aware_ndcg`).
:data:`LESSON` is the lesson in one paragraph; :func:`cross_ideals` and :func:`lesson_numbers`
give it the scenario's own numbers: each intent's ideal order scored under every intent, and the
best single order for the mix.

>>> [round(v, 2) for v in cross_ideals(JAGUAR)[0]]   # ordered for the car: NDCG@5 for the car, the animal
[1.0, 0.12]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ndcg_core.metric.gains import Gain, gain_values
from ndcg_core.metric.intent_aware import best_single_order, intent_aware
from ndcg_core.teaching.wording import share


@dataclass(frozen=True, kw_only=True)
class Intent:
    """One meaning of the query: its name, its probability, and the grade of each listed item under it."""

    name: str
    probability: float
    grades: tuple[float, ...]


@dataclass(frozen=True, kw_only=True)
class IntentScenario:
    """One list of items for an ambiguous query, graded under each intent."""

    key: str
    query: str
    title: str
    labels: tuple[str, ...]
    intents: tuple[Intent, ...]
    k: int
    gain: Gain
    note: str = ""

    def pairs(self, order: Sequence[int] | None = None) -> list[tuple[float, tuple[float, ...]]]:
        """``(probability, grades)`` per intent, for :func:`ndcg_core.intent_aware_ndcg`.

        ``order`` lists the items' positions in :attr:`labels` from rank 1 down (default: as listed),
        so that a page can score the list after a drag.
        """
        positions = range(len(self.labels)) if order is None else order
        return [(i.probability, tuple(i.grades[p] for p in positions)) for i in self.intents]


JAGUAR = IntentScenario(
    key="jaguar",
    query="jaguar",
    title="“jaguar”: the car or the animal?",
    labels=(
        "Used Jaguar XE prices",
        "Jacksonville Jaguars schedule",
        "Jaguar vs leopard: how to tell them apart",
        "Jaguar F-Type review",
        "Jaguars of the Pantanal: a photo essay",
        "Jaguar habitat in the Amazon",
        "Jaguar I-Pace range test",
        "Jaguar: the carmaker and the big cat (a mixed page)",
    ),
    intents=(
        Intent(name="the car", probability=0.6, grades=(2, 0, 0, 3, 0, 0, 2, 1)),
        Intent(name="the animal", probability=0.4, grades=(0, 0, 2, 0, 1, 3, 0, 2)),
    ),
    k=5,
    gain="exponential",
    note=(
        "Made up for the lesson, in the spirit of the course notes' section 4: most who type “jaguar” here want the car "
        "(P = 0.6), the others the animal (P = 0.4). The mixed page helps both a little; the football "
        "schedule helps neither."
    ),
)

#: The lesson in one paragraph (plain text).
LESSON = (
    "One order cannot be ideal for every intent. “jaguar” means the car to some users and the animal to "
    "others, and rank 1 can hold only one page: put the car reviews first and those who want the animal "
    "wait, put the animal pages first and the car buyers wait. Intent-aware NDCG scores the list under each "
    "intent's own grades and weighs each intent by how many users mean it, IA-NDCG = Σ_j P(j) · NDCG_j. "
    "The best single order mixes the intents, the likelier intent's best pages a little earlier, and still "
    "scores below 1 unless one order is ideal for every intent."
)


def _ideal_order(grades: Sequence[float], gain: Gain) -> list[int]:
    """The listed items' positions, best gain under this intent first (ties keep the list's order)."""
    return list(np.argsort(-gain_values(np.asarray(grades, dtype=float), gain), kind="stable"))


def cross_ideals(scenario: IntentScenario) -> list[list[float]]:
    """``M[a][b]`` = NDCG@k under intent b of the list in intent a's ideal order.

    The diagonal is 1 (each intent's own ideal); off the diagonal, what that order gives the others.
    Items of equal grade under intent a keep the list's order.
    """
    rows = []
    for intent in scenario.intents:
        order = _ideal_order(intent.grades, scenario.gain)
        rows.append(list(intent_aware(scenario.pairs(order), scenario.k, gain=scenario.gain).per_intent))
    return rows


def lesson_numbers(scenario: IntentScenario = JAGUAR) -> str:
    """The lesson's numbers in sentences: each intent's ideal order under the others, and the best mix.

    >>> lesson_numbers()[:73]
    'Ordered for the car, the list scores NDCG@5 = 1 for the car but 0.12 for '
    """
    at = f"@{scenario.k}"
    sentences = []
    for intent, row in zip(scenario.intents, cross_ideals(scenario), strict=True):
        others = [
            f"{share(value)} for {other.name}"
            for other, value in zip(scenario.intents, row, strict=True)
            if other is not intent
        ]
        own = row[scenario.intents.index(intent)]
        own_text = "1" if own == 1.0 else share(own)
        sentences.append(
            f"Ordered for {intent.name}, the list scores NDCG{at} = {own_text} for {intent.name} but "
            + " and ".join(others)
            + "."
        )
    _, best = best_single_order(scenario.pairs(), scenario.k, gain=scenario.gain)
    mix = " and ".join(f"P({i.name}) = {i.probability:g}" for i in scenario.intents)
    sentences.append(f"The best single order for {mix} scores IA-NDCG{at} = {share(best)}, below 1.")
    return " ".join(sentences)
