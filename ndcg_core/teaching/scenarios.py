"""Worked examples from the source articles, as data: items, grades and the settings they use.

Each scenario also carries the NDCG its source gives (``expected_ndcg``, to the ``decimals``
the source prints) so that a test can check the core against it, and a ``note`` in the
source's own words, or the correction where the source got a number wrong.

>>> scenario_by_key("seed004-retrieved-chunks").expected_text
'NDCG@5 = 0.972'
>>> [scenario.key for scenario in SCENARIOS][:2]
['seed000-bluetooth-headphones', 'seed001-approach-1']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ndcg_core.metric.gains import GAIN_FORMULAS, Gain
from ndcg_core.metric.ranking import JUDGED_POOL, LISTED_ITEMS, IdealSource


@dataclass(frozen=True, kw_only=True)
class Scenario:
    """A ranked list with the settings a source computes it under, and the NDCG it reports.

    ``unlisted_grades`` are judged items that the list does not show; with them the ideal
    comes from the judged pool (listed + unlisted), as trec_eval builds it.
    ``printed`` is False where the source shows the code but not the number it prints; the
    expected value is then worked out by hand from the definition (the note says so).
    ``source`` names the article in plain words ("from the article “So you think you know
    NDCG?” (Mehra), Table 3"), as a learner reads it: never by the seed's number.
    """

    key: str
    title: str
    source: str
    labels: tuple[str, ...]
    grades: tuple[float, ...]
    k: int
    gain: Gain
    expected_ndcg: float
    decimals: int
    unlisted_grades: tuple[float, ...] = field(default=())
    printed: bool = True
    note: str = ""

    @property
    def ideal_source(self) -> IdealSource:
        """The judged pool when some judged items are not listed, else the listed items."""
        return JUDGED_POOL if self.unlisted_grades else LISTED_ITEMS

    @property
    def ideal_description(self) -> str:
        """Where the ideal order comes from, in words, e.g. "judged pool: 5 listed + 5 unlisted grades"."""
        if self.unlisted_grades:
            return (
                f"judged pool: {len(self.grades)} listed + {len(self.unlisted_grades)} unlisted judged grades"
            )
        return f"listed items: the {len(self.grades)} listed grades, sorted"

    @property
    def gain_description(self) -> str:
        """The gain with its formula, e.g. "exponential (2^rel − 1)"."""
        return f"{self.gain} ({GAIN_FORMULAS[self.gain]})"

    @property
    def expected_text(self) -> str:
        """The expected NDCG as the source prints it, e.g. "NDCG@5 = 0.43"."""
        return f"NDCG@{self.k} = {self.expected_ndcg:.{self.decimals}f}"


BLUETOOTH_HEADPHONES = Scenario(
    key="seed000-bluetooth-headphones",
    title='"bluetooth headphones": the returned list',
    source="from the article “So you think you know NDCG?” (Mehra), Table 3",
    labels=(
        "Portable Bluetooth Speaker",
        "Wired Headphones",
        "JBL Bluetooth Headphones",
        "Sony Bluetooth Headphones",
        "Wireless Earbuds",
        "Gaming Headset",
        "Bose Wireless Headphones",
    ),
    grades=(0, 1, 2, 3, 2, 0, 3),
    k=5,
    gain="exponential",
    expected_ndcg=0.43,
    decimals=2,
    note=(
        "The article's tables give DCG@5 = 6.31, IDCG@5 = 14.60 and NDCG@5 = 0.43. "
        "Table 4 prints 3.02 at rank 4, where 7 / log2(5) = 3.0147 rounds to 3.01; "
        "the total 6.31 is right either way."
    ),
)

APPROACH_1 = Scenario(
    key="seed001-approach-1",
    title="Approach 1: the ideal from the whole judged corpus",
    source="from the course notes “NDCG for graded relevance”, section “IDCG Approach Comparison”",
    labels=("corpus item 7", "corpus item 2", "corpus item 9", "corpus item 5", "corpus item 4"),
    grades=(1, 4, 0, 2, 3),
    unlisted_grades=(5, 5, 3, 2, 1),
    k=5,
    gain="exponential",
    expected_ndcg=0.2268,
    decimals=4,
    printed=False,
    note=(
        "“Corpus has items with relevances: [5, 5, 4, 3, 3, 2, 2, 1, 1, 0]. System returned items "
        "with relevances: [1, 4, 0, 2, 3] (Missed the two highest-relevance items with rel=5).” "
        "The article prints NDCG@5 with 4 decimals but does not show the output: with the ideal from "
        "the corpus (Approach 1) it is 0.2268; with the ideal from the returned list (Approach 2) 0.6776."
    ),
)

CG_RANKING_A = Scenario(
    key="seed001-cg-ranking-a",
    title="CG is blind to order: ranking A (best items first)",
    source="from the course notes “NDCG for graded relevance”, section “The Critical Limitation” of CG",
    labels=("item with grade 3", "item with grade 2", "first item with grade 0", "second item with grade 0"),
    grades=(3, 2, 0, 0),
    k=4,
    gain="linear",
    expected_ndcg=1.0,
    decimals=4,
    printed=False,
    note=(
        "“Both have CG@4 = 5, but Ranking A is clearly superior for users who see fewer results!” "
        "The article sums grades for CG (linear gain, loaded here) and uses 2^rel − 1 for its DCG "
        "comparison. A is already in its ideal order, so NDCG@4 = 1 under either gain."
    ),
)

CG_RANKING_B = Scenario(
    key="seed001-cg-ranking-b",
    title="CG is blind to order: ranking B (best items last)",
    source="from the course notes “NDCG for graded relevance”, section “The Critical Limitation” of CG",
    labels=("first item with grade 0", "second item with grade 0", "item with grade 2", "item with grade 3"),
    grades=(0, 0, 2, 3),
    k=4,
    gain="linear",
    expected_ndcg=0.5378,
    decimals=4,
    printed=False,
    note=(
        "“Both have CG@4 = 5, but Ranking A is clearly superior.” Same items as A, upside down: "
        "the same CG@4, a far lower DCG@4. The article shows no NDCG for B; worked by hand with linear "
        "gain, NDCG@4 = (2/log2 4 + 3/log2 5) / (3 + 2/log2 3) = 0.5378."
    ),
)

PERFECT = Scenario(
    key="seed001-perfect",
    title="“Perfect ranking” [3, 3, 2, 1, 0, 0]",
    source="from the course notes “NDCG for graded relevance”, section “NDCG Demonstration”",
    labels=tuple(f"item {letter}" for letter in "ABCDEF"),
    grades=(3, 3, 2, 1, 0, 0),
    k=6,
    gain="exponential",
    expected_ndcg=1.0,
    decimals=4,
    printed=False,
    note=(
        "“Perfect ranking [3,3,2,1,0,0]”: already the ideal order, so NDCG = 1. The article prints "
        "NDCG with 4 decimals over the whole list (no cutoff: here k = 6) and does not show the output."
    ),
)

SLIGHTLY_OFF = Scenario(
    key="seed001-slightly-off",
    title="“Slightly off” [3, 2, 3, 1, 0, 0]",
    source="from the course notes “NDCG for graded relevance”, section “NDCG Demonstration”",
    labels=tuple(f"item {letter}" for letter in "ACBDEF"),
    grades=(3, 2, 3, 1, 0, 0),
    k=6,
    gain="exponential",
    expected_ndcg=0.9608,
    decimals=4,
    printed=False,
    note=(
        "“Good but imperfect: swapped positions 2 and 3.” The article does not show the output; "
        "worked by hand, NDCG = 12.8235 / 13.3472 = 0.9608."
    ),
)

REVERSED = Scenario(
    key="seed001-reversed",
    title="“Reversed” [0, 0, 1, 2, 3, 3]",
    source="from the course notes “NDCG for graded relevance”, section “NDCG Demonstration”",
    labels=tuple(f"item {letter}" for letter in "FEDCBA"),
    grades=(0, 0, 1, 2, 3, 3),
    k=6,
    gain="exponential",
    expected_ndcg=0.5240,
    decimals=4,
    printed=False,
    note=(
        "“Poor ranking: reversed.” Even upside down the list keeps about half of the ideal DCG: "
        "the log discount is gentle. Worked by hand, NDCG = 6.9934 / 13.3472 = 0.5240 "
        "(the article does not show the output)."
    ),
)

CUTOFFS = Scenario(
    key="seed001-cutoffs",
    title="NDCG at different cutoffs [3, 0, 2, 0, 1, 3, 0, 0, 2, 1]",
    source="from the course notes “NDCG for graded relevance”, section “NDCG at Different Cutoffs”",
    labels=tuple(f"result {number}" for number in range(1, 11)),
    grades=(3, 0, 2, 0, 1, 3, 0, 0, 2, 1),
    k=3,
    gain="exponential",
    expected_ndcg=0.658,
    decimals=3,
    printed=False,
    note=(
        "The article's ndcg_at_k cuts the list to k before it builds the ideal, and so gets 0.956 "
        "at k = 3. The ideal comes from every judged item, not from the first k: NDCG@3 = 0.658."
    ),
)

DOCUMENTS_A_TO_E = Scenario(
    key="seed002-documents-a-to-e",
    title="Documents A–E, linear gain",
    source="from the article “nDCG: Normalized Discounted Cumulative Gain”, section “Example Calculation”",
    labels=("Doc A", "Doc B", "Doc C", "Doc D", "Doc E"),
    grades=(3, 1, 2, 0, 1),
    k=5,
    gain="linear",
    expected_ndcg=0.966,
    decimals=3,
    note=(
        "The article prints DCG = 5.018 (right), IDCG = 5.149 and nDCG = 0.975. Its IDCG uses 0.387 at "
        "rank 4, where 1/log2(5) = 0.431 belongs: the correct IDCG is 5.193 and nDCG = 0.966."
    ),
)

RESULTS_B_A_D_C = Scenario(
    key="seed003-results-b-a-d-c",
    title="Results A–D shown as B, A, D, C",
    source="from the article “What is NDCG?”, section “A small, concrete example”",
    labels=("Result B", "Result A", "Result D", "Result C"),
    grades=(2, 3, 1, 2),
    k=4,
    gain="exponential",
    expected_ndcg=0.85,
    decimals=2,
    note=(
        "“So your system's ranking yields an NDCG of about 0.85.” The article prints 4.41 at rank 2, "
        "where 7 / log2(3) = 4.4165 rounds to 4.42, and adds its rounded terms to DCG ≈ 9.20; "
        "the exact sum is 9.21. IDCG = 10.82."
    ),
)

RETRIEVED_CHUNKS = Scenario(
    key="seed004-retrieved-chunks",
    title="Retrieved chunks [3, 2, 3, 0, 1], linear gain",
    source="from the article “NDCG for RAG retrieval”, section “A worked example”",
    labels=tuple(f"chunk {number}" for number in range(1, 6)),
    grades=(3, 2, 3, 0, 1),
    k=5,
    gain="linear",
    expected_ndcg=0.972,
    decimals=3,
    note=(
        "“The retriever scores 0.972.” DCG@5 = 6.149; the article prints IDCG@5 = 6.324, the sum of "
        "its rounded terms (the exact sum is 6.3235)."
    ),
)

EMPTY = Scenario(
    key="empty",
    title="An empty list: build your own",
    source="No source: add items and grades in the Playground",
    labels=(),
    grades=(),
    k=5,
    gain="exponential",
    expected_ndcg=0.0,
    decimals=2,
    printed=False,
    note="Nothing is listed, so IDCG = 0 and NDCG is taken as 0 (trec_eval's convention) until you add items.",
)

SCENARIOS: tuple[Scenario, ...] = (
    BLUETOOTH_HEADPHONES,
    APPROACH_1,
    CG_RANKING_A,
    CG_RANKING_B,
    PERFECT,
    SLIGHTLY_OFF,
    REVERSED,
    CUTOFFS,
    DOCUMENTS_A_TO_E,
    RESULTS_B_A_D_C,
    RETRIEVED_CHUNKS,
    EMPTY,
)

DEFAULT_SCENARIO = BLUETOOTH_HEADPHONES

_BY_KEY = {scenario.key: scenario for scenario in SCENARIOS}


def scenario_by_key(key: str) -> Scenario:
    """The scenario with this key; :class:`KeyError` naming the known keys if there is none."""
    try:
        return _BY_KEY[key]
    except KeyError:
        known = ", ".join(_BY_KEY)
        raise KeyError(f"No scenario {key!r}; the scenarios are: {known}.") from None
