"""The engine inside the 32-bit MicroPython VM (npm @micropython/micropython-webassembly-pyscript).

Needs node and `cd host/emulate/mpvm && npm ci`. Without them these tests are skipped
(with a warning), except under CI (environment variable CI set), where they fail.
"""

import os
import subprocess
import sys
import warnings

import pytest

from host.emulate import mpvm
from host.measure import alloc_probe

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VM_OK, VM_REASON = mpvm.available()


def _in_ci():
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


@pytest.fixture(autouse=True)
def need_vm():
    if VM_OK:
        return
    msg = "32-bit MicroPython VM not available: %s" % VM_REASON
    if _in_ci():
        pytest.fail(
            "%s. CI is set, so these tests must run: install it in .ci/run (npm ci in host/emulate/mpvm)." % msg
        )
    warnings.warn(msg + " -- tests of host_tests/test_micropython_wasm.py SKIPPED", stacklevel=1)
    pytest.skip("!!! " + msg)


def run_ok(script, tmp_path=None, name="script.py", args=()):
    """Run script (a path, or source text written to tmp_path/name) in the VM; return its stdout."""
    if tmp_path is not None:
        path = tmp_path / name
        path.write_text(script)
        script = path
    rc, out, err = mpvm.run_wasm(script, [mpvm.ENGINE_DIR], timeout=300, args=args)
    assert rc == 0, "VM run failed (exit %d):\n%s\n%s" % (rc, out, err)
    return out


@pytest.fixture(scope="module")
def probe(once_per_run):
    """host/measure/alloc_probe.py's figures (every preset's), one VM run for the whole test run."""
    if not VM_OK:
        return None
    return once_per_run(
        "alloc_probe_32bit", lambda: mpvm.parse_keys(run_ok(os.path.join(ROOT, "host", "measure", "alloc_probe.py")))
    )


@pytest.mark.parametrize("key", [p[0] for p in alloc_probe.PRESETS])
def test_engine_turn_allocates_nothing_32bit(probe, key):
    """One legal_moves() + apply() allocates 0 heap bytes, every step of a round (gc.mem_alloc in the VM)."""
    assert probe["measure_overhead_bytes_32bit"] == "0", "the probe's own measurement allocates"
    per_turn = int(probe["alloc_bytes_per_turn_engine_32bit_" + key])
    assert per_turn == 0, (
        "%s: up to %d bytes per turn (%s bytes over a round, %s steps allocating); "
        "see `node host/emulate/mpvm/run.mjs host/measure/alloc_probe.py --verbose`"
        % (key, per_turn, probe["alloc_bytes_per_round_engine_32bit_" + key], probe["allocating_steps_" + key])
    )


@pytest.mark.parametrize("key", [p[0] for p in alloc_probe.PRESETS])
def test_bots_decide_and_rounds_end_without_allocating_32bit(probe, key):
    """Every board level's decision and its view_into() allocate 0 heap bytes, and so does the
    step that ends a round (scoring): the expert's search plays rounds to their end in every
    decision. (Until 2026-12-02 a Bastard round's end imported engine.bastard again each time:
    16 bytes a playout, up to 96 a decision.)"""
    worst = dict(
        (name, int(probe[name]))
        for name in ["alloc_bytes_round_end_step_32bit_" + key]
        + ["bot_%s_alloc_bytes_per_decision_32bit_%s" % (level, key) for level in sorted(alloc_probe.BOARD_LEVELS)]
        + ["view_into_alloc_bytes_per_call_32bit_%s_%s" % (key, level) for level in sorted(alloc_probe.BOARD_LEVELS)]
    )
    assert not [name for name in worst if worst[name]], (
        "allocating: %s; see `node host/emulate/mpvm/run.mjs host/measure/alloc_probe.py --verbose`"
        % ", ".join("%s %d B" % (n, b) for n, b in sorted(worst.items()) if b)
    )


VM_FACTS = """\
import gc
import sys

gc.disable()
ma = gc.mem_alloc


def deltas(k):
    a = ma()
    x = (1 << 29) + k
    b = ma()
    y = (1 << 30) + k
    c = ma()
    t = (k, k)
    d = ma()
    return b - a, c - b, d - c, x, y, t


small, big, tup, _, _, _ = deltas(3)
print("implementation:", sys.implementation.name)
print("maxsize:", sys.maxsize)
print("small_int_alloc:", small)
print("big_int_alloc:", big)
print("tuple_alloc:", tup)
"""


def test_vm_is_32bit_micropython(tmp_path):
    facts = mpvm.parse_keys(run_ok(VM_FACTS, tmp_path))
    assert facts["implementation"] == "micropython"
    assert int(facts["maxsize"]) == 2**31 - 1
    assert int(facts["small_int_alloc"]) == 0, "2**29 + k must be a small int"
    assert int(facts["big_int_alloc"]) > 0, "2**30 + k must be a heap-allocated big int on a 32-bit VM"
    assert int(facts["tuple_alloc"]) == 16, "a 2-tuple is 16 bytes on a 32-bit VM (and mem_alloc sees it)"


def test_vm_reports_traceback_and_exit_status(tmp_path):
    path = tmp_path / "boom.py"
    path.write_text("import engine.rng\n\n\ndef f():\n    engine.rng.Rng(-1)\n\n\nf()\n")
    rc, out, err = mpvm.run_wasm(path, [mpvm.ENGINE_DIR], timeout=60)
    assert rc == 1
    assert "ValueError: seed must be" in err and 'boom.py", line 5' in err, err
    path.write_text("import sys\nprint('bye')\nsys.exit(3)\n")
    rc, out, err = mpvm.run_wasm(path, [mpvm.ENGINE_DIR], timeout=60)
    assert (rc, out) == (3, "bye\n")


def run_both(source, tmp_path, name):
    """Run source in the VM and on CPython; return (vm_stdout, cpython_stdout)."""
    vm_out = run_ok(source, tmp_path, name)
    env = dict(os.environ, PYTHONPATH=ROOT)
    cp = subprocess.run(
        [sys.executable, str(tmp_path / name)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    )
    assert cp.returncode == 0, cp.stderr
    return vm_out, cp.stdout


def assert_same_lines(vm_out, cp_out):
    vm_lines, cp_lines = vm_out.splitlines(), cp_out.splitlines()
    for i, (a, b) in enumerate(zip(vm_lines, cp_lines, strict=False)):
        assert a == b, "line %d differs: VM %r, CPython %r" % (i + 1, a, b)
    assert len(vm_lines) == len(cp_lines), "VM printed %d lines, CPython %d" % (len(vm_lines), len(cp_lines))


# The engine's errors (RulesError, IllegalMove, RecordError): same type, text and fields on both runtimes.
ENGINE_ERRORS = """\
from engine.errors import IllegalMove, RecordError, RulesError
from engine.record import replay
from engine.rules import make_rules
from engine.rules_text import parse_rules
from engine.state import State

CALLS = (
    lambda: make_rules("nope"),
    lambda: parse_rules("classic players=9"),
    lambda: State(make_rules("classic")).apply(251),
    lambda: replay("garbage\\n"),
)
for f in CALLS:
    try:
        f()
        print("no error")
    except (RulesError, IllegalMove, RecordError) as e:
        if isinstance(e, RulesError):
            fields = (e.option, e.value, e.allowed)
        elif isinstance(e, IllegalMove):
            fields = (e.move, e.rule, e.reason)
        else:
            fields = (e.line, e.reason)
        print(type(e).__name__, "|", str(e), "|", fields)
"""


def test_engine_errors_match_cpython(tmp_path):
    vm_out, cp_out = run_both(ENGINE_ERRORS, tmp_path, "errors.py")
    assert cp_out.count("|") == 8
    assert_same_lines(vm_out, cp_out)


# Numbers in records and rules texts (issue 11): only ASCII digits 0-9, of sane length, on both runtimes.
ODD_NUMBERS = """\
from engine.errors import RecordError, RulesError
from engine.record import replay
from engine.rules_text import parse_rules

HEAD = "elfer-raus-record 1\\nrules: classic players=2\\ndealer: P1\\n"
ODD = ("\u00b2", "\u0661", "\u0663", "1" * 5000, "1073741824", "-")
for odd in ODD:
    texts = (
        "elfer-raus-record %s\\n" % odd,
        HEAD + "seed: %s\\nround 1\\n" % odd,
        HEAD + "seed: 3\\nround %s\\n" % odd,
        HEAD.replace("P1", "P" + odd) + "seed: 3\\nround 1\\n",
        HEAD + "round 1\\nP%s: R1\\n" % odd,
        HEAD + "round 1\\nP1: R%s\\n" % odd,
        HEAD.replace("players=2", "players=" + odd) + "seed: 3\\nround 1\\n",
    )
    for text in texts:
        try:
            replay(text)
            print("replayed")
        except RecordError as e:
            print("RecordError |", e.line, "|", e.reason)
    try:
        parse_rules("classic draw=" + odd)
    except RulesError as e:
        print("RulesError |", str(e))
print("seed", replay(HEAD + "seed: 1073741823\\nround 1\\n").round_no)
"""


def test_odd_numbers_in_records_give_the_same_errors_as_cpython(tmp_path):
    vm_out, cp_out = run_both(ODD_NUMBERS, tmp_path, "odd_numbers.py")
    assert cp_out.count("RecordError |") == 42 and cp_out.count("RulesError |") == 6, cp_out
    assert cp_out.endswith("seed 1\n")
    assert_same_lines(vm_out, cp_out)


# Plays seeded games and prints their records; run unchanged on CPython and in the VM.
RECORD_GAMES = """\
from engine.bots import make_bot
from engine.record import MatchRecord, export_round
from engine.rng import Rng
from engine.rules_text import parse_rules
from engine.state import State
from engine.view import SeatView

CASES = (
    ("classic players=4", 7, None),
    ("classic players=6 actions=1 optional_pass=1 draw=3", 8, None),
    ("classic players=3 start_10_12=1", 12, None),
    ("cinquillo players=4", 9, None),
    ("cinquillo players=3", 13, "easy"),
    ("bastard players=4", 10, "random"),
    ("junior10 players=2", 11, "easy"),
)

buf = bytearray(32)
for text, seed, level in CASES:
    rules = parse_rules(text)
    s = State(rules, seed=seed)
    rec = MatchRecord(s, seed=seed)
    rng = Rng(seed + 1000)
    bots = [make_bot(level, rules, p, seed) for p in range(rules.players)] if level else None
    views = [SeatView(rules, p) for p in range(rules.players)]
    for r in range(2):
        if r:
            s.next_round()
        while not s.is_round_over():
            if bots:
                v = views[s.turn]
                s.view_into(v)
                s.apply(bots[s.turn].choose(v))
            else:
                n = s.legal_moves(buf)
                s.apply(buf[rng.below(n)])
        rec.end_round(s)
        seat_view = export_round(s, seed=seed, seat=1)
        if s.is_match_over():
            break
    print("=== %s seed %d bots %s" % (text, seed, level))
    print(rec.text(s), end="")
    print("--- seat view of the last finished round")
    print(seat_view, end="")
"""


def test_seeded_records_match_cpython(tmp_path):
    vm_out, cp_out = run_both(RECORD_GAMES, tmp_path, "records.py")
    assert cp_out.count("=== ") == 7 and "plays" in cp_out
    assert_same_lines(vm_out, cp_out)
