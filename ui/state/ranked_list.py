"""The Playground's list as plain data: items, their order, the judged pool, and undo.

No Streamlit here, so every rule (what an edit may contain, what undo restores) is testable
on its own. A page keeps one :class:`RankedList` in its session state and replaces it with
the value each method returns; nothing is changed in place.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from ndcg_core.teaching.scenarios import Scenario

#: A Playground grade runs from 0 (not relevant) to this (the best a list can hold).
MAX_GRADE = 10.0
#: The longest list the Playground edits (the issue asks for at least 50).
MAX_ITEMS = 100
#: How many earlier states undo can go back to.
UNDO_DEPTH = 50


class ListEditError(ValueError):
    """An edit that cannot be applied; the message lists every problem, one per line."""


@dataclass(frozen=True)
class Item:
    """One listed item: a stable id (for drag and drop), the name the user sees, its grade."""

    id: str
    name: str
    grade: float


@dataclass(frozen=True)
class RankedList:
    """The items in ranked order, the order to go back to, extra judged grades, and undo."""

    items: tuple[Item, ...]
    original: tuple[Item, ...]
    unlisted_grades: tuple[float, ...] = ()
    history: tuple[tuple[Item, ...], ...] = field(default=())
    next_id: int = 0

    @property
    def grades(self) -> list[float]:
        """The grades in ranked order."""
        return [item.grade for item in self.items]

    @property
    def names(self) -> list[str]:
        """The names in ranked order."""
        return [item.name for item in self.items]

    @property
    def ids(self) -> list[str]:
        """The ids in ranked order."""
        return [item.id for item in self.items]

    @property
    def can_undo(self) -> bool:
        """True when there is an earlier state to go back to."""
        return bool(self.history)

    def pool(self) -> list[float]:
        """Every judged grade: the listed ones and the judged items not in the list."""
        return self.grades + list(self.unlisted_grades)

    def _changed(self, items: Sequence[Item], **changes: object) -> RankedList:
        """A new state with ``items``; the current items go onto the undo history."""
        if tuple(items) == self.items and not changes:
            return self
        history = (*self.history, self.items)[-UNDO_DEPTH:]
        return replace(self, items=tuple(items), history=history, **changes)

    def reordered(self, ids: Sequence[str]) -> RankedList:
        """The same items in the order of ``ids``; an order that is not of these items is ignored."""
        by_id = {item.id: item for item in self.items}
        if sorted(ids) != sorted(by_id):
            return self
        return self._changed([by_id[item_id] for item_id in ids])

    def permuted(self, order: Iterable[int]) -> RankedList:
        """The items rearranged by a permutation: ``order[r]`` is the index of the item at rank r+1."""
        order = [int(index) for index in np.asarray(list(order), dtype=int)]
        if sorted(order) != list(range(len(self.items))):
            return self
        return self._changed([self.items[index] for index in order])

    def back_to_original(self) -> RankedList:
        """The order the list was loaded or last edited in."""
        original_ids = [item.id for item in self.original if item.id in set(self.ids)]
        return self.reordered(original_ids) if len(original_ids) == len(self.items) else self

    def edited(self, rows: Sequence[tuple[str | None, str, float]]) -> RankedList:
        """The list after an edit: rows of (id or None for a new item, name, grade), in order.

        The edited order becomes the new "original" order.
        """
        next_id = self.next_id
        items = []
        for item_id, name, grade in rows:
            if item_id is None:
                item_id, next_id = f"i{next_id}", next_id + 1
            items.append(Item(item_id, name, grade))
        if tuple(items) == self.items:
            return self
        return self._changed(items, original=tuple(items), next_id=next_id)

    def with_unlisted(self, grades: Sequence[float]) -> RankedList:
        """The same list with other judged-but-unlisted grades (undo does not track these)."""
        return replace(self, unlisted_grades=tuple(grades))

    def undone(self) -> RankedList:
        """The state before the last change (order or edit), if there is one."""
        if not self.history:
            return self
        return replace(self, items=self.history[-1], history=self.history[:-1])


def from_scenario(scenario: Scenario) -> RankedList:
    """A fresh list holding a scenario's items in its order."""
    items = tuple(
        Item(f"i{index}", name, float(grade))
        for index, (name, grade) in enumerate(zip(scenario.labels, scenario.grades, strict=True))
    )
    return RankedList(items, items, tuple(scenario.unlisted_grades), next_id=len(items))


def parse_grade(text: object, where: str) -> float:
    """A grade from what the user typed: a whole or decimal number from 0 to MAX_GRADE.

    Decimals take a point. A comma is refused, never guessed: "2,5" may be two and a half or the
    grades 2 and 5 (as the judged-grades field reads it). Text that reads as NaN is "not a number";
    an empty cell (None, or the NaN a table gives it) is "empty".
    """
    if text is None or (isinstance(text, str) and not text.strip()):
        raise ListEditError(f"{where}: the grade is empty; type a number from 0 to {MAX_GRADE:g}.")
    if isinstance(text, bool):
        raise ListEditError(f"{where}: {text!r} is not a grade.")
    if isinstance(text, str) and "," in text:
        raise ListEditError(
            f"{where}: “{text.strip()[:40]}” has a comma. Write decimals with a point ("
            f"{text.strip()[:40].replace(',', '.', 1)}); a grade field takes one number."
        )
    try:
        grade = float(text.strip()) if isinstance(text, str) else float(text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ListEditError(
            f"{where}: “{str(text).strip()[:40]}” is not a number; type a grade from 0 to {MAX_GRADE:g}."
        ) from None
    if math.isnan(grade):
        if isinstance(text, str):
            raise ListEditError(
                f"{where}: “{text.strip()[:40]}” is not a number; type a grade from 0 to {MAX_GRADE:g}."
            )
        raise ListEditError(f"{where}: the grade is empty; type a number from 0 to {MAX_GRADE:g}.")
    if not 0 <= grade <= MAX_GRADE:
        raise ListEditError(f"{where}: {grade:g} is outside the grades 0 to {MAX_GRADE:g}.")
    return grade


def parse_name(text: object, where: str) -> str:
    """An item's name: any text that is not empty (it is only ever shown as plain text)."""
    name = "" if text is None or (isinstance(text, float) and math.isnan(text)) else str(text).strip()
    if not name:
        raise ListEditError(f"{where}: the name is empty.")
    if len(name) > 200:
        raise ListEditError(f"{where}: the name has {len(name)} characters; keep it under 200.")
    return name


def parse_rows(
    rows: Sequence[tuple[str | None, object, object]], places: Sequence[str] | None = None
) -> list[tuple[str | None, str, float]]:
    """Check every row of an edited table; raise :class:`ListEditError` naming each bad row
    (``places``: what to call each row in a message; default "Row 1", "Row 2", …)."""
    problems, parsed = [], []
    if len(rows) > MAX_ITEMS:
        raise ListEditError(f"The list has {len(rows)} items; the Playground holds at most {MAX_ITEMS}.")
    for number, (item_id, name, grade) in enumerate(rows, start=1):
        where = places[number - 1] if places is not None else f"Row {number}"
        try:
            parsed.append((item_id, parse_name(name, where), parse_grade(grade, where)))
        except ListEditError as error:
            problems.append(str(error))
    if problems:
        raise ListEditError("\n".join(problems))
    return parsed


#: A decimal comma where the grade of a comma-separated line should be: "Alpha, 1,5" (1.5? or 5?).
_DECIMAL_COMMA = re.compile(r"^(?P<name>.*?)[\s,]*(?<![\d.])(?P<whole>\d+),(?P<part>\d+)\s*$")


def parse_pasted(text: str) -> list[tuple[None, str, float]]:
    """Rows from pasted text, one item a line: ``name, grade`` (a tab or a semicolon works too).

    A name with the separator in it goes in double quotes: ``"Alpha, 1", 5``. A comma-separated line
    that ends in a decimal comma (``Alpha, 1,5``) reads two ways: the item "Alpha, 1" with grade 5,
    or "Alpha" with grade 1.5. It is refused with both readings, never guessed.
    """
    rows: list[tuple[str | None, object, object]] = []
    places: list[str] = []
    problems: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            name, grade = _pasted_line(line, f"Line {number}")
        except ListEditError as error:
            problems.append(str(error))
            continue
        rows.append((None, name, grade))
        places.append(f"Line {number}")
    if problems:
        raise ListEditError("\n".join(problems))
    return [(None, name, grade) for _, name, grade in parse_rows(rows, places)]


def _pasted_line(line: str, where: str) -> tuple[str, str | None]:
    """One pasted line as (name, grade text): a quoted name, then the last separator; or refused."""
    stripped = line.strip()
    if stripped.startswith('"'):
        closing = stripped.find('"', 1)
        rest = stripped[closing + 1 :].strip() if closing > 0 else ""
        if closing > 0 and rest[:1] in ("\t", ";", ","):
            return stripped[1:closing], rest[1:].strip()
    for separator in ("\t", ";", ","):
        if separator in line:
            name, _, grade = line.rpartition(separator)
            break
    else:
        return line, None
    decimal = _DECIMAL_COMMA.match(stripped) if separator == "," else None
    if decimal and decimal["name"].strip(" ,"):
        whole, part = decimal["whole"], decimal["part"]
        raise ListEditError(
            f"{where} (“{stripped[:60]}”) reads two ways: the item “{name.strip()[:40]}” with grade {grade.strip()}, "
            f"or the item “{decimal['name'].strip(' ,')[:40]}” with grade {whole}.{part}. Write decimals with a "
            f"point ({decimal['name'].strip(' ,')[:40]}, {whole}.{part}), or put the name in double quotes "
            f'("{name.strip()[:40]}", {grade.strip()}).'
        )
    return name, grade


def parse_grade_list(text: str, what: str = "Unlisted judged grades") -> list[float]:
    """Grades typed as ``5, 5, 3`` or ``5 5 3``; empty text is an empty list."""
    parts = text.replace(";", " ").replace(",", " ").split()
    if len(parts) > 10 * MAX_ITEMS:
        raise ListEditError(f"{what}: {len(parts)} grades is more than the Playground holds.")
    problems, grades = [], []
    for number, part in enumerate(parts, start=1):
        try:
            grades.append(parse_grade(part, f"{what}, number {number}"))
        except ListEditError as error:
            problems.append(str(error))
    if problems:
        raise ListEditError("\n".join(problems))
    return grades
