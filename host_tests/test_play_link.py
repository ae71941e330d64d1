"""The terminal version's linked table (host/play/linkterm.py, docs/link.md): a host and a joiner
in two threads over real UDP sockets on 127.0.0.1 (boards/radio_udp.py), each answering the
prompts from what its screen shows, as a person would."""

import re
import subprocess
import sys
import threading

import pytest

from engine.rules import make_rules
from host.emulate.linkprocs import free_udp_port
from host.play import linkterm
from host.play import terminal as term
from host.play.playtexts import t

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
PLAY_PY = ROOT / "host" / "play" / "terminal.py"
CELL = re.compile(r"(\d+)([*x ]) ([a-z]+(?: [a-z0-9]+)?)")


class AutoPerson:
    """Answers the prompts from what was printed: codes in turn, Enter between rounds, and a
    move: the first playable card ('*'), else draw, end, pass in turn until one is taken."""

    def __init__(self, codes=()):
        self.codes = list(codes)
        self.text = []
        self.tried = 0
        self.screens = 0
        self.lock = threading.Lock()

    def out(self, text=""):
        with self.lock:
            if "Your hand (" in text:
                self.screens += 1
                self.tried = 0
            self.text.append(text)

    def input(self, prompt):
        if prompt.startswith(t("link_code")):
            return self.codes.pop(0)
        if "move" not in prompt.lower():
            return ""
        with self.lock:
            screen = "\n".join(self.text)
        block = screen[screen.rindex("Your hand (") :]
        marks = [n for n, mark, _ in CELL.findall(block) if mark == "*"]
        choices = marks[:1] + ["d", "e", "p"]
        self.tried += 1
        return choices[min(self.tried - 1, len(choices) - 1)]

    def all(self):
        with self.lock:
            return "\n".join(self.text)


def _match(preset, codes):
    term.use_language("en")
    port = free_udp_port()
    rules = make_rules(preset, players=2, rounds=2)
    host, joiner = AutoPerson(), AutoPerson(codes)
    got = {}
    th = threading.Thread(
        target=lambda: got.setdefault("host", linkterm.host_table(rules, host.input, host.out, port=port, code="2468"))
    )
    th.start()
    got["join"] = linkterm.join_table(joiner.input, joiner.out, ("127.0.0.1", port), name="Ana")
    th.join(60)
    return got, host.all(), joiner.all(), host, joiner


@pytest.mark.parametrize("preset", ["classic", "cinquillo"])
def test_link_terminal_host_and_join_play_a_whole_match_over_udp(preset):
    got, h, j, host, joiner = _match(preset, ["1357", "2468"])  # a wrong code first
    assert got == {"host": 0, "join": 0}
    assert t("link_open") % (term.game_name(make_rules(preset)), 2, "2468") in h
    assert t("link_seat_joined") % ("P2", "Ana") in h
    assert j.index(t("link_nokey")) < j.index(t("link_you_joined") % ("P2", "host"))
    rounds = len(re.findall(r"^Round \d+ over$", j, re.M))  # 2, or 3 after a tie (E23's tie-break round)
    assert rounds in (2, 3) and j.count(t("link_fair")) == rounds and "FAILED" not in j  # every deal checked
    assert host.screens >= 2 and joiner.screens >= 2
    # the joiner's totals are the host's: the host's score page lists each seat's total
    totals = re.findall(r"^  (P\d)\s+-?\d+\s+(-?\d+)$", j, re.M)
    assert len(totals) == 2 * rounds  # each round's page, two seats
    last = totals[-2:]
    for seat, total in last:
        assert re.search(r"\b%s\b[^\n]*\b%s\b" % (seat, total), h.split("Match over")[-1]), (seat, total)


def test_link_terminal_a_code_that_is_not_4_digits_is_asked_again():
    got, _, j, _, _ = _match("cinquillo", ["12a4", "2468"])
    assert got == {"host": 0, "join": 0}
    assert t("link_code_digits") in j


def test_link_terminal_options_are_refused_when_wrong():
    r = subprocess.run([sys.executable, str(PLAY_PY), "--host", "--join"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "not allowed with argument" in r.stderr
    r = subprocess.run(
        [sys.executable, str(PLAY_PY), "--host", "--code", "12a4"], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 2 and "--code is 4 digits" in r.stderr
    r = subprocess.run(
        [sys.executable, str(PLAY_PY), "--join", "localhost:http"], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 2 and "the port is a number" in r.stderr


def test_link_terminal_addresses():
    assert linkterm.parse_address("10.0.0.5:4000") == ("10.0.0.5", 4000)
    assert linkterm.parse_address("10.0.0.5") == ("10.0.0.5", linkterm.PORT)
    assert linkterm.parse_address(":4000") == ("127.0.0.1", 4000)
    with pytest.raises(ValueError):
        linkterm.parse_address("h:99999")


def test_link_terminal_every_language_has_the_link_texts_with_their_placeholders():
    from host.play import playtexts

    en = playtexts.table("en")
    keys = [k for k in en if k.startswith("link_")]
    assert len(keys) >= 20
    for code in playtexts.CODES:
        table = playtexts.table(code)
        for k in keys:
            assert re.findall("%[sd]", table[k]) == re.findall("%[sd]", en[k]), (code, k)


class _Closed:
    def __init__(self):
        self.done = []

    def stop(self):
        self.done.append("stop")

    def close(self):
        self.done.append("close")


@pytest.mark.parametrize(
    "kind,code,said", [(term.Quit, 0, "bye"), (EOFError, 0, "bye_eof"), (KeyboardInterrupt, 130, "interrupted")]
)
def test_link_terminal_leaving_stops_the_link_and_says_why(kind, code, said):
    term.use_language("en")
    lines = []
    end = _Closed()
    with linkterm.Leaving(end, end, lines.append) as leaving:
        raise kind()
    assert leaving.code == code and lines[-1] == t(said) and end.done == ["stop", "close"]
    end = _Closed()
    with pytest.raises(ValueError), linkterm.Leaving(end, end, lines.append):
        raise ValueError("a bug is not swallowed")
    assert end.done == ["stop", "close"]
