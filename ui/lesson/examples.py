"""Step 4's two small lists: the course notes' rankings A and B, the same four grades in two orders.

Each is a live list of its own (:class:`ui.live_list.Example`): the learner can drag inside it and
watch CG@4 stay while DCG@4 moves. Their lists live under their own keys and never replace the
session's list, which the rest of the lesson and the Playground show. They are scored under the
gain in force (and the session's decimals), with the ideal from their own four items and k = 4.
"""

from __future__ import annotations

import streamlit as st

from ndcg_core.teaching.formula import number
from ndcg_core.teaching.scenarios import CG_RANKING_A, CG_RANKING_B, Scenario
from ui.live_list import Example, LiveList, LiveRun, Places, live_list
from ui.state import scenario
from ui.state.ranked_list import RankedList, from_scenario
from ui.state.settings import LISTED_ITEMS, Settings

#: The two rankings, by the name the lesson gives them, and what sets them apart.
RANKINGS: dict[str, Scenario] = {"A": CG_RANKING_A, "B": CG_RANKING_B}
WHICH = {"A": "best items first", "B": "best items last"}


def example_settings(example: Scenario) -> Settings:
    """k = 4 and the ideal from the four items; the gain and decimals in force in the session."""
    session = scenario.read_settings()
    return Settings(k=example.k, gain=session.gain, ideal_source=LISTED_ITEMS, decimals=session.decimals)


def example_list(name: str) -> LiveList:
    """The live list of ranking ``name`` ("A" or "B"): its own source, small, no preview."""
    example = RANKINGS[name]

    def make() -> RankedList:
        return from_scenario(example)

    source = Example(f"lesson_example_{name.lower()}_list", make, lambda _ranked: example_settings(example))
    return LiveList(
        f"lesson_example_{name.lower()}",
        source=source.source(),
        orders=("original",),
        order_labels={"original": f"Back to {name}"},
        sentences=False,
        preview=False,
        aria_label=f"Ranking {name}: drag, or focus a row and press Space to move it",
    )


def cg_and_dcg_line(run: LiveRun) -> None:
    """Under a small list: its CG@4 and DCG@4, live."""
    k = run.settings.k
    cg = float(run.table["cg"][min(k, len(run.ranked.items)) - 1])
    decimals = run.settings.decimals
    st.markdown(f"CG@{k} = **{number(cg, decimals)}** · DCG@{k} = **{number(run.numbers.dcg, decimals)}**")


def rankings_a_and_b() -> None:
    """Rankings A and B side by side, each a small live list with its CG@4 and DCG@4."""
    gain = scenario.read_settings().gain
    st.markdown(
        f"**Rankings A and B** from the course notes *NDCG for graded relevance*: the same four grades, "
        f"best first and best last ({gain} gain, k = 4). Drag inside either: CG@4 never moves."
    )
    for name, column in zip(RANKINGS, st.columns(2, gap="medium"), strict=True):
        with column:
            st.markdown(f"**Ranking {name}** ({WHICH[name]})")
            unit = example_list(name)
            places = Places(sortable=st.container())
            line = st.container()
            places.buttons = st.container()

            def figure(run: LiveRun, line=line) -> None:
                with line:
                    cg_and_dcg_line(run)

            live_list(unit, places, figure, headline=())
