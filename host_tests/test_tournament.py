"""Bot tournament tool (host/research/tournament.py): duplicated deals, statistics, outputs, errors.

Runs are tiny (a few dozen rounds) so the whole file stays well under 20 s.
"""

import csv
import json
import os
import pathlib
import subprocess
import sys

import pytest
from fuzzing import fuzz
from helpers import run_main
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import make_rules
from engine.state import State
from host.research import tournament as tool

ROOT = pathlib.Path(__file__).resolve().parents[1]
TOOL = ROOT / "host" / "research" / "tournament.py"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run(tmp_path, capsys, *args):
    """Run the tool in-process; return (stdout, stderr, {key: value}, out dir)."""
    out = tmp_path / "out"
    assert tool.main([*args, "--out", str(out)]) == 0
    text, err = capsys.readouterr()
    return text, err, parse_keys(text), out


def parse_keys(text):
    keys = {}
    for line in text.splitlines():
        key, sep, value = line.partition(": ")
        if sep and " " not in key:
            keys[key] = value
    return keys


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def by_deal(rows):
    deals = {}
    for row in rows:
        deals.setdefault(row["deal"], []).append(row)
    return deals


# --- statistics --------------------------------------------------------------------


@pytest.mark.parametrize(
    "x, n, low, high",
    [
        (81, 263, 0.2553, 0.3662),  # Newcombe (1998), Stat. Med. 17:857, table I
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_interval_on_published_values(x, n, low, high):
    lo, hi = tool.wilson(x, n)
    assert lo == pytest.approx(low, abs=6e-5)
    assert hi == pytest.approx(high, abs=6e-5)


def test_wilson_fractional_and_empty():
    assert tool.wilson(0, 0) == (0.0, 1.0)
    lo2, hi2 = tool.wilson(2, 10)
    lo, hi = tool.wilson(2.5, 10)
    lo3, hi3 = tool.wilson(3, 10)
    assert lo2 < lo < lo3 and hi2 < hi < hi3


def test_tied_winners_share_one_win():
    # Two rounds, 3 seats: seat 0 wins alone, then seats 1 and 2 tie (Bastard fewest cards).
    games = [
        tool.Game(0, 0, 0, (0, 1, 2), ("a", "b", "b"), (5, 0, 0), 0b001, 1, 0),
        tool.Game(0, 0, 1, (2, 0, 1), ("b", "a", "b"), (0, 3, 3), 0b110, 1, 0),
    ]
    tallies = tool.member_tallies(games, 3)
    assert [t.wins for t in tallies] == [1.5, 0.5, 0.0]
    assert [t.games for t in tallies] == [2, 2, 2]
    levels = tool.level_tallies(("a", "b", "b"), tallies)
    assert levels["a"].wins == 1.5 and levels["b"].wins == 0.5 and levels["b"].games == 4


# --- duplicated deals ------------------------------------------------------------------


def test_each_lineup_member_sits_at_each_seat_of_an_identical_deal(tmp_path, capsys):
    _, _, keys, out = run(tmp_path, capsys, "--ladder", "random,easy", "--rounds", "24", "--workers", "1", "--quiet")
    rows = read_csv(out / "classic_ladder.csv")
    assert len(rows) == 24 and keys["rounds"] == "24"
    deals = by_deal(rows)
    assert len(deals) == 6
    rules = make_rules("classic")
    for seatings in deals.values():
        assert sorted(int(r["seating"]) for r in seatings) == [0, 1, 2, 3]
        for member in "0123":
            seats = sorted(p for r in seatings for p in range(1, 5) if r["p%d_member" % p] == member)
            assert seats == [1, 2, 3, 4]
        easy_seats = sorted(p for r in seatings for p in range(1, 5) if r["p%d_level" % p] == "easy")
        assert easy_seats == [1, 2, 3, 4]
        # the same deal (hands by seat index, stock) in every seating: the one State(seed) deals
        expected = "%08x" % tool.deal_fingerprint(State(rules, seed=int(seatings[0]["deal_seed"])))
        assert {r["deal_crc"] for r in seatings} == {expected}
    assert len({s[0]["deal_crc"] for s in deals.values()}) == 6  # and the deals differ


def test_identical_deterministic_bots_win_from_the_same_seat_in_every_seating(tmp_path, capsys):
    # Easy bots never use randomness: an identical deal must give the same winning seat each time,
    # so lineup member 0 wins exactly once per deal (25% exactly).
    args = ("--seats", "easy,easy,easy,easy", "--preset", "cinquillo", "--rounds", "40", "--workers", "1", "--quiet")
    _, _, keys, out = run(tmp_path, capsys, *args)
    for seatings in by_deal(read_csv(out / "cinquillo_seats.csv")).values():
        assert len({r["winners"] for r in seatings}) == 1
        assert len({tuple(r["p%d_points" % p] for p in range(1, 5)) for r in seatings}) == 1
    summary = json.loads((out / "cinquillo_seats.json").read_text())
    assert [m["winrate"] for m in summary["contests"][0]["members"]] == [0.25] * 4
    assert keys["cinquillo_easy_winrate"] == "0.2500"


def test_results_do_not_depend_on_the_number_of_workers(tmp_path, capsys):
    outs = []
    for workers in ("1", "2"):
        args = ("--ladder", "random,easy", "--preset", "cinquillo", "--rounds", "80", "--seed", "7")
        _, _, keys, out = run(tmp_path / workers, capsys, *args, "--workers", workers, "--quiet")
        summary = json.loads((out / "cinquillo_ladder.json").read_text())
        del keys["cinquillo_seconds"]
        outs.append(((out / "cinquillo_ladder.csv").read_bytes(), summary["contests"], keys))
    assert outs[0] == outs[1]
    assert outs[0][0].count(b"\n") == 81


# --- the command line: key lines, files, progress, match mode --------------------------------


def test_ladder_command_prints_key_lines_and_writes_files(tmp_path):
    out = tmp_path / "t"
    args = ["--ladder", "random,easy,easy", "--rounds", "40", "--workers", "2", "--out", str(out)]
    r = subprocess.run([sys.executable, "-m", "host.research.tournament", *args], capture_output=True, timeout=60)
    stdout, stderr = r.stdout.decode(), r.stderr.decode()
    assert r.returncode == 0, stderr
    keys = parse_keys(stdout)
    for pair in ("easy_vs_random", "easy_vs_easy"):
        rate, low, high = (float(keys[pair + k]) for k in ("_winrate", "_ci_low", "_ci_high"))
        assert 0 <= low <= rate <= high <= 1
        assert float(keys[pair + "_mean_penalty"]) >= 0
        assert keys[pair + "_rounds"] == "40"
    assert keys["easy_vs_easy_winrate"] == "0.2500"  # deterministic mirror match, see above
    assert keys["rounds"] == "80" and float(keys["seconds"]) >= 0
    assert stdout.rstrip().splitlines()[-1].startswith("seconds: ")
    assert "\r[" in stderr and "100% 80/80 rounds" in stderr  # the progress bar, redrawn in place
    assert (out / "classic_ladder.png").read_bytes()[:8] == PNG_SIGNATURE
    assert len(read_csv(out / "classic_ladder.csv")) == 80
    summary = json.loads((out / "classic_ladder.json").read_text())
    assert summary["keys"]["easy_vs_random_winrate"] == keys["easy_vs_random_winrate"]
    assert [c["name"] for c in summary["contests"]] == ["easy_vs_random", "easy_vs_easy"]


def test_match_mode_plays_whole_matches(tmp_path, capsys):
    args = ("--seats", "easy,random", "--preset", "bastard", "--option", "players=3", "--option", "rounds=2")
    with pytest.raises(SystemExit) as e:  # three players, two levels named
        tool.main([*args, "--matches", "3", "--out", str(tmp_path)])
    assert e.value.code == 2
    capsys.readouterr()
    args = ("--seats", "easy,random,random", "--preset", "bastard", "--option", "rounds=2", "--matches", "6")
    _, _, keys, out = run(tmp_path, capsys, *args, "--workers", "1", "--quiet")
    rows = read_csv(out / "bastard_seats_matches.csv")
    assert len(rows) == 6 and {r["rounds"] for r in rows} == {"2"}
    assert keys["bastard_matches"] == "6" and keys["bastard_rounds"] == "12"
    assert "bastard_easy_match_winrate" in keys and "bastard_random_match_mean_points" in keys
    assert (out / "bastard_seats_matches.png").read_bytes()[:8] == PNG_SIGNATURE


# --- errors: exit 2 naming the culprit ------------------------------------------------------


@pytest.mark.parametrize(
    "args, words",
    [
        (["--ladder", "random,easy,grandmaster"], ["grandmaster", "available levels", "random", "easy"]),
        (["--seats", "easy,nobody,easy,easy"], ["nobody", "available levels"]),
        (["--ladder", "random,easy", "--option", "foo=1"], ["foo"]),
        (["--ladder", "random,easy", "--option", "players=9"], ["players=9", "2..6"]),
        (["--ladder", "random,easy", "--option", "draw"], ["NAME=VALUE", "draw"]),
        (["--ladder", "random,easy", "--preset", "poker"], ["poker"]),
        (["--ladder", "easy"], ["at least two"]),
        (["--ladder", "random,easy", "--option", "preset=cinquillo"], ["use --preset"]),
        (["--ladder", ""], ["--ladder: no level given", "available levels"]),
        (["--seats", " , "], ["--seats: no level given"]),
    ],
)
def test_bad_level_or_option_exits_2_naming_it(tmp_path, capsys, args, words):
    with pytest.raises(SystemExit) as e:
        tool.main([*args, "--out", str(tmp_path / "none")])
    assert e.value.code == 2
    err = capsys.readouterr().err
    for word in words:
        assert word in err
    assert not (tmp_path / "none").exists()


def test_level_that_cannot_be_built_exits_2_naming_it(tmp_path, capsys, monkeypatch):
    real = tool.engine_bots.make_bot

    def make_bot(level, rules, seat, seed=0):
        if level == "broken":
            raise ImportError("No module named 'engine.bot_broken'")
        return real(level, rules, seat, seed)

    monkeypatch.setitem(tool.engine_bots.LEVELS, "broken", None)
    monkeypatch.setattr(tool.engine_bots, "make_bot", make_bot)
    with pytest.raises(SystemExit) as e:
        tool.main(["--ladder", "easy,broken", "--out", str(tmp_path / "none")])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "level 'broken'" in err and "bot_broken" in err


# --- bad --out / --name: refused before any round is played (issue 11) ----------------------


def _no_rounds(plan, progress):
    raise AssertionError("a round was played before --out/--name were checked")


@pytest.mark.parametrize(
    "where, name, words",
    [
        ("file", None, "is a file, not a folder"),  # an existing file where a folder is wanted
        ("file/sub/dir", None, "is a file, not a folder"),  # a path under a file
        ("out", "a/b", "--name 'a/b'"),
        ("out", "../escape", "--name '../escape'"),
        ("out", "", "--name ''"),
        ("out", ".hidden", "--name '.hidden'"),
        ("out", "x\ny", "--name 'x\\ny'"),
        ("out", "n" * 101, "1..100 characters"),
        ("folder-csv", "res", "res.csv is a folder"),
    ],
)
def test_bad_out_or_name_is_refused_before_any_round(tmp_path, capsys, monkeypatch, where, name, words):
    (tmp_path / "file").write_text("not a folder\n")
    (tmp_path / "folder-csv" / "res.csv").mkdir(parents=True)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    monkeypatch.setattr(tool, "play_all", _no_rounds)
    args = ["--ladder", "random,easy", "--rounds", "4", "--workers", "1", "--quiet", "--out", str(tmp_path / where)]
    with pytest.raises(SystemExit) as e:
        tool.main(args + ([] if name is None else ["--name", name]))
    assert e.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("tournament.py: error: --"), err
    assert words in err, err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing made or written


def test_a_failed_write_after_the_run_leaves_no_file_and_keeps_the_results(tmp_path, capsys, monkeypatch):
    def disk_full(path, *args):
        raise OSError(28, "No space left on device", path)

    monkeypatch.setattr(tool, "write_json", disk_full)
    out = tmp_path / "out"
    assert tool.main(["--ladder", "random,easy", "--rounds", "8", "--workers", "1", "--quiet", "--out", str(out)]) == 1
    text, err = capsys.readouterr()
    assert err == "tournament.py: cannot write %s: No space left on device\n" % (out / "classic_ladder.json.part")
    assert text.splitlines()[1].startswith("contest ") and "easy_vs_random_winrate: " in text  # table and keys
    assert list(out.iterdir()) == []  # not the CSV alone, no .part file


def test_without_matplotlib_the_table_and_files_come_and_the_png_is_skipped(tmp_path):
    out = tmp_path / "out"
    args = ["--ladder", "random,easy", "--rounds", "8", "--workers", "1", "--quiet", "--out", str(out)]
    code = (
        "import runpy, sys\n"
        "sys.modules['matplotlib'] = None  # import matplotlib fails, as in a plain python\n"
        "sys.argv = [%r] + %r\n"
        "runpy.run_module('host.research.tournament', run_name='__main__')\n" % (str(TOOL), args)
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[1].startswith("contest ")  # the table: one line per level
    assert lines[2].startswith("easy_vs_random ") and lines[3].startswith("easy_vs_random ")
    assert lines[4] == "wrote %s, %s" % (out / "classic_ladder.csv", out / "classic_ladder.json")
    assert r.stderr == (
        "tournament.py: note: matplotlib is not installed, so the PNG chart was skipped (.venv/bin/python has it)\n"
    )
    assert sorted(p.name for p in out.iterdir()) == ["classic_ladder.csv", "classic_ladder.json"]
    assert len(read_csv(out / "classic_ladder.csv")) == 8
    assert json.loads((out / "classic_ladder.json").read_text())["keys"]["rounds"] == "8"
    assert lines[-1].startswith("seconds: ")


def test_a_reader_that_goes_away_does_not_stop_the_run(tmp_path):
    """`tournament.py ... | head -1`: no BrokenPipeError, and the files are still written."""
    out = tmp_path / "out"
    args = ["--ladder", "random,easy", "--rounds", "8", "--workers", "1", "--quiet", "--out", str(out)]
    r = subprocess.Popen(
        [sys.executable, "-m", "host.research.tournament", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    r.stdout.close()  # nobody reads: the first line already meets a closed pipe
    err = r.stderr.read().decode()
    assert r.wait(timeout=60) == 0, err
    assert err == ""
    assert len(read_csv(out / "classic_ladder.csv")) == 8
    assert (out / "classic_ladder.png").read_bytes()[:8] == PNG_SIGNATURE


def test_an_out_folder_named_in_bytes_that_are_not_utf8_is_printed_escaped(tmp_path):
    """A shell passes any bytes; under a UTF-8 locale stdout is strict, so the name must not crash the 'wrote' line."""
    out = os.fsencode(tmp_path) + b"/res\xff"
    args = [b"--ladder", b"random,easy", b"--rounds", b"4", b"--workers", b"1", b"--quiet", b"--out", out]
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")  # as under en_US.UTF-8 (here C.UTF-8 would escape)
    r = subprocess.run(
        [sys.executable, "-m", "host.research.tournament", *args], capture_output=True, env=env, timeout=60
    )
    assert r.returncode == 0, r.stderr.decode()
    assert r.stderr == b""
    wrote = [line for line in r.stdout.decode().splitlines() if line.startswith("wrote ")]
    assert wrote == [
        "wrote %s/res\\udcff/classic_ladder.csv, %s/res\\udcff/classic_ladder.json, %s/res\\udcff/classic_ladder.png"
        % ((tmp_path,) * 3)
    ]
    assert len(read_csv(os.fsdecode(out + b"/classic_ladder.csv"))) == 4


# --- fuzz: random arguments ---------------------------------------------------------------------

TOURNAMENT_ARGS = [
    "--ladder", "--seats", "random,easy", "easy,random,random,random", "easy", "grandmaster", "--preset", "classic",
    "cinquillo", "poker", "--option", "players=3", "players=²", "players=٣", "rounds=1",
    "preset=1", "limit=" + "9" * 5000, "=",
    "--rounds", "--matches", "4", "0", "-1", "²", "٣", "1" * 5000, "--seed", "--workers", "1", "100000", "--out",
    "out", "file", "file/sub", "--name", "a/b", "..", ".", "", "x\x00", "--quiet", "-h", "--help", "--",
    "\udcff", "caf\udce9", "out/\udcff",  # from file names that are not UTF-8
]  # fmt: skip
FLAGS = [
    "--ladder",
    "--seats",
    "--preset",
    "--option",
    "--rounds",
    "--matches",
    "--seed",
    "--workers",
    "--out",
    "--name",
]
LINEUPS = [[], ["--ladder", "random,easy"], ["--seats", "easy,random,random,random"], ["--ladder", ""]]
arg = st.one_of(st.sampled_from(TOURNAMENT_ARGS), st.text(max_size=10))
# a lineup (so that many cases get past it), then flags with random values, then anything
tournament_argv = st.builds(
    lambda lineup, pairs, rest: lineup + [a for pair in pairs for a in pair] + rest,
    st.sampled_from(LINEUPS),
    st.lists(st.tuples(st.sampled_from(FLAGS), arg), max_size=4),
    st.lists(arg, max_size=3),
)


@given(tournament_argv)
@fuzz("tool_args")
def test_fuzz_tournament_arguments_never_a_traceback(tmp_path_factory, argv):
    """Random argv: exit 0 (a run, played here as no rounds) or 2, with a message; never a traceback."""
    base = tmp_path_factory.mktemp("fuzz")
    (base / "file").write_text("a file\n")
    real_write = tool.write_outputs

    def write_inside(plan, *args):  # random --out values must not write outside this test's folder
        if not os.path.abspath(plan.out).startswith(str(base) + os.sep):
            plan = plan._replace(out=str(base / "elsewhere"))
        return real_write(plan, *args)

    cwd = os.getcwd()
    stubs = {
        "play_all": lambda plan, progress: [[] for _ in plan.contests],  # no rounds: the arguments are under test
        "write_outputs": write_inside,
        "load_pyplot": lambda: None,  # no chart: matplotlib is slow to start
    }
    saved = {name: tool.__dict__.get(name) for name in stubs}
    tool.__dict__.update(stubs)
    os.chdir(base)
    try:  # stdout strict UTF-8: a path from non-UTF-8 bytes must not crash the printing
        status, _, err = run_main(tool.main, argv)
    finally:
        os.chdir(cwd)
        tool.__dict__.update(saved)
    assert status in (0, 2), (argv, status, err)
    if status == 2:
        assert "\ntournament.py: " in "\n" + err, err
