"""trec_eval's world: qrels and runs read from TREC or CSV/TSV files (``files``) and NDCG of every
query of a run computed at once under trec_eval's rules (``evaluation``).
"""
