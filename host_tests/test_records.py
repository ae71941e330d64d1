"""Game records: the format of docs/records.md, export, replay and its errors."""

import os
import subprocess
import sys

import pytest

from engine.errors import RecordError
from engine.record import export_round, replay
from engine.rules import make_rules
from engine.state import State

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A hand-written 3-player junior10 deal: 7 cards each (E7), the 19 others in the stock.
HAND_WRITTEN = """\
elfer-raus-record 1
rules: junior10 players=3
dealer: P3
round 1
P1: R6 R7 Y6 Y5 B1 B2 G10
P2: R5 R4 R3 Y7 B6 G6 G5
P3: R8 R9 R10 Y4 Y3 B7 G7
stock: rest
P1 plays red 6      # E10: the holder of red 6 (the start card of 1..10) opens with it
P1 plays red 7
P1 plays yellow 6   # E12: must open yellow before ending the turn
P1 plays yellow 5
P1 ends
P2 plays red 5
P2 plays yellow 7
P2 plays blue 6
P2 plays green 6
P2 plays green 5
P2 ends
"""


def test_hand_written_record_replays_to_the_described_position():
    s = replay(HAND_WRITTEN)
    assert s.turn == 2 and s.lo[0] == 5 and s.hi[0] == 7
    assert s.count[0] == 3 and s.count[1] == 2 and s.count[2] == 7
    assert s.stock_left == 40 - 21


def bad(text):
    with pytest.raises(RecordError) as e:
        replay(text)
    return e.value


def test_E14_illegal_move_in_record_names_line_and_rule():
    e = bad(HAND_WRITTEN + "P3 plays red 10\n")
    assert e.line == 20 and "E14" in e.reason and "red 10" in e.reason


def test_E19_record_card_not_held():
    e = bad(HAND_WRITTEN + "P3 plays green 4\n")
    assert e.line == 20 and "does not hold green 4" in e.reason


def test_record_wrong_seat_to_move():
    e = bad(HAND_WRITTEN + "P1 plays red 8\n")
    assert e.line == 20 and "P3's turn" in e.reason


@pytest.mark.parametrize(
    "change,line,words",
    [
        (("elfer-raus-record 1", "chess 1"), 1, "not a game record"),
        (("elfer-raus-record 1", "elfer-raus-record 9"), 1, "version 9"),
        (("rules: junior10 players=3", "rules: junior12 players=3"), 2, "preset"),
        (("rules: junior10 players=3", "rules: junior10 players=9"), 2, "players"),
        (("dealer: P3", "dealer: P7"), 3, "P1..P3"),
        (("dealer: P3", "deal: P3"), 3, "unknown header"),
        (("round 1", "round 2"), 4, "expected round 1"),
        (("P1: R6 R7", "P1: R6 R6"), 5, "twice"),
        (("P1: R6 R7", "P1: R6 X7"), 5, "not a card"),
        (("P1: R6 R7", "P1: R6 R17"), 5, "not a card of this deck"),
        (("stock: rest", "stock: G1"), 5, "missing"),
        (("P1 plays red 7", "P1 jumps red 7"), 10, "expected 'P<n> plays"),
        (("P1 plays red 7", "P1 plays"), 10, "needs a card"),
        (("P1 ends", "P1 ends now"), 13, "unexpected text"),
        (("P1 plays red 6 ", "P1 plays red 7 "), 9, "E10"),
        (("P1 plays yellow 6   # E12: must open yellow before ending the turn\nP1 plays yellow 5\n", ""), 11, "E12"),
    ],
)
def test_malformed_or_illegal_record_lines(change, line, words):
    old, new = change
    assert old in HAND_WRITTEN
    e = bad(HAND_WRITTEN.replace(old, new, 1))
    assert e.line == line, e
    assert words in e.reason, e


def test_record_without_seed_or_deal_is_refused():
    e = bad("elfer-raus-record 1\nrules: classic\ndealer: P1\nround 1\nP1 plays red 11\n")
    assert e.line == 4 and "no deal" in e.reason


def test_seat_view_record_hides_draws_and_other_hands_and_cannot_replay():
    rules = make_rules("classic", players=3)
    s = State(rules, seed=5)
    buf = bytearray(32)
    while s.stock_pos == 0:
        s.apply(buf[0] if s.legal_moves(buf) else 0)
    full = export_round(s, seed=5)
    view = export_round(s, seat=1)
    drew = [ln for ln in full.splitlines() if " draws " in ln]
    assert drew and all(len(ln.split()) == 4 for ln in drew)  # 'P2 draws blue 4'
    assert all(ln.split()[1:] == ["draws"] for ln in view.splitlines() if "draws" in ln)
    assert "stock:" not in view.replace("# stock:", "")
    assert sum(1 for ln in view.splitlines() if ln[:2] == "P1" and ln[2] == ":") == 0
    e = bad(view)
    assert "cannot be replayed" in e.reason


def test_seeded_record_deal_lines_must_match_the_seed():
    rules = make_rules("classic", players=2)
    s = State(rules, seed=11)
    text = export_round(s, seed=11)
    replay(text)
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("stock:"))
    toks = lines[i].split()
    toks[1], toks[2] = toks[2], toks[1]
    lines[i] = " ".join(toks)
    e = bad("\n".join(lines))
    assert "does not match the seed" in e.reason


def test_draw_naming_the_wrong_card_is_refused():
    text = HAND_WRITTEN.replace("P2 ends\n", "P2 ends\nP3 plays red 8\nP3 plays red 9\nP3 plays red 10\nP3 ends\n")
    s = replay(text)
    assert s.turn == 0  # P1 holds only B1 B2 G10: blocked, must draw
    top = s.stock[s.stock_pos]
    wrong = "blue 9" if top != 64 + 9 else "blue 8"
    e = bad(text + "P1 draws %s\n" % wrong)
    assert "top of the stock" in e.reason


def test_scores_line_is_checked():
    rules = make_rules("cinquillo", players=4, rounds=1)
    s = State(rules, seed=3)
    buf = bytearray(32)
    while not s.is_round_over():
        s.legal_moves(buf)
        s.apply(buf[0])
    text = export_round(s, seed=3)
    assert "scores:" in text
    replay(text)
    winner = max(range(4), key=lambda p: s.scores[p])
    wrong = text.replace("P%d %d" % (winner + 1, s.scores[winner]), "P%d %d" % (winner + 1, s.scores[winner] + 1))
    e = bad(wrong)
    assert "total is" in e.reason


def run_replay(*args):
    return subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "replay.py"), *args], capture_output=True, text=True, timeout=60
    )


def test_replay_tool_prints_final_rows_hands_scores(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(HAND_WRITTEN)
    r = run_replay(str(path))
    assert r.returncode == 0, r.stderr
    assert "red     5..7" in r.stdout and "P3 (7):" in r.stdout and "P1    0 / 0" in r.stdout


def test_replay_tool_exits_nonzero_with_line_and_reason(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(HAND_WRITTEN + "P3 plays red 10\n")
    r = run_replay(str(path))
    assert r.returncode == 1
    assert r.stderr.startswith("%s:20: illegal move" % path)
    r = run_replay(str(tmp_path / "missing.txt"))
    assert r.returncode == 1 and "cannot read" in r.stderr
    binary = tmp_path / "bin.dat"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    r = run_replay(str(binary))
    assert r.returncode == 1 and "not a text file" in r.stderr


def test_docs_records_example_replays():
    """The hand-written example in docs/records.md is a valid record."""
    with open(os.path.join(ROOT, "docs", "records.md")) as f:
        blocks = f.read().split("```")[1::2]
    example = next(b for b in blocks if "first: P1" in b)
    s = replay(example.strip() + "\n")
    assert (s.lo[3], s.hi[3]) == (9, 13) and s.turn == 0 and s.count[0] == 3
