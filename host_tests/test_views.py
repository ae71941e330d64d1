"""Seat views (E8): a seat sees its own hand and public information, never hidden cards."""

import os
import random
import re

from gamegen import CONFIGS

from engine import turn
from engine.cards import DRAW
from engine.rules import make_rules
from engine.state import State
from engine.view import SeatView

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUBLIC = (
    "count",
    "lo",
    "hi",
    "start",
    "table",
    "stock_left",
    "turn",
    "dir",
    "placed",
    "drawn",
    "idle",
    "forced",
    "phase",
    "dealer",
    "round_no",
    "scores",
    "round_scores",
    "active",
    "nactive",
)


def play_some(rules, seed, steps):
    s = State(rules, seed=seed)
    rng = random.Random(seed)
    buf = bytearray(32)
    for _ in range(steps):
        if s.is_round_over():
            break
        s.apply(buf[rng.randrange(s.legal_moves(buf))])
    return s


def test_E8_view_holds_no_hidden_card_and_no_reference_to_the_state():
    for preset, options in CONFIGS:
        rules = make_rules(preset, **options)
        for seed in range(3):
            s = play_some(rules, seed, 25)
            for seat in range(rules.players):
                v = SeatView(rules, seat)
                s.view_into(v)
                for p in range(rules.players):
                    for c in range(4):
                        want = s.hands[p * 4 + c] if p == seat else 0
                        assert v.hands[p * 4 + c] == want
                    assert v.acts[p * 2 : p * 2 + 2] == (s.acts[p * 2 : p * 2 + 2] if p == seat else b"\0\0")
                assert not hasattr(v, "stock") and not hasattr(v, "stock_pos") and not hasattr(v, "rng")
                state_objects = [id(x) for x in vars(s).values() if not isinstance(x, (int, str))]
                for name, value in vars(v).items():
                    if name == "rules":
                        continue  # immutable configuration, public
                    assert value is not s and id(value) not in state_objects, name
                for name in PUBLIC:
                    a, b = getattr(v, name), getattr(s, name)
                    assert (list(a) if isinstance(a, (bytearray, list)) else a) == (
                        list(b) if isinstance(b, (bytearray, list)) else b
                    ), name


def test_E8_history_in_a_view_never_names_a_drawn_card():
    rules = make_rules("classic", players=3)
    s = play_some(rules, 4, 400)
    v = SeatView(rules, 1)
    s.view_into(v)
    draws = [v.history_entry(i) for i in range(v.hist_len) if v.history_entry(i)[1] == DRAW]
    assert draws, "the test game should contain draws"
    assert [v.history_entry(i) for i in range(v.hist_len)] == [s.history_entry(i) for i in range(s.hist_len)]


def test_E8_legal_moves_from_the_view_equal_those_from_the_state():
    buf1, buf2 = bytearray(32), bytearray(32)
    for preset, options in CONFIGS:
        rules = make_rules(preset, **options)
        s = play_some(rules, 9, 30)
        if s.is_round_over():
            continue
        v = SeatView(rules, s.turn)
        s.view_into(v)
        n1 = s.legal_moves(buf1)
        n2 = turn.legal_moves(v, buf2)
        assert buf1[:n1] == buf2[:n2]


def test_view_is_refilled_incrementally_across_rounds():
    rules = make_rules("cinquillo", players=3, rounds=3)
    s = State(rules, seed=2)
    v = SeatView(rules, 0)
    buf = bytearray(32)
    while not s.is_match_over():
        if s.is_round_over():
            s.next_round()
        else:
            s.apply(buf[0] if s.legal_moves(buf) else 0)
        s.view_into(v)
        assert v.hist_len == s.hist_len
        assert [v.history_entry(i) for i in range(v.hist_len)] == [s.history_entry(i) for i in range(s.hist_len)]


# A rule's heading in docs/rules.md: "**E17. ...**" at the start of a line. Card tokens
# (B20, C10, R11) never stand there, so they cannot pass for rule ids.
RULE_HEADING = re.compile(r"^\*\*([ECVB])(\d{1,2})\. ", re.M)
# How many rules each family of the spec numbers: E1-E23, V1-V6, C1-C9, B1-B5.
RULE_FAMILIES = {"E": 23, "V": 6, "C": 9, "B": 5}


def rule_ids():
    """The rule ids of the project's rules document (the repository stands alone)."""
    with open(os.path.join(ROOT, "docs", "rules.md"), encoding="utf-8") as f:
        text = f.read()
    return [letter + number for letter, number in RULE_HEADING.findall(text)]


def test_rule_ids_come_from_the_rules_document_in_order_and_whole():
    ids = rule_ids()
    want = [f + str(n) for f in "EVCB" for n in range(1, RULE_FAMILIES[f] + 1)]
    assert ids == want


def test_rule_id_pattern_does_not_take_card_tokens():
    text = "**E4. Start rank.** Blue 20 is `B20`; cups jack is `C10`.\nB20 and C10 and R11 are cards.\n"
    assert RULE_HEADING.findall(text) == [("E", "4")]


def test_nothing_in_the_repository_reads_or_cites_a_path_outside_it():
    """A user clones only this repository: no file may lead to a folder beside it."""
    skip = {".git", ".venv", "node_modules", "build", "__pycache__", ".hypothesis", ".pytest_cache", ".ruff_cache"}
    offenders = []
    for top, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in skip]
        for fn in files:
            if not fn.endswith((".py", ".md", ".mjs", ".js", ".json", ".toml", ".txt", ".html")) and fn != "Makefile":
                continue
            path = os.path.join(top, fn)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            if re.search(r"(\.\./|\b)shared/(rules-reference|toolchain-notes|seeds)", text):
                offenders.append(os.path.relpath(path, ROOT))
    assert not offenders, "files that point outside the repository: %s" % offenders


def test_every_rule_id_is_cited_by_a_test_name():
    """Each rule id of the spec names at least one test (test_<ID>_...)."""
    ids = rule_ids()
    assert len(ids) == sum(RULE_FAMILIES.values())
    names = []
    for fn in os.listdir(os.path.join(ROOT, "host_tests")):
        if fn.endswith(".py"):
            with open(os.path.join(ROOT, "host_tests", fn)) as f:
                names += re.findall(r"def (test_\w+)", f.read())
    missing = [i for i in ids if not any(n.startswith("test_%s_" % i) for n in names)]
    assert not missing, "rule ids without a test: %s" % missing
