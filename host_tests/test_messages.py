"""The engine's refusals and hints as data (engine/messages.py) and in every language (firmware/words.py).

The host's English is what it was before the messages became data; the device
speaks to the person in each of the five languages, never naming a seat "P1".
"""

import pickle
import random
import re

import pytest
from fuzzing import fuzz
from gamegen import CONFIGS
from helpers import cs, deal_state, erow, k
from hypothesis import given
from hypothesis import strategies as st

from engine import english, messages, reasons
from engine import hint as engine_hint
from engine.cards import DRAW, END, GAME_CINQUILLO, GAME_ELFER, PASS, REVERSE, SKIP, parse_card
from engine.errors import IllegalMove
from engine.names import card_name as english_card_name
from engine.rules import make_rules
from engine.state import State
from engine.view import SeatView
from firmware import lang, words
from firmware.match import Match

PLACEHOLDER = re.compile(r"%[sd]")
SEAT = re.compile(r"\bP\d")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    lang.use("en")


def placeholders(text):
    return PLACEHOLDER.findall(text)


# --- the message tables ----------------------------------------------------------


def test_every_message_has_english_with_one_placeholder_per_arg():
    assert set(english.ENGLISH) == set(messages.KINDS)
    for key, kinds in messages.KINDS.items():
        assert len(placeholders(english.ENGLISH[key])) == len(kinds), key
        assert set(kinds) <= set("pcnloks"), key


@pytest.mark.parametrize("code", lang.CODES)
def test_every_language_words_every_message_without_seat_or_color(code):
    """The device's sentences drop the seat (they say "you") and the color (they say "its row")."""
    lang.use(code)
    for key, kinds in messages.KINDS.items():
        text = lang.t("msg_" + key)
        said = [k for k in kinds if k not in "pk"]
        assert len(placeholders(text)) == len(said), (code, key, text)
        assert not SEAT.search(text), (code, key, text)
    assert placeholders(lang.t("msg_wait")) == ["%d"]


@pytest.mark.parametrize("code", lang.CODES[1:])
def test_message_and_card_texts_are_translated_not_english_copies(code):
    from test_lang import table

    en = table("en")
    other = table(code)
    mine = [key for key in en if key.startswith(("msg_", "card_"))]
    assert len(mine) > 50
    assert [key for key in mine if other[key] == en[key]] == []


def test_values_refuses_a_wrong_number_of_args():
    with pytest.raises(ValueError, match="not_held takes 2 args, got 1"):
        english.render(GAME_ELFER, "not_held", (37,))


# --- the host's English is unchanged (the text before messages were data) --------


def classic2(hands, **kw):
    return deal_state(make_rules("classic", players=2), hands, **kw)


def green_9_12():
    return classic2([cs("green 8", "green 13", "green 14", "blue 3"), cs("red 2")], table=erow("green", 9, 12), first=0)


def red_11_to_open():
    """P1 holds red 11 and must open with it (E10)."""
    return classic2([cs("red 11", "blue 3"), cs("green 3")])


def opened_red():
    s = classic2([cs("red 11", "yellow 10", "yellow 12", "blue 3"), cs("green 3")], first=0)
    s.apply(parse_card(GAME_ELFER, "red 11"))
    return s


def round_over():
    s = classic2([cs("red 11"), cs("green 3")], first=0)
    s.apply(parse_card(GAME_ELFER, "red 11"))
    return s


def lone_cups_5_jack_placed():
    """Bastard, 3 players: the cups row is 5 and, after P1's jack, the jack: cups 6 and 7 are dead."""
    from test_rules_cinquillo import lone_cups_5

    s = lone_cups_5()
    s.apply(k("cups jack"))
    return s


def cinquillo_after_opening():
    s = State(make_rules("cinquillo", players=4), seed=3)
    s.apply(s.forced)
    return s


def E(name):
    return parse_card(GAME_ELFER, name)


ENGLISH_CASES = [
    # (rule, position, move, the English the engine has always given)
    (
        "E10",
        red_11_to_open,
        E("blue 3"),
        "the round opens with red 11",
    ),
    ("E19", red_11_to_open, E("blue 4"), "P1 does not hold blue 4"),
    ("E1", green_9_12, 0, "card #0 is not a card of this deck"),
    ("E19", green_9_12, 253, "not a move"),
    ("E9", opened_red, E("yellow 12"), "the yellow row is not open; only yellow 11 opens it"),
    ("E14", green_9_12, E("green 14"), "green 14 does not fit the row green 9..12 (it takes green 8 or green 13)"),
    ("E16", green_9_12, PASS, "P1 can play (green 8, green 13) and must play one"),
    ("E16", green_9_12, END, "end follows a placed card; play one of: green 8, green 13"),
    ("E17", green_9_12, DRAW, "P1 can play (green 8, green 13), so may not draw"),
    ("E17", opened_red, DRAW, "P1 has placed a card this turn; drawing is only for a blocked turn"),
    ("E15", opened_red, PASS, "P1 has placed a card this turn: end the turn with 'end'"),
    ("E20", round_over, E("blue 3"), "the round is over"),
    ("B2", lone_cups_5_jack_placed, k("cups 7"), "cups 7 is dead: the cups row already passed it"),
    ("C7", cinquillo_after_opening, END, "a Cinquillo turn ends by itself after one card"),
]


@pytest.mark.parametrize("rule,position,move,said", ENGLISH_CASES, ids=[c[0] + "-" + c[3][:24] for c in ENGLISH_CASES])
def test_refusals_keep_their_english_and_carry_the_message(rule, position, move, said):
    s = position()
    with pytest.raises(IllegalMove) as e:
        s.apply(move)
    assert (e.value.rule, e.value.reason) == (rule, said)
    assert reasons.explain(s, move) == (rule, said)
    assert (e.value.key, e.value.params) == reasons.why(s, move)[1:]
    assert english.render(s.rules.game, e.value.key, e.value.params) == said


def test_illegal_move_keeps_key_and_params_across_processes():
    e = pickle.loads(pickle.dumps(IllegalMove("blue 4", "E19", "P1 does not hold blue 4", "not_held", (0, 67))))
    assert (e.move, e.rule, e.reason, e.key, e.params) == (
        "blue 4",
        "E19",
        "P1 does not hold blue 4",
        "not_held",
        (0, 67),
    )


def test_E10_hint_keeps_its_english():
    s = red_11_to_open()
    v = SeatView(s.rules, 0)
    s.view_into(v)
    assert engine_hint.hint(v) == (E("red 11"), "the round opens with red 11")
    assert engine_hint.advice(v) == (E("red 11"), "opens", (E("red 11"),))


# --- in the person's language --------------------------------------------------------

REFUSED = {
    # the rule E19 case in every language: "you do not hold blue 4"
    "en": "E19: you do not hold blue 4",
    "de": "E19: du hast Blau 4 nicht",
    "es": "E19: no tienes 4 azul",
    "nl": "E19: je hebt blauw 4 niet",
    "pt": "E19: não tem 4 azul",
}


@pytest.mark.parametrize("code", lang.CODES)
def test_E19_match_refuses_in_the_chosen_language_and_changes_nothing(code):
    lang.use(code)
    m = Match(make_rules("classic", players=3), [0, "easy", "easy"], seed=1)
    while not m.my_turn():
        m.bot_step()
    held = [c for c in range(1, 128) if (m.state.hands[c >> 5] >> (c & 31)) & 1]
    missing = [c for c in range(1, 128) if c & 31 <= 20 and c & 31 and c not in held]
    before = (bytes(m.state.count), list(m.state.hands), m.state.hist_len)
    text = m.play(missing[0])
    assert text == "E19: " + words.refusal(m.state, missing[0])[1]
    assert text.startswith("E19: ") and english_card_name(0, missing[0]) not in text or code == "en"
    assert not SEAT.search(text)
    assert (bytes(m.state.count), list(m.state.hands), m.state.hist_len) == before


@pytest.mark.parametrize("code", lang.CODES)
def test_E19_refusal_says_you_in_every_language(code):
    lang.use(code)
    s = red_11_to_open()
    rule, text = words.refusal(s, E("blue 4"))
    assert "%s: %s" % (rule, text) == REFUSED[code]


@pytest.mark.parametrize("code", lang.CODES)
def test_wait_names_the_seat_on_turn(code):
    lang.use(code)
    m = Match(make_rules("classic", players=3), [0, "easy", "easy"], seed=1)
    while m.my_turn():
        m.play(m.moves[0])
    text = m.play(DRAW)
    assert text == lang.t("msg_wait") % (m.state.turn + 1) and "P%d" % (m.state.turn + 1) in text


def test_E20_match_says_the_round_is_over_not_wait():
    lang.use("de")
    m = Match(make_rules("classic", players=2), [0, "easy"], seed=1)
    while m.state.phase == 0:
        if m.my_turn():
            m.play(m.moves[0])
        else:
            m.bot_step()
    assert m.play(DRAW) == "E20: die Runde ist vorbei"


@pytest.mark.parametrize("code", lang.CODES)
@pytest.mark.parametrize("game,last", [(GAME_ELFER, 20), (GAME_CINQUILLO, 10)])
def test_card_names_differ_per_card_in_every_language(code, game, last):
    lang.use(code)
    deck = [c * 32 + r for c in range(4) for r in range(1, last + 1)] + [SKIP, REVERSE]
    names = [words.card_name(game, c) for c in deck]
    assert len(set(names)) == len(deck), code
    for name in names:
        assert name and "%" not in name
    moves = [words.move_name(game, m) for m in (DRAW, END, PASS)]
    assert len(set(moves + names)) == len(deck) + 3


@pytest.mark.parametrize("game,last", [(GAME_ELFER, 20), (GAME_CINQUILLO, 10)])
def test_english_card_names_are_the_engines_and_parse_back(game, last):
    for c in [c * 32 + r for c in range(4) for r in range(1, last + 1)] + [SKIP, REVERSE]:
        name = words.card_name(game, c)
        assert name == english_card_name(game, c)
        assert parse_card(game, name) == c


def test_card_names_keep_each_languages_word_order():
    got = {}
    for code in lang.CODES:
        lang.use(code)
        got[code] = (words.card_name(GAME_ELFER, E("red 11")), words.card_name(GAME_CINQUILLO, k("coins king")))
    assert got == {
        "en": ("red 11", "coins king"),
        "de": ("Rot 11", "Münzen König"),
        "es": ("11 rojo", "rey de oros"),
        "nl": ("rood 11", "munten koning"),
        "pt": ("11 vermelho", "rei de ouros"),
    }


@pytest.mark.parametrize("code", lang.CODES)
def test_E14_row_span_and_alternatives_in_the_language(code):
    lang.use(code)
    s = green_9_12()
    rule, text = words.refusal(s, E("green 14"))
    name = words.card_name
    assert rule == "E14"
    assert name(0, E("green 14")) in text and name(0, E("green 8")) in text and name(0, E("green 13")) in text
    assert (" %s " % lang.t("msg_or")) in text and ".." in text


# --- generated positions: every refusal and hint renders in every language -------


def _moves_to_try(s, rng):
    buf = bytearray(32)
    legal = set(buf[: s.legal_moves(buf)])
    pool = [m for m in list(range(0, 131)) + [DRAW, END, PASS, 200, 253] if m not in legal]
    return rng.sample(pool, 6)


@given(st.integers(0, len(CONFIGS) - 1), st.integers(0, 10**6), st.integers(0, 120))
@fuzz("messages", examples=40)
def test_refusals_and_hints_render_in_every_language(config, seed, steps):
    preset, options = CONFIGS[config]
    rules = make_rules(preset, **options)
    s = State(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    buf = bytearray(32)
    for _ in range(steps):
        if s.is_round_over():
            break
        s.apply(buf[rng.randrange(s.legal_moves(buf))])
    tries = _moves_to_try(s, rng)
    view = None
    if not s.is_round_over():
        view = SeatView(rules, s.turn)
        s.view_into(view, s.turn)
    for code in lang.CODES:
        lang.use(code)
        for m in tries:
            with pytest.raises(IllegalMove) as e:
                s.apply(m)
            rule, text = words.refusal(s, m)
            assert rule == e.value.rule
            assert text and "%" not in text and not SEAT.search(text), (code, m, text)
        if view is not None:
            move, text = words.hint(view, seed)
            assert move in buf[: s.legal_moves(buf)]
            assert text and "%" not in text and not SEAT.search(text), (code, move, text)
