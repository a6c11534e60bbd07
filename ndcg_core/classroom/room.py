"""What the room's answers show: their distribution, the share that had it right, the common mistakes.

* **distribution** (shown live while answers arrive, the right answer hidden):
  an order question counts the NDCG@k of the orders sent in :data:`ORDER_BINS` equal bins over
  [0, 1] (1 falls in the last); a number question counts the typed values, grouped as shown (two
  decimals), the :data:`MAX_VALUE_BARS` − 1 most common apart and the rest as "other values"; a
  choice question counts each choice. Each bar also counts the answers in it that are right, for the
  reveal.
* **right share**: right answers / answers (:func:`~ndcg_core.classroom.check.is_right`).
* **mistakes**: the wrong answers grouped by their named mistake (:func:`~ndcg_core.classroom.check.mistake`),
  most common first.
* **best order sent** (order questions): the highest NDCG@k sent (the lowest, for "lowest"), the
  most common order that reaches it, and how many answers reached it.

>>> from ndcg_core.classroom.question import make_question
>>> q = make_question("better", ["a", "b", "c"], [3, 0, 1], 1, "linear", order_b=[1, 0, 2])
>>> r = room(q, ["A", "A", "B", "tie"])
>>> r.count, r.right, [(bar.label, bar.count, bar.right) for bar in r.bars]
(4, 2, [('A', 2, 2), ('B', 1, 0), ('They tie', 1, 0)])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from ndcg_core.classroom.answer import Answer
from ndcg_core.classroom.check import Mistake, is_right, mistake
from ndcg_core.classroom.question import CHOICE_WORDS, Question
from ndcg_core.metric.discounts import discount_values, ranks
from ndcg_core.metric.gains import gain_values
from ndcg_core.metric.metrics import idcg
from ndcg_core.metric.what_if import binned
from ndcg_core.practice.slips import close
from ndcg_core.teaching.wording import SAME, number

#: An order question's histogram: this many equal bins of NDCG@k over [0, 1].
ORDER_BINS = 10
#: A number question shows at most this many bars: the most common values, and "other values".
MAX_VALUE_BARS = 12
#: The label of the bar that gathers the less common typed values.
OTHER_VALUES = "other values"


@dataclass(frozen=True)
class Bar:
    """One bar: its label, where it sorts, how many answers it counts and how many of them are right."""

    label: str
    position: float
    count: int
    right: int


@dataclass(frozen=True)
class Named:
    """A mistake and how many answers made it."""

    mistake: Mistake
    count: int


@dataclass(frozen=True)
class Room:
    """The room's answers to one question, summed up."""

    question: Question
    count: int
    right: int
    bars: tuple[Bar, ...]
    mistakes: tuple[Named, ...]
    best_sent: tuple[int, ...] | None = None
    best_sent_value: float | None = None
    best_sent_reached: int = 0

    @property
    def wrong(self) -> int:
        return self.count - self.right

    @property
    def share(self) -> float:
        """The share of the answers that are right (0 when there are none)."""
        return self.right / self.count if self.count else 0.0


def order_values(question: Question, orders: Sequence[Sequence[int]]) -> np.ndarray:
    """NDCG@k of each order: (gains of its top k · discounts) / IDCG@k, all orders at once."""
    if not orders:
        return np.zeros(0)
    gains = gain_values(np.asarray(question.grades, dtype=float), question.gain)
    top = min(question.k, question.n)
    best = idcg(question.grades, question.k, gain=question.gain)
    chosen = gains[np.asarray(orders, dtype=int)[:, :top]]
    return chosen @ discount_values(ranks(top)) / best if best > 0 else np.zeros(len(orders))


def distribution(question: Question, answers: Sequence[Answer]) -> tuple[Bar, ...]:
    """The bars of the room's answers (see the module's docstring)."""
    if question.kind == "order":
        values = order_values(question, answers)  # type: ignore[arg-type]
        right = np.array([question.reaches(v) for v in values], dtype=bool)
        values = np.clip(values, 0.0, 1.0)  # 1 + float noise falls in the last bin, as binned() puts it
        bars = []
        for low, high, count in binned(values, bins=ORDER_BINS):
            last = high >= 1.0
            inside = (values >= low) & ((values <= high) if last else (values < high))
            bars.append(Bar(f"{low:.1f}–{high:.1f}", low, count, int(right[inside].sum())))
        return tuple(bars)
    if question.kind == "choice":
        counts = Counter(answers)
        return tuple(
            Bar(CHOICE_WORDS[c], float(i), counts[c], counts[c] if c == question.right_choice else 0)
            for i, c in enumerate(question.choices)
        )
    return _value_bars(question, [float(a) for a in answers])  # type: ignore[arg-type]


def value_label(value: float) -> str:
    """A typed value as its bar shows it: two decimals, or three significant digits when large."""
    return number(value, 2) if abs(value) < 1e5 else f"{value:.3g}"


def _value_bars(question: Question, values: list[float]) -> tuple[Bar, ...]:
    """Typed values grouped by their label; the most common apart, the rest as one bar."""
    groups: dict[str, list[float]] = {}
    for value in values:
        groups.setdefault(value_label(value), []).append(value)
    common = sorted(groups, key=lambda label: (-len(groups[label]), min(groups[label])))
    shown = common if len(common) <= MAX_VALUE_BARS else common[: MAX_VALUE_BARS - 1]
    right = question.right_value
    bars = [
        Bar(label, min(groups[label]), len(groups[label]), sum(close(v, right) for v in groups[label]))
        for label in shown
    ]
    rest = [v for label in common[len(shown) :] for v in groups[label]]
    bars.sort(key=lambda bar: bar.position)
    if rest:
        bars.append(Bar(OTHER_VALUES, float("inf"), len(rest), sum(close(v, right) for v in rest)))
    return tuple(bars)


def room(question: Question, answers: Iterable[Answer]) -> Room:
    """The room's answers summed up: count, right, bars, mistakes, the best order sent."""
    answers = list(answers)
    bars = distribution(question, answers)
    right = sum(is_right(question, a) for a in answers)
    named: Counter[Mistake] = Counter()
    for answer, count in Counter(answers).items():
        found = mistake(question, answer)
        if found is not None:
            named[found] += count
    mistakes = tuple(
        Named(m, c) for m, c in sorted(named.items(), key=lambda item: (-item[1], item[0].key == "other"))
    )
    result = Room(question, len(answers), right, bars, mistakes)
    if question.kind != "order" or not answers:
        return result
    return _with_best_sent(result, answers)  # type: ignore[arg-type]


def _with_best_sent(result: Room, orders: list[tuple[int, ...]]) -> Room:
    """The best order sent (lowest NDCG@k for "lowest"), the most common one reaching that value."""
    question = result.question
    values = order_values(question, orders)
    best = float(values.min() if question.asks == "lowest" else values.max())
    reaching = [order for order, value in zip(orders, values, strict=True) if abs(value - best) <= SAME]
    most = Counter(reaching).most_common(1)[0][0]
    return replace(result, best_sent=most, best_sent_value=best, best_sent_reached=len(reaching))
