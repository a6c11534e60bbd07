"""One-click orders of a list (ideal, worst, reversed, shuffled, original) and undo, as buttons.

The Playground shows them all; Compare shows ideal, original and undo for each system; What if
shows undo. Each button is a callback, so the page redraws once, with the result.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import streamlit as st

from ndcg_core import ideal_order, reversed_order, shuffled_order, worst_order
from ui.state.ranked_list import RankedList

Change = Callable[[RankedList], RankedList]


@dataclass(frozen=True)
class Order:
    """One button: its label, its help text and the change it makes."""

    label: str
    help: str
    change: Change


ORDERS: dict[str, Order] = {
    "ideal": Order("Ideal order", "Best grade first", lambda r: r.permuted(ideal_order(r.grades))),
    "worst": Order("Worst order", "Worst grade first", lambda r: r.permuted(worst_order(r.grades))),
    "reversed": Order(
        "Reversed", "Turn the list upside down", lambda r: r.permuted(reversed_order(len(r.items)))
    ),
    "shuffled": Order(
        "Shuffled",
        "A random order",
        lambda r: r.permuted(shuffled_order(len(r.items), secrets.randbits(32))),
    ),
    "original": Order(
        "Original order", "The order the list was loaded or last edited in", lambda r: r.back_to_original()
    ),
    "undo": Order("↶ Undo", "Go back one change (order or edit)", lambda r: r.undone()),
}


def order_buttons(
    ranked: RankedList,
    apply: Callable[[Change], Callable[[], None]],
    *,
    which: Sequence[str],
    key: Callable[[str], str],
    per_row: int = 3,
    labels: dict[str, str] | None = None,
    helps: dict[str, str] | None = None,
) -> None:
    """The buttons named in ``which``, ``per_row`` to a row; undo is disabled when there is nothing to undo.

    ``apply(change)`` turns a change of the list into a callback; ``key(name)`` gives each button
    its widget key; ``labels`` and ``helps`` replace a button's default words.
    """
    labels, helps = labels or {}, helps or {}
    rows = [which[start : start + per_row] for start in range(0, len(which), per_row)]
    for row in rows:
        for column, name in zip(st.columns(per_row, gap="small"), row, strict=False):
            order = ORDERS[name]
            column.button(
                labels.get(name, order.label),
                help=helps.get(name, order.help),
                on_click=apply(order.change),
                disabled=name == "undo" and not ranked.can_undo,
                width="stretch",
                key=key(name),
            )
