"""Intent-aware NDCG on a page: one list for an ambiguous query, graded under each of its intents.

Seed 001 §4: IA-NDCG@k = Σ_j P(j) · NDCG_j@k, each NDCG_j@k with its own ideal. The section
shows :data:`ndcg_core.teaching.intents.JAGUAR` as one draggable list (each row says its grade
under every intent), a slider for the first intent's probability (the other gets the rest, so
they sum to 1), each intent's NDCG@k and IA-NDCG@k after every drop, and the lesson: one order
cannot be ideal for every intent. Every number is the core's
(:func:`ndcg_core.metric.intent_aware.intent_aware`).
"""

from __future__ import annotations

import math
from dataclasses import replace

import streamlit as st

from ndcg_core import NDCGInputError, gain_formula, ideal_order
from ndcg_core.metric.intent_aware import IntentAware, best_single_order, intent_aware
from ndcg_core.teaching import wording
from ndcg_core.teaching.intents import JAGUAR, LESSON, IntentScenario, lesson_numbers
from ui.components.sortable_list import SortableItem, sortable_list
from ui.glossary import term_help, term_link
from ui.order_buttons import order_buttons
from ui.plain_text import plain
from ui.state import intents as state
from ui.state.ranked_list import RankedList
from ui.state.scenario import read_settings


def with_probability(scenario: IntentScenario, first: float) -> IntentScenario:
    """The scenario with P(first intent) = ``first``; the other intents share 1 − first as before.

    >>> [i.probability for i in with_probability(JAGUAR, 0.25).intents]
    [0.25, 0.75]
    """
    head, *rest = scenario.intents
    others = sum(intent.probability for intent in rest)
    shares = [intent.probability / others if others else 1 / len(rest) for intent in rest]
    intents = (
        replace(head, probability=first),
        *(
            replace(intent, probability=(1.0 - first) * share)
            for intent, share in zip(rest, shares, strict=True)
        ),
    )
    return replace(scenario, intents=intents)


def short_name(name: str) -> str:
    """An intent's name without its article, for the list's narrow column: "the car" → "car"."""
    return name.removeprefix("the ")


def list_items(scenario: IntentScenario, ranked: RankedList) -> list[SortableItem]:
    """The rows of the list: each page's title and its grade under every intent."""
    return [
        SortableItem(
            item.id,
            item.name,
            " · ".join(f"{short_name(i.name)} {i.grades[position]:g}" for i in scenario.intents),
        )
        for item, position in zip(ranked.items, state.positions(ranked), strict=True)
    ]


def ideal_for(scenario: IntentScenario, intent_index: int):
    """An order change: the list sorted by one intent's grades, best first (ties keep their order)."""
    grades = scenario.intents[intent_index].grades

    def order(ranked: RankedList) -> RankedList:
        return ranked.permuted(ideal_order([grades[p] for p in state.positions(ranked)]))

    return order


def best_for_the_mix(scenario: IntentScenario):
    """An order change: the single order with the highest IA-NDCG@k (:func:`best_single_order`)."""

    def order(ranked: RankedList) -> RankedList:
        best, _ = best_single_order(scenario.pairs(state.positions(ranked)), scenario.k, gain=scenario.gain)
        return ranked.permuted(best)

    return order


def order_row(scenario: IntentScenario, ranked: RankedList) -> None:
    """One-click orders: the best single order for the mix, each intent's ideal; then original and undo."""
    columns = st.columns(len(scenario.intents) + 1, gap="small")
    columns[0].button(
        "Best single order",
        on_click=state.change(best_for_the_mix(scenario)),
        help="The order with the highest IA-NDCG@k for these probabilities",
        width="stretch",
        key="intents_best",
    )
    for index, (column, intent) in enumerate(zip(columns[1:], scenario.intents, strict=True)):
        column.button(
            f"Ideal for {intent.name}",
            on_click=state.change(ideal_for(scenario, index)),
            help=f"Sorted by the grades under “{intent.name}”",
            width="stretch",
            key=f"intents_ideal_{index}",
        )
    order_buttons(
        ranked,
        state.change,
        which=("original", "undo"),
        key=lambda name: f"intents_{name}",
        per_row=2,
        helps={"original": "The pages in the order the section opened with"},
    )


def formula_places(result: IntentAware, decimals: int) -> int:
    """The fewest decimals (≥ ``decimals``) at which the written sum Σ P(j) · NDCG_j adds up to
    IA-NDCG as written: rounded terms can miss the rounded total (0.30 × 0.43 + 0.70 × 0.77 = 0.668,
    but IA-NDCG = 0.664 reads 0.66).

    >>> formula_places(intent_aware([(0.3, [1, 0, 0, 1]), (0.7, [0, 1, 1, 0])], 3), 2) >= 2
    True
    """
    for places in range(decimals, wording.MAX_DECIMALS + 1):
        written = math.fsum(
            p * float(wording.number(v, places))
            for p, v in zip(result.probabilities, result.per_intent, strict=True)
        )
        if wording.number(written, places) == wording.number(result.value, places):
            return places
    return wording.MAX_DECIMALS


def numbers(scenario: IntentScenario, result: IntentAware, decimals: int) -> None:
    """Each intent's NDCG@k with its probability, IA-NDCG@k, and the weighted sum written out."""
    at = f"@{scenario.k}"
    columns = st.columns(len(scenario.intents) + 1)
    for column, intent, value in zip(columns[:-1], scenario.intents, result.per_intent, strict=True):
        column.metric(f"NDCG{at}, {intent.name}", wording.share(value, decimals))
    columns[-1].metric(f"IA-NDCG{at}", wording.share(result.value, decimals), help=term_help("IA-NDCG"))
    places = formula_places(result, decimals)
    terms = " + ".join(
        f"{wording.number(p, 2)} × {wording.share(v, places)}"
        for p, v in zip(result.probabilities, result.per_intent, strict=True)
    )
    st.markdown(f"IA-NDCG{at} = Σ P(j) · NDCG_j{at} = {terms} = **{wording.share(result.value, places)}**")


def intent_aware_section(scenario: IntentScenario = JAGUAR) -> None:
    """The whole section: the list, the probability, the numbers and the lesson."""
    state.keep()
    st.header("Intent-aware NDCG: one query, several meanings")
    first = scenario.intents[0]
    st.markdown(
        f"{plain(scenario.title)} A query with several {term_link('intent', 'intents')}: each intent grades "
        f"the same pages its own way, and {term_link('IA-NDCG')} weighs each intent's NDCG{f'@{scenario.k}'} "
        "by how likely it is. Drag the pages; move the slider."
    )
    st.caption(plain(scenario.note))
    state.probability(scenario)
    st.slider(
        f"P({first.name}): how many of those who type “{scenario.query}” mean {first.name}",
        state.LOWEST,
        state.HIGHEST,
        step=state.STEP,
        key=state.PROBABILITY_KEY,
        format="%.2f",
        help="The other intent gets the rest, so the probabilities sum to 1. At 0 or 1 the query would not be ambiguous.",
    )
    mixed = with_probability(scenario, float(st.session_state[state.PROBABILITY_KEY]))
    st.caption(
        " · ".join(f"P({intent.name}) = {wording.number(intent.probability, 2)}" for intent in mixed.intents)
        + f" · k = {scenario.k} · gain {scenario.gain} ({gain_formula(scenario.gain)}) · each intent's ideal from its own grades"
    )
    ranked = state.current(scenario)
    try:
        result = intent_aware(mixed.pairs(state.positions(ranked)), mixed.k, gain=mixed.gain)
    except NDCGInputError as error:  # a scenario the core refuses: its words, never a traceback
        st.error(f"This scenario cannot be scored: {plain(error)}")
        return
    numbers(mixed, result, read_settings().decimals)  # above the list: a phone shows them while dragging
    list_column, lesson_column = st.columns([3, 2], gap="large")
    with list_column:
        sortable_list(
            list_items(mixed, ranked),
            key="intents_sortable",
            on_reorder=state.reorder,
            cutoff=scenario.k,
            aria_label=f"Pages for “{scenario.query}”: drag, or focus a row and press Space to move it",
        )
        order_row(mixed, ranked)
    with lesson_column:
        st.markdown(plain(LESSON))
        st.markdown(plain(lesson_numbers(mixed)))
