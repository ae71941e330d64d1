"""The in-game Rules pages agree with the rules document (issue 12): every sentence cites
the ids of the rules it states, every cited id is a rule of docs/rules.md, the five
languages say the same things line by line, and the modal facts match (E17: a drawn card
that fits must be placed, as the engine enforces)."""

import os
import re
import sys

import pytest
from test_views import rule_ids

from firmware import lang
from firmware.texts import rules_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ("elfer", "cinquillo", "bastard")
CITED = re.compile(r"\(([^()]*)\)")
RULE_ID = re.compile(r"\b[ECVB]\d{1,2}\b")

# Rules that oblige the player, and the word of obligation each language uses for them.
MUST = {"en": "must", "de": "muss", "es": "debes", "nl": "moet", "pt": "deve"}
# Each obliging rule, with the ids of the page sentence that states it.
OBLIGATIONS = {"E12": ["E12"], "E16": ["E15", "E16"], "E17": ["E17"], "C7": ["C7"]}


def pages(code):
    return __import__("firmware.lang.rules_" + code, None, None, ("PAGES",)).PAGES


def cited(line):
    return [i for group in CITED.findall(line) for i in RULE_ID.findall(group)]


def rule_paragraph(rule):
    with open(os.path.join(ROOT, "docs", "rules.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index("\n**%s. " % rule)
    return " ".join(text[start : text.index("\n\n", start)].split())


@pytest.fixture(autouse=True)
def english():
    lang.use("en")
    yield
    lang.use("en")


@pytest.mark.parametrize("code", lang.CODES)
def test_every_rules_sentence_cites_rules_of_the_rules_document(code):
    known = set(rule_ids())
    for game in GAMES:
        for line in pages(code)[game]:
            ids = cited(line)
            assert ids, "%s %s: no rule id in %r" % (code, game, line)
            assert set(ids) <= known, line


@pytest.mark.parametrize("code", [c for c in lang.CODES if c != "en"])
def test_every_language_states_the_same_rules_line_by_line(code):
    for game in GAMES:
        en = pages("en")[game]
        other = pages(code)[game]
        assert [cited(line) for line in other] == [cited(line) for line in en], game
        assert all(a != b for a, b in zip(en, other, strict=True)), "an English copy in %s" % code


@pytest.mark.parametrize("code", lang.CODES)
@pytest.mark.parametrize("rule", OBLIGATIONS)
def test_obligations_say_must_as_the_rules_document_does(code, rule):
    assert "must" in rule_paragraph(rule)
    game = "elfer" if rule[0] == "E" else "cinquillo"
    (line,) = [line for line in pages(code)[game] if cited(line) == OBLIGATIONS[rule]]
    assert MUST[code] in line


def test_E17_page_does_not_say_a_drawn_card_may_be_placed():
    (line,) = [line for line in pages("en")["elfer"] if cited(line) == ["E17"]]
    assert " may " not in line and "you must place it" in line
    assert "you must place it" in rule_paragraph("E17")


def test_rules_page_comes_in_the_chosen_language_and_its_module_is_not_kept():
    lang.use("nl")
    text = rules_text("cinquillo")
    assert "firmware.lang.rules_nl" not in sys.modules
    assert "munten" in text
    assert text == "\n".join(pages("nl")["cinquillo"])


def test_rules_page_on_the_device_opens_in_german():
    pytest.importorskip("blinka_displayio_pygamedisplay")
    from host.drive import simdrive

    d = simdrive.Driver("sim", lazy=True)
    lang.use("de")
    d.menu_to("Rules")
    d.press("A")
    shown = " ".join(d.panel())
    assert "ELFER RAUS! Wer zuerst alle Karten" in shown
