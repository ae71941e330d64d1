"""host/research/onestep.py (issue 15): each move's worth with the true deal, one move ahead. Its long runs
are for docs/bots.md, not make test: here the labels' fidelity and a smoke run."""

import csv

import pytest

from host.research import onestep


# Classic deal 4: play-outs that start without the history (Knowledge's facts) end 2 rounds otherwise.
@pytest.mark.parametrize("preset,deal", [("classic", 4), ("cinquillo", 3), ("bastard", 0)])
def test_the_advisors_own_move_is_labelled_with_the_round_it_really_played(preset, deal):
    # The play-out of a move starts fresh bots on a copy of the game: if they did not read the
    # history as the real ones do, or the copy lost part of the state, the advisor's own move
    # would be labelled with another round than the one that followed it.
    rows, real = onestep.label_deal((preset, 4, deal))
    mine = [r for r in rows if r[4]]
    assert len({(r[1], r[2]) for r in rows}) == len(mine) > 10  # one advisor's move a decision
    for r in mine:
        assert (r[5], r[6]) == real[r[1]]
    # ... while the other moves are played out, not copied from it: some lead to another round.
    assert any((r[5], r[6]) != real[r[1]] for r in rows if not r[4])


def test_a_smoke_run_writes_a_row_per_legal_move_and_prints_its_figures(tmp_path, capsys):
    out = tmp_path / "labels.csv"
    assert onestep.main(["--preset", "classic", "--deals", "1", "--workers", "1", "--out", str(out)]) == 0
    lines = dict(line.split(": ") for line in capsys.readouterr().out.splitlines())
    with open(out, newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == ["deal", "seat", "decision", "move", "advisor", "won", "score"] + list(
        onestep.FEATURES["classic"]
    )
    assert lines["onestep_classic_4p_rounds"] == "4"
    assert int(lines["onestep_classic_4p_rows"]) == len(rows)
    assert int(lines["onestep_classic_4p_decisions"]) == sum(int(r["advisor"]) for r in rows)
    assert 0.0 <= float(lines["onestep_classic_4p_true_deal_gain"]) <= 1.0


@pytest.mark.parametrize(
    "argv,says",
    [
        (["--deals", "0"], "--deals must be at least 1"),
        (["--seed", "-1"], "--seed must be 0 or more"),
        (["--preset", "bastard", "--layout", "classic"], "--layout classic does not read bastard's moves"),
        (["--preset", "classic", "--layout", "cinquillo"], "--layout cinquillo does not read classic's moves"),
    ],
)
def test_bad_options_are_refused_before_any_play(argv, says, tmp_path):
    with pytest.raises(SystemExit) as e:
        onestep.main(argv + ["--workers", "1", "--out", str(tmp_path / "x.csv")])
    assert says in str(e.value)
    assert not (tmp_path / "x.csv").exists()


def test_cinquillo_moves_read_with_the_classic_tables_features(tmp_path, capsys):
    """--layout classic: Cinquillo's moves as engine/value.py elfer_move reads them (a 5 is a start
    card, then releases, free cards and bottlenecks), so the classic fitter takes the labels."""
    out = tmp_path / "labels.csv"
    argv = ["--preset", "cinquillo", "--layout", "classic", "--deals", "1", "--workers", "1", "--out", str(out)]
    assert onestep.main(argv) == 0
    assert "onestep_cinquillo_4p_rounds: 4" in capsys.readouterr().out
    with open(out, newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0])[7:] == list(onestep.FEATURES["classic"])
    kinds = {onestep.ELFER_KINDS[int(r["kind"])] for r in rows}
    assert {"start", "release"} <= kinds <= {"pass", "start", "release", "free", "bottleneck"}
