// Helpers every one of our components uses. An inline component is one
// module made of its own text and cannot import a file, so
// ui/components/inline.py puts this file in front of each component's
// JavaScript when it registers the component.

// The event the sortable list dispatches on document after each drop, and the
// headline listens for: the list's key, the order before and after, the move.
const DROP_EVENT = "ndcg-sortable-drop";

// The event the sortable list dispatches on document while an item is held
// (picked up, moved, put down), for a figure that shows the held item's place:
// the list's key, the held id (null once nothing is held), the order before it
// was picked up, and where it would land now (0-based).
const HOLD_EVENT = "ndcg-sortable-hold";

// Python sends a component's data as one JSON text (ui/components/packed.py):
// read it back.
function unpacked(data) {
  try {
    return typeof data?.packed === "string" ? JSON.parse(data.packed) : (data ?? {});
  } catch {
    return {};
  }
}

// Write only what changed: the browser then restyles and relays out only that.
function setText(element, text) {
  if (element.textContent !== text) {
    element.textContent = text;
  }
}

function setAttr(element, name, value) {
  if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

function sameSequence(a, b) {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
