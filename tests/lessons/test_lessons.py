"""The lessons as files (lessons/README.md): each notebook matches its jupytext Markdown source,
and what a student reads follows the lesson conventions (live note first, one duration, plain
words, glossary, exit question, For teachers with the lesson's Binder and Voilà links, links that
resolve). Whether the notebooks run and print what they store is nbval's job (``--nbval``
over lessons/); whether they render in Voilà is tests/browser/test_lessons_voila.py's.
"""
from __future__ import annotations

import dataclasses
import json
import re
import sys
from pathlib import Path

import jupytext
import nbformat
import pytest

from cardkit import ecarte

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
sys.path.insert(0, str(ROOT / "tools"))
import binder_badges  # noqa: E402
import rule_cards  # noqa: E402
import run_notebooks  # noqa: E402

RULE_PAGES = ROOT / "serving" / "templates" / "cardkit" / "static" / "rule-cards"

NOTEBOOKS = sorted(LESSONS.glob("*.ipynb"))                      # lessons and apps
LESSON_NBS = sorted(LESSONS.glob("[0-9]*.ipynb"))                # the numbered lessons
TAUGHT = [p for p in LESSON_NBS if not p.name.startswith("00_")]  # 00 is the index
SOURCES = sorted(p for p in LESSONS.glob("*.md") if run_notebooks.source_of(p.with_suffix(".ipynb")))
LIVE_LINE = re.compile(r"Run ▸ Run All Cells.*Voilà|Voilà.*Run ▸ Run All Cells")


def _ids(paths):
    return [p.name for p in paths]


def _nb(path: Path):
    return nbformat.read(path, as_version=4)


def _markdown(nb) -> list[str]:
    return [c.source for c in nb.cells if c.cell_type == "markdown"]


def _student_text(nb) -> str:
    """What a student reads: the Markdown cells, the hidden code cells' strings (a quiz's or a
    task's question and feedback) and the stored text outputs."""
    parts = _markdown(nb)
    for c in nb.cells:
        if c.cell_type != "code":
            continue
        if c.metadata.get("jupyter", {}).get("source_hidden"):
            parts += re.findall(r'"([^"\n]*)"', c.source)
        for out in c.get("outputs", []):
            parts.append(out.get("text", ""))
            parts += [str(v) for k, v in out.get("data", {}).items() if k.startswith("text/")]
    return "\n".join(parts)


def _before_python(nb) -> str:
    """The Markdown before the optional "Try it in Python" section (where code names belong)."""
    text = []
    for src in _markdown(nb):
        text.append(src.split("## Try it in Python")[0])
        if "## Try it in Python" in src:
            break
    return "\n".join(text)


# ------------------------------------------------------------------------- notebook ⇄ source
def test_there_are_lessons_and_sources():
    assert len(LESSON_NBS) >= 7 and len(SOURCES) >= len(NOTEBOOKS)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_every_notebook_has_a_source(notebook):
    md = run_notebooks.source_of(notebook)
    assert md is not None, f"{notebook.name} has no jupytext source {notebook.with_suffix('.md').name}"
    assert _nb(notebook).metadata.get("jupytext", {}).get("formats") == "ipynb,md"


@pytest.mark.parametrize("source", SOURCES, ids=_ids(SOURCES))
def test_notebook_matches_its_source(source):
    notebook = source.with_suffix(".ipynb")
    assert notebook.exists(), f"{source.name} has no notebook: run tools/run_notebooks.py {source}"
    want = run_notebooks.cells_of(jupytext.read(source))
    got = run_notebooks.cells_of(_nb(notebook))
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        assert w == g, (f"{notebook.name} cell {i} differs from {source.name}: "
                        f"run tools/run_notebooks.py {source.relative_to(ROOT)}")
    assert len(want) == len(got), f"{notebook.name} has {len(got)} cells, its source {len(want)}"


def test_a_changed_source_is_seen(tmp_path):
    # the comparison above can fail: one word changed in a copy of a source
    source = tmp_path / "x.md"
    source.write_text(SOURCES[0].read_text(encoding="utf-8").replace("the", "teh", 1), encoding="utf-8")
    assert run_notebooks.cells_of(jupytext.read(source)) != run_notebooks.cells_of(
        _nb(SOURCES[0].with_suffix(".ipynb")))


def test_run_notebooks_refuses_to_overwrite_a_newer_edited_notebook(tmp_path):
    md, nb = tmp_path / "a.md", tmp_path / "a.ipynb"
    md.write_text(SOURCES[0].read_text(encoding="utf-8"), encoding="utf-8")
    edited = _nb(SOURCES[0].with_suffix(".ipynb"))
    edited.cells[0].source += "\n\nEdited in JupyterLab."
    nbformat.write(edited, nb)
    with pytest.raises(run_notebooks.StaleSource, match="jupytext --sync"):
        run_notebooks.write_from_source(nb)
    assert "Edited in JupyterLab." in nb.read_text(encoding="utf-8")     # nothing lost


def test_run_notebooks_writes_the_notebook_from_its_source(tmp_path):
    md, nb = tmp_path / "a.md", tmp_path / "a.ipynb"
    md.write_text(SOURCES[0].read_text(encoding="utf-8").replace("\n\n", "\n\nA new line.\n\n", 1),
                  encoding="utf-8")
    assert run_notebooks.write_from_source(nb) is True
    assert run_notebooks.cells_of(_nb(nb)) == run_notebooks.cells_of(jupytext.read(md))


def test_voila_does_not_load_jupytexts_lab_extension():
    # jupytext's JupyterLab extension breaks Voilà's page (RUNTIME-012 in the console): voila.json
    # must name exactly the extension jupytext installs
    ext = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    names = [json.loads(p.read_text())["name"] for p in ext.glob("*/package.json")
             if "jupytext" in p.parent.name]
    assert names, "jupytext's lab extension is not installed where it was"
    deny = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]["extension_denylist"]
    assert set(names) <= set(deny), (names, deny)


# ------------------------------------------------------------------------ lesson conventions
@pytest.mark.parametrize("notebook", LESSON_NBS, ids=_ids(LESSON_NBS))
def test_live_note_is_one_line_of_the_first_cell(notebook):
    first = _nb(notebook).cells[0]
    assert first.cell_type == "markdown"
    lines = [ln for ln in first.source.splitlines() if LIVE_LINE.search(ln)]
    assert len(lines) == 1, f"{notebook.name}: the first cell says how to bring the tables to life in one line"


@pytest.mark.parametrize("notebook", LESSON_NBS, ids=_ids(LESSON_NBS))
def test_plain_words(notebook):
    text = _student_text(_nb(notebook))
    for word in ("§", "RULES.md", "issue ", "seed 0"):
        assert word not in text, f"{notebook.name}: a student reads {word!r}"


@pytest.mark.parametrize("notebook", LESSON_NBS, ids=_ids(LESSON_NBS))
def test_no_option_code_names_before_try_it_in_python(notebook):
    from cardkit import ecarte, switch
    from cardkit.war import WarRules
    names = {f.name for cls in (ecarte.EcarteRules, switch.SwitchRules, WarRules)
             for f in dataclasses.fields(cls) if "_" in f.name}
    names |= {"three_player", "four_player", "eights_accumulate"}
    text = re.sub(r"\]\([^)]*\)", "]", _before_python(_nb(notebook)))      # not the link targets
    found = sorted(n for n in names if n in text)
    assert not found, f"{notebook.name}: code names in the lesson text: {found}"


def _durations(text: str) -> set[int]:
    """Every "N minutes" and "N–M minutes" (ranges are wrong: one duration per lesson)."""
    found = set()
    for a, b in re.findall(r"(\d+)(?:\s*[–-]\s*(\d+))?\s+minutes", text):
        found |= {int(a)} | ({int(b)} if b else set())
    return found


@pytest.mark.parametrize("notebook", TAUGHT, ids=_ids(TAUGHT))
def test_one_duration(notebook):
    nb = _nb(notebook)
    head = nb.cells[0].source
    teachers = next((s for s in _markdown(nb) if "## For teachers" in s), "")
    timing = next((ln for ln in teachers.split("## For teachers", 1)[-1].splitlines() if "Timing" in ln), "")
    found = _durations(head) | _durations(timing)
    assert len(found) == 1, f"{notebook.name}: durations in title, promise and timing: {sorted(found)}"
    title = head.splitlines()[0]
    assert not _durations(title) or _durations(title) == found


def test_durations_are_read_right():
    assert _durations("in 20 minutes; about 15–20 minutes, and 10 more") == {15, 20}


@pytest.mark.parametrize("notebook", TAUGHT, ids=_ids(TAUGHT))
def test_glossary_exit_question_and_teacher_notes(notebook):
    nb = _nb(notebook)
    md = "\n".join(_markdown(nb))
    box = next((m for m in _markdown(nb) if "**Glossary**" in m), "")
    terms = re.findall(r"^[\s>]*[-*]\s+\*\*[^*]+\*\*", box, re.M)
    assert len(terms) >= 4, \
        f"{notebook.name}: a glossary box with the game's terms in bold, one line each"
    assert re.search(r"## Exit question[\s\S]+?<details>[\s\S]+?</details>", md), \
        f"{notebook.name}: an exit question with its answer in <details>"
    teachers = md.split("## For teachers", 1)[-1]
    assert "## For teachers" in md and "Timing" in teachers and "Discussion" in teachers \
        and "Common mistakes" in teachers, notebook.name
    assert binder_badges.lesson_badges(notebook.name) in teachers, \
        f"{notebook.name}: the lesson's Binder links (tools/binder_badges.py --write)"
    assert (f"./dev lessons {notebook.stem}" in teachers or f"voila lessons/{notebook.name}" in teachers), \
        f"{notebook.name}: how to serve it with Voilà"


EVERY_LESSON = LESSON_NBS + sorted(LESSONS.glob("*/[0-9]*.ipynb"))   # English, Punjabi, Kannada


@pytest.mark.parametrize("notebook", EVERY_LESSON, ids=[str(p.relative_to(LESSONS)) for p in EVERY_LESSON])
def test_relative_links_resolve(notebook):
    for src in _markdown(_nb(notebook)):
        for target in re.findall(r"\]\(([^)\s]+)\)", src):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (notebook.parent / target.split("#")[0]).resolve()
            assert path.exists(), f"{notebook.name} links to {target}, which does not exist"
            # what a Voilà page can open: another notebook beside it, or a Markdown page with a
            # printable HTML page that the page template sends the link to
            if path.suffix == ".md":
                lang = path.parent.name if path.parent.parent.name == "rule-cards" else ""
                assert "rule-cards" in (path.parent.name, path.parent.parent.name) or path.name == "RULES.md", target
                page = RULE_PAGES / lang / f"{'rules' if path.name == 'RULES.md' else path.stem}.html"
                assert page.exists(), f"{notebook.name} links to {target}, which has no page {page}"
            else:
                assert path.suffix == ".ipynb" and path.parent in (LESSONS, LESSONS / "pa", LESSONS / "kn"), (
                    f"{notebook.name} links to {target}: a Voilà page can open only a notebook in "
                    "lessons/ (or its language folders) or a rule card")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_widgets_are_stored_as_their_live_note(notebook):
    """A stored widget view has no model until the notebook runs (JupyterLab then draws "Error
    displaying widget: model not found"): tools/run_notebooks.py keeps a widget output as its
    plain text, which for every table and quiz says how to bring it to life."""
    nb = _nb(notebook)
    views = [c.id for c in nb.cells for o in c.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert not views, f"{notebook.name}: widget views stored in cells {views}: run tools/run_notebooks.py"
    tables = [c for c in nb.cells if c.cell_type == "code" and c.get("outputs")
              and re.search(r"^(EcarteTable|WarTable|SwitchTable|Quiz|NumbersPanel|guess_\w+)\(", c.source, re.M)]
    for c in tables:
        texts = [o.get("data", {}).get("text/plain", "") for o in c.outputs]
        assert any(t.endswith(" — it comes to life when the notebook runs (Run ▸ Run All Cells).")
                   and t.startswith(("An Écarté table", "A War table", "A Switch table", "A quiz",
                                     "A panel to run your own games", "A guess, then the games"))
                   for t in texts), f"{notebook.name}: cell {c.id} stores {texts}"


def test_rule_card_pages_are_written_from_their_markdown():
    """The HTML page of each rule card (and of the rule book) is what tools/rule_cards.py writes
    from the Markdown today, with the links between them pointed at the pages."""
    assert rule_cards.main(["--check"]) == 0, "run: python tools/rule_cards.py"
    assert set(rule_cards.SOURCES) == {"ecarte", "war", "switch", "rules"} | {
        f"{lang}/{game}" for lang in ("pa", "kn") for game in ("ecarte", "war", "switch")}
    war = (RULE_PAGES / "war.html").read_text(encoding="utf-8")
    assert "<title>War — rule card</title>" in war
    assert '<a href="rules.html#1-war">the rule book, part 1: War</a>' in war
    assert '<h2 id="1-war">1. War</h2>' in (RULE_PAGES / "rules.html").read_text(encoding="utf-8")
    assert "<strong>3 cards face down</strong>" in war
    # what a fresh reader found missing (RULES.md §1.1 and §2)
    cards = {g: " ".join((ROOT / "docs" / "rule-cards" / f"{g}.md").read_text().split())
             for g in ("war", "switch", "ecarte")}
    assert "With no card at all left, the tied card itself stands." in cards["war"]
    assert "**three-player war** (three players: only the two tied for the highest card fight" in cards["war"]
    assert "starting with the player after the dealer — who also plays first" in cards["switch"]
    assert "A player who draws a penalty plays nothing that turn" in cards["switch"]
    assert "(but not on a 2 or an Ace waiting to be answered)" in cards["switch"]
    for text in cards.values():
        assert "For teachers, every edge case:" in text and "(the kit's full specification)" in text


# ----------------------------------------------------------------------------------- 00, 01, 05
def test_start_here_says_how_to_open_each_lesson_both_ways():
    md = "\n".join(_markdown(_nb(LESSONS / "00_start_here.ipynb")))
    assert "JupyterLab" in md and "Voilà" in md
    for nb in LESSON_NBS[1:]:
        assert f"]({nb.name})" in md, f"00_start_here does not list {nb.name}"
        assert binder_badges.binder_url(f"voila/render/lessons/{nb.name}") in md, nb.name
    assert binder_badges.binder_url("lab/tree/lessons/00_start_here.ipynb") in md
    # on a school machine: every lesson served, links working, the named one run ahead
    flat = " ".join(md.split())
    assert "`./dev lessons 02_war`" in flat and "the links between lessons and to the rule cards work" in flat


def _text(name: str) -> str:
    """The student's text of a lesson with its line breaks and runs of spaces made single spaces."""
    return " ".join(_student_text(_nb(LESSONS / name)).split())


def test_switch_matching_example_is_not_the_quiz_card():
    """The example of matching names another card than the quiz that follows it (the quiz
    applies the rule to the 10♠), and the settings are said to be in ⚙ Settings."""
    text = _text("05_switch.ipynb")
    assert "on the 5♣ you may play any club or any 5." in text
    assert text.index("on the 5♣") < text.index("The top card is the 10♠.")
    assert "on the 10♠ you may play" not in text
    assert "Open **⚙ Settings** above the table and tick **beginner mode**" in text


def test_ecarte_corrected_wording():
    text = _text("01_ecarte.ipynb")
    # §5: the follow-suit task comes before the rule, on a deal unlike §4's (the 8♠ led, two
    # spades beat it: K♠ and A♠, the 7♠ may not be played) — worked by hand, checked on the engine
    assert text.index("Which of your cards may you play?") < text.index("**must follow suit** if they can")
    s5 = ecarte.new_game(deck=ecarte.stacked_deck("10H 9H 7H 8S QD", "KS AS 7S 8C 9C", "8H"), dealer=0)
    s5.apply("stand")
    s5.apply("play 8S")
    assert [str(a) for a in s5.legal_actions()] == ["play K♠", "play A♠"]
    # standard's 2 points also follow a refused later proposal (§3.5): not only "as dealt"
    assert "They differ when someone **stands** or **refuses** a proposal:" in text
    assert "nobody exchanged cards" not in text
    # a king of trumps (1) and a vole (2) make 3 in one hand: only the tricks stop at 2
    assert "No hand is worth 3 points" not in text
    assert "tricks are worth more than 2" in text
    # the dealer scores a turned-up king: no invented reason
    assert "belongs to the dealer's side" not in text
    assert "the dealer scores 1 point" in text
    # the non-dealer stands (or proposes); the dealer refuses
    assert "refuse to propose" not in text
    assert "stand rather than propose" in text
    assert "20 minutes" in text and "15–20" not in text and "15 minutes" not in text
    # deal B: the classic rules change what the *winner* (Ben) scores for Ada's standing and losing
    assert "in deal B only the loser's" not in text
    assert "classic gives Ben 2 because Ada stood and lost" in text
    # the strategy task can be answered on a Voilà page: nothing to edit, the numbers wait
    assert "write your choice in the cell below" not in text
    assert "Decide before you open the advisor's numbers" in text


def _sources(name: str) -> str:
    """Every cell's source of a lesson (code included: task and quiz texts live in code cells)."""
    return " ".join(" ".join(c.source for c in _nb(LESSONS / name).cells).split())


def test_corrected_wording_in_tasks_and_recaps():
    ecarte_src = _sources("01_ecarte.ipynb")
    assert "gives the point away" not in ecarte_src
    assert ("That is too late: the king must be announced before your first card is played."
            in _text("01_ecarte.ipynb"))
    # the rank quiz is not the demo (J♠ over A♠): it asks which heart beats the A♥, before the order
    assert 'Quiz("Spades are led with the A♠' not in ecarte_src
    assert "Hearts are led with the A♥. Which one of these hearts beats it?" in ecarte_src
    steal = _text("04_steal_war.ipynb")
    assert "whole pile (5 cards)" not in steal and "whole pile (4 cards: 5 with the 9♦ itself)" in steal
    switch = _text("05_switch.ipynb")
    assert "if 2s are added" not in switch and "each 2 played on a 2 adds 2 more" in switch


def test_ecarte_rule_card_linked():
    assert "../docs/rule-cards/ecarte.md" in "\n".join(_markdown(_nb(LESSONS / "01_ecarte.ipynb")))
    assert "../docs/rule-cards/switch.md" in "\n".join(_markdown(_nb(LESSONS / "05_switch.ipynb")))


def test_your_turn_questions_are_not_answered_just_above():
    """A fresh reader's findings: no quiz or task is answered by the prose, demo or task just
    before it (the explanation moved into the answer's feedback)."""
    ecarte_src, switch_src = _sources("01_ecarte.ipynb"), _sources("05_switch.ipynb")
    # the king of trumps: how to claim it is the task's answer, not the sentence above it
    assert "you may **announce** it and score 1 point" not in ecarte_src
    assert "only if they claim it in time" in ecarte_src
    # the turned-up king: the quiz asks what is left above, not the sentence just read
    assert 'Quiz("The turn-up is the K♦. Who scores a point straight away?"' not in ecarte_src
    assert "Which diamond is now the best trump a player can hold?" in ecarte_src
    ecarte = _text("01_ecarte.ipynb")
    for plain in ('"26 choose 5"', "*ruff* — trump a card of another suit", "a suit that is not trumps",
                  "two times out of three", "could see every card", "(plus or minus)"):
        assert plain in ecarte, plain
    switch = _text("05_switch.ipynb")
    assert "Ben may now" not in switch and "you face drawing 4" not in switch_src
    assert "This time Ada is forgetful" not in switch
    assert "take turns in this order: you, Ada, Ben" in switch_src
    assert "*shedding* game (one where you try to get rid of your cards)" in switch
    assert '"10H 4S 9D QC KC"' not in switch_src           # the §1 task is not the quiz's cards


# ------------------------------------------- 01 and 05: a fresh reader's findings (second pass)
def _cell_index(nb, needle: str) -> int:
    """The index of the first cell whose source (its runs of spaces made single) holds ``needle``."""
    return next(i for i, c in enumerate(nb.cells) if needle in " ".join(c.source.split()))


def _section(nb, heading: str) -> list:
    """The cells from the one holding ``heading`` up to the next ``## `` heading."""
    start = _cell_index(nb, heading)
    end = next((i for i in range(start + 1, len(nb.cells))
                if nb.cells[i].cell_type == "markdown" and re.search(r"^## ", nb.cells[i].source, re.M)),
               len(nb.cells))
    return nb.cells[start:end]


def test_ecarte_jeux_de_regle_prose_agrees_with_its_table():
    nb = _nb(LESSONS / "01_ecarte.ipynb")
    text = _text("01_ecarte.ipynb")
    table = "".join(o.get("text", "") for o in nb.cells[_cell_index(nb, "jeux_de_regle_lines()")].outputs)
    rows = {line.split("%")[-1].strip(): [float(x) for x in re.findall(r"([\d.]+)%", line)]
            for line in table.splitlines()[1:]}
    tierce, two = rows["one trump and a tierce major"], rows["two trumps and three cards of one plain suit"]
    small = rows["not one: one trump and small cards"]
    # what the old books claim is said as their claim; the table shows where it holds
    assert "They are hands that take three tricks whenever" not in text
    assert "The old books say they take three tricks whenever the dealer holds fewer than two trumps" in text
    assert tierce[1] == 100.0 and "it takes three tricks **every** time the dealer has fewer than two trumps" in text
    assert "does even better" not in text
    assert f"it takes three tricks {round(two[1])} times in 100, not every time" in text and two[1] < 100
    assert f"{round(two[0])} % against {round(tierce[0])} %" in text and two[0] > tierce[0]
    assert "about one time in seven" in text and abs(small[0] - 100 / 7) < 1.5


def test_ecarte_quizzes_ask_before_the_answer_is_shown():
    nb = _nb(LESSONS / "01_ecarte.ipynb")
    # the rank quiz comes before the printed order, and nothing above it in its section says it
    quiz, order = _cell_index(nb, 'Quiz("Hearts are led with the A♥'), _cell_index(nb, "rank_order()")
    assert quiz < order
    above = " ".join(c.source for c in nb.cells[_cell_index(nb, "## 1. The pack"):quiz])
    assert "K Q J A" not in above and "between the jack and the ten" not in above
    # the scoring quiz asks about a refusal, before the deals that show a stand and a loss
    quiz = _cell_index(nb, 'Quiz("Classic rules. Ada proposes, Ben refuses')
    assert quiz < _cell_index(nb, "classic gives Ben 2 because Ada stood and lost") \
        < _cell_index(nb, "scoring_comparison()")
    assert "The non-dealer stood and then won only 2 tricks" not in _sources("01_ecarte.ipynb")


def test_ecarte_standard_and_classic_said_in_plain_words():
    text = _text("01_ecarte.ipynb")
    assert "(our rule page)" not in text
    assert ("The **standard** rules are the ones this kit plays unless you choose otherwise, and the "
            "ones on the rule card.") in text
    assert "The **classic** rules are older: the card clubs of Paris and London wrote them down in the 1800s." in text
    from cardkit import ecarte
    assert ecarte.EcarteRules() == ecarte.EcarteRules.standard()   # the kit's default, as said


def test_ecarte_strategy_is_optional_for_older_students_and_says_its_words():
    nb = _nb(LESSONS / "01_ecarte.ipynb")
    md = _markdown(nb)
    start = next(m for m in md if m.startswith("## Strategy"))
    assert start.startswith("## Strategy: stand or propose? (optional, for older students)")
    assert "> **Optional — for older students.**" in start
    teachers = next(m for m in md if "## For teachers" in m)
    timing = " ".join(next(ln for ln in teachers.split("- **")[1:] if ln.startswith("Timing")).split())
    assert "optional and meant for older students" in timing and "skip it with 11–12 year olds" in timing
    text = _text("01_ecarte.ipynb")
    for plain in ('hands "by the rule"', "a helper that works out the odds of a move",
                  "every clue it can read from the play",
                  '"Tricks expected" is how many tricks you would have at the end of the hand',
                  "Here spades are trumps (the turn-up is the 10♠)"):
        assert plain in text, plain
    assert "inference" not in text
    box = next(m for m in md if "**Glossary**" in m)
    assert "> - **jeux de règle**: the old list of hands" in box and "> - **expected points**: what a choice" in box
    # the close call's explanation is inside the closed advisor block, not visible prose
    assert not any("A close call" in m for m in md)
    details = "".join(str(o.get("data", {}).get("text/html", ""))
                      for o in nb.cells[_cell_index(nb, "advisor_numbers()")].outputs)
    assert "A close call" in details and details.index("A close call") < details.index("</details>")
    # the advisor's "propose" and hard's "stand" are two ways of judging, said in words
    hard = "".join(o.get("text", "") for o in nb.cells[_cell_index(nb, "hard_choice()")].outputs)
    assert hard.strip().endswith(": stand") and "not a jeu de règle — propose" in details
    assert "Hard stands, while the advisor said propose" in text
    assert "they judge in two different ways" in text


def test_switch_special_card_tasks_ask_before_the_rule():
    """§5 Aces, §6 Jacks, §8 Last card: the task comes first in its section, and neither the
    heading nor the text above it states the rule the task asks for."""
    nb = _nb(LESSONS / "05_switch.ipynb")
    for heading, question, rule in [("## 5. Aces", "Ada has one card left", "draw 4"),
                                    ("## 6. Jacks", "four of your cards are hearts", "names a suit"),
                                    ("## 8. \"Last card!\"", "You hold the 9♥ and the 5♣", "call **\"last card\"**")]:
        cells = _section(nb, heading)
        first_code = next(c for c in cells if c.cell_type == "code")
        assert "task=Task(" in first_code.source and question in first_code.source, heading
        above = " ".join(c.source for c in cells[:cells.index(first_code)])
        assert rule not in above and "any card" not in above, heading
        below = " ".join(c.source for c in cells[cells.index(first_code) + 1:])
        assert rule in below, heading                           # the rule is explained after
        assert ":" not in cells[0].source.splitlines()[0], heading   # no rule in the heading


@pytest.mark.parametrize("name", ["01_ecarte.ipynb", "05_switch.ipynb"])
def test_try_it_in_python_is_hidden_on_a_voila_page(name):
    """Every cell of the optional "Try it in Python" section (its heading, text and code) carries
    the hide-in-voila tag that the page template hides; so does "For teachers" (issue 18 item 12);
    no other cell does."""
    nb = _nb(LESSONS / name)
    start = _cell_index(nb, "## Try it in Python (optional)")
    end = _cell_index(nb, "## Exit question")
    section = nb.cells[start:end]
    assert len(section) >= 5 and sum(c.cell_type == "code" for c in section) >= 3
    for c in section:
        assert "hide-in-voila" in c.metadata.get("tags", []), c.source[:60]
    for c in nb.cells[:start] + nb.cells[end:]:
        if c.source.startswith("## For teachers"):
            continue
        assert "hide-in-voila" not in c.metadata.get("tags", []), c.source[:60]
    # and the notebook got it from its source
    md = (LESSONS / name).with_suffix(".md").read_text(encoding="utf-8")
    assert '<!-- #region tags=["hide-in-voila"] -->\n## Try it in Python (optional)' in md
