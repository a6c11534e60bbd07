"""trec_eval's world: qrels and runs read from TREC or CSV/TSV files, NDCG of every query computed
at once under trec_eval's rules, and two runs compared.

- ``files``: the readers (a piece of the file at a time, messages naming the file and the line);
  ``pieces`` cuts a file or an upload's bytes into pieces of whole lines.
- ``lines``: a file as compact columns (query codes, pair keys, numbers, document ids);
  ``doc_keys``: the 64-bit key of each (query, document) pair; ``order``: trec_eval's order.
- ``evaluation``: per-query ``ndcg`` and ``ndcg_cut_K`` (``evaluate_files`` for paths or bytes,
  ``Judgments`` to evaluate several runs against one qrels); ``measures``: the ``-m`` flags.
- ``significance`` (paired t-test, randomization test, wins/ties/losses) and ``comparison``
  (two runs over the same qrels, query by query).
- ``memory``: memory handed back after a big evaluation; ``arrow_columns``: numpy ↔ Arrow.
"""
