"""Issue 18, "First, settle the English": one test per correction (items 1-13), each checking
that the corrected sentence is in the lesson's source (or a helper's output) and the wrong one is
gone. The sentences were read against docs/RULES.md by hand:

1. 05's exit question: the pending penalty is the A♣'s (RULES.md §2), only an Ace answers it;
2. 03b §1: classic War's Q♠ beats the 7♦, so Player 1 took the 10 cards (3 + 1 + the tied 9 each);
3. the Binder link opens JupyterLab, where one must Run All; only a Voilà page starts by itself;
4. 01 §6: a standard non-dealer who stood and won scores 2, no more for a vole (RULES.md §3.5);
   the demo deals announce the king of trumps (§3.3) the lesson had just taught;
5. 02 §5: a game can end drawn (both standing on tied last cards, RULES.md §1); "median" explained
   before the table that uses it;
6. 01's strategy: tricks expected count the tricks already won; each advisor figure once; a close
   accept/refuse said as a close call; plain words before the jargon;
7. 01 §3: the turn-up is the 8♥ there (not section 2's K♥), the discarded cards named;
8. 03b §3: the 2 forces a war it can still lose;
9. 02: no loop with the winner's cards first in 200 games (06: none in 100,000);
10. 05 glossary: the forgotten last-card call costs 2 penalty cards (RULES.md §2);
11. 04 §1: the face-up pile lies beside the packet;
12. "For teachers" is tagged hide-in-voila in every lesson, and the page template leaves such
    cells out;
13. a lesson's printed text wraps at spaces on a narrow phone (the template's style).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardkit import ecarte, parse_card
from cardkit.ecarte import text as ecarte_text
from cardkit_lessons import lesson_ecarte as le

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
TEMPLATE = ROOT / "serving" / "templates" / "cardkit" / "index.html.j2"
NUMBERED = sorted(p.stem for p in LESSONS.glob("0*.md"))


def _md(name: str) -> str:
    """A lesson's source with its lines joined: a sentence may wrap anywhere."""
    return re.sub(r"\s+", " ", (LESSONS / f"{name}.md").read_text(encoding="utf-8"))


def _cells(name: str) -> list[dict]:
    return json.loads((LESSONS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def test_1_switch_exit_answer_names_the_aces_penalty():
    md = _md("05_switch")
    assert "only a 2 answers a 2), not the J♥" not in md
    assert ("not the 2♣ (it matches the club, but the penalty waiting is an Ace's, and only an Ace "
            "answers an Ace), not the J♥") in md


def test_2_one_card_wars_classic_player_1_took_ten():
    md = _md("03b_war_variants_more")
    assert "Player 2 takes 6 cards instead of 10" not in md
    assert "it loses to the 4♦, so Player 2 takes 6 cards. In classic War it was Player 1 who took 10." in md


@pytest.mark.parametrize("name", ["02_war", "03_war_variants", "03b_war_variants_more",
                                  "04_steal_war", "06_war_numbers"])
def test_3_binder_opens_jupyterlab_where_one_runs_all(name):
    first = _cells(name)[0]["source"]
    first = "".join(first) if isinstance(first, list) else first
    assert "with Voilà or Binder they start by themselves" not in first
    assert ("In JupyterLab choose *Run ▸ Run All Cells* (or press Shift+Enter in each cell); do the "
            "same if you opened the Binder link to JupyterLab. On a Voilà page (the school's, or the "
            "Voilà link on Binder) they start by themselves.") in first
    assert "with Voilà or Binder" not in _md(name)


def test_4_ecarte_scoring_split_vole_and_king():
    md = _md("01_ecarte")
    # four rules, four sub-sections of §6
    section = md[md.index("## 6. Scoring"):md.index("## Strategy")]
    assert [h for h in ("### Points for tricks", "### First to 5",
                        "### Standing and refusing: two rule sets",
                        "### Classic only: trump if you can") if h in section] == [
        "### Points for tricks", "### First to 5", "### Standing and refusing: two rule sets",
        "### Classic only: trump if you can"]
    assert ("**2 points** — and no more for a vole: 2 points, whether they win 3, 4 or all 5 "
            "tricks;") in section
    assert "Classic also says: if you cannot follow suit, you must trump." not in section
    # the demo deals announce the K♥ (hearts trumps): Ada holds it in deal A, Ben in deal B
    (_, deck_a, moves_a), (_, deck_b, moves_b) = le.SCORING_DEALS
    assert moves_a[:2] == ("stand", "announce king") and moves_b[:3] == ("stand", "play 7S", "announce king")
    assert le.king_point(deck_a, moves_a) == "Ada announces the king of trumps (K♥): 1 point (King of trumps)."
    assert le.king_point(deck_b, moves_b) == "Ben announces the king of trumps (K♥): 1 point (King of trumps)."
    html = le.scoring_comparison().data
    assert html.count("announces the king of trumps (K♥): 1 point") == 2
    assert html.count("both rule sets") == 2
    # the hand scores are unchanged by the king's point
    std = ecarte.EcarteRules.standard()
    assert le.hand_score(std, deck_a, moves_a) == (
        "Ada (non-dealer) wins 3 tricks after playing the hand as dealt: 2 points (Scoring).")
    assert "announces it before their first card (section 4): 1 point, the same under both rule sets" in md


def test_5_war_can_end_drawn_and_median_explained_first():
    md = _md("02_war")
    assert "sooner or later one player has all the cards" not in md
    assert ("sooner or later the game ends. One player gets all the cards — or, once in a long "
            "while, both players are standing on their last cards and those tie, and the game is a "
            "draw.") in md
    explained = md.index("the **median** (the length of the middle game: half the games are shorter")
    table = md.index("whole_games({")
    assert explained < table
    assert "median" not in md[:explained].replace("**median**", "")


def test_6_ecarte_strategy_words():
    md = _md("01_ecarte")
    # tricks expected count the tricks already won
    assert '"Tricks expected" is how many tricks you would take on average.' not in md
    assert ("how many tricks you would have at the end of the hand, on average — counting the two "
            "you have already won, so 2.9 means about 0.9 of the last two tricks.") in md
    assert le.which_card()[-1] == ("Play 9♣: about 2.9 tricks expected in all this hand, counting "
                                   "the ones already won (the others: A♦ 2.8).")
    # the advisor box: each figure once, at one rounding
    out = le.advisor_numbers().data
    assert out.count("+0.51") == 1 and out.count("+0.55") == 1
    assert out.count("50.3%") == 2 and "50%" not in out and "(vole 1%)" not in out
    # a close accept: no "44% refusing, 44% accepting" as its reason
    close = ecarte_text.answer_hint("accept", 0.441, 0.443)
    assert close == ("Accept, but it is a close call: your chance of winning the match is about 44% "
                     "either way, a tiny bit more if you accept.")
    assert ecarte_text.answer_hint("refuse", 0.60, 0.40) == (
        "Refuse: your hand is strong enough to play as it is (chance of winning the match 60% "
        "refusing, 40% accepting).")
    # plain words first, then the jargon
    assert md.index("65,780 different ways to pick 5 cards out of 26") < md.index("C(26, 5)")
    assert md.index("two times out of three") < md.index('"2 to 1 on"')
    assert md.index("as if both players could see every card") < md.index("*double-dummy*")
    assert md.index('hands "by the rule"') < md.index("*jeux de règle*")
    assert "stand with a jeu de règle" not in md and "— 2 to 1 on." not in md


def test_7_exchange_demo_names_the_turn_up_and_the_discards():
    md = _md("01_ecarte")
    assert "Here Ada proposes, Ben accepts, and both exchange:" not in md
    assert ("but this time the turn-up is the **8♥**: hearts are still trumps, and no king was "
            "turned up, so nobody scores for it.") in md
    assert "Ada throws away the 7♠, 8♠ and 7♣ and Ben throws away the 9♠:" in md
    lines = le.exchange_demo()
    assert "Ada threw away 7♠ 8♠ 7♣." in lines and "Ben threw away 9♠." in lines
    assert lines[-1] == "Ada now holds 9♦ 8♣ 10♠ J♠ Q♠"


def test_8_automatic_war_two_can_still_lose():
    md = _md("03b_war_variants_more")
    assert "The lowest card becomes a lucky card." not in md
    assert ("The 2 can no longer simply lose: it always starts a war — but a war it can still lose, "
            "if the other player's face-up card is higher.") in md


def test_9_no_loops_with_the_winners_cards_first():
    md = _md("02_war")
    assert "loops are rare" not in md
    assert ("With the winner's cards first, none of these 200 games loops — and lesson 06 plays "
            "100,000 games that way and finds no loop either") in md


def test_10_switch_glossary_penalty_includes_last_card():
    md = _md("05_switch")
    line = next(ln for ln in (LESSONS / "05_switch.md").read_text(encoding="utf-8").splitlines()
                if ln.startswith("> - **penalty**"))
    assert line == ('> - **penalty**: cards a player must draw: after a 2 (2 cards) or an Ace '
                    '(4 cards), unless they answer it, and 2 cards for forgetting to call "last '
                    'card" when caught.')
    assert "you draw **2 penalty cards**" in md          # what the glossary now matches


def test_11_steal_war_pile_beside_the_packet():
    md = _md("04_steal_war")
    assert "**face-up pile**, beside it," not in md
    assert "on top of your own **face-up pile**, which lies on the table beside your packet" in md


@pytest.mark.parametrize("name", NUMBERED)
def test_12_for_teachers_is_hidden_on_voila_pages(name):
    src = (LESSONS / f"{name}.md").read_text(encoding="utf-8")
    assert '<!-- #region tags=["hide-in-voila"] -->\n## For teachers\n' in src
    cells = [c for c in _cells(name) if "".join(c["source"]).startswith("## For teachers")]
    assert len(cells) == 1 and "hide-in-voila" in cells[0]["metadata"].get("tags", [])
    # the section is the last cell and holds nothing a student needs (no exit question)
    assert "".join(_cells(name)[-1]["source"]).startswith("## For teachers")
    assert "<details>" not in "".join(cells[0]["source"])


def test_12_the_template_leaves_hide_in_voila_cells_out():
    tpl = TEMPLATE.read_text(encoding="utf-8")
    assert "{%- if 'hide-in-voila' in cell.metadata.get('tags', []) -%}" in tpl


def test_13_story_text_wraps_at_spaces_on_a_phone():
    tpl = TEMPLATE.read_text(encoding="utf-8")
    # JupyterLab's own rule, `.jp-OutputArea-output pre { word-break: break-all; … }`, is added to
    # the page after the template's style: the template's rule must be more specific (body …)
    rule = re.search(r"body \.jp-OutputArea-output pre, body \.jp-RenderedText pre \{([^}]*)\}", tpl)
    assert rule, "no style for a lesson's printed text"
    style = {k.strip(): v.strip() for k, v in
             (d.split(":") for d in rule.group(1).split(";") if d.strip())}
    assert style == {"white-space": "pre-wrap", "word-break": "normal",
                     "overflow-wrap": "break-word"}
    assert "break-all" not in re.sub(r"/\*.*?\*/", "", tpl, flags=re.S)   # outside comments


def test_6_card_hint_uses_the_engine():
    """The which-card sentence is the engine's card_hint, worked by hand for one case."""
    assert ecarte_text.card_hint(parse_card("KS"), 3.0, []) == (
        "Play K♠: about 3.0 tricks expected in all this hand, counting the ones already won.")
