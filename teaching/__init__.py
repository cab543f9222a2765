"""cardkit's lesson helpers: the demos and guess-first widgets the lessons call in one line.

The folder is ``teaching/``; the import name is ``cardkit_lessons`` (as ``widgets/`` is
``cardkit_tables``). Lessons depend on the tables, never the other way round: nothing in
``cardkit`` or ``cardkit_tables`` imports this package (tests/project/test_project.py checks).

- :mod:`cardkit_lessons.lesson_ecarte` — the demos of lesson 01 (Écarté);
- :mod:`cardkit_lessons.lesson_switch` — the demos of lesson 05 (Switch);
- :mod:`cardkit_lessons.lesson_war` — the demos of the War lessons 02, 03, 03b and 04;
- :mod:`cardkit_lessons.war_numbers` — lesson 06's guess-first widgets and numbers panel;
- :mod:`cardkit_lessons.lesson_view` — the look of a demo (rows of words and cards, left-aligned).

Each module is imported by the lesson that needs it (``from cardkit_lessons import
lesson_ecarte``); this package imports none of them, so a lesson loads only its own helpers.
See docs/architecture.md "Layers".
"""
