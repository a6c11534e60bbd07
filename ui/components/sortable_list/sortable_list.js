// Sortable list: reorder rows with a mouse, a finger, a pen or the keyboard.
//
// Streamlit calls the default export every time the Python side sends new
// `data` (and on the first mount). The HTML skeleton from sortable_list.py
// stays in place between calls, so we keep one `SortableList` object per
// skeleton and simply redraw it from `data`.
//
// Python owns the order. After a drop we rearrange the rows at once (so the
// page does not flicker) and report the full new order with
// setTriggerValue("reorder", ids). Python answers with new `data`, and
// render() makes the page show exactly that order.
//
// While an item is held, the held row shows what dropping it at the current
// place would do ("drop here → NDCG@5 0.79 (+0.36)"), and the keyboard path
// says it in the live region. Python sends those words for every (held rank,
// place) with the list (`data.preview`); this file only looks them up.
//
// After each drop the list also announces it in the page: DROP_EVENT on
// document, with the list's key, the order before and after, and the move
// (0-based ranks), so that a headline following this list can show the new
// numbers at once (see ui/components/headline/headline.js). While an item is
// held it announces where it would land (HOLD_EVENT), so that a figure can
// mark that place (see ui/components/rank_bars/rank_bars.js).
//
// User text (labels, details) is only ever written with textContent.

const ROOT_SELECTOR = '[data-testid="sortable-list"]';
const ROW_SELECTOR = '[data-testid="sortable-item"]';
const REORDER_EVENT = "reorder";

// How far (px) a pointer must move before a press becomes a drag.
const DRAG_THRESHOLD_PX = 5;
// Auto-scroll while dragging near the top or bottom edge of what can be seen
// of the list (the window under Streamlit's navigation bar, or the list's own
// box): proportional to how deep the pointer is in the edge band, and bounded
// (it stops once the end of the list is in view, never scrolling the page past
// the list).
const AUTO_SCROLL_EDGE_PX = 56;
const AUTO_SCROLL_MAX_STEP_PX = 10;
// A pointer that only passes through the edge band (or is dropped at a row in
// it) scrolls nothing: the band must be held this long first.
const AUTO_SCROLL_DELAY_MS = 350;

// One SortableList per HTML skeleton; survives Streamlit's re-runs of the JS.
const instances = new WeakMap();

export default function mountSortableList(component) {
  const { data, parentElement, setTriggerValue } = component;
  const root = parentElement.querySelector(ROOT_SELECTOR);
  if (!root) {
    return undefined;
  }
  let list = instances.get(root);
  if (!list) {
    list = new SortableList(root);
    instances.set(root, list);
  }
  list.report = (ids) => setTriggerValue(REORDER_EVENT, ids);
  list.render(unpacked(data));
  // Streamlit runs this cleanup when the component is removed from the page.
  return () => {
    list.destroy();
    instances.delete(root);
  };
}

// ---------------------------------------------------------------- helpers --

function moveItem(ids, from, to) {
  const result = ids.slice();
  const [moved] = result.splice(from, 1);
  result.splice(to, 0, moved);
  return result;
}

// The one move (0-based ranks) that turns `before` into `after`, or null.
function singleMove(before, after) {
  let first = 0;
  while (first < before.length && before[first] === after[first]) {
    first += 1;
  }
  if (first === before.length) {
    return null;
  }
  const candidates = [
    { from: before.indexOf(after[first]), to: first }, // moved up to `first`
    { from: first, to: after.indexOf(before[first]) }, // moved down from `first`
  ];
  return (
    candidates.find(
      ({ from, to }) => from >= 0 && to >= 0 && sameSequence(moveItem(before, from, to), after),
    ) ?? null
  );
}

function sameItems(a, b) {
  return (
    a.length === b.length &&
    a.every(
      (item, i) =>
        item.id === b[i].id &&
        item.label === b[i].label &&
        item.detail === b[i].detail,
    )
  );
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function clamp(value, low, high) {
  return Math.min(Math.max(value, low), high);
}

function makeElement(tag, className, text) {
  const element = document.createElement(tag);
  element.className = className;
  if (text !== undefined) {
    element.textContent = text;
  }
  return element;
}

function parseItems(data) {
  const raw = Array.isArray(data?.items) ? data.items : [];
  return raw.map((item) => ({
    id: String(item.id),
    label: String(item.label ?? ""),
    detail: String(item.detail ?? ""),
  }));
}

function parseCutoff(data) {
  return Number.isInteger(data?.cutoff) ? data.cutoff : null;
}

// The drop preview, checked: phrases and a square grid of indices into them,
// for the order of `ids` (the items as Python sent them). Anything else: null.
function parsePreview(data, ids) {
  const raw = data?.preview;
  if (!raw || !Array.isArray(raw.labels) || !Array.isArray(raw.cells)) {
    return null;
  }
  const square =
    raw.cells.length === ids.length &&
    raw.cells.every((row) => Array.isArray(row) && row.length === ids.length);
  if (!square) {
    return null;
  }
  return {
    ids,
    labels: raw.labels.map(String),
    spoken: Array.isArray(raw.spoken) ? raw.spoken.map(String) : [],
    cells: raw.cells,
    pending: String(raw.pending ?? ""),
  };
}

function createRow(item) {
  const row = makeElement("div", "sortable__row");
  row.setAttribute("role", "option");
  row.setAttribute("aria-roledescription", "sortable item");
  row.setAttribute("data-testid", "sortable-item");
  row.setAttribute("data-id", item.id);
  row.tabIndex = -1;
  const handle = makeElement("span", "sortable__handle");
  handle.setAttribute("aria-hidden", "true");
  handle.setAttribute("data-testid", "sortable-handle");
  const rank = makeElement("span", "sortable__rank");
  rank.setAttribute("aria-hidden", "true");
  // Spaces between the parts, so that the row's visible text reads "1 Name grade 0", which its
  // accessible name begins with (WCAG 2.5.3, label in name: a speech user says what they see).
  row.append(
    handle,
    rank,
    document.createTextNode(" "),
    makeElement("span", "sortable__label"),
    document.createTextNode(" "),
    makeElement("span", "sortable__detail"),
  );
  return row;
}

function createDivider() {
  const divider = makeElement("div", "sortable__cutoff");
  divider.setAttribute("aria-hidden", "true");
  divider.setAttribute("data-testid", "sortable-cutoff");
  divider.append(makeElement("span", "sortable__cutoff-label"));
  return divider;
}

// The bottom of what covers the top of the window (Streamlit's header with the
// navigation, over the page that scrolls under it), 0 when nothing does.
function coveredTop() {
  const header = document.querySelector('[data-testid="stHeader"]');
  if (!header || !["fixed", "absolute", "sticky"].includes(getComputedStyle(header).position)) {
    return 0;
  }
  const rect = header.getBoundingClientRect();
  return rect.height > 0 && rect.top <= 0 ? Math.max(rect.bottom, 0) : 0;
}

// Nearest ancestor that scrolls vertically, crossing shadow-root borders.
function scrollParent(element) {
  let node = element;
  while (node) {
    node = node.parentElement ?? node.getRootNode()?.host ?? null;
    if (node instanceof HTMLElement) {
      const overflowY = getComputedStyle(node).overflowY;
      const scrolls = overflowY === "auto" || overflowY === "scroll";
      if (scrolls && node.scrollHeight > node.clientHeight) {
        return node;
      }
    }
  }
  return document.scrollingElement;
}

// ------------------------------------------------------------ the widget --

class SortableList {
  constructor(root) {
    this.root = root;
    this.listEl = root.querySelector(".sortable__list");
    this.boxEl = root.querySelector(".sortable__box") ?? this.listEl;
    this.live = root.querySelector(".sortable__live");
    this.items = []; // committed order, as last drawn from Python or dropped
    this.itemById = new Map();
    this.rows = new Map(); // id -> row element
    this.cutoff = null;
    this.preview = null; // what a drop would do, for the committed order
    this.previewEl = null; // the words on the held row
    this.lastHold = ""; // the hold last announced ("id:target"), "" for none
    this.activeId = null; // the row that has tabindex=0
    this.grab = null; // keyboard move in progress
    this.drag = null; // pointer press or drag in progress
    this.arranging = false;
    this.autoScrollFrame = 0;
    this.report = () => {};
    this.adoptExistingDom();
    this.listen();
  }

  // If the skeleton already holds rows (an earlier instance was cleaned up),
  // reuse them so focus is not lost.
  adoptExistingDom() {
    for (const row of this.listEl.querySelectorAll(ROW_SELECTOR)) {
      row.classList.remove("is-grabbed", "is-lifted");
      row.style.top = "";
      this.rows.set(row.getAttribute("data-id"), row);
    }
    for (const old of this.listEl.querySelectorAll(
      ".sortable__placeholder, .sortable__preview",
    )) {
      old.remove();
    }
    this.divider =
      this.listEl.querySelector(".sortable__cutoff") ?? createDivider();
  }

  listen() {
    this.events = new AbortController();
    const options = { signal: this.events.signal };
    const on = (type, handler) =>
      this.listEl.addEventListener(type, handler.bind(this), options);
    on("keydown", this.onKeyDown);
    on("focusin", this.onFocusIn);
    on("focusout", this.onFocusOut);
    on("pointerdown", this.onPointerDown);
    on("pointermove", this.onPointerMove);
    on("pointerup", this.onPointerUp);
    on("pointercancel", this.onPointerCancel);
    on("lostpointercapture", this.onPointerCancel);
  }

  destroy() {
    this.stopAutoScroll();
    if (this.drag?.started) {
      this.endDrag();
    }
    this.drag = null;
    this.grab = null;
    this.events.abort();
  }

  // ---------------------------------------------------------- rendering --

  render(data) {
    const items = parseItems(data);
    const cutoff = parseCutoff(data);
    this.key = typeof data?.key === "string" ? data.key : null;
    setAttr(this.root, "data-list", this.key ?? ""); // which list this is (tests and tools)
    this.listEl.setAttribute("aria-label", String(data?.ariaLabel ?? "Ranked list"));
    this.root.classList.toggle("sortable--large", data?.size === "large");
    this.boxEl.style.maxHeight =
      typeof data?.maxHeight === "string" ? data.maxHeight : "";
    this.boxEl.classList.toggle("is-scrolling", typeof data?.maxHeight === "string");
    // Kept with the order it was computed for: a held item shows it only while
    // that order is the one on screen (see previewText).
    this.preview = parsePreview(data, items.map((item) => item.id));
    // Test hook: which answer from Python the page has drawn.
    this.root.setAttribute("data-revision", String(data?.revision ?? 0));
    if (this.isBusy()) {
      const onlyAcknowledged =
        sameItems(items, this.items) && cutoff === this.cutoff;
      if (onlyAcknowledged) {
        this.refreshPreview(); // the words may have arrived with this answer
        return; // Python confirmed what we already show; keep moving.
      }
      this.cancelInteraction(false); // Python changed the list: it wins.
    }
    this.items = items;
    this.cutoff = cutoff;
    this.syncRows();
    if (this.drag && !this.rows.has(this.drag.id)) {
      this.drag = null;
    }
    this.arrange(this.committedIds().map((id) => this.rows.get(id)));
    if (!this.rows.has(this.activeId)) {
      this.setActive(this.items[0]?.id ?? null);
    } else {
      this.setActive(this.activeId);
    }
  }

  // Create, update and delete row elements so they match this.items.
  syncRows() {
    this.itemById = new Map(this.items.map((item) => [item.id, item]));
    for (const [id, row] of this.rows) {
      if (!this.itemById.has(id)) {
        row.remove();
        this.rows.delete(id);
      }
    }
    for (const item of this.items) {
      let row = this.rows.get(item.id);
      if (!row) {
        row = createRow(item);
        this.rows.set(item.id, row);
      }
      setText(row.querySelector(".sortable__label"), item.label);
      setText(row.querySelector(".sortable__detail"), item.detail);
    }
    setText(this.divider.firstElementChild, `cutoff k = ${this.cutoff}`);
  }

  // Put `slots` (rows, or the drag placeholder) in the list in this order,
  // with the cutoff line after slot k. `lifted` is the row being dragged.
  arrange(slots, lifted = null) {
    const nodes = slots.slice();
    const k = this.cutoff;
    if (k !== null && k > 0 && k < slots.length) {
      nodes.splice(k, 0, this.divider);
    }
    if (lifted) {
      nodes.push(lifted);
    }
    const focusedId = this.focusedId();
    this.arranging = true;
    try {
      nodes.forEach((node, index) => {
        const current = this.listEl.children[index] ?? null;
        if (current !== node) {
          this.listEl.insertBefore(node, current);
        }
      });
      while (this.listEl.children.length > nodes.length) {
        this.listEl.lastElementChild.remove();
      }
    } finally {
      this.arranging = false;
    }
    this.numberRows(slots, lifted);
    if (focusedId !== null) {
      this.focusRow(focusedId); // moving a focused element blurs it
    }
  }

  // Write rank numbers, "below cutoff" styling and the accessible names.
  numberRows(slots, lifted) {
    const total = slots.length;
    slots.forEach((slot, index) => {
      const row = slot.classList.contains("sortable__placeholder") ? lifted : slot;
      if (row) {
        this.labelRow(row, index + 1, total);
      }
    });
  }

  labelRow(row, rank, total) {
    const item = this.itemById.get(row.getAttribute("data-id"));
    const below = this.cutoff !== null && rank > this.cutoff;
    setText(row.querySelector(".sortable__rank"), String(rank));
    if (row.classList.contains("is-below") !== below) {
      row.classList.toggle("is-below", below);
    }
    const where = below ? `, below cutoff ${this.cutoff}` : "";
    setAttr(
      row,
      "aria-label",
      `${rank} ${item.label}, ${item.detail} (rank ${rank} of ${total}${where})`,
    );
  }

  // ------------------------------------------------------------- state --

  committedIds() {
    return this.items.map((item) => item.id);
  }

  // Ids in the order the rows currently appear on the page.
  shownIds() {
    return [...this.listEl.querySelectorAll(ROW_SELECTOR)].map((row) =>
      row.getAttribute("data-id"),
    );
  }

  isBusy() {
    return Boolean(this.grab || this.drag?.started);
  }

  cancelInteraction(announce) {
    if (this.grab) {
      this.cancelGrab(announce);
    }
    if (this.drag?.started) {
      this.cancelDrag();
    }
    this.drag = null;
  }

  // Keep the new order, tell Python about it if it changed, and announce the
  // drop in the page.
  commit(ids) {
    const before = this.committedIds();
    if (sameSequence(ids, before)) {
      return;
    }
    this.items = ids.map((id) => this.itemById.get(id));
    this.report(ids);
    const move = singleMove(before, ids);
    document.dispatchEvent(
      new CustomEvent(DROP_EVENT, {
        detail: { list: this.key, before, after: ids.slice(), from: move?.from, to: move?.to },
      }),
    );
  }

  announce(message) {
    // Repeating the same text would not be read again: vary it invisibly.
    const same = this.live.textContent === message;
    this.live.textContent = same ? `${message}\u00a0` : message;
  }

  rankOf(id) {
    return this.shownIds().indexOf(id) + 1;
  }

  // ----------------------------------------------------------- preview --

  // The held item: its id, the order before it was picked up, and where it
  // would land now (0-based), or null when nothing is held.
  held() {
    if (this.grab) {
      const { id, before } = this.grab;
      return { id, before, target: this.shownIds().indexOf(id) };
    }
    if (this.drag?.started && !this.drag.ended) {
      const { id, before, placeholder } = this.drag;
      const slots = [...this.listEl.children].filter(
        (node) => node !== this.drag.row && node !== this.divider,
      );
      return { id, before, target: slots.indexOf(placeholder) };
    }
    return null;
  }

  // Python's words for dropping the held item at its place now, or the
  // "pending" words while Python has not yet answered the last drop (its
  // grid then belongs to another order). `spoken` picks the screen reader's.
  previewText(spoken) {
    const held = this.held();
    const preview = this.preview;
    if (!held || !preview) {
      return null;
    }
    if (!sameSequence(preview.ids, held.before)) {
      return spoken ? null : preview.pending;
    }
    const source = held.before.indexOf(held.id);
    const index = preview.cells[source]?.[held.target];
    const phrases = spoken ? preview.spoken : preview.labels;
    return Number.isInteger(index) ? (phrases[index] ?? null) : null;
  }

  // Show the words on the held row (or take them away when nothing is held).
  refreshPreview() {
    this.announceHold();
    const held = this.held();
    const text = this.previewText(false);
    if (!held || !text) {
      this.hidePreview();
      return;
    }
    if (!this.previewEl) {
      this.previewEl = makeElement("span", "sortable__preview");
      // The words are said through the live region; the row's name stays its own. They are
      // drawn by CSS from data-text (generated content), not as text inside the row: the row's
      // visible text must stay a part of its name (WCAG 2.5.3, label in name).
      this.previewEl.setAttribute("aria-hidden", "true");
      this.previewEl.setAttribute("data-testid", "sortable-preview");
    }
    const row = this.rows.get(held.id);
    if (this.previewEl.parentElement !== row) {
      row.append(this.previewEl);
    }
    setAttr(this.previewEl, "data-text", text);
  }

  hidePreview() {
    this.previewEl?.remove();
    this.announceHold();
  }

  // Tell the page where the held item would land (or that nothing is held),
  // once per change.
  announceHold() {
    const held = this.held();
    const now = held ? `${held.id}:${held.target}` : "";
    if (now === this.lastHold) {
      return;
    }
    this.lastHold = now;
    const detail = held
      ? { list: this.key, id: held.id, before: held.before.slice(), target: held.target }
      : { list: this.key, id: null };
    document.dispatchEvent(new CustomEvent(HOLD_EVENT, { detail }));
  }

  // A keyboard announcement followed by what a drop here would do.
  announceWithPreview(message) {
    const words = this.previewText(true);
    this.announce(words ? `${message} ${capitalise(words)}.` : message);
  }

  // ------------------------------------------------------------- focus --

  focusedId() {
    const active = this.root.getRootNode().activeElement;
    if (!active || !this.listEl.contains(active)) {
      return null;
    }
    return active.closest(ROW_SELECTOR)?.getAttribute("data-id") ?? null;
  }

  focusRow(id) {
    const row = this.rows.get(id);
    if (row && this.root.getRootNode().activeElement !== row) {
      row.focus({ preventScroll: true });
    }
    this.setActive(id);
  }

  // Roving tabindex: only the active row is in the Tab order.
  setActive(id) {
    this.activeId = id;
    for (const [rowId, row] of this.rows) {
      const tabIndex = rowId === id ? 0 : -1;
      if (row.tabIndex !== tabIndex) {
        row.tabIndex = tabIndex;
      }
    }
  }

  onFocusIn(event) {
    const row = event.target.closest?.(ROW_SELECTOR);
    if (row) {
      this.setActive(row.getAttribute("data-id"));
    }
  }

  onFocusOut(event) {
    if (this.arranging || !this.grab) {
      return;
    }
    const next = event.relatedTarget;
    if (!next || !this.listEl.contains(next)) {
      this.cancelGrab(true); // focus left the list mid-move
    }
  }

  // ---------------------------------------------------------- keyboard --

  onKeyDown(event) {
    const row = event.target.closest?.(ROW_SELECTOR);
    if (!row || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const handled = this.drag?.started
      ? this.keyDuringDrag(event.key)
      : this.grab
        ? this.keyWhileGrabbed(event.key)
        : this.keyWhileBrowsing(event.key, row);
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  keyDuringDrag(key) {
    if (key !== "Escape") {
      return false;
    }
    this.cancelDrag();
    this.announce(`Cancelled; back at rank ${this.rankOf(this.activeId)}.`);
    return true;
  }

  keyWhileBrowsing(key, row) {
    const ids = this.shownIds();
    const index = ids.indexOf(row.getAttribute("data-id"));
    const go = (to) => {
      const id = ids[clamp(to, 0, ids.length - 1)];
      this.focusRow(id);
      this.rows.get(id)?.scrollIntoView({ block: "nearest" });
    };
    switch (key) {
      case " ":
      case "Enter":
        this.pickUp(row);
        return true;
      case "ArrowUp":
        go(index - 1);
        return true;
      case "ArrowDown":
        go(index + 1);
        return true;
      case "Home":
        go(0);
        return true;
      case "End":
        go(ids.length - 1);
        return true;
      default:
        return false;
    }
  }

  keyWhileGrabbed(key) {
    const last = this.items.length - 1;
    const index = this.rankOf(this.grab.id) - 1;
    switch (key) {
      case "ArrowUp":
        this.moveGrabbed(index - 1);
        return true;
      case "ArrowDown":
        this.moveGrabbed(index + 1);
        return true;
      case "Home":
        this.moveGrabbed(0);
        return true;
      case "End":
        this.moveGrabbed(last);
        return true;
      case " ":
      case "Enter":
        this.dropGrabbed();
        return true;
      case "Escape":
        this.cancelGrab(true);
        return true;
      default:
        return false;
    }
  }

  pickUp(row) {
    const id = row.getAttribute("data-id");
    this.grab = { id, before: this.shownIds() };
    row.classList.add("is-grabbed");
    this.refreshPreview();
    const item = this.itemById.get(id);
    const total = this.items.length;
    this.announce(
      `Picked up ${item.label}, rank ${this.rankOf(id)} of ${total}. ` +
        "Use arrow keys to move, Space to drop, Escape to cancel.",
    );
  }

  moveGrabbed(target) {
    const ids = this.shownIds();
    const from = ids.indexOf(this.grab.id);
    const to = clamp(target, 0, ids.length - 1);
    if (to === from) {
      this.announce(`Already at rank ${from + 1} of ${ids.length}.`);
      return;
    }
    const order = moveItem(ids, from, to);
    this.arrange(order.map((id) => this.rows.get(id)));
    this.refreshPreview();
    this.rows.get(this.grab.id)?.scrollIntoView({ block: "nearest" });
    this.announceWithPreview(`Moved to rank ${to + 1} of ${ids.length}.`);
  }

  dropGrabbed() {
    const { id } = this.grab;
    this.endGrab();
    const ids = this.shownIds();
    this.announce(`Dropped at rank ${ids.indexOf(id) + 1} of ${ids.length}.`);
    this.commit(ids);
  }

  cancelGrab(announce) {
    const { id, before } = this.grab;
    this.endGrab();
    this.arrange(before.map((rowId) => this.rows.get(rowId)));
    if (announce) {
      this.announce(`Cancelled; back at rank ${before.indexOf(id) + 1}.`);
    }
  }

  endGrab() {
    const row = this.rows.get(this.grab.id);
    row?.classList.remove("is-grabbed");
    this.grab = null;
    this.hidePreview();
  }

  // ----------------------------------------------------------- pointer --
  // Mouse, touch and pen all arrive here as pointer events. A mouse can drag
  // a row anywhere; touch and pen only from the handle, so that swiping over
  // the rows still scrolls the page on a phone.

  onPointerDown(event) {
    const row = event.target.closest?.(ROW_SELECTOR);
    if (!row || this.drag || !event.isPrimary) {
      return;
    }
    if (event.pointerType === "mouse" && event.button !== 0) {
      return;
    }
    const onHandle = Boolean(event.target.closest(".sortable__handle"));
    if (event.pointerType !== "mouse" && !onHandle) {
      return;
    }
    if (this.grab) {
      this.cancelGrab(true);
    }
    event.preventDefault(); // no text selection, no native drag
    this.focusRow(row.getAttribute("data-id"));
    this.capturePointer(event.pointerId);
    this.drag = {
      pointerId: event.pointerId,
      id: row.getAttribute("data-id"),
      row,
      startX: event.clientX,
      startY: event.clientY,
      lastY: event.clientY,
      started: false,
    };
  }

  // Keep receiving this pointer's events even when it leaves the list.
  capturePointer(pointerId) {
    try {
      this.listEl.setPointerCapture(pointerId);
    } catch {
      // Not an active pointer (e.g. a synthetic event): drag without capture.
    }
  }

  onPointerMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) {
      return;
    }
    drag.lastY = event.clientY;
    if (!drag.started) {
      const dx = event.clientX - drag.startX;
      const dy = event.clientY - drag.startY;
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) {
        return;
      }
      this.startDrag();
    }
    event.preventDefault();
    this.followPointer();
    this.updateAutoScroll();
  }

  onPointerUp(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) {
      return;
    }
    if (!drag.started) {
      this.drag = null; // a click: the row is focused, nothing moves
      return;
    }
    const ids = this.endDrag();
    this.drag = null;
    this.announce(`Dropped at rank ${ids.indexOf(drag.id) + 1} of ${ids.length}.`);
    this.commit(ids);
  }

  onPointerCancel(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) {
      return;
    }
    if (drag.started) {
      this.cancelDrag();
    }
    this.drag = null;
  }

  // Lift the row out of the flow and leave a placeholder where it was.
  startDrag() {
    const drag = this.drag;
    const rect = drag.row.getBoundingClientRect();
    drag.started = true;
    drag.before = this.shownIds();
    drag.offsetY = drag.startY - rect.top;
    drag.height = rect.height;
    drag.placeholder = makeElement("div", "sortable__placeholder");
    drag.placeholder.setAttribute("aria-hidden", "true");
    drag.placeholder.setAttribute("data-testid", "sortable-placeholder");
    drag.placeholder.style.height = `${rect.height}px`;
    drag.row.classList.add("is-lifted");
    this.listEl.classList.add("is-dragging");
    const slots = drag.before.map((id) =>
      id === drag.id ? drag.placeholder : this.rows.get(id),
    );
    this.arrange(slots, drag.row);
    this.refreshPreview();
  }

  // Move the lifted row with the pointer, keeping it (and the preview it
  // holds) inside the list and on screen; the placeholder goes where the
  // pointer is (placeUnderPointer).
  followPointer() {
    const drag = this.drag;
    const listRect = this.listEl.getBoundingClientRect();
    const band = this.visibleBand();
    const height = drag.row.getBoundingClientRect().height;
    const highest = Math.max(listRect.top, band.top);
    const lowest = Math.min(listRect.bottom, band.bottom) - height;
    const top = clamp(drag.lastY - drag.offsetY, Math.min(highest, lowest), Math.max(highest, lowest));
    // `top` is the row's place in the window; its style is from the box it is placed in.
    const parent = drag.row.offsetParent ?? this.listEl;
    const origin = parent.getBoundingClientRect().top + parent.clientTop - parent.scrollTop;
    drag.row.style.top = `${top - origin}px`;
    const others = this.shownIds()
      .filter((id) => id !== drag.id)
      .map((id) => this.rows.get(id));
    const target = this.placeUnderPointer(others, drag.lastY);
    const slots = others.slice();
    slots.splice(target, 0, drag.placeholder);
    const current = [...this.listEl.children].filter(
      (node) => node !== drag.row && node !== this.divider,
    );
    if (!sameSequence(current, slots)) {
      this.arrange(slots, drag.row);
      this.refreshPreview();
    }
  }

  // The place (0-based, among the other rows) whose slot holds the pointer:
  // the first place at which the placeholder's bottom would be below it. It
  // depends on the pointer and the rows' heights only, not on where the
  // placeholder is now, so the rows never flicker between two places.
  placeUnderPointer(others, pointerY) {
    const style = getComputedStyle(this.listEl);
    const gap = parseFloat(style.rowGap) || 0;
    const rect = this.listEl.getBoundingClientRect();
    const k = this.cutoff;
    // The cutoff line stands after the first k places (see arrange()).
    const withDivider = k !== null && k > 0 && k < others.length + 1 && this.divider.isConnected;
    const dividerStyle = withDivider ? getComputedStyle(this.divider) : null;
    const divider = withDivider
      ? this.divider.getBoundingClientRect().height +
        (parseFloat(dividerStyle.marginTop) || 0) +
        (parseFloat(dividerStyle.marginBottom) || 0) +
        gap
      : 0;
    let top = rect.top + this.listEl.clientTop + (parseFloat(style.paddingTop) || 0);
    for (let place = 0; place < others.length; place += 1) {
      const placeholderTop = top + (withDivider && place >= k ? divider : 0);
      if (pointerY < placeholderTop + this.drag.height + gap / 2) {
        return place;
      }
      top += others[place].getBoundingClientRect().height + gap;
    }
    return others.length;
  }

  // Put the lifted row where the placeholder is; return the new order.
  endDrag() {
    const drag = this.drag;
    drag.ended = true; // nothing is held any more (see held())
    this.stopAutoScroll();
    const slots = [...this.listEl.children].filter(
      (node) => node !== drag.row && node !== this.divider,
    );
    const rows = slots.map((node) => (node === drag.placeholder ? drag.row : node));
    this.hidePreview();
    drag.row.classList.remove("is-lifted");
    drag.row.style.top = "";
    this.listEl.classList.remove("is-dragging");
    drag.placeholder.remove();
    this.arrange(rows);
    return rows.map((row) => row.getAttribute("data-id"));
  }

  cancelDrag() {
    const before = this.drag.before;
    this.endDrag();
    this.arrange(before.map((id) => this.rows.get(id)));
    this.drag = null;
  }

  // Scroll while the pointer is held near the edge of what can be seen of the list.
  updateAutoScroll() {
    const step = this.autoScrollStep();
    if (step === 0) {
      this.drag.edgeSince = null;
      this.stopAutoScroll();
      return;
    }
    this.drag.edgeSince ??= performance.now();
    if (!this.autoScrollFrame) {
      this.autoScrollFrame = requestAnimationFrame(() => this.autoScrollTick());
    }
  }

  // What scrolls while dragging: the list's own box when it is taller than
  // the box, else the page (or whatever holds the list).
  scroller() {
    const box = this.boxEl;
    if (box !== this.listEl && box.scrollHeight > box.clientHeight) {
      return box;
    }
    return scrollParent(this.root);
  }

  // The band of the window in which the list can be seen: the list's box when
  // it scrolls, the window otherwise; never under the navigation bar.
  visibleBand() {
    let top = coveredTop();
    let bottom = window.innerHeight;
    if (this.scroller() === this.boxEl) {
      const rect = this.boxEl.getBoundingClientRect();
      top = Math.max(top, rect.top);
      bottom = Math.min(bottom, rect.bottom);
    }
    return { top, bottom };
  }

  // Pixels to scroll this frame: in proportion to how deep the pointer is in
  // the edge band (at most AUTO_SCROLL_MAX_STEP_PX), and never more than it
  // takes to bring the list's first (or last) row into view.
  autoScrollStep() {
    const y = this.drag?.lastY ?? 0;
    const band = this.visibleBand();
    const list = this.listEl.getBoundingClientRect();
    const speed = (depth) =>
      Math.ceil((Math.min(depth, AUTO_SCROLL_EDGE_PX) / AUTO_SCROLL_EDGE_PX) * AUTO_SCROLL_MAX_STEP_PX);
    const fromTop = band.top + AUTO_SCROLL_EDGE_PX - y;
    const fromBottom = y - (band.bottom - AUTO_SCROLL_EDGE_PX);
    if (fromTop > 0) {
      const hidden = Math.floor(band.top - list.top); // of the list, above the band
      return hidden > 0 ? -Math.min(speed(fromTop), hidden) : 0;
    }
    if (fromBottom > 0) {
      const hidden = Math.floor(list.bottom - band.bottom); // below it
      return hidden > 0 ? Math.min(speed(fromBottom), hidden) : 0;
    }
    return 0;
  }

  autoScrollTick() {
    this.autoScrollFrame = 0;
    if (!this.drag?.started) {
      return;
    }
    const step = this.autoScrollStep();
    if (step === 0) {
      this.drag.edgeSince = null;
      return;
    }
    if (performance.now() - (this.drag.edgeSince ?? performance.now()) >= AUTO_SCROLL_DELAY_MS) {
      this.scroller()?.scrollBy(0, step);
      this.followPointer();
    }
    this.autoScrollFrame = requestAnimationFrame(() => this.autoScrollTick());
  }

  stopAutoScroll() {
    if (this.autoScrollFrame) {
      cancelAnimationFrame(this.autoScrollFrame);
      this.autoScrollFrame = 0;
    }
  }
}
