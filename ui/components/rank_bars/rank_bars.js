// Bars by rank that mark where the item held in a sortable list would land.
//
// Python sends the bars (rank, the value as shown, the height as a share of
// the tallest) and, for the list these bars follow, the words to show while
// the item at rank s+1 is held at rank t+1 (`data.held`: a table of texts and
// a grid of indices into it). The list announces holds (HOLD_EVENT on
// document, see sortable_list.js); this file marks the bar and looks the
// words up. Nothing here computes a number.

const ROOT_SELECTOR = '[data-testid="rank-bars"]';
const figures = new WeakMap();

export default function mountRankBars(component) {
  const { data, parentElement } = component;
  const root = parentElement.querySelector(ROOT_SELECTOR);
  if (!root) {
    return undefined;
  }
  let bars = figures.get(root);
  if (!bars) {
    bars = new RankBars(root);
    figures.set(root, bars);
  }
  bars.render(unpacked(data));
  return () => {
    bars.destroy();
    figures.delete(root);
  };
}

class RankBars {
  constructor(root) {
    this.root = root;
    this.plot = root.querySelector(".rank-bars__plot");
    this.caption = root.querySelector(".rank-bars__caption");
    this.heldLine = root.querySelector(".rank-bars__held");
    this.columns = [];
    this.follows = null;
    this.order = [];
    this.held = null;
    this.onHold = this.onHold.bind(this);
    document.addEventListener(HOLD_EVENT, this.onHold);
  }

  destroy() {
    document.removeEventListener(HOLD_EVENT, this.onHold);
  }

  render(data) {
    const bars = Array.isArray(data.bars) ? data.bars : [];
    this.root.classList.toggle("rank-bars--large", data.size === "large");
    this.root.classList.toggle("is-dense", bars.length > 12); // too narrow for every label
    this.follows = typeof data.follows === "string" ? data.follows : null;
    this.order = Array.isArray(data.order) ? data.order.map(String) : [];
    this.held = this.parseHeld(data.held, bars.length);
    setAttr(this.plot, "aria-label", String(data.label ?? ""));
    setText(this.caption, String(data.caption ?? ""));
    if (this.columns.length !== bars.length) {
      this.plot.replaceChildren();
      this.columns = bars.map(() => this.makeColumn());
    }
    const cutoff = Number.isInteger(data.cutoff) ? data.cutoff : null;
    bars.forEach((bar, index) => {
      const column = this.columns[index];
      setText(column.value, String(bar.text ?? ""));
      setText(column.rank, String(bar.rank ?? index + 1));
      const height = Math.min(Math.max(Number(bar.height) || 0, 0), 1);
      column.bar.style.height = `${(height * 100).toFixed(2)}%`;
      column.root.classList.toggle("is-beyond", cutoff !== null && index >= cutoff);
      column.root.classList.toggle("is-last-in-k", cutoff !== null && index === cutoff - 1);
      column.root.classList.toggle("is-labelled", index === 0 || (index + 1) % 5 === 0);
    });
    this.mark(null, null);
  }

  makeColumn() {
    const root = document.createElement("div");
    root.className = "rank-bars__column";
    root.setAttribute("data-testid", "rank-bars-column");
    const value = document.createElement("span");
    value.className = "rank-bars__value";
    const track = document.createElement("div");
    track.className = "rank-bars__track";
    const bar = document.createElement("div");
    bar.className = "rank-bars__bar";
    track.append(bar);
    const rank = document.createElement("span");
    rank.className = "rank-bars__rank";
    root.append(value, track, rank);
    this.plot.append(root);
    return { root, value, bar, rank };
  }

  parseHeld(raw, count) {
    if (!raw || !Array.isArray(raw.texts) || !Array.isArray(raw.cells)) {
      return null;
    }
    const fits =
      raw.cells.length === this.order.length &&
      raw.cells.every(
        (row) =>
          Array.isArray(row) &&
          row.length === count &&
          row.every((cell) => Number.isInteger(cell) && cell >= 0 && cell < raw.texts.length),
      );
    return fits ? { texts: raw.texts.map(String), cells: raw.cells } : null;
  }

  // Mark the bar at `target` (0-based; null: none) and show the held item's words.
  mark(target, text) {
    this.columns.forEach((column, index) => {
      column.root.classList.toggle("is-held", index === target);
    });
    this.root.classList.toggle("is-holding", target !== null);
    setText(this.heldLine, text ?? "");
  }

  onHold(event) {
    const hold = event.detail ?? {};
    if (this.follows === null || hold.list !== this.follows) {
      return;
    }
    if (hold.id === null || hold.id === undefined) {
      this.mark(null, null);
      return;
    }
    const target = Number.isInteger(hold.target) ? hold.target : null;
    const before = Array.isArray(hold.before) ? hold.before.map(String) : [];
    let text = null;
    if (this.held && target !== null && sameSequence(before, this.order)) {
      const source = before.indexOf(String(hold.id));
      const index = this.held.cells[source]?.[target];
      text = Number.isInteger(index) ? this.held.texts[index] : null;
    }
    this.mark(target !== null && target < this.columns.length ? target : null, text);
  }
}
