"""Ask the class: the instructor's form and room screen, the student's page, and where classes live.

* :mod:`~ui.classroom.store`: the store interface, in the server's memory or in Redis;
* :mod:`~ui.classroom.service`: codes, the instructor's token and answers checked in front of the store;
* :mod:`~ui.classroom.ask_form`: "Ask the class" and the short form that starts a question;
* :mod:`~ui.classroom.room_screen`: what the projector shows while the room answers, and on Reveal;
* :mod:`~ui.classroom.student`: the student's phone: the question, the answer, Send.

The numbers all come from :mod:`ndcg_core.classroom`; the session's side (who hosts which class, a
student's id) has one owner, :mod:`ui.state.classroom`.
"""
