"""What a learner reads around the numbers: the worked scenarios of the source articles, the
formula written out with the current terms, variants side by side, pitfalls, and a summary in
plain words. Every number in these sentences comes from :mod:`ndcg_core.metric`.
"""
