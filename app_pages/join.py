"""A student's page of "Ask the class": what a student's link (``?class=CODE``) opens on a phone.

The class's question, the way to answer it (the list to drag, a number, a choice) and Send; then
what was received, and after the reveal the right answer. Everything is in :mod:`ui.classroom.student`.
"""

from __future__ import annotations

from ui.classroom.student import student_page

student_page()
