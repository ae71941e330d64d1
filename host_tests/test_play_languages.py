"""The terminal front-end (host/play/terminal.py) in five languages, the cards people type, the moves the
prompt offers, and the match record it keeps (--record, 'record FILE') that host/play/replay.py replays."""

import os
import pathlib
import re
import subprocess
import sys

import pytest
from helpers import snapshot

from engine.cards import DRAW, PASS, card
from engine.record import replay
from engine.rules import make_rules
from engine.state import State, from_deal
from host.play import cardinput, playtexts
from host.play import replay as replay_tool
from host.play import terminal as play

ROOT = pathlib.Path(__file__).resolve().parents[1]


R, Y, B, G = 0, 1, 2, 3
COINS, CUPS, SWORDS, CLUBS = 0, 1, 2, 3
JACK, KNIGHT, KING = 8, 9, 10
PLACEHOLDER = re.compile(r"%[-0-9]*[sd]")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    play.use_language("en")


# --- the tables -------------------------------------------------------------------------------


@pytest.mark.parametrize("code", [c for c in playtexts.CODES if c != "en"])
def test_every_language_has_every_key_with_the_same_placeholders(code):
    en, other = playtexts.table("en"), playtexts.table(code)
    assert playtexts.keys(code) == playtexts.keys("en")
    for key, text in en.items():
        assert PLACEHOLDER.findall(other[key]) == PLACEHOLDER.findall(text), key
    for key in ("colors_elfer", "colors_cinquillo"):  # the device's card words (firmware/lang card_*)
        play.use_language(code)
        assert len(set(play.color_words(0 if key == "colors_elfer" else 1))) == 4
    assert len(play.input_names().cinq_ranks) == 3


# A terminal text that is, letter case aside, one of the device's in the same language, and rightly its own:
# (code, key): why the same word means something else there.
SAME_WORD_OTHER_MEANING = {
    # the terminal's 'Last: ... passed' is past tense in every language; the device's table column says what a
    # seat does ('pass', 'passt'), which in Portuguese happens to be the same word
    ("pt", "last_passed"),
}
WORD_LISTS = ("fillers", "words_")  # what a person may type (any word, the device's too), not a text shown


@pytest.mark.parametrize("code", playtexts.CODES)
def test_the_terminal_texts_are_its_own_and_read_by_the_device_parser(code):
    """One catalogue: host/play/playtexts/<code>.txt holds no key of firmware/lang/<code>.txt and no text
    that firmware/lang/<code>.txt has too, in any letter case (the terminal reads those from firmware/lang),
    every text is read back whole by firmware/lang's parser (no text starts or ends with a space: the code
    adds them), and word lists are single words."""
    device = _device_texts(code)
    table = playtexts.table(code)
    assert not set(table) & set(device)
    device_texts = {text.casefold(): key for key, text in device.items()}
    copies = [
        (key, device_texts[text.casefold()])
        for key, text in table.items()
        if not key.startswith(WORD_LISTS)
        and (code, key) not in SAME_WORD_OTHER_MEANING
        and text.casefold() in device_texts
    ]
    assert not copies, copies  # (terminal key, the device's key with the same text)
    lines = (ROOT / "host" / "play" / "playtexts" / ("%s.txt" % code)).read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ")
    for line in lines[1:]:
        if line.startswith("#"):
            continue
        key, text = line.split("=", 1)
        assert table[key] == text.replace("\\n", "\n") and text == text.strip(), key


@pytest.mark.parametrize("code", [c for c in playtexts.CODES if c != "en"])
def test_translations_are_not_english_copies(code):
    en, other = playtexts.table("en"), playtexts.table(code)
    same = [k for k, v in en.items() if isinstance(v, str) and other[k] == v and re.search("[a-z]{3}", v)]
    same = [k for k in same if k not in ("game_elfer", "game_cinquillo", "row_start", "board_total", "row_dead")]
    assert not same, same


@pytest.mark.parametrize(
    "code, colors, suits, ranks, draw, passing",
    [
        ("de", ("rot", "gelb", "blau", "grün"), ("Münzen", "Kelche", "Schwerter", "Stöcke"), None, "ziehen", "passen"),
        ("es", ("rojo", "amarillo", "azul", "verde"), ("oros", "copas", "espadas", "bastos"),
         ("sota", "caballo", "rey"), "robar", "pasar"),
        ("pt", ("vermelho", "amarelo", "azul", "verde"), ("ouros", "copas", "espadas", "paus"),
         ("valete", "cavalo", "rei"), "comprar", "passar"),
        ("nl", ("rood", "geel", "blauw", "groen"), ("munten", "bekers", "zwaarden", "stokken"),
         ("boer", "ruiter", "koning"), "trekken", "passen"),
    ],
)  # fmt: skip
def test_the_games_own_terms(code, colors, suits, ranks, draw, passing):
    """The colors, suits and ranks are the device's card words (firmware/lang), the commands the terminal's."""
    table = playtexts.table(code)
    words = names(code)
    assert tuple(w.lower() for w in words.colors[0]) == colors
    assert tuple(w.lower() for w in words.colors[1]) == tuple(w.lower() for w in suits)
    assert ranks is None or words.cinq_ranks == ranks
    assert draw in table["words_draw"].split() and passing in table["words_pass"].split()


def test_an_unknown_language_is_refused_with_the_codes():
    with pytest.raises(ValueError, match="not one of en, de, es, nl, pt"):
        playtexts.use("fr")


# --- cards as people type them -----------------------------------------------------------------


def names(code):
    play.use_language(code)
    return play.input_names()


@pytest.mark.parametrize("typed", ["R 11", "red11", "11 red", "r11", "R11", "Red 11", "red-11", " 11  RED "])
def test_elfer_cards_in_any_order_and_spacing(typed):
    assert cardinput.parse(0, typed, names("en")) == card(R, 11)


@pytest.mark.parametrize("typed", ["cups jack", "CJ", "jack of cups", "cupsjack", "cups 10", "10 cups", "C 10"])
def test_cinquillo_cards_by_name_token_or_printed_value(typed):
    assert cardinput.parse(1, typed, names("en")) == card(CUPS, JACK)


@pytest.mark.parametrize(
    "code, game, typed, expected",
    [
        ("de", 0, "rot 11", card(R, 11)),
        ("de", 0, "11 grün", card(G, 11)),
        ("de", 0, "gelb3", card(Y, 3)),
        ("de", 1, "Kelche Bube", card(CUPS, JACK)),
        ("es", 1, "sota de copas", card(CUPS, JACK)),
        ("es", 1, "rey de oros", card(COINS, KING)),
        ("es", 0, "azul 7", card(B, 7)),
        ("pt", 1, "valete de copas", card(CUPS, JACK)),
        ("pt", 1, "cavalo de paus", card(CLUBS, KNIGHT)),
        ("nl", 1, "boer van bekers", card(CUPS, JACK)),
        ("nl", 0, "blauw 20", card(B, 20)),
        ("de", 0, "red 11", card(R, 11)),  # English and the record tokens always work
        ("es", 1, "CJ", card(CUPS, JACK)),
    ],
)
def test_cards_in_the_chosen_language(code, game, typed, expected):
    assert cardinput.parse(game, typed, names(code)) == expected


@pytest.mark.parametrize("typed", ["red", "11", "red 21", "purple 3", "R²", "red 11 blue", "red 1 1", "", "r 0", "#"])
def test_what_is_not_a_card_is_refused(typed):
    with pytest.raises(ValueError, match="not a card"):
        cardinput.parse(0, typed, names("en"))


def test_cinquillo_has_no_rank_8():
    with pytest.raises(ValueError):
        cardinput.parse(1, "cups 8", names("en"))


# --- the prompt offers the moves the game has ---------------------------------------------------


@pytest.mark.parametrize(
    "preset, players, letters",
    [("classic", 4, "d, e, p"), ("cinquillo", 4, "p"), ("cinquillo", 2, "d, p"), ("bastard", 3, "p")],
)
def test_the_prompt_lists_only_the_moves_of_the_game(preset, players, letters):
    state = State(make_rules(preset, players=players), seed=1)
    assert play.move_prompt(state, 0) == "Your move (number, card, %s, h, q): " % letters


@pytest.mark.parametrize("typed", ["e", "end"])
def test_end_in_cinquillo_is_no_move_of_the_game(typed):
    state = State(make_rules("cinquillo", players=4), seed=1)
    kind, why = play.parse_input(state, state.turn, typed)
    assert kind == "error" and why == "There is no '%s' in this game: h lists the moves it has." % typed


def _v1_deal():
    """Classic, 2 players, V1: red 9..12 on the table; both could play, neither holds an 11."""
    rules = make_rules("classic", players=2, rounds=1, optional_pass=1)
    table = [card(R, r) for r in (9, 10, 11, 12)]
    hands = [[card(R, 13), card(Y, 3), card(G, 20)], [card(R, 8), card(B, 2)]]
    return from_deal(rules, {"hands": hands, "stock": None, "table": table, "first": 0}, seed=3)


class Passer:
    def choose(self, view):
        return PASS


def test_the_screen_says_why_the_optional_pass_is_gone_V1():
    """V1: once every player passed in turn, optional passes are off; the screen says so, and p is refused."""
    state = _v1_deal()
    answers = iter(["p", "p", "q"])
    lines = []
    play.play_match(state, {1: Passer()}, lambda prompt: next(answers), lines.append)
    text = "\n".join(lines)
    first, second = text.split("You pass.")[0], text.split("You pass.")[1]
    assert "p = pass" in first and "No p (pass)" not in first
    assert "P2 passes" in second
    assert "p = pass" not in second
    assert "No p (pass): no passing now: everyone has passed in turn (V1)." in second  # the engine's reason
    assert "\nV1: " in second  # and p is refused, citing V1


def test_the_hand_is_listed_again_whenever_its_numbering_changes():
    """Numbers are positions in the hand: after any change of the hand the next prompt follows a fresh list."""
    rules = make_rules("classic", players=3, rounds=1)
    state = State(rules, seed=4)
    lines = []
    seen = []

    def inp(prompt):
        if prompt == play.continue_prompt():
            return ""
        hand = state.hand_cards(0)
        listed = "\n".join(lines[seen[-1][1] :]) if seen else "\n".join(lines)
        if not seen or seen[-1][0] != hand:
            assert "Your hand (" in listed
            block = listed[listed.rindex("Your hand (") :]
            names = re.findall(r"\d+[* x] ([a-z]+ \d+)", block)
            assert names == [play.card_name(0, c) for c in hand]
        seen.append((hand, len(lines)))
        buf = bytearray(32)
        legal = list(buf[: state.legal_moves(buf)])
        cards = [m for m in legal if m < DRAW]
        return str(hand.index(cards[-1]) + 1) if cards else {DRAW: "d", PASS: "p"}.get(legal[0], "e")

    bots = {p: play.engine_bots.make_bot("easy", rules, p, 4) for p in (1, 2)}
    assert play.play_match(state, bots, inp, lines.append) == 0
    assert state.is_match_over() and len(seen) > 5


# --- a match in another language -----------------------------------------------------------------


def _cli(args, stdin_text="", timeout=120):
    env = dict(os.environ)
    env.pop("ELFER_LANG", None)
    return subprocess.run(
        [sys.executable, str(ROOT / "host" / "play" / "terminal.py")] + args,
        input=stdin_text,
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        timeout=timeout,
        env=env,
    )


STUBBORN = ("".join("%d\n" % i for i in range(1, 40)) + "d\ne\np\n") * 300


@pytest.mark.parametrize(
    "code, says",
    [
        ("de", ("Runde 1: S1 (du) gibt.", "Deine Hand (", "Strafpunkte am Ende:", "Partie vorbei")),
        ("es", ("Ronda 1: reparte J1 (tú).", "Tu mano (", "Penalización final:", "Fin de la partida")),
        ("nl", ("Ronde 1: S1 (jij) deelt.", "Jouw hand (", "Strafpunten aan het eind:", "Partij voorbij")),
        ("pt", ("Rodada 1: J1 (você) dá as cartas.", "Sua mão (", "Penalidade final:", "Fim da partida")),
    ],
)
def test_a_whole_match_in_the_chosen_language(code, says):
    r = _cli(["--lang", code, "--seed", "5", "--option", "rounds=1", "--bots", "random"], STUBBORN)
    assert r.returncode == 0 and r.stderr == ""
    for text in says:
        assert text in r.stdout
    assert "Your hand" not in r.stdout and "Final penalty totals" not in r.stdout


def test_elfer_lang_in_the_environment_chooses_the_language():
    env = dict(os.environ, ELFER_LANG="nl")
    r = subprocess.run(
        [sys.executable, str(ROOT / "host" / "play" / "terminal.py"), "--seed", "5"],
        input="q\n",
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        timeout=60,
        env=env,
    )
    assert "Je hebt de partij verlaten. Tot ziens!" in r.stdout


def test_a_bad_language_is_a_usage_error():
    r = _cli(["--lang", "xx"])
    assert r.returncode == 2 and "not a language; choose one of en, de, es, nl, pt" in r.stderr


def _device_texts(code):
    """firmware/lang/<code>.txt as a dict: the words the device shows."""
    texts = {}
    for line in (ROOT / "firmware" / "lang" / ("%s.txt" % code)).read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith("#"):
            key, text = line.split("=", 1)
            texts[key] = text
    return texts


LEVELS = ("random", "easy", "medium", "expert", "master")


def _match_in(code):
    """A whole 6-player match in language `code`, a bot of every level, played in-process: its lines."""
    moves = iter(STUBBORN.splitlines())

    def typed(prompt):
        for line in moves:
            return line
        raise EOFError

    lines = []
    args = ["--lang", code, "--seed", "5", "--option", "rounds=1", "--option", "players=6", "--bots", ",".join(LEVELS)]
    assert play.main(args, typed, lines.append) == 0
    return "\n".join(lines)


@pytest.mark.parametrize("code", playtexts.CODES)
def test_seats_and_bot_levels_are_named_as_the_device_names_them(code):
    """Issue 38: the German terminal said P2 and 'easy' where the German device says S2 and 'leicht'.
    Seats and levels take the device's words (firmware/lang: seat=, c_<level>=) in the header,
    the opponents, the scoreboard and the introduction."""
    device = _device_texts(code)
    text = _match_in(code)
    for i, level in enumerate(LEVELS):
        seat = device["seat"] % (i + 2)
        word = device["c_" + level]
        assert "%s (%s)" % (seat, word) in text, (code, seat, word)  # opponents and scoreboard
        assert "%s %s" % (seat, word) in text.splitlines()[1], code  # the introduction's list of bots
        if word != level:
            assert "(%s)" % level not in text and " %s," % level not in text, (code, level)
    you = device["seat"] % 1
    assert "%s 0 | %s 0" % (you, device["seat"] % 2) in text, code  # the scores line, seat by seat
    assert you in text.splitlines()[1], code  # 'you are S1'
    if device["seat"] != "P%d":
        assert not re.search(r"\bP[1-6]\b", text), code


# --- the match record ------------------------------------------------------------------------------


def _scripted(state, seat=0):
    def inp(prompt):
        if prompt == play.continue_prompt():
            return ""
        buf = bytearray(32)
        legal = list(buf[: state.legal_moves(buf)])
        m = legal[0]
        return {DRAW: "d", PASS: "p"}.get(m) or ("e" if m > 250 else play.card_token(state.rules.game, m))

    return inp


@pytest.mark.parametrize("preset, options", [("classic", {"players": 3, "rounds": 2}), ("bastard", {"rounds": 2})])
def test_a_played_match_written_with_record_replays_to_the_same_end(tmp_path, preset, options):
    rules = make_rules(preset, **options)
    state = State(rules, seed=11, dealer=1)
    path = tmp_path / "match.txt"
    keeper = play.Keeper(11, str(path))
    bots = {p: play.engine_bots.make_bot("easy", rules, p, 11) for p in range(1, rules.players)}
    lines = []
    assert play.play_match(state, bots, _scripted(state), lines.append, keeper=keeper) == 0
    assert state.is_match_over()
    assert lines[-1] == "Match record written to %s (check it: python -m host.play.replay)." % path
    again = replay(path.read_text(encoding="utf-8"))
    assert snapshot(again) == snapshot(state)
    status, out = _replay_tool(path)
    assert status == 0 and "valid" in out and "match " in out


def _replay_tool(path):
    from helpers import run_main

    status, out, err = run_main(replay_tool.main, [str(path)])
    return status, out + err


def test_the_record_command_keeps_the_match_so_far_and_it_replays_to_this_position(tmp_path):
    rules = make_rules("classic", players=3)
    state = State(rules, seed=8)
    path = tmp_path / "so-far.txt"
    answers = iter(["record " + str(path), "q"])
    moves = []

    def inp(prompt):
        moves.append(snapshot(state))
        return next(answers)

    bots = {p: play.engine_bots.make_bot("medium", rules, p, 8) for p in (1, 2)}
    lines = []
    play.play_match(state, bots, inp, lines.append, keeper=play.Keeper(8))
    assert "Match record written to %s (check it: python -m host.play.replay)." % path in lines
    assert snapshot(replay(path.read_text(encoding="utf-8"))) == moves[0]
    assert _replay_tool(path)[0] == 0


def test_leaving_the_match_with_record_still_writes_it(tmp_path):
    path = tmp_path / "left.txt"
    r = _cli(["--seed", "3", "--record", str(path)], "q\n")
    assert r.returncode == 0
    assert "Match record written to" in r.stdout and path.exists()
    assert replay(path.read_text(encoding="utf-8")).round_no == 1


def test_a_record_that_cannot_be_written_says_why_and_the_match_goes_on(tmp_path):
    state = _v1_deal()
    before = snapshot(state)
    answers = iter(["record " + str(tmp_path), "record", "q"])
    lines = []
    play.play_match(state, {1: Passer()}, lambda prompt: next(answers), lines.append)
    assert "Cannot write the match record to %s: Is a directory" % tmp_path in lines
    assert "record needs a file name, e.g. 'record match.txt'." in lines
    assert snapshot(state) == before


def test_the_cli_record_replays_with_the_replay_tool(tmp_path):
    path = tmp_path / "cli.txt"
    r = _cli(["--seed", "21", "--option", "rounds=1", "--record", str(path)], STUBBORN)
    assert r.returncode == 0, r.stderr
    out = subprocess.run(
        [sys.executable, str(ROOT / "host" / "play" / "replay.py"), str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0 and "valid" in out.stdout and "match " in out.stdout


@pytest.mark.parametrize("code", playtexts.CODES)
def test_every_card_name_on_screen_can_be_typed_back(code):
    """What the screen calls a card (firmware/words.py in the language, else the engine's English) is read back."""
    for game, colors, ranks in ((0, 4, 20), (1, 4, 10)):
        words = names(code)
        for c in [card(color, r) for color in range(colors) for r in range(1, ranks + 1)] + [129, 130]:
            shown = play.card_name(game, c)
            assert cardinput.parse(game, shown, words) == c, (code, shown)


@pytest.mark.parametrize("code", playtexts.CODES)
def test_the_direction_of_play_is_worded_once_in_every_language(code):
    """The terminal's header and note put the direction (V6) into a sentence that names the
    direction itself: "sentido en sentido antihorario" (es) said it twice."""
    table = playtexts.table(code)
    for d in ("dir_cw", "dir_ccw"):
        for frame in ("head_direction", "note_direction"):
            text = (table[frame] % (table[d], "P1") if frame == "head_direction" else table[frame] % table[d]).lower()
            words = re.findall(r"\w+", text)
            repeated = [w for w in set(words) if len(w) > 3 and words.count(w) > 1]
            assert not repeated, (code, frame, text)
