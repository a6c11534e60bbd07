// The headline: DCG@k, IDCG@k and NDCG@k as large numbers under small labels.
//
// Python sends the numbers (already written out) and, for the sortable list
// this headline follows, the numbers after every possible move of that list
// (`data.moves`: a table of texts and, for DCG and NDCG, a grid of indices
// into it; cell [s][t] is the move of rank s+1 to rank t+1). When the list
// announces a drop (DROP_EVENT on document, see sortable_list.js), the
// headline looks the new numbers up and shows them at once; the page's run
// then sends the same numbers. Nothing here computes a number. The lines
// under the numbers (the reading in words, with the share after each move
// in `data.moves` too, and the division) change with them.
//
// When the drop is not one the headline has numbers for (a second drop before
// Python answered the first), the values are dimmed and marked busy until
// Python's answer arrives.

const ROOT_SELECTOR = '[data-testid="headline"]';
const headlines = new WeakMap();

export default function mountHeadline(component) {
  const { data, parentElement } = component;
  const root = parentElement.querySelector(ROOT_SELECTOR);
  if (!root) {
    return undefined;
  }
  let headline = headlines.get(root);
  if (!headline) {
    headline = new Headline(root);
    headlines.set(root, headline);
  }
  const shown = unpacked(data);
  headline.render(shown);
  if (shown.tellPainted && !headline.toldPainted) {
    headline.toldPainted = true;
    whenPaintedAndIdle(() => component.setTriggerValue(PAINTED_EVENT, true));
  }
  return () => {
    headline.destroy();
    headlines.delete(root);
  };
}

// The page's first run in a new tab draws its main interaction only and waits
// for this headline to say the browser has drawn it (ui/state/first_paint.py):
// once the first run's chart is drawn too (Streamlit loads its chart modules
// on first use, after the headline is shown; at most 5 s), at the browser's
// next idle moment (at most a second later).
const PAINTED_EVENT = "painted";
const CHART_DRAWN = '[data-testid="stVegaLiteChart"] canvas, [data-testid="stVegaLiteChart"] svg';
const CHART_WAIT_MS = 5000;

function whenPaintedAndIdle(tell) {
  const idle = window.requestIdleCallback ?? ((callback) => setTimeout(callback, 50));
  const started = performance.now();
  const look = () => {
    if (document.querySelector(CHART_DRAWN) || performance.now() - started > CHART_WAIT_MS) {
      idle(tell, { timeout: 1000 });
    } else {
      requestAnimationFrame(look);
    }
  };
  requestAnimationFrame(look);
}

// The moves' grids, checked: square, one row per id, every cell an index of a text.
function parseMoves(raw, size) {
  if (!raw || !Array.isArray(raw.texts)) {
    return null;
  }
  const fits = (grid) =>
    Array.isArray(grid) &&
    grid.length === size &&
    grid.every(
      (row) =>
        Array.isArray(row) &&
        row.length === size &&
        row.every((cell) => Number.isInteger(cell) && cell >= 0 && cell < raw.texts.length),
    );
  if (!fits(raw.dcg) || !fits(raw.ndcg)) {
    return null;
  }
  const moves = { texts: raw.texts.map(String), dcg: raw.dcg, ndcg: raw.ndcg, shares: null, share: null };
  // The reading's share after each move (when the headline has a reading): phrases and a grid.
  if (Array.isArray(raw.shares)) {
    const shares = raw.shares.map(String);
    const fitsShares =
      Array.isArray(raw.share) &&
      raw.share.length === size &&
      raw.share.every(
        (row) =>
          Array.isArray(row) &&
          row.length === size &&
          row.every((cell) => Number.isInteger(cell) && cell >= 0 && cell < shares.length),
      );
    if (!fitsShares) {
      return null;
    }
    moves.shares = shares;
    moves.share = raw.share;
  }
  return moves;
}

class Headline {
  constructor(root) {
    this.root = root;
    this.row = root.querySelector(".headline__row");
    this.relationLine = root.querySelector(".headline__relation");
    this.relation = null; // the line under the numbers, with {dcg}, {idcg} and {ndcg} in it
    this.readingLine = root.querySelector(".headline__reading");
    this.reading = null; // the sentence above it, with {share} in it
    this.share = ""; // the share it says, as Python wrote it for the order shown
    this.values = new Map(); // figure name -> its value element
    this.follows = null;
    this.order = []; // the followed list's ids, in the order the numbers shown are for
    this.moves = null; // the numbers after each move of that order
    this.onDrop = this.onDrop.bind(this);
    document.addEventListener(DROP_EVENT, this.onDrop);
  }

  destroy() {
    document.removeEventListener(DROP_EVENT, this.onDrop);
  }

  render(data) {
    const figures = Array.isArray(data.figures) ? data.figures : [];
    this.root.classList.toggle("headline--large", data.size === "large");
    // Marks a page's first run, whose rest is still to come (for tests and benchmarks).
    this.root.toggleAttribute("data-first-run", data.tellPainted === true);
    this.follows = typeof data.follows === "string" ? data.follows : null;
    this.order = Array.isArray(data.order) ? data.order.map(String) : [];
    this.moves = parseMoves(data.moves, this.order.length);
    this.relation = typeof data.relation === "string" ? data.relation : null;
    this.reading = typeof data.reading === "string" ? data.reading : null;
    this.share = typeof data.share === "string" ? data.share : "";
    this.drawFigures(figures);
    this.readingLine?.classList.remove("is-pending");
    this.drawReading();
    this.drawRelation();
    this.setBusy(false);
  }

  drawFigures(figures) {
    const names = figures.map((figure) => String(figure.name));
    if (!sameSequence(names, [...this.values.keys()])) {
      this.row.replaceChildren();
      this.values.clear();
      for (const name of names) {
        const group = document.createElement("div");
        group.className = "headline__figure";
        group.setAttribute("data-name", name);
        const label = document.createElement("dt");
        label.className = "headline__label";
        label.setAttribute("data-testid", "headline-label");
        const value = document.createElement("dd");
        value.className = "headline__value";
        value.setAttribute("data-testid", "headline-value");
        group.append(label, value);
        this.row.append(group);
        this.values.set(name, value);
      }
    }
    for (const figure of figures) {
      const value = this.values.get(String(figure.name));
      setText(value.previousElementSibling, String(figure.label ?? ""));
      setText(value, String(figure.value ?? ""));
    }
  }

  // The relation line: its words as Python wrote them, each {name} the figure's text as shown.
  drawRelation() {
    if (!this.relationLine) {
      return;
    }
    this.relationLine.hidden = this.relation === null;
    if (this.relation !== null) {
      const shown = (name) => this.values.get(name)?.textContent ?? "";
      setText(this.relationLine, this.relation.replace(/\{(dcg|idcg|ndcg)\}/g, (_, name) => shown(name)));
    }
  }

  // The reading: its words as Python wrote them, {share} the share of the order shown.
  drawReading() {
    if (!this.readingLine) {
      return;
    }
    this.readingLine.hidden = this.reading === null;
    if (this.reading !== null) {
      setText(this.readingLine, this.reading.replace("{share}", this.share));
    }
  }

  setBusy(busy) {
    this.root.classList.toggle("is-busy", busy);
    this.row.setAttribute("aria-busy", String(busy));
  }

  // A drop in the list this headline follows: its numbers at once, if known.
  onDrop(event) {
    const drop = event.detail ?? {};
    if (this.follows === null || drop.list !== this.follows) {
      return;
    }
    const before = Array.isArray(drop.before) ? drop.before.map(String) : [];
    const { from, to } = drop;
    const known =
      this.moves !== null &&
      sameSequence(before, this.order) &&
      Number.isInteger(from) &&
      Number.isInteger(to) &&
      from >= 0 &&
      to >= 0 &&
      from < this.order.length &&
      to < this.order.length;
    if (!known) {
      this.setBusy(true); // Python's answer will bring the numbers
      return;
    }
    for (const name of ["dcg", "ndcg"]) {
      const value = this.values.get(name);
      if (value) {
        setText(value, this.moves.texts[this.moves[name][from][to]]);
      }
    }
    if (this.moves.share !== null) {
      this.share = this.moves.shares[this.moves.share[from][to]];
    } else if (this.reading?.includes("{share}")) {
      this.readingLine?.classList.add("is-pending"); // no share for this move: dimmed until Python's run
    }
    this.drawReading();
    this.drawRelation();
    // The maps were for the order before this drop: until Python's answer,
    // another drop cannot be looked up.
    this.order = Array.isArray(drop.after) ? drop.after.map(String) : [];
    this.moves = null;
  }
}
