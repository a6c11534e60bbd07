"""What the numbers are: grades in, DCG, IDCG, NDCG and their neighbours out.

``validation`` checks grades and k; ``gains`` and ``discounts`` are the two conventions;
``ranking`` holds one list with its conventions, validated once, and computes DCG, IDCG and
NDCG from it; ``metrics`` (dcg, idcg, ndcg) and ``headline`` are the calls a notebook makes;
``breakdown`` is the per-rank table; ``ties`` ranks by scores; ``neighbours`` has P@k, R@k, RR,
AP and ERR; ``orders`` and ``what_if`` reorder a list and ask what every reordering scores; ``intent_aware``
scores one list under several intents (IA-NDCG = Σ_j P(j) · NDCG_j).
"""
