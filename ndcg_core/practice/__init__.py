"""Exercises a class can share: generated from a seed (``exercises``), each quantity's right value
and the classic slips (``slips``), a learner's answer checked (``answer_check``) or a whole worked
table (``table_check``), rounding along the way told apart from a wrong step (``rounding``), and
moves of one item counted (``moves``).
"""
