"""Keys that step through the lesson: ArrowRight/ArrowLeft, and a presentation clicker's PageDown/PageUp.

:func:`step_keys` mounts a tiny invisible component whose JavaScript listens for ArrowRight/ArrowLeft
(and, when asked, PageUp/PageDown, which is what a presentation clicker sends, and Escape) and
reports "next", "previous" or "exit" to Python. It ignores keys typed into text fields, sliders,
radio buttons, select boxes, tables and the sortable list, which need those keys. While it listens,
``<html>`` carries ``data-step-keys="arrows"`` (or ``"all"`` with the keys of presentation mode).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import streamlit as st

#: The trigger the JavaScript sets: "next", "previous" or "exit".
STEP_EVENT = "step"
Direction = Literal["next", "previous", "exit"]
DIRECTIONS: tuple[Direction, ...] = ("next", "previous", "exit")

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
