"""host/research/oracle.py (issue 15): the search given the true deal, an upper bound for better sampling.
Its long runs are for docs/bots.md, not make test: here the stand-in sampler and a smoke run."""

import pytest

from engine import bot_expert
from engine.knowledge import Knowledge
from engine.rng import Rng
from engine.rules import make_rules
from engine.sampler import Sampler
from engine.state import State
from engine.view import SeatView
from host.research import oracle


def others(s, seat):
    return [list(s.hands[p * 4 : p * 4 + 4]) for p in range(s.n) if p != seat]


@pytest.mark.parametrize("preset", ["classic", "cinquillo"])
def test_E8_the_oracle_writes_the_true_deal_and_draws_what_the_sampler_draws(preset):
    """The real sampler deals the hidden cards anew; the oracle's world holds the true hands,
    and it leaves the random stream where the real sampler leaves it (the search after it runs
    unchanged)."""
    rules = make_rules(preset, players=4)
    s = State(rules, 11, 0)
    v = SeatView(rules, 0)
    s.view_into(v, s.turn)
    know = Knowledge(rules)
    know.update(v)
    real = Sampler(rules)
    world = State(rules, deal_now=False, history=64)
    a = Rng(5)
    real.fill(v, know, a, world)
    assert others(world, v.seat) != others(s, v.seat)
    stand_in = oracle.OracleSampler(Sampler(rules))
    stand_in.truth = s
    b = Rng(5)
    stand_in.fill(v, know, b, world)
    assert others(world, v.seat) == others(s, v.seat)
    assert list(world.hands[v.seat * 4 : v.seat * 4 + 4]) == list(s.hands[v.seat * 4 : v.seat * 4 + 4])
    assert world.hist_len == 0
    assert (a.s1, a.s2, a.s3) == (b.s1, b.s2, b.s3)


def test_the_oracle_seat_has_its_own_kit_and_the_other_experts_keep_the_sampler():
    rules = make_rules("classic", players=4)
    seer = oracle.make_seat("expert", rules, 0, 1, True, None)
    plain = oracle.make_seat("expert", rules, 1, 2, False, None)
    assert isinstance(seer.kit[0], oracle.OracleSampler)
    assert isinstance(plain.kit[0], Sampler)
    assert plain.kit is bot_expert.search_kit(rules)


def test_a_smoke_run_prints_its_figures(capsys):
    assert oracle.main(["--preset", "cinquillo", "--deals", "2", "--oracle", "--workers", "1"]) == 0
    lines = dict(line.split(": ") for line in capsys.readouterr().out.splitlines())
    assert lines["oracle_cinquillo_4p_expert_oracle_rounds"] == "8"
    assert 0.0 <= float(lines["oracle_cinquillo_4p_expert_oracle_winrate"]) <= 1.0


@pytest.mark.parametrize(
    "argv,says",
    [
        (["--preset", "bastard", "--players", "2"], "players=2 is not allowed"),
        (["--against", "nobody"], "unknown bot level 'nobody'"),
        (["--deals", "0"], "--deals must be at least 1"),
        (["--budget", "0"], "--budget must be at least 1"),
    ],
)
def test_bad_options_are_refused_before_any_play(argv, says):
    with pytest.raises(SystemExit) as e:
        oracle.main(argv + ["--workers", "1"])
    assert says in str(e.value)


def test_the_oracle_hidden_limit_writes_the_true_deal_only_once_the_others_hold_that_few():
    """At the first turn of 4-player Cinquillo the others hold 30 cards: a limit of 29 leaves the
    sampler's world, 30 gives the true one; the random stream is the same either way."""
    rules = make_rules("cinquillo", players=4)
    s = State(rules, 11, 0)
    v = SeatView(rules, 0)
    s.view_into(v, s.turn)
    know = Knowledge(rules)
    know.update(v)
    assert sum(v.count[p] for p in range(4) if p != v.seat) == 30
    worlds = []
    for hidden in (29, 30):
        stand_in = oracle.OracleSampler(Sampler(rules), hidden)
        stand_in.truth = s
        world = State(rules, deal_now=False, history=64)
        stand_in.fill(v, know, Rng(5), world)
        worlds.append(others(world, v.seat))
    plain = State(rules, deal_now=False, history=64)
    Sampler(rules).fill(v, know, Rng(5), plain)
    assert worlds == [others(plain, v.seat), others(s, v.seat)]
    assert worlds[0] != worlds[1]


def test_oracle_hidden_needs_the_oracle_and_a_count():
    for argv in (["--oracle-hidden", "12"], ["--oracle", "--oracle-hidden", "-1"]):
        with pytest.raises(SystemExit) as e:
            oracle.main(argv + ["--workers", "1"])
        assert "--oracle-hidden needs --oracle and a count of 0 or more" in str(e.value)
    assert (
        oracle.main(["--preset", "cinquillo", "--deals", "1", "--oracle", "--oracle-hidden", "12", "--workers", "1"])
        == 0
    )
