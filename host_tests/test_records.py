"""Game records: the format of docs/records.md, export, replay and its errors."""

import os
import re
import resource
import subprocess
import sys

import pytest
from fuzzing import fuzz
from helpers import run_main
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import RecordError, RulesError
from engine.record import export_round, replay
from engine.rules import make_rules
from engine.rules_text import parse_rules
from engine.state import State
from host.play import replay as replay_tool

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
    text, s = _finished_cinquillo_round()
    assert "scores:" in text
    replay(text)
    winner = max(range(4), key=lambda p: s.scores[p])
    wrong = text.replace("P%d %d" % (winner + 1, s.scores[winner]), "P%d %d" % (winner + 1, s.scores[winner] + 1))
    e = bad(wrong)
    assert "total is" in e.reason


def run_replay(*args):
    return subprocess.run(
        [sys.executable, "-m", "host.play.replay", *args],
        capture_output=True,
        text=True,
        timeout=60,
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


# --- numbers: only ASCII digits, and not thousands of them (issue 11) -----------------------

# isdigit() says yes to all; int() fails ('²', 5000 digits) or reads them (Arabic-Indic 1 and 3, Devanagari 1)
ODD_NUMBERS = ["²", "١", "٣", "१", "1" * 5000]


def odd(*more):
    """ODD_NUMBERS and more, as parameters with short, readable ids."""
    values = ODD_NUMBERS + list(more)
    return [pytest.param(v, id=ascii(v) if len(v) < 12 else "%d-digits" % len(v)) for v in values]


def _finished_cinquillo_round():
    """A 4-player Cinquillo round played to its end: (its record, the state)."""
    rules = make_rules("cinquillo", players=4, rounds=1)
    s = State(rules, seed=3)
    buf = bytearray(32)
    while not s.is_round_over():
        s.legal_moves(buf)
        s.apply(buf[0])
    return export_round(s, seed=3), s


def _finished_cinquillo_record():
    return _finished_cinquillo_round()[0]


@pytest.mark.parametrize("odd", odd())
@pytest.mark.parametrize(
    "old, new, line",
    [
        ("elfer-raus-record 1", "elfer-raus-record N", 1),
        ("rules: junior10 players=3", "rules: junior10 players=N", 2),
        ("dealer: P3", "dealer: PN", 3),
        ("dealer: P3", "dealer: P3\nseed: N", 4),
        ("round 1", "round N", 4),
        ("P1: R6 R7", "PN: R6 R7", 5),
        ("P1: R6 R7", "P1: RN R7", 5),
        ("P1 plays red 7", "P1 plays red N", 10),
    ],
)
def test_numbers_that_int_rejects_or_chokes_on_are_a_record_error(old, new, line, odd):
    assert old in HAND_WRITTEN
    e = bad(HAND_WRITTEN.replace(old, new.replace("N", odd), 1))
    assert e.line == line, e
    assert "\n" not in e.reason and len(e.reason) < 200, e  # one short line, even for 5000 digits


@pytest.mark.parametrize("odd", odd("-"))
def test_scores_line_with_odd_numbers_is_a_record_error(odd):
    text = _finished_cinquillo_record()
    i = text.index("scores: P1 ") + len("scores: P1 ")
    j = text.index(" ", i)
    e = bad(text[:i] + odd + text[j:])
    assert "P1's total needs a number" in e.reason and len(e.reason) < 200, e


@pytest.mark.parametrize("odd", odd("1073741824", "٥"))
def test_seed_must_be_ascii_digits_below_2_to_30(odd):
    text = "elfer-raus-record 1\nrules: classic players=2\ndealer: P1\nseed: %s\nround 1\n" % odd
    e = bad(text)
    assert e.line == 4 and "seed must be a number 0..1073741823" in e.reason
    s = replay(text.replace(odd, "1073741823"))
    assert s.round_no == 1


def test_parse_rules_refuses_preset_as_an_option():
    with pytest.raises(RulesError) as e:
        parse_rules("classic preset=0")
    assert e.value.option == "preset" and "first word" in e.value.allowed
    e = bad(HAND_WRITTEN.replace("players=3", "players=3 preset=bastard"))
    assert e.line == 2 and "preset=bastard" in e.reason


@pytest.mark.parametrize("odd", odd("-²", "1234567"))
def test_parse_rules_refuses_odd_numbers_with_a_rules_error(odd):
    with pytest.raises(RulesError) as e:
        parse_rules("classic players=%s" % odd)
    assert e.value.option == "players" and e.value.allowed == "2..6"
    assert len(str(e.value)) < 200


# --- host/play/replay.py: files it must not read, and a closed pipe -----------------------------


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # a bug reading /dev/zero fails fast


def run_replay_safely(*args):
    return subprocess.run(
        [sys.executable, "-m", "host.play.replay", *args],
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=_limit_memory,
    )


def _one_line_error(r, path, words):
    assert r.returncode == 1, r
    assert r.stdout == ""
    assert r.stderr.count("\n") == 1 and r.stderr.startswith(str(path) + ":"), r.stderr
    assert words in r.stderr, r.stderr


def test_replay_tool_refuses_devices_and_fifos_without_reading_them(tmp_path):
    _one_line_error(run_replay_safely("/dev/zero"), "/dev/zero", "not a regular file")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # opening it would wait for a writer forever
    _one_line_error(run_replay_safely(str(fifo)), fifo, "not a regular file")
    _one_line_error(run_replay_safely(str(tmp_path)), tmp_path, "not a regular file")


def test_replay_tool_refuses_files_over_1_mib(tmp_path):
    big = tmp_path / "big.txt"
    big.write_text(HAND_WRITTEN + "#" * (1 << 20) + "\n")
    _one_line_error(run_replay_safely(str(big)), big, "larger than 1 MiB")
    ok = tmp_path / "ok.txt"
    ok.write_text(HAND_WRITTEN + "#" * ((1 << 20) - len(HAND_WRITTEN) - 10) + "\n")
    r = run_replay_safely(str(ok))
    assert r.returncode == 0 and r.stdout.startswith("%s: valid" % ok), r.stderr


@pytest.mark.parametrize("odd", odd())
def test_replay_tool_reports_odd_numbers_as_one_line(tmp_path, odd):
    path = tmp_path / "odd.txt"
    path.write_text(HAND_WRITTEN.replace("dealer: P3", "dealer: P3\nseed: %s" % odd))
    _one_line_error(run_replay_safely(str(path)), path, ":4: seed must be a number")


def test_replay_tool_into_a_closed_pipe_exits_quietly(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(HAND_WRITTEN)
    tool = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "host", "play", "replay.py")]
        + [str(path)] * 2000,  # far over a pipe buffer
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    head = subprocess.run(["head", "-1"], stdin=tool.stdout, capture_output=True, timeout=60)
    tool.stdout.close()
    err = tool.stderr.read().decode()
    tool.wait(timeout=60)
    assert head.stdout.decode() == "%s: valid\n" % path
    assert err == ""  # no BrokenPipeError traceback, no 'Exception ignored'
    assert tool.returncode == 1  # the later records were not checked


# --- fuzz: random and mutated records through the parser and host/play/replay.py ----------------


def _seeded_record(preset, seed, moves, **options):
    s = State(make_rules(preset, **options), seed=seed)
    buf = bytearray(32)
    for _ in range(moves):
        if s.is_round_over():
            break
        n = s.legal_moves(buf)
        s.apply(buf[seed % n])
    return export_round(s, seed=seed)


def _docs_example():
    with open(os.path.join(ROOT, "docs", "records.md")) as f:
        return next(b for b in f.read().split("```")[1::2] if "first: P1" in b).strip() + "\n"


VALID = [
    HAND_WRITTEN,
    _docs_example(),
    _finished_cinquillo_record(),
    _seeded_record("classic", 4, 60, players=3),
    _seeded_record("bastard", 7, 30, players=3),
    _seeded_record("classic", 9, 40, players=2, actions=1, start_10_12=1),
]
TOKENS = [
    "²", "٣", "1" * 5000, "99999999999", "-1", "-", "0", "1", "7", "P0", "P1", "P2", "P7", "P²", "R²", "R11", "G1",
    "red 11", "skip", "SK", "RV", "round", "round 1", "round 2", "scores:", "stock:", "rest", "table:", "start:",
    "first:", "seed:", "rules:", "dealer:", "view:", "elfer-raus-record", "plays", "draws", "ends", "passes", "#",
    ":", "=", "players=9", "\x00", "\ufeff", "\r", "\t", "\u2028", "classic", "cinquillo",
]  # fmt: skip
token = st.one_of(st.sampled_from(TOKENS), st.text(max_size=12))


@st.composite
def mutated_records(draw):
    lines = draw(st.sampled_from(VALID)).split("\n")
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.integers(0, 9))
        i = draw(st.integers(0, len(lines) - 1))
        numbers = [m.span() for m in re.finditer("[0-9]+", lines[i])]
        if kind <= 4 and numbers:  # a number of the record (seat, seed, round, score, option, rank) made odd
            a, b = numbers[draw(st.integers(0, len(numbers) - 1))]
            lines[i] = lines[i][:a] + draw(st.sampled_from(ODD_NUMBERS + ["0", "99999999999"])) + lines[i][b:]
        elif kind == 5 and len(lines) > 1:
            del lines[i]
        elif kind == 6:
            lines.insert(i, lines[draw(st.integers(0, len(lines) - 1))])
        elif kind == 7:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 8:
            lines.insert(i, " ".join(draw(st.lists(token, max_size=5))))
        else:
            words = lines[i].split(" ")
            words[draw(st.integers(0, len(words) - 1))] = draw(token)
            lines[i] = " ".join(words)
    return "\n".join(lines)


records = st.one_of(
    mutated_records(),
    mutated_records(),
    st.text(),
    st.builds(lambda body: "elfer-raus-record 1\nrules: classic players=2\n" + body, st.text()),
)


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


def _replay_tool(argv):
    return run_main(replay_tool.main, argv)


@given(records)
@fuzz("records")
def test_fuzz_records_replay_or_a_clean_record_error(fuzz_dir, text):
    try:
        replay(text)
        ok = True
    except (RecordError, RulesError) as e:
        assert "\n" not in str(e)
        ok = False
    path = fuzz_dir / "record.txt"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    status, out, err = _replay_tool([str(path)])
    if status == 0:
        assert out.startswith("%s: valid\n" % path) and err == ""
    else:
        assert status == 1 and out == "", (status, out, err)
        assert err.count("\n") == 1 and err.startswith("%s:" % path), err
    assert ok == (status == 0) or "\r" in text or "\x00" in text or "\ufeff" in text


OPTION_NAMES = ["players", "colors", "ranks", "optional_pass", "draw", "start_10_12", "actions", "limit", "rounds",
                "hand_size", "bastard", "preset", ""]  # fmt: skip
NUMBERS = ["0", "1", "2", "3", "4", "6", "9", "10", "15", "20", "99", "9999", "-1", "-", "", "007", "1234567"]
odd_values = st.sampled_from(ODD_NUMBERS + ["-" + x for x in ODD_NUMBERS])
option = st.builds(
    "{}={}".format,
    st.one_of(st.sampled_from(OPTION_NAMES), st.text(max_size=8)),
    st.one_of(odd_values, odd_values, st.sampled_from(NUMBERS), st.text(max_size=8)),
)
preset_and_options = st.builds(
    lambda preset, options: " ".join([preset] + options),
    st.one_of(st.sampled_from(["classic", "three-color", "junior10", "junior15", "cinquillo", "bastard"]), token),
    st.lists(st.one_of(option, option, token), min_size=1, max_size=4),
)
rules_texts = st.one_of(
    preset_and_options, preset_and_options, preset_and_options, st.text(), st.lists(token).map(" ".join)
)


@given(rules_texts)
@fuzz("rules_text")
def test_fuzz_rules_text_gives_rules_or_a_rules_error(text):
    try:
        r = parse_rules(text)
    except RulesError as e:
        assert "\n" not in str(e)
        return
    assert parse_rules(r.describe()) == r


@pytest.fixture(scope="module")
def tool_files(fuzz_dir):
    """Named files for the argument fuzz: a valid record, a bad one, one over 1 MiB, binary, missing."""
    files = {"good": HAND_WRITTEN, "bad": HAND_WRITTEN + "P3 plays red 10\n", "big": "#" * (1 << 20) + "\n"}
    paths = {}
    for name, text in files.items():
        paths[name] = fuzz_dir / (name + ".txt")
        paths[name].write_text(text)
    paths["binary"] = fuzz_dir / "binary.dat"
    paths["binary"].write_bytes(b"\xff\xfe\x00\x81")
    paths["missing"] = fuzz_dir / "missing.txt"
    paths["dir"] = fuzz_dir
    paths["good-not-utf8"] = fuzz_dir / "g\udcff.txt"  # a file name from bytes that are not UTF-8
    paths["good-not-utf8"].write_text(HAND_WRITTEN)
    return {name: str(path) for name, path in paths.items()}


ODD_PATHS = ["-h", "--help", "", "-", "/dev/zero", "/dev/null", ".", "/", "\x00", "a\x00b", "x" * 5000, "²", "\udcff"]


@given(
    st.lists(
        st.one_of(
            st.sampled_from(ODD_PATHS),
            st.sampled_from(["good", "good-not-utf8", "bad", "big", "missing", "binary", "dir"]),
            st.text(max_size=20),
        ),
        max_size=4,
    )
)
@fuzz("tool_args")
def test_fuzz_replay_tool_arguments(tool_files, argv):
    argv = [tool_files.get(a, a) for a in argv]
    status, out, err = _replay_tool(argv)
    if not argv:
        assert status == 2 and "host.play.replay RECORD" in out
        return
    if argv[0] in ("-h", "--help"):
        assert status == 0 and "host.play.replay RECORD" in out
        return
    failed = [a for a in argv if a not in (tool_files["good"], tool_files["good-not-utf8"])]
    assert status == (1 if failed else 0), (argv, status, err)
    assert err.count("\n") == len(failed), err  # one line per file that is not a valid record
    assert out.count(": valid\n") == len(argv) - len(failed)
