"""This session's list and the settings it is scored under: the scenario the Playground, Step by
step, Variants and pitfalls and What if all show.

Every key below is read and written through this module. The order's source of truth is here, not
in the browser component, so that a test (AppTest) can set it and so that a button ("ideal
order", "undo") and a drag always agree. A scenario reaches the session in one way,
:func:`_put`, whether it comes from the scenario picker, a link or a query of a run. Nothing is
stored at module level: two sessions never share a list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import streamlit as st

from ndcg_core import Ranking
from ndcg_core.teaching.scenarios import DEFAULT_SCENARIO, Scenario
from ui.state.keep import keep_widget_values
from ui.state.link import UrlScenario
from ui.state.ranked_list import Item, RankedList, from_scenario
from ui.state.settings import DEFAULTS, JUDGED_POOL, Settings, clamped_k

LIST_KEY = "playground_list"
#: The k slider's value: the k asked for, cut to what the list allows.
K_KEY = "playground_k"
#: The k the user asked for, kept apart from the slider so that emptying the list and undoing
#: it brings k back.
K_WANTED_KEY = "playground_k_wanted"
GAIN_KEY = "playground_gain"
IDEAL_KEY = "playground_ideal"
DECIMALS_KEY = "playground_decimals"
#: The text field that holds the grades of judged items the list does not show.
UNLISTED_KEY = "playground_unlisted"
MESSAGE_KEY = "playground_message"
SCENARIO_KEY = "playground_scenario"
SCENARIO_LABEL_KEY = "playground_scenario_label"
#: The settings' widget keys: kept when a page that does not draw them runs.
SETTING_KEYS = (K_KEY, K_WANTED_KEY, GAIN_KEY, IDEAL_KEY, DECIMALS_KEY, UNLISTED_KEY)
#: The scenario key of a list that is none of the examples any more.
EDITED = "edited"


def grades_text(grades: Iterable[float]) -> str:
    """Grades as a user types them: ``5, 5, 3``."""
    return ", ".join(f"{g:g}" for g in grades)


# ------------------------------------------------------------ loading --


def _put(ranked: RankedList, settings: Settings, scenario_key: str) -> None:
    """Replace the session's list and settings (the one way a scenario reaches the session)."""
    st.session_state[LIST_KEY] = ranked
    st.session_state[K_KEY] = st.session_state[K_WANTED_KEY] = settings.k
    st.session_state[GAIN_KEY] = settings.gain
    st.session_state[IDEAL_KEY] = settings.ideal_source
    st.session_state[DECIMALS_KEY] = settings.decimals
    st.session_state[UNLISTED_KEY] = grades_text(ranked.unlisted_grades)
    st.session_state[SCENARIO_KEY] = scenario_key


def load_scenario(scenario: Scenario, *, decimals: int | None = None) -> None:
    """Put a scenario's list and settings into this session, and remember which scenario it was.

    ``decimals`` changes how many decimals are shown; ``None`` keeps the session's.
    """
    settings = Settings(
        k=scenario.k or len(scenario.labels),
        gain=scenario.gain,
        ideal_source=scenario.ideal_source,
        decimals=read_settings().decimals if decimals is None else decimals,
    )
    _put(from_scenario(scenario), settings, scenario.key)
    st.session_state[SCENARIO_LABEL_KEY] = (scenario.title, scenario.source)


def load_link(link: UrlScenario) -> None:
    """Put a decoded link into this session: its list in its order, its pool and its settings."""
    original = tuple(
        Item(f"i{i}", name, grade)
        for i, (name, grade) in enumerate(zip(link.names, link.grades, strict=True))
    )
    items = tuple(original[i] for i in link.order)
    ranked = RankedList(items, original, link.unlisted, next_id=len(original))
    settings = Settings(k=link.k, gain=link.gain, ideal_source=link.ideal, decimals=link.decimals)  # type: ignore[arg-type]
    _put(ranked, settings, link.scenario)


def link_state() -> UrlScenario:
    """The session's scenario as a link holds it (read only: safe after the page has drawn)."""
    ranked = current_list()
    settings = read_settings()
    position = {item.id: index for index, item in enumerate(ranked.original)}
    original = ranked.original
    if set(position) != set(ranked.ids):  # edited since loading: the current order is the original
        original, position = ranked.items, {item.id: i for i, item in enumerate(ranked.items)}
    return UrlScenario(
        names=tuple(item.name for item in original),
        grades=tuple(item.grade for item in original),
        order=tuple(position[item_id] for item_id in ranked.ids),
        unlisted=tuple(ranked.unlisted_grades),
        k=settings.k,
        gain=settings.gain,
        ideal=settings.ideal_source,
        decimals=settings.decimals,
        scenario=str(st.session_state.get(SCENARIO_KEY, "") or ""),
    )


# --------------------------------------------------------------- list --


def current_list() -> RankedList:
    """This session's list, loading the default scenario on the first visit."""
    if LIST_KEY not in st.session_state:
        load_scenario(DEFAULT_SCENARIO)
    return st.session_state[LIST_KEY]


def set_list(ranked: RankedList) -> None:
    """Replace this session's list (every change goes through here)."""
    st.session_state[LIST_KEY] = ranked


def change_list(change: Callable[[RankedList], RankedList]) -> Callable[[], None]:
    """A button callback that applies ``change`` to the current list."""

    def apply() -> None:
        set_list(change(current_list()))

    return apply


def reorder_list(ids: list[str]) -> None:
    """A drop's callback: the session's list in the order the browser reported."""
    set_list(current_list().reordered(ids))


def mark_edited() -> None:
    """The list no longer is the scenario it was loaded from: say so wherever the scenario is named."""
    if st.session_state.get(SCENARIO_KEY) != EDITED:
        title, _ = st.session_state.get(SCENARIO_LABEL_KEY, ("the example", ""))
        st.session_state[SCENARIO_LABEL_KEY] = ("Your own list", f"edited from {title}")
    st.session_state[SCENARIO_KEY] = EDITED


def scenario_key() -> str:
    """The key of the scenario the list was loaded from (:data:`EDITED` once it was edited)."""
    current_list()
    return str(st.session_state.get(SCENARIO_KEY, DEFAULT_SCENARIO.key))


def scenario_label() -> tuple[str, str] | None:
    """The (title, source) the list is shown under when it is none of the examples, if any."""
    return st.session_state.get(SCENARIO_LABEL_KEY)


def flash(message: str) -> None:
    """A message to show once, on the next run (e.g. after an edit was applied)."""
    st.session_state[MESSAGE_KEY] = message


def pop_flash() -> str | None:
    """The message left by :func:`flash`, if any; it is shown once."""
    return st.session_state.pop(MESSAGE_KEY, None)


# ----------------------------------------------------------- settings --


def uses_pool() -> bool:
    """True when the ideal comes from the judged pool."""
    return st.session_state.get(IDEAL_KEY, DEFAULTS.ideal_source) == JUDGED_POOL


def largest_k(ranked: RankedList) -> int:
    """The longest cutoff worth choosing: the list, or the judged pool when the ideal comes from it."""
    return len(ranked.items) + (len(ranked.unlisted_grades) if uses_pool() else 0)


def read_settings() -> Settings:
    """The settings as the session holds them, the defaults where it holds none (writes nothing)."""
    state = st.session_state
    return Settings(
        k=int(state.get(K_KEY, state.get(K_WANTED_KEY, DEFAULTS.k))),
        gain=state.get(GAIN_KEY, DEFAULTS.gain),
        ideal_source=state.get(IDEAL_KEY, DEFAULTS.ideal_source),
        decimals=int(state.get(DECIMALS_KEY, DEFAULTS.decimals)),
    )


def current_settings(ranked: RankedList) -> Settings:
    """The settings in force for ``ranked``: k is the one asked for, cut to 1 … :func:`largest_k`.

    Call it before the controls are drawn (it writes the slider's value).
    """
    for key, default in ((GAIN_KEY, DEFAULTS.gain), (IDEAL_KEY, DEFAULTS.ideal_source)):
        st.session_state.setdefault(key, default)
    st.session_state.setdefault(DECIMALS_KEY, DEFAULTS.decimals)
    wanted = st.session_state.get(K_WANTED_KEY, st.session_state.get(K_KEY, DEFAULTS.k))
    st.session_state[K_KEY] = clamped_k(wanted, largest_k(ranked))
    return read_settings()


def wanted_k() -> int:
    """The k the user asked for, whatever the list allows now (an empty list keeps it for later)."""
    state = st.session_state
    return int(state.get(K_WANTED_KEY, state.get(K_KEY, DEFAULTS.k)))


def remember_k() -> None:
    """The k slider's callback: what the user set is what they want, until they set another."""
    st.session_state[K_WANTED_KEY] = st.session_state[K_KEY]


def keep_settings() -> None:
    """Keep the shared settings' widget values from page to page (see :mod:`ui.state.keep`)."""
    keep_widget_values(SETTING_KEYS)


def ranking(ranked: RankedList, settings: Settings) -> Ranking:
    """The core's inputs for this run, checked once: the grades, k, gain and (if in force) the pool."""
    pool = ranked.pool() if settings.uses_pool else None
    return Ranking.of(ranked.grades, settings.k, gain=settings.gain, ideal=pool)
