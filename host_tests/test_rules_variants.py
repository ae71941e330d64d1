"""Elfer Raus variants V1-V6 and the engine decisions (docs/rules.md)."""

import pytest
from helpers import (
    all_cards,
    assert_illegal,
    c,
    cs,
    deal_state,
    deck_cards,
    erow,
    legal,
    next_deal,
    play_round,
    refused,
)

from engine.cards import DRAW, END, PASS, REVERSE, SKIP, card
from engine.rules import hand_size_for, make_rules
from engine.state import State


def stock_first(rules, top, used):
    """A stock that starts with `top` (in order) followed by every other card not in `used`."""
    rest = deck_cards(rules)
    for x in list(top) + list(used):
        rest.remove(x)
    return list(top) + rest


# --- V1 optional pass --------------------------------------------------------------------


def test_V1_optional_pass_allowed_while_a_play_exists():
    """V1: 'a player may end the turn without playing even when a legal play exists (E12 still holds).'"""
    rules = make_rules("classic", players=2, optional_pass=1)
    s = deal_state(rules, [cs("red 12", "blue 3"), cs("red 10", "green 4")], table=erow("red", 11, 11), first=0)
    assert sorted(legal(s)) == sorted([c("red 12"), PASS])
    s.apply(PASS)
    assert s.turn == 1 and s.count[0] == 2 and s.idle == 1
    assert s.history_entry(0) == (0, PASS)


def test_V1_off_by_default():
    """V1 is a house rule: without the option a player with a legal play may not pass (E16)."""
    rules = make_rules("classic", players=2)
    assert rules.optional_pass == 0
    s = deal_state(rules, [cs("red 12", "blue 3"), cs("red 10")], table=erow("red", 11, 11), first=0)
    assert PASS not in legal(s)
    assert_illegal(s, PASS, "E16")


def test_V1_blocked_player_still_draws_under_E17():
    """V1: 'If they have no legal play, E17 applies as usual.'"""
    rules = make_rules("classic", players=2, optional_pass=1)
    s = deal_state(rules, [cs("yellow 3"), cs("red 10")], table=erow("red", 11, 11), first=0)
    assert legal(s) == [DRAW]
    assert_illegal(s, PASS, "E17")


def test_V1_no_pass_after_placing_or_after_a_playable_draw():
    """V1: the pass replaces the whole turn; once a card is placed END finishes it, and a drawn legal card
    must be played (E17)."""
    rules = make_rules("classic", players=2, optional_pass=1)
    s = deal_state(rules, [cs("red 12", "red 13", "blue 3"), cs("red 10")], table=erow("red", 11, 11), first=0)
    s.apply(c("red 12"))
    assert PASS not in legal(s) and END in legal(s)
    assert_illegal(s, PASS, ("E15", "V1"))
    used = cs("red 11", "yellow 3", "red 10")
    s2 = deal_state(
        rules,
        [cs("yellow 3"), cs("red 10")],
        stock=stock_first(rules, cs("red 12"), used),
        table=erow("red", 11, 11),
        first=0,
    )
    s2.apply(DRAW)
    assert legal(s2) == [c("red 12")]
    assert_illegal(s2, PASS, ("E17", "V1"))


def test_V1_anti_stall_suspends_pass_after_every_player_passed():
    """V1 decision: 'once every player has ended a turn in succession without placing a card, the optional pass
    is suspended, and E16 applies again, until the next card is placed.'"""
    rules = make_rules("classic", players=3, optional_pass=1)
    s = deal_state(
        rules,
        [cs("red 12", "red 13", "blue 1"), cs("red 10", "blue 2"), cs("yellow 12", "blue 4")],
        table=cs("red 11", "yellow 11"),
        first=0,
    )
    s.apply(PASS)
    s.apply(PASS)
    assert s.turn == 2 and PASS in legal(s)  # idle 2 < 3 players
    s.apply(PASS)
    assert s.turn == 0 and s.idle == 3
    assert PASS not in legal(s)
    assert legal(s) == [c("red 12")]
    assert_illegal(s, PASS, "V1")
    s.apply(c("red 12"))
    assert s.idle == 0
    s.apply(END)
    assert s.turn == 1 and PASS in legal(s)  # a card was placed: passing is allowed again


def test_V1_blocked_turns_count_toward_anti_stall():
    """V1 decision: a turn ended without placing (a blocked draw too) counts toward 'every player'."""
    rules = make_rules("classic", players=2, optional_pass=1)
    used = cs("red 11", "red 12", "blue 1", "yellow 3")
    s = deal_state(
        rules,
        [cs("red 12", "blue 1"), cs("yellow 3")],
        stock=stock_first(rules, cs("green 2"), used),
        table=erow("red", 11, 11),
        first=0,
    )
    s.apply(PASS)
    assert legal(s) == [DRAW]
    s.apply(DRAW)  # green 2 does not fit: the turn ends without a card
    assert s.turn == 0 and s.idle == 2
    assert legal(s) == [c("red 12")]


# --- V2 draw up to three -----------------------------------------------------------------


def test_V2_draws_up_to_three_stopping_at_first_legal():
    """V2: 'when blocked, draw up to three cards one at a time, stopping at the first legal one, which must be
    played (then E15 applies)'."""
    rules = make_rules("classic", players=2, draw=3)
    assert rules.draw_max == 3
    used = cs("red 11", "yellow 3", "red 13", "green 9")
    s = deal_state(
        rules,
        [cs("yellow 3", "red 13"), cs("green 9")],
        stock=stock_first(rules, cs("blue 2", "blue 5", "red 12", "red 10"), used),
        table=erow("red", 11, 11),
        first=0,
    )
    s.apply(DRAW)
    assert s.turn == 0 and legal(s) == [DRAW]
    s.apply(DRAW)
    assert s.turn == 0 and legal(s) == [DRAW]
    s.apply(DRAW)
    assert s.turn == 0 and s.drawn == 3
    assert legal(s) == [c("red 12")]
    assert_illegal(s, END, "E16")
    s.apply(c("red 12"))
    assert sorted(legal(s)) == sorted([c("red 13"), END])
    assert c("red 10") not in s.hand_cards(0)


def drawing_up_to_three():
    """V2, 2 players: P1 holds yellow 3 (nothing fits); the stock starts blue 2, red 10."""
    rules = make_rules("classic", players=2, draw=3)
    used = cs("red 11", "yellow 3", "green 9")
    return deal_state(
        rules,
        [cs("yellow 3"), cs("green 9")],
        stock=stock_first(rules, cs("blue 2", "red 10"), used),
        table=erow("red", 11, 11),
        first=0,
    )


def test_V2_stops_early_at_a_legal_second_card():
    """V2: drawing stops at the first legal card; no further draw is allowed."""
    s = drawing_up_to_three()
    left = s.stock_left
    s.apply(DRAW)
    s.apply(DRAW)
    assert legal(s) == [c("red 10")]
    assert s.stock_left == left - 2
    assert_illegal(s, DRAW, "V2")


def test_V2_refusals_while_drawing_up_to_three_cite_V2():
    """V2: between draws the player keeps drawing (no pass, no end), and the first card that fits must be played:
    those refusals cite V2, which replaces E17's single draw."""
    s = drawing_up_to_three()
    s.apply(DRAW)
    assert legal(s) == [DRAW]
    assert "draw again" in assert_illegal(s, PASS, "V2").reason
    assert_illegal(s, END, "V2")
    s.apply(DRAW)
    assert legal(s) == [c("red 10")]
    assert "must be" in assert_illegal(s, PASS, "V2").reason
    assert "must be placed" in assert_illegal(s, DRAW, "V2").reason


def test_V2_three_unplayable_cards_end_the_turn():
    """V2: after three draws without a legal card the turn ends; the cards stay in hand."""
    rules = make_rules("classic", players=2, draw=3)
    used = cs("red 11", "yellow 3", "green 9")
    s = deal_state(
        rules,
        [cs("yellow 3"), cs("green 9")],
        stock=stock_first(rules, cs("blue 2", "blue 5", "green 1", "red 12"), used),
        table=erow("red", 11, 11),
        first=0,
    )
    for _ in range(3):
        assert s.turn == 0
        s.apply(DRAW)
    assert s.turn == 1
    assert s.hand_cards(0) == sorted(cs("yellow 3", "blue 2", "blue 5", "green 1"))
    assert s.count[0] == 4


def test_V2_drawing_stops_when_the_stock_runs_out():
    """V2: 'drawing stops early when the stock runs out.'"""
    rules = make_rules("classic", players=2, draw=3)
    table = erow("red", 1, 20) + erow("blue", 1, 20) + erow("yellow", 4, 20) + erow("green", 8, 20)
    s = deal_state(
        rules,
        [cs("yellow 1"), cs("yellow 3", "green 7") + erow("green", 1, 5)],
        stock=cs("yellow 2", "green 6"),
        table=table,
        first=0,
    )
    s.apply(DRAW)
    assert s.turn == 0 and s.stock_left == 1
    s.apply(DRAW)
    assert s.stock_left == 0
    assert s.turn == 1  # turn over after two draws: the stock is empty
    assert s.count[0] == 3


def test_V2_draw_option_allows_1_or_3():
    """V2: draw is 1 (E17) or 3 (V2); other values are a RulesError listing them."""
    err = refused(make_rules, "classic", draw=2)
    assert err.option == "draw"
    assert "draw" in str(err) and "1, 3" in str(err)


def test_V1_option_values_0_or_1():
    """V1: optional_pass is on or off; other values are a RulesError listing 0, 1."""
    err = refused(make_rules, "classic", optional_pass=2)
    assert err.option == "optional_pass" and "0, 1" in str(err)
    err = refused(make_rules, "cinquillo", optional_pass=1)
    assert err.option == "optional_pass" and "cinquillo" in str(err)


# --- V3 start at 10 or 12 ------------------------------------------------------------------


def test_V3_start_ranks_drawn_from_10_or_12_at_each_deal():
    """V3: 'at each deal, each color's start rank is drawn at random from {10, 12}'; E10: the holder of red's
    start card begins."""
    rules = make_rules("classic", players=4, start_10_12=1)
    seen = [set() for _ in range(4)]
    for seed in range(24):
        s = State(rules, seed=seed)
        for col in range(4):
            assert s.start[col] in (10, 12)
            seen[col].add(s.start[col])
        for col in range(4):
            start = card(col, s.start[col])
            holders = [p for p in range(4) if start in s.hand_cards(p)]
            if holders:
                assert s.turn == holders[0] and s.forced == start
                break
    assert all(v == {10, 12} for v in seen)


def test_V3_start_ranks_redrawn_each_round():
    """V3: the draw happens 'at each deal', so later rounds draw new start ranks."""
    rules = make_rules("classic", players=3, start_10_12=1)
    s = State(rules, seed=5)
    starts = {tuple(s.start)}
    for _ in range(6):
        play_round(s)
        s.next_round()
        assert all(s.start[col] in (10, 12) for col in range(4))
        starts.add(tuple(s.start))
    assert len(starts) > 1


def test_V3_explicit_start_12_opens_red_and_row_extends_from_it():
    """V3: 'E9-E14 use it (E10: the holder of red's start card begins).'"""
    rules = make_rules("classic", players=2, start_10_12=1)
    s = deal_state(
        rules, [cs("red 12", "red 11", "yellow 11", "blue 2"), cs("yellow 10", "red 13")], start=[12, 10, 10, 12]
    )
    assert list(s.start) == [12, 10, 10, 12]
    assert s.turn == 0 and s.forced == c("red 12")
    assert legal(s) == [c("red 12")]
    s.apply(c("red 12"))
    assert sorted(legal(s)) == sorted([c("red 11"), END])  # yellow 11 cannot open yellow (start 10)
    assert_illegal(s, c("yellow 11"), "E9")
    s.apply(c("red 11"))
    s.apply(END)
    assert s.turn == 1
    assert c("yellow 10") in legal(s) and c("red 13") in legal(s)
    s.apply(c("red 13"))
    assert_illegal(s, END, "E12")  # yellow 10 is a start card now (V3 + E12)


def test_V3_explicit_deal_needs_valid_start_ranks():
    """V3: start ranks are 10 or 12; a V3 deal without them, or with 11, is refused."""
    rules = make_rules("classic", players=2, start_10_12=1)
    with pytest.raises(ValueError, match="start"):
        deal_state(rules, [cs("red 12"), cs("red 3")])
    with pytest.raises(ValueError, match="start rank 9"):
        deal_state(rules, [cs("red 12"), cs("red 3")], start=[12, 9, 10, 12])
    with pytest.raises(ValueError, match="start rank 12"):
        deal_state(make_rules("classic", players=2), [cs("red 12"), cs("red 3")], start=[12, 11, 11, 11])


def test_V3_explicit_start_rank_11_refused_under_V3():
    """V3: 'each color's start rank is drawn at random from {10, 12}' - so 11 is no V3 start rank."""
    rules = make_rules("classic", players=2, start_10_12=1)
    with pytest.raises(ValueError, match="start rank 11"):
        deal_state(rules, [cs("red 12"), cs("red 3")], start=[11, 10, 10, 12])


def test_V3_only_for_ranks_1_to_20():
    """V3: 'Only for ranks 1..20 decks.' - a RulesError naming start_10_12 for junior decks."""
    for preset in ("junior10", "junior15"):
        err = refused(make_rules, preset, start_10_12=1)
        assert err.option == "start_10_12"
        assert "start_10_12" in str(err) and "20" in str(err)
    err = refused(make_rules, "classic", start_10_12=2)
    assert "0, 1" in str(err)
    assert make_rules("three-color", start_10_12=1).start_10_12 == 1


# --- V4 junior and V5 three colors -----------------------------------------------------------


@pytest.mark.parametrize("preset,ranks,start", [("junior10", 10, 6), ("junior15", 15, 8)])
def test_V4_junior_presets_use_E3_deck_and_E4_start(preset, ranks, start):
    """V4: 'Junior: E3/E4.' - ranks 1..10 or 1..15, start rank 6 or 8, opening with red's start card."""
    rules = make_rules(preset, players=3)
    assert (rules.ranks, rules.start_rank, rules.colors) == (ranks, start, 4)
    s = State(rules, seed=2)
    assert max(x & 31 for x in all_cards(s)) == ranks
    red = card(0, start)
    holders = [p for p in range(3) if red in s.hand_cards(p)]
    if holders:
        assert s.turn == holders[0] and legal(s) == [red]
    play_round(s)
    assert s.is_round_over()


def test_V5_three_colors_opening_order_skips_green():
    """V5: 'Three colors: E2.' - with no red/yellow/blue 11 dealt the left of the dealer begins (no green)."""
    rules = make_rules("three-color", players=3)
    assert rules.colors == 3
    s = deal_state(rules, [cs("red 3"), cs("blue 4"), cs("yellow 9")], dealer=1)
    assert s.turn == 2 and s.forced == 0
    s2 = deal_state(rules, [cs("red 3"), cs("blue 11"), cs("yellow 9")], dealer=1)
    assert s2.turn == 1 and s2.forced == c("blue 11")
    assert hand_size_for(rules, 3) == 15
    play_round(State(rules, seed=4))


# --- V6 action cards ------------------------------------------------------------------------


def v6(players):
    return make_rules("classic", players=players, actions=1)


def test_V6_deck_has_4_skip_and_4_reverse_hand_sizes_from_number_cards():
    """V6: '4 Skip and 4 Reverse cards, colorless, shuffled into the deck'; 'hand sizes (E6/E7) are computed
    from the number cards only'."""
    rules = v6(4)
    cards_ = deck_cards(rules)
    assert len(cards_) == 88
    assert cards_.count(SKIP) == 4 and cards_.count(REVERSE) == 4
    s = State(rules, seed=8)
    assert list(s.count) == [15, 15, 15, 15]
    assert s.stock_left == 88 - 60
    assert all_cards(s) == cards_
    assert sum(s.acts) + sum(1 for x in s.stock[s.stock_pos : s.stock_pos + s.stock_left] if x >= SKIP) == 8


def test_V6_action_card_playable_any_moment_of_own_turn_and_counts_as_play():
    """V6: 'An action card is a legal play at any moment of the player's own turn, counts as a play for E16';
    'holding an action card means a legal play exists (E16/E17)'."""
    rules = v6(3)
    s = deal_state(
        rules,
        [cs("yellow 3") + [SKIP], cs("red 12", "blue 1"), cs("green 2", "blue 2")],
        table=erow("red", 11, 11),
        first=0,
    )
    assert legal(s) == [SKIP]  # no DRAW: a legal play exists
    assert_illegal(s, DRAW, ("E16", "E17", "V6"))
    s.apply(SKIP)
    assert s.turn == 0  # the effect waits for the end of the turn
    assert legal(s) == [END]
    s2 = deal_state(
        rules,
        [cs("red 12", "blue 1", "blue 3") + [REVERSE], cs("red 13"), cs("green 2")],
        table=erow("red", 11, 11),
        first=0,
    )
    s2.apply(c("red 12"))
    assert sorted(legal(s2)) == sorted([REVERSE, END])


def test_V6_skip_next_player_loses_turn():
    """V6: 'Skip - the next player loses their turn' (effect when the turn ends)."""
    rules = v6(3)
    s = deal_state(
        rules,
        [cs("red 12", "blue 1") + [SKIP], cs("red 13", "blue 2"), cs("red 10", "blue 4")],
        table=erow("red", 11, 11),
        first=0,
    )
    s.apply(c("red 12"))
    s.apply(SKIP)
    assert s.turn == 0
    s.apply(END)
    assert s.turn == 2 and s.dir == 1
    assert s.acts[0] == 0 and s.count[0] == 1


def test_V6_reverse_flips_play_direction():
    """V6: 'Reverse - play direction flips.'"""
    rules = v6(3)
    s = deal_state(
        rules,
        [cs("red 12", "blue 1") + [REVERSE], cs("red 14", "blue 2"), cs("red 13", "blue 4")],
        table=erow("red", 11, 11),
        first=0,
    )
    s.apply(c("red 12"))
    s.apply(REVERSE)
    assert s.dir == 1  # not yet: effects apply when the turn ends
    s.apply(END)
    assert s.dir == -1 and s.turn == 2
    s.apply(c("red 13"))
    s.apply(END)
    assert s.turn == 1  # counter-clockwise now


@pytest.mark.parametrize("action", [SKIP, REVERSE])
def test_V6_two_players_skip_and_reverse_give_the_same_player_another_turn(action):
    """V6: 'with two players Reverse acts as Skip'; a Skip makes the opponent lose the turn."""
    rules = v6(2)
    s = deal_state(
        rules, [cs("red 12", "blue 1", "blue 3") + [action], cs("red 13", "blue 2")], table=erow("red", 11, 11), first=0
    )
    s.apply(c("red 12"))
    s.apply(action)
    s.apply(END)
    assert s.turn == 0
    assert s.placed == 0
    assert legal(s) == [DRAW]  # P1's red 13 stays with P1; P1 lost the turn


@pytest.mark.parametrize(
    "actions,turn,direction",
    [
        ([SKIP, SKIP], 3, 1),  # two skips: P1 and P2 lose their turns
        ([REVERSE, SKIP], 2, -1),  # Reverse first: P3 is next and is skipped
        ([SKIP, REVERSE], 2, -1),  # the order of play does not matter
        ([REVERSE, REVERSE], 1, 1),  # two reverses cancel
        ([REVERSE, SKIP, SKIP], 1, -1),
    ],
)
def test_V6_several_action_cards_add_up(actions, turn, direction):
    """V6: 'several action cards in one turn add up (Reverses first, then each Skip skips one more seat)'."""
    rules = v6(4)
    hand = cs("red 12", "blue 1") + list(actions)
    s = deal_state(
        rules,
        [hand, cs("red 13", "blue 2"), cs("red 14", "blue 4"), cs("red 10", "blue 5")],
        table=erow("red", 11, 11),
        first=0,
    )
    s.apply(c("red 12"))
    for a in actions:
        s.apply(a)
    s.apply(END)
    assert (s.turn, s.dir) == (turn, direction)


def test_V6_drawn_action_card_must_be_played():
    """V6: 'a drawn action card must be played'."""
    rules = v6(3)
    used = cs("red 11", "yellow 3", "red 13", "blue 2", "red 10", "blue 4")
    s = deal_state(
        rules,
        [cs("yellow 3"), cs("red 13", "blue 2"), cs("red 10", "blue 4")],
        stock=stock_first(rules, [SKIP], used),
        table=erow("red", 11, 11),
        first=0,
    )
    assert legal(s) == [DRAW]
    s.apply(DRAW)
    assert s.turn == 0
    assert legal(s) == [SKIP]
    assert_illegal(s, END, "E16")
    assert_illegal(s, PASS, ("E16", "E17", "V6"))
    s.apply(SKIP)
    s.apply(END)
    assert s.turn == 2


def test_V6_action_cards_count_20_penalty():
    """V6: 'Each counts 20 penalty points if left in hand.'"""
    rules = v6(3)
    s = deal_state(rules, [cs("red 11"), cs("red 5") + [SKIP, REVERSE], cs("blue 2") + [SKIP]])
    assert s.penalty(1) == 45
    s.apply(c("red 11"))
    assert s.round_scores == [0, 45, 22]
    assert s.scores == [0, 45, 22]


@pytest.mark.parametrize("action", [SKIP, REVERSE])
def test_V6_action_played_as_last_card_ends_round_without_effect(action):
    """V6: 'an action card played as the last card ends the round (E20) with no effect.'"""
    rules = v6(3)
    s = deal_state(rules, [cs("red 11") + [action], cs("red 12", "blue 2"), cs("red 10", "blue 4")])
    s.apply(c("red 11"))
    s.apply(action)
    assert s.is_round_over()
    assert s.dir == 1
    assert s.round_scores == [0, 14, 14]
    assert legal(s) == []


def test_V6_opening_still_starts_with_red_11():
    """V6 with E10: the holder of red 11 must place it first even when holding an action card."""
    rules = v6(2)
    s = deal_state(rules, [cs("red 11", "blue 1") + [SKIP], cs("red 12")])
    assert legal(s) == [c("red 11")]
    assert_illegal(s, SKIP, "E10")
    s.apply(c("red 11"))
    assert sorted(legal(s)) == sorted([SKIP, END])


def test_V6_action_cards_only_with_the_option():
    """V6: action cards exist only with actions=1; they never lie on a row; Cinquillo has no actions option."""
    with pytest.raises(ValueError, match="skip is not a card of this deck"):
        deal_state(make_rules("classic", players=2), [[SKIP], cs("red 11")])
    with pytest.raises(ValueError, match="action"):
        deal_state(v6(2), [cs("red 12"), cs("red 3")], table=cs("red 11") + [SKIP])
    s = deal_state(make_rules("classic", players=2), [cs("red 11", "blue 2"), cs("red 3")])
    s.apply(c("red 11"))
    assert_illegal(s, SKIP, ("E1", "V6", "E19"))
    err = refused(make_rules, "classic", actions=2)
    assert err.option == "actions" and "0, 1" in str(err)
    err = refused(make_rules, "cinquillo", actions=1)
    assert err.option == "actions" and "cinquillo" in str(err)


def test_V6_round_with_actions_plays_to_the_end():
    """V6: rounds with action cards end (E20) and score action cards at 20 (combined with V1 and V2)."""
    rules = make_rules("classic", players=3, actions=1, optional_pass=1, draw=3)
    for seed in range(4):
        s = State(rules, seed=seed)
        play_round(s)
        assert s.is_round_over()
        for p in range(3):
            assert s.round_scores[p] == s.penalty(p) or s.count[p] == 0


def test_V6_reverse_in_a_two_seat_tiebreak_acts_as_skip():
    """V6 with E23: a tie-break round between two of three seats is a two-player game: Reverse acts as Skip."""
    rules = make_rules("classic", players=3, actions=1, rounds=2)
    s = deal_state(rules, [cs("red 11"), cs("yellow 9"), cs("yellow 5")])
    s.apply(c("red 11"))
    next_deal(s, [cs("yellow 5"), cs("yellow 9"), cs("red 11")])
    s.apply(c("red 11"))
    assert s.pending_tiebreak == 0b101
    next_deal(s, [cs("red 11", "blue 1", "blue 3") + [REVERSE], [], cs("red 12", "blue 2")])
    s.apply(c("red 11"))
    s.apply(REVERSE)
    s.apply(END)
    assert s.turn == 0 and s.nactive == 2


def test_V6_next_round_after_actions_restores_clockwise_direction():
    """V6: a Reverse lasts for its round; the next deal plays clockwise again (E13)."""
    rules = v6(3)
    s = deal_state(
        rules,
        [cs("red 12", "blue 1") + [REVERSE], cs("red 14", "blue 2"), cs("red 13")],
        table=erow("red", 11, 11),
        first=0,
    )
    s.apply(c("red 12"))
    s.apply(REVERSE)
    s.apply(END)
    assert s.dir == -1
    s.apply(c("red 13"))
    assert s.is_round_over()
    next_deal(s, [cs("red 11", "blue 1"), cs("red 12"), cs("red 10")])
    assert s.dir == 1
    s.apply(c("red 11"))
    s.apply(END)
    assert s.turn == 1
