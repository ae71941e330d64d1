"""engine/value.py and host/research/fitvalue.py (issue 15): the expert's learned value over its advisor's
moves. The table the device reads predicts what the fitter fitted; the features it reads from the
view are the labels' columns; only the rules it was fitted for load it."""

import csv
import importlib
import types

import pytest

from engine import bot_expert, turn, value
from engine.cards import END
from engine.rules import make_rules
from engine.state import State
from engine.view import SeatView
from host.research import fitvalue, onestep
from host.research.tournament import rules_for

DEALS = {"classic": (0, 1, 2), "bastard": tuple(range(12))}  # Bastard's rounds are short
GAMES = sorted(DEALS)


def write_labels(path, game, deals):
    """host/research/onestep.py's rows for some deals of a game (4 players), as its CSV."""
    rows = [row for d in deals for row in onestep.label_deal((game, 4, d))[0]]
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(("deal", "seat", "decision", "move", "advisor", "won", "score") + onestep.FEATURES[game])
        out.writerows(rows)
    return str(path)


@pytest.fixture(scope="module")
def labels(tmp_path_factory):
    return write_labels(tmp_path_factory.mktemp("labels") / "classic.csv", "classic", DEALS["classic"])


def load_table(path):
    spec = importlib.util.spec_from_file_location("table_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_predicts_on_the_device_what_the_fitter_fitted(labels, tmp_path, capsys):
    out = tmp_path / "table.py"
    argv = [labels, "--trees", "4", "--depth", "3", "--min-leaf", "20", "--out", str(out)]
    assert fitvalue.main(argv) == 0
    figures = dict(line.split(": ") for line in capsys.readouterr().out.splitlines())
    table = load_table(out)
    assert (table.DEPTH, table.TREES) == (3, 4)
    assert int(figures["fitvalue_table_bytes"]) == len(table.TABLE) == 4 * (7 * 2 + 8)
    X, y, deal, group, rounds, game = fitvalue.load([labels])
    assert game == "classic"
    assert rounds == 4 * len(DEALS[game]) and len(y) == int(figures["fitvalue_pairs"]) > 300
    base, model = fitvalue.fit(X, y, 4, 3, 0.2, 20)
    host = fitvalue.predict(X, base, model, 3)
    device = [value.predict(table, [int(v) for v in row]) for row in X]
    assert device == list(host)
    assert len(set(device)) > 4  # the trees split: a constant would pass the line above
    # The same labels fit to the same table, byte for byte.
    assert fitvalue.main(argv[:-1] + [str(tmp_path / "again.py")]) == 0
    assert (tmp_path / "again.py").read_bytes() == out.read_bytes()


def test_the_features_the_expert_reads_are_the_labels_columns(labels, monkeypatch):
    """engine/value.py builds each pair's features from the view; host/research/fitvalue.py from the
    labels' CSV (the moves' columns come from engine/value.py's elfer_move, the decision's from
    host/research/onestep.py's context). The same decisions must give the same numbers, in the same
    order, or the trees read other features on the device than they were fitted to."""
    X, _, deal, group, _, _ = fitvalue.load([labels])
    rules = rules_for("classic", (("players", 4),))
    seen = []
    monkeypatch.setattr(value, "predict", lambda model, f: seen.append(list(f)) or -1)
    table = object()
    view = SeatView(rules, 0)
    moves = bytearray(64)
    for d in DEALS["classic"]:
        for k in range(4):
            s = State(rules, onestep.DEAL_BASE + d, 0)
            bots = onestep.lineup(rules, k)
            while not s.is_round_over():
                p = s.turn
                s.view_into(view, p)
                m = bots[p].choose(view)
                n = turn.legal_moves(view, moves)
                if p == k and n > 1:
                    bots[k].model = table
                    assert value.refine(bots[k], view, m, moves, n) == m
                s.apply(m)
    assert seen == [[int(v) for v in row] for row in X]
    assert len({row[0] for row in seen}) > 2  # several kinds of the advisor's moves


@pytest.mark.parametrize("preset,players", sorted(bot_expert.VALUES))
def test_the_shipped_tables_were_fitted_to_the_features_the_engine_reads_today(tmp_path, preset, players):
    """A table records a checksum of its labels' first deal's features: dealt and labelled
    again, they must match, or the table no longer reads what it was fitted to (new features,
    another release worth, other bots' play): fit it again (docs/bots.md gives the commands)."""
    table = importlib.import_module(bot_expert.VALUES[(preset, players)])

    path = tmp_path / "probe.csv"
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(("deal", "seat", "decision", "move", "advisor", "won", "score") + onestep.FEATURES[preset])
        out.writerows(onestep.label_deal((preset, players, table.PROBE[0]))[0])
    X, _, deal, _, _, _ = fitvalue.load([str(path)])
    assert len(X) > 30
    assert fitvalue.probe(X, deal, table.PROBE[0]) == table.PROBE[1]
    X[len(X) // 2, 8] += 1  # one release worth one step off: the checksum sees it
    assert fitvalue.probe(X, deal, table.PROBE[0]) != table.PROBE[1]


def test_the_expert_loads_a_value_only_for_the_rules_it_was_fitted_to():
    from engine import value_classic2, value_classic3, value_classic4

    def kit_advisor(preset, **options):
        return bot_expert.search_kit(make_rules(preset, **options))[5]

    assert kit_advisor("classic").refine is value.refine  # 4 players by default
    assert kit_advisor("classic").model is value_classic4
    assert kit_advisor("classic", players=3).model is value_classic3  # each player count its own labels
    assert kit_advisor("classic", players=2).model is value_classic2
    assert kit_advisor("classic", players=3, limit=100).refine is value.refine
    assert kit_advisor("classic", limit=100, rounds=3).refine is value.refine  # match options play the same rounds

    def kit_refine(preset, **options):
        return kit_advisor(preset, **options).refine

    assert kit_refine("classic", players=2, draw=3) is None  # V2
    assert kit_refine("classic", optional_pass=1) is None  # V1: a pass the labels never had
    assert kit_refine("classic", players=3, draw=3) is None  # V2
    assert kit_refine("classic", actions=1) is None
    assert kit_refine("three-color") is None
    assert kit_refine("cinquillo") is None
    assert bot_expert.Advisor.refine is None  # the master's playout advisors stay plain


def table_of(leaf_left, leaf_right, kinds_left, base=0):
    """A one-tree, one-split model: alternatives whose kind is in kinds_left get leaf_left."""
    mask = 0
    for kind in kinds_left:
        mask |= 1 << onestep.ELFER_KINDS.index(kind)
    table = bytes((1, mask, leaf_left & 0xFF, leaf_right & 0xFF))
    return types.SimpleNamespace(DEPTH=1, TREES=1, BASE=base, TABLE=table)


def a_decision_where_ending_the_turn_is_not_the_advisors_move():
    rules = rules_for("classic", (("players", 4),))
    view = SeatView(rules, 0)
    moves = bytearray(64)
    for d in range(20):
        s = State(rules, onestep.DEAL_BASE + d, 0)
        bots = onestep.lineup(rules, 0)
        while not s.is_round_over():
            p = s.turn
            s.view_into(view, p)
            m = bots[p].choose(view)
            n = turn.legal_moves(view, moves)
            if p == 0 and m != END and END in moves[:n] and n > 2:
                return bots[0], view, m, moves, n
            s.apply(m)
    raise AssertionError("no such decision in 20 deals")


def test_the_expert_takes_the_alternative_the_value_says_gains():
    adv, view, first, moves, n = a_decision_where_ending_the_turn_is_not_the_advisors_move()
    not_end = [k for k in onestep.ELFER_KINDS if k != "end"]
    adv.model = table_of(-100, 50, not_end)
    assert value.refine(adv, view, first, moves, n) == END
    # The highest of several gains: ending the turn (+50) over the other kinds (+20).
    adv.model = table_of(20, 50, not_end)
    assert value.refine(adv, view, first, moves, n) == END
    adv.model = table_of(50, 20, not_end)
    assert value.refine(adv, view, first, moves, n) not in (END, first)
    # A gain of 0 or less keeps the advisor's move.
    adv.model = table_of(-100, 0, not_end)
    assert value.refine(adv, view, first, moves, n) == first
    adv.model = table_of(-100, 50, not_end, base=-60)
    assert value.refine(adv, view, first, moves, n) == first


def test_E23_a_tie_break_round_among_fewer_seats_keeps_the_advisors_move():
    adv, view, first, moves, n = a_decision_where_ending_the_turn_is_not_the_advisors_move()
    adv.model = table_of(-100, 50, [k for k in onestep.ELFER_KINDS if k != "end"])
    view.nactive = 3  # the labels all had four seats in play
    assert value.refine(adv, view, first, moves, n) == first


@pytest.mark.parametrize(
    "argv,says",
    [
        (["--depth", "0"], "--depth must be at least 1"),
        (["--depth", "7"], "--depth must be at most 6"),
        (["--rate", "0"], "--rate must be above 0"),
        (["--trees", "0"], "--trees must be at least 1"),
        (["--penalty", "-40"], "--penalty must be 0 (rounds won only) or more"),
    ],
)
def test_fitvalue_refuses_bad_options_and_writes_nothing(labels, argv, says, tmp_path):
    out = tmp_path / "table.py"
    with pytest.raises(SystemExit) as e:
        fitvalue.main([labels, "--out", str(out)] + argv)
    assert says in str(e.value)
    assert not out.exists()


def test_penalty_labels_weigh_a_won_round_against_the_seats_own_penalty(labels, tmp_path, capsys):
    """--penalty P (the 2-player table): each pair's target is the alternative's (won - score / P)
    less the advisor's move's, from the same rows; the table records it."""
    X, won, deal, group, _, _ = fitvalue.load([labels])
    X40, y40, _, _, _, _ = fitvalue.load([labels], 40)
    assert (X40 == X).all()
    with open(labels, newline="") as f:
        rows = list(csv.DictReader(f))
    score = {}
    for r in rows:
        score.setdefault((int(r["deal"]), int(r["seat"]), int(r["decision"])), []).append(
            (int(r["advisor"]), float(r["score"]))
        )
    diffs = []
    for key in sorted(score):
        mine = [sc for flag, sc in score[key] if flag][0]
        diffs += [sc - mine for flag, sc in score[key] if not flag]
    assert len(diffs) == len(y40) and any(diffs)
    assert [round(v, 9) for v in y40] == [round(w - d / 40, 9) for w, d in zip(won, diffs, strict=True)]
    out = tmp_path / "table.py"
    argv = [labels, "--penalty", "40", "--trees", "2", "--depth", "2", "--min-leaf", "20", "--out", str(out)]
    assert fitvalue.main(argv) == 0
    assert "the round won, less the seat's penalty over 40 (--penalty)" in out.read_text()


def test_fitvalue_refuses_labels_of_another_game(tmp_path):
    path = tmp_path / "cinquillo.csv"
    with open(path, "w", newline="") as f:
        head = ("deal", "seat", "decision", "move", "advisor", "won", "score") + onestep.FEATURES["cinquillo"]
        csv.writer(f).writerow(head)
    with pytest.raises(SystemExit) as e:
        fitvalue.main([str(path), "--out", str(tmp_path / "table.py")])
    assert "is not a host/research/onestep.py CSV of bastard or classic (its columns: deal, seat" in str(e.value)
    assert not (tmp_path / "table.py").exists()


def test_fitvalue_refuses_labels_that_mix_games(tmp_path):
    paths = [write_labels(tmp_path / (game + ".csv"), game, DEALS[game][:1]) for game in GAMES]
    with pytest.raises(SystemExit) as e:
        fitvalue.main(paths + ["--out", str(tmp_path / "table.py")])
    assert "the labels mix games (bastard, classic)" in str(e.value)
    assert not (tmp_path / "table.py").exists()


def test_bastard_labels_are_cross_validated_but_give_no_table(tmp_path, capsys):
    """host/research/onestep.py labels Bastard too, and fitvalue cross-validates a value over them (the
    measurement in docs/bots.md); engine/value.py reads Elfer Raus moves only, so no table."""
    path = write_labels(tmp_path / "bastard.csv", "bastard", DEALS["bastard"])
    X, y, _, _, rounds, game = fitvalue.load([path])
    assert game == "bastard" and rounds == 4 * len(DEALS["bastard"]) and len(y) > 100
    assert {2, 3} <= {int(k) for k in X[:, 1]} <= {1, 2, 3}  # a 5, the next card of a row, a jump (B2)
    assert fitvalue.main([path, "--folds", "2", "--trees", "2", "--depth", "2", "--min-leaf", "20"]) == 0
    assert "fitvalue_cv_gain_points: " in capsys.readouterr().out
    with pytest.raises(SystemExit) as e:
        fitvalue.main([path, "--out", str(tmp_path / "table.py")])
    assert "engine/value.py reads the moves of classic only: bastard labels" in str(e.value)
    assert not (tmp_path / "table.py").exists()
