"""Pass-and-play in the terminal (host/play/terminal.py, issue 38 item 6): several people share one keyboard.

--people N makes P1..PN people, 'person' in --bots any other seat. Between two different people's
turns the previous hand is hidden (the screen cleared; a separator line when the output is no
terminal), the next person is asked to take the keyboard and press Enter, then sees the moves since
their last turn and their own hand. With one person nothing changes. The record marks the people.
"""

import os
import pathlib
import re
import subprocess
import sys

import pytest

from engine.bots import make_bot
from engine.cards import DRAW, END, PASS, card_name, card_token
from engine.rules import make_rules
from engine.state import State
from firmware import matchend, words
from host.play import playtexts
from host.play import terminal as play

ROOT = pathlib.Path(__file__).resolve().parents[1]
PLAY_PY = ROOT / "host" / "play" / "terminal.py"


MOVE_LINE = re.compile(r"  P[1-6]: (\w+ \w+|draw|end|pass|skip|reverse)")  # the device's hand-over lines


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    play.use_language("en")


def _legal(state):
    buf = bytearray(32)
    return list(buf[: state.legal_moves(buf)])


class Table:
    """Drives a match in-process: every person types the first legal move; every prompt and every
    printed line goes into one transcript [(kind, text, info)], with what the test needs to know
    at a hand-over (who held the keyboard, that person's hand, the moves since the next one's turn)."""

    def __init__(self, state, people):
        self.state = state
        self.people = people
        self.log = []
        self.last_mover = None  # the person whose move prompt came last

    def out(self, text):
        for line in text.split("\n"):
            self.log.append(("out", line, None))

    def __call__(self, prompt):
        s = self.state
        if prompt == play.continue_prompt():
            self.log.append(("continue", prompt, None))
            return ""
        m = re.fullmatch(r"(P\d)'s turn: pass the keyboard to (P\d), then press Enter \(q to quit\): ", prompt)
        if m:
            assert m.group(1) == m.group(2) == "P%d" % (s.turn + 1)
            prev = self.last_mover if self.last_mover is not None else 0
            g = s.rules.game
            hist = [s.history_entry(i) for i in range(s.hist_len)]
            mine = [i for i, (q, _) in enumerate(hist) if q == s.turn]
            info = {
                "seat": s.turn,
                "prev": prev,
                "prev_hand": [card_name(g, c) for c in s.hand_cards(prev)],
                "own_hand": [card_name(g, c) for c in play.hand_of(s, s.turn)],
                "since": hist[mine[-1] + 1 :] if mine else hist,
                "had_turn": bool(mine),
            }
            self.log.append(("handover", prompt, info))
            return ""
        m = re.fullmatch(r"(P\d), your move \(number, card, .*\): ", prompt)
        assert m, prompt
        p = s.turn
        assert m.group(1) == "P%d" % (p + 1) and p in self.people
        self.log.append(("move", prompt, p))
        self.last_mover = p
        legal = _legal(s)
        cards = [c for c in legal if c < DRAW]
        if cards:
            return card_token(s.rules.game, cards[0])
        return {DRAW: "d", END: "e", PASS: "p"}[legal[0]]


def _match(preset, options, seed, people, level="easy"):
    rules = make_rules(preset, **options)
    state = State(rules, seed=seed)
    bots = {p: make_bot(level, rules, p, seed) for p in range(rules.players) if p not in people}
    table = Table(state, people)
    names = ["person" if p in people else level for p in range(rules.players)]
    assert play.play_match(state, bots, table, table.out, names) == 0
    assert state.is_match_over()
    return state, table


def _name_in(name, text):
    return re.search(r"(?<![\w])%s(?![\w])" % re.escape(name), text) is not None


MATCHES = [
    ("classic", {"players": 3, "rounds": 2}, 4, [0, 2]),
    ("classic", {"players": 3, "rounds": 2, "actions": 1}, 2, [0, 2]),
    ("cinquillo", {"players": 3, "rounds": 1}, 3, [0, 2]),
]


@pytest.mark.parametrize("preset, options, seed, people", MATCHES)
def test_the_hand_over_comes_only_between_two_different_people(preset, options, seed, people):
    state, table = _match(preset, options, seed, people)
    holder = 0  # P1 started the match at the keyboard
    handed = None
    changes = stays = 0
    for kind, _, info in table.log:
        if kind == "handover":
            assert handed is None, "two hand-overs without a move between"
            handed = info["seat"]
            assert info["prev"] == holder and handed != holder
        elif kind == "move":
            if info != holder:
                assert handed == info, "P%d moved after P%d without a hand-over" % (info + 1, holder + 1)
                changes += 1
            else:
                assert handed is None
                stays += 1
            holder, handed = info, None
    assert changes >= 4 and stays >= 1


@pytest.mark.parametrize("preset, options, seed, people", MATCHES)
def test_the_previous_hand_is_not_shown_between_the_hand_over_and_the_next_persons_own_hand(
    preset, options, seed, people
):
    state, table = _match(preset, options, seed, people)
    log = table.log
    checked = 0
    for i, (kind, _, info) in enumerate(log):
        if kind != "handover":
            continue
        p, prev, prev_hand = info["seat"], info["prev"], info["prev_hand"]
        assert log[i - 1][:2] == ("out", play.HANDOVER_RULE)  # the screen is hidden before the prompt
        j = i + 1
        shown = []
        while not log[j][1].startswith("Your hand ("):
            assert log[j][0] == "out"
            shown.append(log[j][1])
            j += 1
        # the rows may name a closed row's start card ('opens with red 11'): a fact of the table
        text = "\n".join(re.sub(r"opens with \w+ \d+", "", line) for line in shown)
        assert not [c for c in prev_hand if _name_in(c, text)], (p, prev)
        # the hand listed next is the person's own, numbered for input, then the person is asked
        hand_lines = []
        j += 1
        while log[j][0] == "out" and log[j][1].startswith(" "):
            hand_lines.append(log[j][1])
            j += 1
        listed = re.findall(r"\d+[* x] (\w+ \w+|skip|reverse)", "  ".join(hand_lines))
        assert listed == info["own_hand"]
        while log[j][0] == "out":  # what the person may do
            j += 1
        assert log[j][0] == "move" and log[j][2] == p
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("preset, options, seed, people", MATCHES)
def test_after_the_hand_over_the_moves_since_that_persons_last_turn_are_listed(preset, options, seed, people):
    state, table = _match(preset, options, seed, people)
    g = state.rules.game
    log = table.log
    bot_lines = 0
    for i, (kind, _, info) in enumerate(log):
        if kind != "handover":
            continue
        since, had_turn = info["since"], info["had_turn"]
        listed = []
        j = i + 1
        if since:
            assert log[j][1] == ("Since your last turn:" if had_turn else "This round so far:")
            j += 1
            while MOVE_LINE.fullmatch(log[j][1]):
                listed.append(log[j][1])
                j += 1
        assert listed == ["  P%d: %s" % (q + 1, words.move_name(g, m)) for q, m in since]  # firmware/handover.py's
        assert log[j][1] == "" and log[j + 1][1] == "-" * 72  # then the person's screen
        bot_lines += sum(1 for q, _ in since if q not in table.people)
    assert bot_lines > 0


def test_prompts_scoreboard_and_match_end_name_each_person_by_seat():
    state, table = _match("classic", {"players": 3, "rounds": 1}, 4, [0, 2])
    text = "\n".join(line for kind, line, _ in table.log if kind == "out")
    assert "(you)" not in text and "Your move (" not in "".join(t for _, t, _ in table.log)
    end = text[text.rindex("Match over") :]
    places = matchend.places(state, False)
    winners = [q for q in range(3) if places[q] == 1]
    # the device's match over page with several people: the winners and every place by seat
    assert "Winner: %s" % ", ".join("P%d" % (q + 1) for q in winners) in end
    for q in range(3):
        assert re.search(r"^%d\. P%d +%d$" % (places[q], q + 1, state.scores[q]), end, re.M), end
    assert "You" not in end


def _cli(args, stdin_text=""):
    env = dict(os.environ)
    env.pop("ELFER_LANG", None)
    return subprocess.run(
        [sys.executable, str(PLAY_PY)] + args,
        input=stdin_text,
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        timeout=120,
        env=env,
    )


STUBBORN = ("".join("%d\n" % i for i in range(1, 40)) + "d\ne\np\n") * 300


def test_with_one_person_the_output_is_as_without_the_option():
    args = ["--seed", "5", "--option", "rounds=1", "--option", "players=3", "--bots", "random"]
    alone = _cli(args, STUBBORN)
    assert alone.returncode == 0 and "Final penalty totals:" in alone.stdout
    assert _cli(args + ["--people", "1"], STUBBORN).stdout == alone.stdout
    assert play.HANDOVER_RULE not in alone.stdout and "pass the keyboard" not in alone.stdout


def test_the_cli_hands_over_through_stdin_and_the_record_marks_the_people(tmp_path):
    path = tmp_path / "pnp.txt"
    args = ["--seed", "5", "--option", "rounds=1", "--option", "players=3", "--bots", "easy,person"]
    r = _cli(args + ["--record", str(path)], STUBBORN)
    assert r.returncode == 0 and r.stderr == ""
    assert "People: P1, P3. Bots: P2 easy." in r.stdout
    assert "P3's turn: pass the keyboard to P3, then press Enter (q to quit): " in r.stdout
    assert "P1's turn: pass the keyboard to P1" in r.stdout
    assert "P2's turn" not in r.stdout
    record = path.read_text()
    assert "\n# people: P1 P3\n" in record
    replayed = subprocess.run(
        [sys.executable, str(ROOT / "host" / "play" / "replay.py"), str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr


def test_one_person_is_marked_in_the_record_too(tmp_path):
    path = tmp_path / "one.txt"
    r = _cli(["--seed", "5", "--record", str(path)], "q\n")
    assert r.returncode == 0
    assert "\n# people: P1\n" in path.read_text()


def test_q_at_the_hand_over_leaves_the_match():
    r = _cli(["--seed", "3", "--option", "players=2", "--people", "2", "--dealer", "1"], "q\n")
    assert r.returncode == 0
    assert "P2's turn: pass the keyboard to P2" in r.stdout and "You left the match. Bye!" in r.stdout
    assert "Your hand" not in r.stdout  # P2 opens (P1 dealt): nobody's hand was shown


def test_every_seat_a_person():
    r = _cli(["--seed", "8", "--option", "players=3", "--option", "rounds=1", "--people", "3"], STUBBORN)
    assert r.returncode == 0 and r.stderr == ""
    assert "People: P1, P2, P3. Bots: none." in r.stdout and "Match over" in r.stdout


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--people", "0"], "'0': not a number of people 1..6"),
        (["--people", "7"], "'7': not a number of people 1..6"),
        (["--people", "two"], "'two': not a number of people 1..6"),
        (["--people", "²"], "not a number of people 1..6"),
        (["--people", "5"], "--people 5: more people than players (4)"),
        (["--people", "4", "--bots", "easy"], "--bots: no seat left for it, all 4 players are people"),
        (["--people", "2", "--bots", "easy,easy,easy"], "one per seat after the 2 people (2), not 3"),
        (["--bots", "persons"], "unknown bot level 'persons'; levels: easy, expert, master, medium, random, or person"),
    ],
)
def test_bad_people_options_are_usage_errors_naming_what_was_wrong(args, needle):
    r = _cli(args)
    assert r.returncode == 2 and r.stdout == ""
    assert needle in r.stderr


def test_help_shows_how_to_make_a_seat_a_person():
    r = _cli(["--help"])
    text = " ".join(r.stdout.split())
    assert "--people N pass-and-play: seats P1..PN are people" in text
    assert "the level person makes that seat a person (--bots person,easy: P2 a person)" in text


def _device_table(code):
    lines = (ROOT / "firmware" / "lang" / ("%s.txt" % code)).read_text(encoding="utf-8").splitlines()
    return dict(line.split("=", 1) for line in lines if "=" in line and not line.startswith("#"))


def _device_seat(code):
    for line in (ROOT / "firmware" / "lang" / ("%s.txt" % code)).read_text(encoding="utf-8").splitlines():
        if line.startswith("seat="):
            return line[5:]
    raise AssertionError(code)


@pytest.mark.parametrize("code", playtexts.CODES)
def test_the_hand_over_prompt_in_every_language(code):
    """The hand-over asks in the chosen language, naming seats as the device does (German S2, Spanish J2)."""
    prompts = []

    def typed(prompt):
        prompts.append(prompt)
        if len(prompts) > 3:
            raise EOFError
        return ""

    out = []
    args = ["--lang", code, "--seed", "3", "--option", "players=2", "--people", "2", "--dealer", "1"]
    assert play.main(args, typed, out.append) == 0
    seat2 = _device_seat(code) % 2
    expected = playtexts.table(code)["handover"] % (seat2, seat2) + " "  # (the answer is typed after a space)
    assert prompts[0] == expected  # P2 opens: the keyboard goes from P1 to P2 first
    assert prompts[1] == playtexts.table(code)["prompt_seat"] % (seat2, prompts[1].split("(", 1)[1][:-3]) + " "
    person = _device_table(code)["c_person"]
    text = "\n".join(out)
    assert "%s (%s)" % (_device_seat(code) % 1, person) in text  # the other person, among the opponents
    if code != "en":
        assert expected != playtexts.table("en")["handover"] % (seat2, seat2)
