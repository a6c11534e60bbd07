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


#: Why a button is disabled, after its help text: (an order, undo).
NOTHING_TO_DO = (" (needs at least two items)", " (nothing to undo)")


def order_buttons(
    ranked: RankedList,
    apply: Callable[[Change], Callable[[], None]],
    *,
    which: Sequence[str],
    key: Callable[[str], str],
    per_row: int = 3,
    labels: dict[str, str] | None = None,
    helps: dict[str, str] | None = None,
    in_a_row: bool = False,
    tooltips: bool = True,
) -> None:
    """The buttons named in ``which``, ``per_row`` to a row; a button that cannot act is disabled:
    undo when there is nothing to undo, an order when the list has fewer than two items.

    ``apply(change)`` turns a change of the list into a callback; ``key(name)`` gives each button
    its widget key; ``labels`` and ``helps`` replace a button's default words. ``in_a_row``
    puts them all in one row that wraps where the width runs out (one container instead of a
    grid of columns: fewer elements to redraw), and ``per_row`` is then ignored. ``tooltips=False``
    draws the buttons without their help (the labels say what they do).
    """
    labels, helps = labels or {}, helps or {}
    if in_a_row:
        rows = [list(which)]
        places = [[st.container(horizontal=True, gap="small")] * len(which)]
    else:
        rows = [which[start : start + per_row] for start in range(0, len(which), per_row)]
        places = [st.columns(per_row, gap="small") for _ in rows]
    for row, columns in zip(rows, places, strict=True):
        for column, name in zip(columns, row, strict=False):
            order = ORDERS[name]
            idle = not ranked.can_undo if name == "undo" else len(ranked.items) < 2
            column.button(
                labels.get(name, order.label),
                help=helps.get(name, order.help) + (NOTHING_TO_DO[name == "undo"] if idle else "")
                if tooltips
                else None,
                on_click=apply(order.change),
                disabled=idle,
                width="stretch",
                key=key(name),
            )
