"""“Download for slides”: a comparison of two runs as one zip of files a deck is made of.

One folder, named after the measure and the runs, holding:

* the verdict, as text and as Markdown (``ndcg@10_B_vs_A_verdict.txt`` / ``.md``);
* the measures table as Markdown and LaTeX, captioned (``ndcg@10_measures_table.md`` / ``.tex``):
  "NDCG@10" names, signed differences, "< 0.0001" as on the page;
* the B − A chart as PNG and SVG (``ndcg@10_B_vs_A_difference.png`` / ``.svg``), rendered by
  vl-convert, with its title (measure, runs, n) and B's worst queries labelled;
* B's biggest loss, its two lists side by side (``ndcg@10_biggest_loss_query_420.md`` / ``.tex``),
  documents without a judgment marked "not judged";
* ``README.txt``: what each file is.

Built only when the button is clicked (rendering images costs about a second).
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

from ndcg_core.export import to_latex, to_markdown
from ndcg_core.trec.comparison import Comparison, MeasureComparison
from ndcg_core.trec.comparison_tables import lists_side_by_side, measures_caption, measures_table
from ndcg_core.trec.comparison_verdict import Verdict
from ndcg_core.trec.comparison_words import measure_label
from ndcg_core.trec.evaluation import QueryList
from ndcg_core.trec.topics import labelled
from ui.charts.many_queries import RunNames, differences_chart
from ui.exports import chart_png, chart_svg

#: The exported chart's size in pixels (the PNG is twice that: sharp on a slide).
CHART_WIDTH, CHART_HEIGHT = 900, 380


def safe_name(text: str) -> str:
    """``text`` as part of a file name: letters, digits, ``@``, ``-`` and ``_`` only; lower case.

    >>> safe_name("NDCG@10"), safe_name("NDCG (whole list)"), safe_name("run b/v2")
    ('ndcg@10', 'ndcg_whole_list', 'run_b_v2')
    """
    return re.sub(r"[^a-z0-9@_-]+", "_", text.lower()).strip("_") or "run"


@dataclass(frozen=True)
class Deck:
    """What the deck is made from: the comparison (its measures as tested), the measure shown,
    the runs' names, the query texts, and a way to read the biggest loss's two lists."""

    comparison: Comparison
    measure: str
    names: RunNames
    topics: dict[str, str] | None = None
    alpha: float = 0.05
    read_lists: Callable[[str, int], tuple[QueryList, QueryList] | None] | None = None

    @property
    def compared(self) -> MeasureComparison:
        return self.comparison.measures[self.measure]

    @property
    def stem(self) -> str:
        return safe_name(measure_label(self.measure))

    @property
    def folder(self) -> str:
        return f"{self.stem}_{safe_name(self.names.b)}_vs_{safe_name(self.names.a)}"

    def verdict(self) -> Verdict:
        return Verdict(self.compared, len(self.comparison.measures), self.alpha)

    def files(self) -> dict[str, bytes]:
        """Every file of the deck by name (see the module docstring)."""
        stem, verdict, names = self.stem, self.verdict(), self.names
        runs = (names.qrels, names.a, names.b)
        files = {
            f"{stem}_B_vs_A_verdict.txt": self._verdict_text(verdict).encode(),
            f"{stem}_B_vs_A_verdict.md": (verdict.markdown(runs) + "\n").encode(),
        }
        table = measures_table(self.comparison.measures, self.alpha)
        caption = measures_caption(
            self.comparison.measures, runs, self.comparison.gain, self.comparison.samples, self.alpha
        )
        files[f"{stem}_measures_table.md"] = to_markdown(table, 4, caption=caption).encode()
        files[f"{stem}_measures_table.tex"] = to_latex(table, 4, caption).encode()
        spec = differences_chart(self.compared, names, self.topics, width=CHART_WIDTH, height=CHART_HEIGHT)
        files[f"{stem}_B_vs_A_difference.png"] = chart_png(spec)
        files[f"{stem}_B_vs_A_difference.svg"] = chart_svg(spec).encode()
        files |= self._biggest_loss()
        files["README.txt"] = self._readme(files).encode()
        return files

    def _verdict_text(self, verdict: Verdict) -> str:
        names = self.names
        return (
            f"{verdict.headline()}.\n\nA = {names.a}, B = {names.b}, judged by {names.qrels}.\n\n"
            f"{verdict.text()}\n"
        )

    def _biggest_loss(self) -> dict[str, bytes]:
        """B's biggest loss as two lists side by side (nothing if B loses nowhere or the files are gone)."""
        m = self.compared
        qid = m.biggest_loss
        if qid is None or self.read_lists is None:
            return {}
        k = int(self.measure.removeprefix("ndcg_cut_")) if self.measure.startswith("ndcg_cut_") else 10
        lists = self.read_lists(qid, max(k, 10))
        if lists is None:
            return {}
        table = lists_side_by_side(*lists, k)
        caption = (
            f"Query {labelled(qid, self.topics, 60)}, B's biggest loss on {measure_label(self.measure)}: "
            f"{self.names.a} (A) {m.a[-1]:.4f}, {self.names.b} (B) {m.b[-1]:.4f}. Each run's top documents in "
            f"trec_eval's order; “not judged”: no judgment in {self.names.qrels} (it counts as grade 0)."
        )
        name = f"{self.stem}_biggest_loss_query_{safe_name(qid)}"
        return {
            f"{name}.md": to_markdown(table, 0, caption=caption).encode(),
            f"{name}.tex": to_latex(table, 0, caption).encode(),
        }

    def _readme(self, files: dict[str, bytes]) -> str:
        what = {
            "_verdict.txt": "the verdict, plain text",
            "_verdict.md": "the verdict, Markdown",
            "_measures_table.md": "every measure tested, Markdown table with its caption",
            "_measures_table.tex": "the same table in LaTeX (booktabs), with its caption",
            "_difference.png": "the per-query B − A chart, PNG at twice its size",
            "_difference.svg": "the same chart, SVG (any size)",
        }
        lines = [
            f"{measure_label(self.measure)}: {self.names.b} (B) against {self.names.a} (A), "
            f"judged by {self.names.qrels}.",
            "",
        ]
        for name in files:
            note = next((text for end, text in what.items() if name.endswith(end)), None)
            if note is None and "_biggest_loss_query_" in name:
                note = "B's biggest loss: both runs' lists side by side, unjudged documents marked"
            lines.append(f"{name}: {note}")
        if not any("_biggest_loss_" in name for name in files) and self.compared.biggest_loss is not None:
            lines.append(
                "The biggest loss's lists are missing: the uploaded files are no longer on the server."
            )
        return "\n".join(lines) + "\n"

    def zip_bytes(self) -> bytes:
        """The deck as a zip holding one folder."""
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in self.files().items():
                archive.writestr(f"{self.folder}/{name}", data)
        return buffer.getvalue()
