"""The scenario picker: one selectbox, shared by the Playground and the lesson.

Picking a scenario loads its list and its settings (gain, k, where the ideal comes from) through
:func:`ui.state.scenario.load_scenario`, so every page that reads the shared session state follows
it. The Decimals setting is the user's alone: a scenario never changes it. A scenario whose source
prints more digits than the setting shows says so in its details.
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from ndcg_core.teaching.scenarios import DEFAULT_SCENARIO, SCENARIOS, Scenario, scenario_by_key
from ui.state import scenario as session


def current_scenario() -> Scenario:
    """The scenario this session last loaded (the default one on the first visit)."""
    key = session.scenario_key()
    try:
        return scenario_by_key(key)
    except KeyError:
        return own_list(key)


def own_list(key: str) -> Scenario:
    """What to call a list that is none of the examples: a query opened from a run, a link, an edit."""
    title, source = session.scenario_label() or ("Your own list", "built in the Playground")
    return replace(
        DEFAULT_SCENARIO, key=key or session.EDITED, title=title, source=source, note="", printed=False
    )


def is_example(scenario: Scenario) -> bool:
    """True for one of the built-in scenarios."""
    return any(option.key == scenario.key for option in SCENARIOS)


def load(scenario: Scenario) -> None:
    """Load ``scenario`` with the settings its source uses; the session's Decimals setting stays."""
    session.load_scenario(scenario)


def option_label(key: str) -> str:
    """What the selectbox shows for a scenario: its title (its source is said in plain words beside it)."""
    return scenario_by_key(key).title


def _load_picked(picker_key: str) -> None:
    """The selectbox's callback: load the scenario that was picked."""
    if st.session_state[picker_key] is not None:
        load(scenario_by_key(st.session_state[picker_key]))


def scenario_picker(*, key: str, details: bool = True) -> Scenario:
    """Draw the picker (and, with ``details``, what the scenario is) and return the current scenario.

    ``key`` must differ between pages, as every widget key does. Draw it before the settings:
    it also keeps them from page to page (:func:`ui.state.scenario.keep_settings`).
    """
    session.keep_settings()
    scenario = current_scenario()
    # the picker shows what is loaded, whichever page loaded it; nothing when it is none of them
    st.session_state[key] = scenario.key if is_example(scenario) else None
    st.selectbox(
        "Scenario",
        [option.key for option in SCENARIOS],
        key=key,
        format_func=option_label,
        on_change=_load_picked,
        args=(key,),
        placeholder="Your own list: pick an example to replace it",
        help="Worked examples from the source articles. Picking one replaces the list and its settings.",
    )
    if details and is_example(scenario):
        scenario_details(scenario)
    return scenario


def scenario_details(scenario: Scenario) -> None:
    """Source, gain, k, where the ideal comes from, the NDCG the source gives, and its note."""
    expected = "the source gives" if scenario.printed else "worked out from the source"
    st.caption(
        f"{scenario.source[:1].upper()}{scenario.source[1:]} · **Gain:** {scenario.gain_description} · **k** = {scenario.k} · "
        f"**Ideal from:** {scenario.ideal_description} · **{expected.capitalize()}:** {scenario.expected_text}"
    )
    notes = [scenario.note, decimals_note(scenario, session.read_settings().decimals)]
    note = " ".join(part for part in notes if part)
    if note:
        st.caption(f"**Note:** {note}")


def decimals_note(scenario: Scenario, decimals: int) -> str:
    """What to set to compare with the source, when it prints more decimals than are shown.

    >>> from ndcg_core.teaching.scenarios import SCENARIOS
    >>> decimals_note(next(s for s in SCENARIOS if s.decimals == 4), 2)
    'The source prints 4 decimals: set Decimals to 4 to compare.'
    """
    if scenario.decimals <= decimals:
        return ""
    return f"The source prints {scenario.decimals} decimals: set Decimals to {scenario.decimals} to compare."
