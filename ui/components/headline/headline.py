"""The headline's three numbers (DCG@k, IDCG@k, NDCG@k), drawn by a small inline component that
shows a drop's new numbers the moment the item is dropped.

Why a component and not three ``st.metric``: after a drop, Streamlit's page draws the fragment's
new elements only when the whole run has arrived, table and charts included (about 150 ms on a
classroom laptop). This component also holds, from Python, the headline *after every possible
move* of the list it follows (``after_moves``, the core's move maps, rounded as the headline
rounds them). The sortable list announces each drop in the page (``DROP_EVENT``, defined in
``ui/components/common.js``, on ``document``: the list's key, the order before and after, the
move); the headline looks the new DCG@k and NDCG@k up and shows them at once. IDCG@k does not depend on the order. The run that
follows sends the same numbers and the headline draws them again: Python stays the source of
every number, and nothing is computed in the browser. The lines it writes under the numbers (the
reading in words, the division) change with them in the same frame, from the same maps.

When the headline cannot know the numbers (a second drop before the run of the first has
arrived, or an order it has no map for), it dims its values (``aria-busy``) until the run
arrives, rather than show a number of another order.

Nothing a user typed reaches this component; its texts are still written with ``textContent``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ui.components.inline import inline_component
from ui.components.packed import packed

_HERE = Path(__file__).resolve().parent
COMPONENT_NAME = "ndcg_headline"

_HTML = """
<div class="headline" data-testid="headline">
  <dl class="headline__row"></dl>
  <p class="headline__reading" data-testid="headline-reading" hidden></p>
  <p class="headline__relation" data-testid="headline-relation" hidden></p>
</div>
"""

_component = inline_component(COMPONENT_NAME, _HERE, _HTML)


@dataclass(frozen=True)
class Figure:
    """One number of the headline: ``name`` ("dcg", "idcg" or "ndcg"), its label and its text."""

    name: Literal["dcg", "idcg", "ndcg"]
    label: str
    value: str


def headline_row(
    figures: Sequence[Figure],
    *,
    key: str,
    follows: str | None = None,
    order: Sequence[str] = (),
    after_moves: Mapping[str, Any] | None = None,
    answers: int = 0,
    size: Literal["normal", "large"] = "normal",
    relation: str | None = None,
    reading: str | None = None,
    share: str = "",
    on_painted: Callable[[], None] | None = None,
) -> None:
    """Draw ``figures`` side by side, as large numbers under small labels.

    ``follows`` is the key of the sortable list whose drops this headline shows at once;
    ``order`` is that list's ids in the order the figures are for, and ``after_moves`` the
    figures after every move (``{"texts", "dcg", "ndcg"}`` as
    :func:`ui.drop_preview.headline_after_moves` makes them). Without them the headline only
    shows what Python sends. ``relation`` is a line written under the numbers with each
    ``{dcg}``, ``{idcg}`` and ``{ndcg}`` replaced by the figure's text as shown, so that it changes
    with them in the frame of a drop ("NDCG@5 = {dcg} / {idcg} = {ndcg}"). ``reading`` is a
    sentence written above that line, with ``{share}`` replaced by ``share``, and after a drop by
    the share ``after_moves`` holds for the move (its ``"shares"`` and ``"share"``; without them
    the sentence is dimmed until the run). ``answers`` counts the list's drops this run answers
    (its :func:`~ui.components.sortable_list.revision`): the browser redraws a component only when
    its data changes, and a drop that ends where the list was must still end the busy state.
    ``on_painted``, when given, is called once the browser has drawn the headline and is idle
    (a page's first run waits for it: :mod:`ui.state.first_paint`).

    Raises:
        ValueError: if a grid of ``after_moves`` is not square with one row per id of ``order``.
    """
    if after_moves is not None:
        for name in ("dcg", "ndcg", "share") if "share" in after_moves else ("dcg", "ndcg"):
            grid = after_moves[name]
            if len(grid) != len(order) or any(len(row) != len(order) for row in grid):
                raise ValueError(f"headline_row: after_moves[{name!r}] must be {len(order)}×{len(order)}")
    _component(
        key=key,
        data=packed(
            {
                "figures": [{"name": f.name, "label": f.label, "value": f.value} for f in figures],
                "follows": follows,
                "order": list(order),
                "moves": after_moves,
                "answers": answers,
                "size": size,
                "relation": relation,
                "reading": reading,
                "share": share,
                "tellPainted": on_painted is not None,
            }
        ),
        **({"on_painted_change": on_painted} if on_painted is not None else {}),
    )
