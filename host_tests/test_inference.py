"""engine/inference.py: the expert's worlds that fit how the others played (Cinquillo, 3-4 players)."""

import pytest
from helpers import deal_state, k, ks

from engine import inference
from engine.bots import make_bot
from engine.knowledge import Knowledge
from engine.rng import Rng
from engine.rules import make_rules
from engine.sampler import Sampler
from engine.state import State
from engine.view import SeatView

# P0 opens with the 5 of coins; P3 (next, to the right: C6) then places the 6 of coins, a
# blocker (it holds no coin beyond), although it could have opened cups with the 5 and kept
# the 6 of cups for itself.
HANDS = [
    ks("coins 5", "coins 1", "coins 2", "swords 1", "swords 2", "swords 3", "clubs 1", "clubs 2", "clubs 3", "clubs 4"),
    ks("coins jack", "coins knight", "coins king", "cups 7", "cups jack", "cups knight", "cups king")
    + ks("swords jack", "swords knight", "swords king"),
    ks("coins 3", "coins 4", "coins 7", "cups 1", "cups 2", "cups 3", "cups 4", "swords 5", "clubs 5", "clubs king"),
    ks("coins 6", "cups 5", "cups 6", "swords 4", "swords 6", "swords 7", "clubs 6", "clubs 7", "clubs jack")
    + ks("clubs knight"),
]


def played_blocker():
    rules = make_rules("cinquillo", players=4)
    s = deal_state(rules, HANDS, stock=[])
    s.apply(k("coins 5"))
    assert s.turn == 3
    s.apply(k("coins 6"))
    view = SeatView(rules, 0)
    s.view_into(view, 0)
    return rules, s, view


def move(world, card, src, dst):
    c = card >> 5
    bit = 1 << (card & 31)
    world.hands[src * 4 + c] &= ~bit
    world.hands[dst * 4 + c] |= bit


def test_C7_misfits_count_a_play_that_passed_over_a_better_card_the_world_gives():
    """In the true deal P3 held the 5 and 6 of cups when it placed the blocking 6 of coins:
    one misfit. In a world where P1 holds those cups instead, P3 had no other card: none."""
    rules, s, view = played_blocker()
    infer = inference.Consistent(Sampler(rules), 4)
    assert infer.misfits(view, s, 99) == 1
    world = State(rules, deal_now=False)
    s.copy_into(world, history=False)
    for card, instead in ((k("cups 5"), k("cups knight")), (k("cups 6"), k("cups king"))):
        move(world, card, 3, 1)
        move(world, instead, 1, 3)
    assert infer.misfits(view, world, 99) == 0
    assert infer.misfits(view, s, 1) == 1  # counting stops at the limit


def test_C7_misfits_count_every_such_play_below_or_above_the_row_up_to_the_limit():
    """After P3's blocker, P2 places the 4 of coins below the row (free: it holds the 3) while
    its 5 of clubs would have led on to its king: a second misfit. P1 and P0 pass; P3 then
    opens cups with its only card that fits: no misfit."""
    rules, s, view = played_blocker()
    assert s.turn == 2
    s.apply(k("coins 4"))
    for _ in range(2):  # P1 and P0 cannot place a card: they pass
        assert s.legal_moves(bytearray(32)) == 1
        s.apply(first_move(s))
    s.apply(k("cups 5"))
    s.view_into(view, 0)
    infer = inference.Consistent(Sampler(rules), 4)
    assert infer.misfits(view, s, 99) == 2
    # The walk undid every card: the rows are back where the round began (none open).
    assert bytes(infer.lo) == bytes(infer.hi) == bytes(4)
    assert infer.misfits(view, s, 2) == 2 and infer.misfits(view, s, 1) == 1
    # Give P2 the 2 of coins as well and take its clubs king: the 4 is now a release (it leads
    # on to the 3 and 2) and the 5 of clubs a blocker, so only P3's blocker is left.
    world = State(rules, deal_now=False)
    s.copy_into(world, history=False)
    move(world, k("coins 2"), 0, 2)
    move(world, k("clubs king"), 2, 0)
    assert infer.misfits(view, world, 99) == 1


def first_move(s):
    buf = bytearray(32)
    s.legal_moves(buf)
    return buf[0]


def test_C5_the_first_rounds_forced_opening_is_no_evidence():
    """P0 must open the first round with the 5 of coins, a blocker for it, though its 5 of
    clubs would be free (it holds the 6): that is the rule, not a choice (C5). A later
    round's opener chooses among its 5s, and there it counts."""
    rules = make_rules("cinquillo", players=4)
    hands = [
        ks("coins 5", "clubs 5", "clubs 6", "swords 1", "swords 2", "swords 3", "cups 1", "cups 2", "cups 3", "cups 4"),
        ks("coins 1", "coins 2", "coins 3", "coins 4", "cups 5", "cups 6", "cups 7", "swords 4", "swords 5")
        + ks("swords 6"),
        ks("coins 6", "coins 7", "coins jack", "coins knight", "cups jack", "cups knight", "cups king")
        + ks("swords 7", "swords jack", "swords knight"),
        ks("coins king", "swords king", "clubs 1", "clubs 2", "clubs 3", "clubs 4", "clubs 7", "clubs jack")
        + ks("clubs knight", "clubs king"),
    ]
    s = deal_state(rules, hands, stock=[])
    s.apply(k("coins 5"))
    view = SeatView(rules, 3)
    s.view_into(view, 3)
    infer = inference.Consistent(Sampler(rules), 4)
    assert view.round_no == 1 and infer.misfits(view, s, 99) == 0
    view.round_no = 2
    assert infer.misfits(view, s, 99) == 1


def test_C7_misfits_never_count_the_seats_own_plays():
    rules, s, view = played_blocker()
    s.view_into(view, 3)  # P3's own blocker is its business, not evidence
    assert inference.Consistent(Sampler(rules), 4).misfits(view, s, 99) == 0


def test_fill_keeps_the_best_fitting_of_its_deals_and_replays_it_for_every_candidate():
    rules, s, view = played_blocker()
    know = Knowledge(rules)
    know.update(view)
    plain = Sampler(rules)
    infer = inference.Consistent(Sampler(rules), 4)
    rng = Rng(11)
    start = (rng.s1, rng.s2, rng.s3)
    world = State(rules, deal_now=False)
    infer.fill(view, know, rng, world)
    after = (rng.s1, rng.s2, rng.s3)
    got = tuple(world.hands[:16])
    # The same TRIES deals by the plain sampler: the kept world fits best (the first such).
    check = Rng(0)
    check.s1, check.s2, check.s3 = start
    other = State(rules, deal_now=False)
    fits = []
    for _ in range(inference.TRIES):
        plain.fill(view, know, check, other)
        fits.append((infer.misfits(view, other, 99), tuple(other.hands[:16])))
        if fits[-1][0] == 0:
            break
    best = min(f for f, _ in fits)
    assert infer.misfits(view, world, 99) == best
    assert got == [h for f, h in fits if f == best][0]
    assert after == (check.s1, check.s2, check.s3)  # the generator stands after those deals
    # A second candidate from the same generator state gets the same world and numbers.
    rng.s1, rng.s2, rng.s3 = start
    again = State(rules, deal_now=False)
    infer.fill(view, know, rng, again)
    assert tuple(again.hands[:16]) == got and (rng.s1, rng.s2, rng.s3) == after
    # Every world is still one the public facts allow: the hidden cards, the counts.
    for p in range(4):
        assert sum(bin(world.hands[p * 4 + c]).count("1") for c in range(4)) == view.count[p]


@pytest.mark.parametrize(
    "preset,players,infers",
    [
        ("cinquillo", 4, True),
        ("cinquillo", 3, True),
        ("cinquillo", 2, False),
        ("bastard", 4, False),
        ("classic", 4, False),
    ],
)
def test_the_expert_infers_only_in_cinquillo_with_3_or_4_players(preset, players, infers):
    rules = make_rules(preset, players=players)
    bot = make_bot("expert", rules, 0, 1)
    assert isinstance(bot.kit[0], inference.Consistent) == infers
    assert bot.kit[0].COST == (inference.Consistent.COST if infers else 0) and inference.Consistent.COST > 0


def test_a_choice_is_replayed_only_for_the_same_decision():
    """The same generator state at another decision (here: another seat's view of the same
    position) makes a fresh choice, the one a new Consistent makes, not a replay."""
    rules, s, view = played_blocker()
    other = SeatView(rules, 2)
    s.view_into(other, 2)
    know = Knowledge(rules)
    know.update(view)
    shared = inference.Consistent(Sampler(rules), 4)
    world = State(rules, deal_now=False)
    shared.fill(view, know, Rng(7), world)
    got = []
    for infer in (shared, inference.Consistent(Sampler(rules), 4)):
        rng = Rng(7)
        infer.fill(other, know, rng, world)
        got.append((tuple(world.hands[:16]), rng.s1, rng.s2, rng.s3))
    assert got[0] == got[1]
    assert tuple(world.hands[8:12]) == tuple(other.hands[8:12])  # seat 2's own hand as it is


def test_E8_the_chosen_world_never_depends_on_the_hidden_cards():
    """Two deals that differ only in cards seat 0 cannot see give the same chosen world
    (a fresh Consistent each, so nothing is replayed from the first)."""
    worlds = []
    for swap in (False, True):
        rules, s, view = played_blocker()
        if swap:
            move(s, k("cups knight"), 1, 2)
            move(s, k("clubs 5"), 2, 1)
            s.view_into(view, 0)
        know = Knowledge(rules)
        know.update(view)
        world = State(rules, deal_now=False)
        rng = Rng(5)
        inference.Consistent(Sampler(rules), 4).fill(view, know, rng, world)
        worlds.append((tuple(world.hands[:16]), rng.s1, rng.s2, rng.s3))
    assert worlds[0] == worlds[1]
