"""Presentation mode: the lesson on a projector, and a keyboard (or clicker) to step through it.

Two pieces:

* :func:`presentation_style` adds static CSS (no user text ever goes into it) that hides the
  sidebar and Streamlit's header and sets the numbers, tables, formulas and text in large type.
* :func:`step_keys` mounts a tiny invisible component whose JavaScript listens for
  ArrowRight/ArrowLeft (and, when asked, PageDown/PageUp, which is what a presentation clicker
  sends) and reports "next" or "previous" to Python. It ignores keys typed into text fields,
  sliders, radio buttons, select boxes, tables and the sortable list, which need those keys.
  While it listens, ``<html>`` carries ``data-step-keys="arrows"`` (or ``"all"`` with the
  PageUp/PageDown/Escape keys of presentation mode).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import streamlit as st

#: Whether presentation mode is on: plain session state, so it outlasts a visit to another page.
PRESENTING_KEY = "lesson_presenting"
#: The switch that turns it on and off (a widget: Streamlit forgets it on other pages).
SWITCH_KEY = "lesson_presenting_switch"

#: The trigger the JavaScript sets: "next", "previous" or "exit".
STEP_EVENT = "step"
Direction = Literal["next", "previous", "exit"]
DIRECTIONS: tuple[Direction, ...] = ("next", "previous", "exit")

PRESENTATION_CSS = """
<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stHeader"],
[data-testid="stToolbar"], [data-testid="stDecoration"], [data-testid="stExpandSidebarButton"] {
  display: none !important;
}
[data-testid="stMainBlockContainer"] {
  max-width: 100% !important;
  padding: 0.5rem 2.5rem 1.5rem 2.5rem !important;
}
[data-testid="stMain"] [data-testid="stVerticalBlock"] { gap: 0.55rem; }
[data-testid="stMain"] [data-testid="stMarkdownContainer"] p,
[data-testid="stMain"] [data-testid="stMarkdownContainer"] li {
  font-size: 1.35rem;
  line-height: 1.35;
}
[data-testid="stMain"] [data-testid="stCaptionContainer"],
[data-testid="stMain"] [data-testid="stCaptionContainer"] p {
  font-size: 1.05rem;
}
[data-testid="stMain"] h1, [data-testid="stMain"] h2, [data-testid="stMain"] h3 {
  font-size: 1.8rem;
  padding: 0.2rem 0;
}
[data-testid="stTable"] th, [data-testid="stTable"] td {
  font-size: 1.3rem;
  padding: 0.15rem 0.55rem;
}
[data-testid="stTable"] th p, [data-testid="stTable"] td p { font-size: inherit; }
[data-testid="stMain"] [data-testid="stMetricValue"] [data-testid="stMarkdownContainer"] p {
  font-size: 3.6rem;
  line-height: 1.15;
}
[data-testid="stMain"] [data-testid="stMetricLabel"] [data-testid="stMarkdownContainer"] p { font-size: 1.5rem; }
[data-testid="stMain"] .katex { font-size: 1.4em; }
[data-testid="stMain"] button p { font-size: 1.2rem; }
</style>
"""


def is_presenting() -> bool:
    """True while presentation mode is on."""
    return bool(st.session_state.get(PRESENTING_KEY, False))


def set_presenting(on: bool) -> None:
    """Turn presentation mode on or off."""
    st.session_state[PRESENTING_KEY] = on


def presentation_toggle() -> bool:
    """The switch; True while presentation mode is on."""
    st.session_state[SWITCH_KEY] = is_presenting()
    st.toggle(
        "Presentation mode",
        key=SWITCH_KEY,
        on_change=lambda: set_presenting(bool(st.session_state[SWITCH_KEY])),
        help="Large type for a projector, no sidebar. Step with ←/→ or PageUp/PageDown (a clicker); "
        "Escape leaves presentation mode.",
    )
    return is_presenting()


def presentation_style() -> None:
    """Large type and no sidebar: static CSS only."""
    st.html(PRESENTATION_CSS)


# ------------------------------------------------------------------ keyboard --

_JS = """
const NEXT_KEYS = new Set(["ArrowRight"]);
const PREVIOUS_KEYS = new Set(["ArrowLeft"]);
const PAGE_KEYS = { PageDown: "next", PageUp: "previous" };
// Elements that use these keys themselves: leave their keys alone.
const BUSY_ROLES = new Set([
  "slider", "radio", "radiogroup", "listbox", "option", "grid", "gridcell", "treegrid",
  "tab", "tablist", "combobox", "spinbutton", "textbox", "menu", "menuitem", "searchbox",
]);
const PLAIN_INPUTS = new Set(["checkbox", "button", "submit", "reset"]);
const READY_ATTRIBUTE = "data-step-keys";
const listeners = new WeakMap();

function usesKeysItself(node) {
  if (!(node instanceof Element)) return false;
  const tag = node.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return !PLAIN_INPUTS.has((node.getAttribute("type") || "text").toLowerCase());
  if (node.isContentEditable) return true;
  if (BUSY_ROLES.has(node.getAttribute("role"))) return true;
  const testId = node.getAttribute("data-testid");
  return testId === "sortable-list" || testId === "stDataFrame" || testId === "stSlider";
}

function direction(event, pageKeys) {
  if (NEXT_KEYS.has(event.key)) return "next";
  if (PREVIOUS_KEYS.has(event.key)) return "previous";
  if (pageKeys && event.key in PAGE_KEYS) return PAGE_KEYS[event.key];
  if (pageKeys && event.key === "Escape") return "exit";
  return null;
}

export default function mountStepKeys(component) {
  const { data, parentElement, setTriggerValue } = component;
  let state = listeners.get(parentElement);
  if (!state) {
    state = { pageKeys: false, send: () => {} };
    state.onKeyDown = (event) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.composedPath().some(usesKeysItself)) return;
      const where = direction(event, state.pageKeys);
      if (!where) return;
      event.preventDefault();
      state.send(where);
    };
    document.addEventListener("keydown", state.onKeyDown);
    listeners.set(parentElement, state);
  }
  state.pageKeys = Boolean(data && data.pageKeys);
  state.send = (where) => setTriggerValue("step", where);
  // A sign, for tests and curious readers, that the keys are being listened to.
  document.documentElement.setAttribute(READY_ATTRIBUTE, state.pageKeys ? "all" : "arrows");
  return () => {
    document.removeEventListener("keydown", state.onKeyDown);
    document.documentElement.removeAttribute(READY_ATTRIBUTE);
    listeners.delete(parentElement);
  };
}
"""

_component = st.components.v2.component("ndcg_step_keys", html="<span hidden></span>", js=_JS)


def read_direction(key: str) -> Direction | None:
    """The key the browser reported in this interaction ("next", "previous", "exit"), or None.

    Inside the component's callback, ``st.session_state[key]`` holds the trigger values of
    the current interaction, by name.
    """
    state: Any = st.session_state.get(key)
    if not isinstance(state, dict):
        return None
    reported = state.get(STEP_EVENT)
    return reported if reported in DIRECTIONS else None


def step_keys(*, key: str, on_key: Callable[[Direction], None], page_keys: bool) -> None:
    """Listen for ←/→ (and, with ``page_keys``, PageUp/PageDown and Escape) anywhere on the page.

    ``on_key`` runs as a callback, before the page reruns, with the reported direction.
    """

    def _reported() -> None:
        if (where := read_direction(key)) is not None:
            on_key(where)

    _component(key=key, data={"pageKeys": page_keys}, on_step_change=_reported, height=0)
