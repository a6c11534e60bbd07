// The per-rank table: Python sends every cell already written out (numbers
// rounded as the page shows them, names as text); this file draws them in a
// <table> and, on the next run, changes only the cells whose text changed.
// A drop rewrites a handful of cells, not the whole table, and nothing here
// computes a number.
//
// Every text is written with textContent: an item's name is never HTML.

const ROOT_SELECTOR = '[data-testid="rank-table"]';
const tables = new WeakMap();

export default function mountRankTable(component) {
  const { data, parentElement } = component;
  const root = parentElement.querySelector(ROOT_SELECTOR);
  if (!root) {
    return undefined;
  }
  let table = tables.get(root);
  if (!table) {
    table = new RankTable(root);
    tables.set(root, table);
  }
  table.render(unpacked(data));
  return undefined;
}

class RankTable {
  constructor(root) {
    this.root = root;
    this.box = root.querySelector(".rank-table__box");
    this.head = root.querySelector("thead tr");
    this.body = root.querySelector("tbody");
    this.cut = document.createElement("tr");
    this.cut.className = "rank-table__cut";
    this.cut.setAttribute("data-testid", "rank-table-cut");
    this.cut.append(document.createElement("td"));
  }

  render(data) {
    const columns = Array.isArray(data.columns) ? data.columns : [];
    const rows = Array.isArray(data.rows) ? data.rows : [];
    const beyond = Array.isArray(data.beyond) ? data.beyond : [];
    setAttr(this.box, "aria-label", String(data.label ?? "Table"));
    this.box.style.maxHeight = typeof data.maxHeight === "string" ? data.maxHeight : "";
    this.root.classList.toggle("rank-table--large", data.size === "large");
    this.renderHead(columns);
    this.renderBody(columns, rows, beyond, String(data.cut ?? ""));
  }

  renderHead(columns) {
    while (this.head.children.length > columns.length) {
      this.head.lastElementChild.remove();
    }
    columns.forEach((column, index) => {
      let cell = this.head.children[index];
      if (!cell) {
        cell = document.createElement("th");
        cell.setAttribute("scope", "col");
        this.head.append(cell);
      }
      setText(cell, String(column.name ?? ""));
      setAttr(cell, "class", `rank-table__${column.kind ?? "number"}`);
    });
  }

  // One <tr> per row, in order; the cut line before the first row beyond k.
  renderBody(columns, rows, beyond, cutText) {
    const wanted = [];
    rows.forEach((cells, index) => {
      if (beyond[index] && (index === 0 || !beyond[index - 1])) {
        wanted.push(this.cut);
      }
      wanted.push(this.row(index, columns, cells, Boolean(beyond[index])));
    });
    const cutCell = this.cut.firstElementChild;
    setText(cutCell, cutText);
    setAttr(cutCell, "colspan", String(Math.max(columns.length, 1)));
    wanted.forEach((node, index) => {
      if (this.body.children[index] !== node) {
        this.body.insertBefore(node, this.body.children[index] ?? null);
      }
    });
    while (this.body.children.length > wanted.length) {
      this.body.lastElementChild.remove();
    }
  }

  // The index-th data row, kept between runs (only its texts change).
  row(index, columns, cells, isBeyond) {
    this.rowCache ??= [];
    let row = this.rowCache[index];
    if (!row) {
      row = document.createElement("tr");
      row.setAttribute("data-testid", "rank-table-row");
      this.rowCache[index] = row;
    }
    while (row.children.length > columns.length) {
      row.lastElementChild.remove();
    }
    columns.forEach((column, position) => {
      let cell = row.children[position];
      if (!cell) {
        cell = document.createElement("td");
        row.append(cell);
      }
      setAttr(cell, "class", `rank-table__${column.kind ?? "number"}`);
      setText(cell, String(cells[position] ?? ""));
    });
    setAttr(row, "class", isBeyond ? "is-beyond" : "is-within");
    return row;
  }
}
