"""Elfer Raus rules E1-E23 and the engine decisions (docs/rules.md)."""

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
    seats,
    snapshot,
)

from engine import deal
from engine.cards import DRAW, END, PASS, REVERSE, SKIP, card
from engine.errors import RulesError
from engine.rng import Rng
from engine.rules import hand_size_for, make_rules
from engine.rules_text import parse_rules
from engine.state import State
from engine.turn import legal_moves as view_legal_moves
from engine.view import SeatView


def classic(**opts):
    return make_rules("classic", **opts)


# --- Deck: E1-E4 -----------------------------------------------------------------


def test_E1_standard_deck_is_80_cards_four_colors_ranks_1_to_20():
    """E1: 'Standard deck: 4 colors (red, yellow, blue, green) x ranks 1..20 = 80 cards. No jokers.'"""
    rules = classic(players=4)
    s = State(rules, seed=3)
    expected = sorted(card(col, r) for col in range(4) for r in range(1, 21))
    assert deck_cards(rules) == expected
    assert all_cards(s) == expected
    assert sum(s.count) + s.stock_left == 80
    assert SKIP not in all_cards(s) and REVERSE not in all_cards(s)


def test_E1_card_outside_the_deck_is_refused():
    """E1: ranks run 1..20 only; a 'red 21' is no card, in a deal or as a move."""
    rules = classic(players=2)
    with pytest.raises(ValueError, match="not a card of this deck"):
        deal_state(rules, [[card(0, 21)], cs("red 11")])
    s = deal_state(rules, [cs("red 11", "red 12"), cs("yellow 3")], first=0)
    s.apply(c("red 11"))
    assert_illegal(s, card(0, 21), "E1")


def test_E2_three_color_deck_has_60_cards_without_green():
    """E2: 'Three-color edition: red, yellow, blue only, 60 cards.'"""
    rules = make_rules("three-color", players=3)
    assert rules.colors == 3
    expected = sorted(card(col, r) for col in range(3) for r in range(1, 21))
    assert deck_cards(rules) == expected
    assert all_cards(State(rules, seed=5)) == expected
    with pytest.raises(ValueError, match="green 11 is not a card of this deck"):
        deal_state(rules, [cs("green 11"), cs("red 1"), cs("red 2")])


def test_E2_green_card_is_not_playable_in_three_color_game():
    """E2: green is not part of the three-color deck, so it can never be played."""
    rules = make_rules("three-color", players=2)
    s = deal_state(rules, [cs("red 11", "red 12"), cs("yellow 3")], first=0)
    s.apply(c("red 11"))
    e = assert_illegal(s, c("green 11"), "E2")  # E1's green is what E2 takes out
    assert "green 11 is not a card of this deck" in e.reason


@pytest.mark.parametrize(
    "preset,opts,colors,ranks",
    [
        ("junior10", {}, 4, 10),
        ("junior15", {}, 4, 15),
        ("three-color", {"ranks": 10}, 3, 10),
        ("junior10", {"colors": 3}, 3, 10),
        ("three-color", {"ranks": 15}, 3, 15),
    ],
)
def test_E3_junior_decks_ranks_1_to_10_or_15(preset, opts, colors, ranks):
    """E3: 'Junior edition: ranks 1..10 or 1..15 (4 colors unless combined with E2).'"""
    rules = make_rules(preset, players=3, **opts)
    assert (rules.colors, rules.ranks) == (colors, ranks)
    expected = sorted(card(col, r) for col in range(colors) for r in range(1, ranks + 1))
    assert all_cards(State(rules, seed=11)) == expected


def test_E3_rank_beyond_junior_deck_is_refused():
    """E3: a junior 1..10 deck has no 11; dealing or playing one is refused."""
    rules = make_rules("junior10", players=2)
    with pytest.raises(ValueError, match="red 11 is not a card of this deck"):
        deal_state(rules, [cs("red 11"), cs("red 1")])
    s = deal_state(rules, [cs("red 6", "red 7"), cs("yellow 3")], first=0)
    s.apply(c("red 6"))
    assert_illegal(s, c("red 11"), "E3")  # a card of E1's deck, but not of the junior deck
    assert_illegal(s, 21, "E1")  # rank 21 (red): in no deck at all


@pytest.mark.parametrize("preset,start", [("classic", 11), ("junior15", 8), ("junior10", 6)])
def test_E4_start_rank_is_n_div_2_plus_1(preset, start):
    """E4: 'for a deck of ranks 1..N the start rank is N//2 + 1 (1..10 -> 6, 1..15 -> 8, 1..20 -> 11).'"""
    rules = make_rules(preset, players=2)
    assert rules.start_rank == start
    s = deal_state(rules, [[card(1, start), card(1, start + 1), card(1, start - 1)], [card(2, start - 1)]])
    assert list(s.start[:4]) == [start] * 4
    # E11: red's start card is in the stock, so the yellow start card opens.
    assert s.turn == 0 and s.forced == card(1, start)
    assert legal(s) == [card(1, start)]
    s.apply(card(1, start))
    assert sorted(legal(s)) == sorted([card(1, start - 1), card(1, start + 1), END])


def test_E4_junior10_opens_with_red_6_and_a_5_cannot_open():
    """E4: in junior 1..10 the 6 opens a row; a 5 on a closed row is refused under E9."""
    rules = make_rules("junior10", players=2)
    s = deal_state(rules, [cs("red 6", "yellow 5", "yellow 6"), cs("blue 1")])
    assert legal(s) == [c("red 6")]  # E10 with the junior start rank
    s.apply(c("red 6"))
    assert_illegal(s, c("yellow 5"), "E9")
    assert c("yellow 6") in legal(s)


# --- Players and deal: E5-E8 --------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_E5_two_to_six_players_accepted(players):
    """E5: '2 to 6 players, no teams.'"""
    rules = classic(players=players)
    s = State(rules, seed=1)
    assert s.n == players and s.nactive == players
    assert sum(s.active) == players


@pytest.mark.parametrize("players", [1, 7, 0])
def test_E5_players_outside_2_to_6_raise_rules_error(players):
    """E5: '2 to 6 players' - other counts are a RulesError naming the option and 2..6."""
    err = refused(classic, players=players)
    assert err.option == "players"
    assert "players" in str(err) and "2..6" in str(err)


def test_E5_first_dealer_is_chosen_and_deal_passes_clockwise_each_round():
    """E5: 'The first dealer is chosen by agreement... The deal passes one seat clockwise after every round.'"""
    rules = classic(players=4)
    s = State(rules, seed=21, dealer=2)
    assert s.dealer == 2
    dealers = [s.dealer]
    for _ in range(5):
        play_round(s)
        s.next_round()
        dealers.append(s.dealer)
    assert dealers == [2, 3, 0, 1, 2, 3]
    assert s.round_no == 6


def test_E5_dealer_must_be_a_seat():
    """E5: the dealer is one of the seats; anything else is refused."""
    with pytest.raises(ValueError):
        State(classic(players=3), seed=0, dealer=3)
    with pytest.raises(ValueError):
        State(classic(players=3), seed=0, dealer=-1)


@pytest.mark.parametrize("players,size", [(2, 20), (3, 20), (4, 15), (5, 12), (6, 10)])
def test_E6_hand_sizes_80_card_deck(players, size):
    """E6: '80-card deck: 2 or 3 players 20 each, 4 players 15, 5 players 12, 6 players 10. Undealt = stock.'"""
    rules = classic(players=players)
    assert hand_size_for(rules, players) == size
    s = State(rules, seed=4)
    assert list(s.count) == [size] * players
    assert s.stock_left == 80 - size * players


def _replay_deal(rules, rng, dealer, players):
    """Reproduce E6: shuffle with the State's PRNG, deal one at a time clockwise from the dealer's left."""
    deck = bytearray(96)
    size = deal.build_deck(rules, deck)
    rng.shuffle(deck, size)
    hand = hand_size_for(rules, players)
    hands = [[] for _ in range(players)]
    for i in range(hand * players):
        hands[(dealer + 1 + i) % players].append(deck[i])
    return [sorted(h) for h in hands], list(deck[hand * players : size])


def test_E6_cards_dealt_one_at_a_time_clockwise_from_dealers_left():
    """E6: 'Cards are dealt one at a time clockwise starting left of the dealer.'"""
    rules = classic(players=3)
    s = State(rules, seed=77, dealer=1)
    hands, stock = _replay_deal(rules, Rng(77), 1, 3)
    assert [s.hand_cards(p) for p in range(3)] == hands
    assert list(s.stock[s.stock_pos : s.stock_pos + s.stock_left]) == stock
    # Next round: the deal passes clockwise and starts left of the new dealer.
    play_round(s)
    rng = Rng(0)
    s.rng.copy_into(rng)
    s.next_round()
    assert s.dealer == 2
    hands, _ = _replay_deal(rules, rng, 2, 3)
    assert [s.hand_cards(p) for p in range(3)] == hands


@pytest.mark.parametrize(
    "preset,opts,sizes",
    [
        ("three-color", {}, [15, 15, 11, 9, 7]),  # 60 cards
        ("junior15", {}, [15, 15, 11, 9, 7]),  # 60 cards
        ("junior10", {}, [10, 10, 7, 6, 5]),  # 40 cards
        ("junior10", {"colors": 3}, [7, 7, 5, 4, 3]),  # 30 cards
        ("three-color", {"ranks": 15}, [11, 11, 8, 6, 5]),  # 45 cards, by the E7 formula
    ],
)
def test_E7_hand_sizes_for_other_decks(preset, opts, sizes):
    """E7: 'hand size = min(floor(deck/4), floor(3*deck/4 / players))' (60: 15,15,11,9,7; 40: 10,10,7,6,5;
    30: 7,7,5,4,3)."""
    for players, size in zip(range(2, 7), sizes, strict=True):
        rules = make_rules(preset, players=players, **opts)
        deck = rules.colors * rules.ranks
        assert hand_size_for(rules, players) == size
        s = State(rules, seed=players)
        assert list(s.count) == [size] * players
        assert s.stock_left == deck - size * players


def test_E8_seat_view_hides_other_hands_and_stock():
    """E8: 'Hands are private... no bot may read them (a bot sees only what a seated human would see).'"""
    rules = classic(players=3)
    s = State(rules, seed=9)
    for seat in range(3):
        v = SeatView(rules, seat)
        s.view_into(v)
        for p in range(3):
            masks = v.hands[p * 4 : p * 4 + 4]
            if p == seat:
                assert masks == s.hands[p * 4 : p * 4 + 4]
            else:
                assert masks == [0, 0, 0, 0]
        assert list(v.count) == list(s.count)  # hand sizes are public
        assert not hasattr(v, "stock") and not hasattr(v, "rng")
    # The seat on turn computes the same legal moves from its view.
    v = SeatView(rules, s.turn)
    s.view_into(v)
    buf = bytearray(32)
    n = view_legal_moves(v, buf)
    assert list(buf[:n]) == legal(s)


def test_E8_view_history_never_names_a_drawn_card():
    """E8: a draw is public, the drawn card is not: history records only 'draw'."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("yellow 3", "yellow 4"), cs("red 11", "blue 2")], stock=None, first=0)
    assert legal(s) == [DRAW]
    s.apply(DRAW)
    v = SeatView(rules, 1)
    s.view_into(v)
    assert v.history_entry(0) == (0, DRAW)
    assert v.hands[0:4] == [0, 0, 0, 0]


# --- Opening: E9-E12 ----------------------------------------------------------------


def test_E9_only_the_start_card_opens_a_row():
    """E9: 'The start card (the 11) of a color is the only way to open that color's row.'"""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11", "yellow 10", "yellow 12", "blue 11"), cs("green 3")], first=0)
    s.apply(c("red 11"))
    moves = legal(s)
    assert c("yellow 10") not in moves and c("yellow 12") not in moves
    assert c("blue 11") in moves
    e = assert_illegal(s, c("yellow 12"), "E9")
    assert "yellow" in e.reason


def test_E10_holder_of_red_11_begins_by_playing_it():
    """E10: 'the holder of red 11 begins, and plays red 11 as the first card of that turn (the turn then
    continues under E13-E15).'"""
    rules = classic(players=3)
    s = deal_state(rules, [cs("red 10", "yellow 11"), cs("red 11", "red 12", "blue 3"), cs("green 5")], dealer=0)
    assert s.turn == 1 and s.first == 1
    assert s.forced == c("red 11")
    assert legal(s) == [c("red 11")]
    assert_illegal(s, c("yellow 11"), ("E10", "E19"))  # not P2's card anyway
    s.apply(c("red 11"))
    assert s.turn == 1  # the turn continues
    assert sorted(legal(s)) == sorted([c("red 12"), END])


def test_E10_opener_may_not_start_with_another_card_or_draw():
    """E10: the first card of the round is red 11; another start card, a draw or an end is refused."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11", "yellow 11"), cs("blue 3")])
    assert s.turn == 0
    assert_illegal(s, c("yellow 11"), "E10")
    assert_illegal(s, DRAW, ("E10", "E16", "E17"))
    assert_illegal(s, END, ("E10", "E16"))
    assert_illegal(s, PASS, ("E10", "E16"))


def test_E10_seeded_deal_opens_with_red_11_holder():
    """E10: in dealt rounds the seat holding red 11 moves first, forced to play it (else E11's order)."""
    checked = 0
    for seed in range(12):
        s = State(classic(players=4), seed=seed)
        for start in cs("red 11", "yellow 11", "blue 11", "green 11"):
            holders = [p for p in range(4) if start in s.hand_cards(p)]
            if holders:
                break
        checked += start == c("red 11")
        assert s.turn == holders[0] and s.first == holders[0]
        assert s.forced == start
        assert legal(s) == [start]
    assert checked >= 6


def test_E11_red_11_in_stock_yellow_11_holder_begins():
    """E11: 'when red 11 was not dealt, the holder of the first dealt start card in the color order red,
    yellow, blue, green begins by playing it'."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("blue 11", "blue 12"), cs("yellow 11", "green 11", "red 3")])
    assert s.turn == 1 and s.forced == c("yellow 11")
    assert legal(s) == [c("yellow 11")]
    s2 = deal_state(rules, [cs("blue 11", "blue 12"), cs("green 11", "red 3")])
    assert s2.turn == 0 and s2.forced == c("blue 11")


def test_E11_opener_of_yellow_11_is_refused_anything_else_citing_E11():
    """E11: when red 11 was not dealt, the yellow 11 holder 'begins by playing it'. Another card, a draw, an end
    or a pass is refused citing E11 (E10 is red 11's rule); a card the opener does not hold stays E19."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("blue 11", "blue 12"), cs("yellow 11", "green 11", "yellow 12", "red 3")])
    assert s.turn == 1 and s.forced == c("yellow 11")
    for move in (c("green 11"), c("yellow 12"), c("red 3"), DRAW, END, PASS):
        e = assert_illegal(s, move, "E11")
        assert "opens with yellow 11" in e.reason
    assert_illegal(s, c("blue 11"), "E19")
    assert_illegal(s, c("red 11"), "E19")  # in the stock: not P2's card


def test_E10_red_11_opener_is_refused_anything_else_citing_E10():
    """E10: the red 11 holder 'plays red 11 as the first card of that turn': every other move names E10."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11", "yellow 11", "red 3"), cs("blue 3")], stock=None)
    for move in (c("yellow 11"), c("red 3"), DRAW, END, PASS):
        e = assert_illegal(s, move, "E10")
        assert "opens with red 11" in e.reason


@pytest.mark.parametrize("dealer,opener", [(0, 1), (1, 2), (2, 0)])
def test_E11_no_start_card_dealt_left_of_dealer_begins(dealer, opener):
    """E11: 'if no start card was dealt at all, the player left of the dealer begins under the normal turn
    rules (E16-E18).'"""
    rules = classic(players=3)
    s = deal_state(rules, [cs("red 3"), cs("blue 4"), cs("green 5")], dealer=dealer)
    assert s.turn == opener and s.first == opener
    assert s.forced == 0
    assert legal(s) == [DRAW]  # blocked: E17


def test_E12_turn_cannot_end_while_holding_a_closed_rows_start_card():
    """E12: 'a player who holds the start card of a color whose row is not open must play it during that turn;
    the turn cannot end while they hold it.'"""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11", "red 12", "yellow 11", "blue 1"), cs("green 3")])
    s.apply(c("red 11"))
    assert END not in legal(s)
    assert_illegal(s, END, "E12")
    s.apply(c("red 12"))
    assert END not in legal(s)
    s.apply(c("yellow 11"))
    assert END in legal(s)
    s.apply(END)
    assert s.turn == 1


def test_E12_holds_with_optional_pass():
    """E12: 'This holds in every variant, including the optional-pass house rule.'"""
    rules = classic(players=2, optional_pass=1)
    s = deal_state(
        rules, [cs("red 10", "blue 5"), cs("yellow 11", "red 12", "blue 3")], table=erow("red", 11, 11), first=1
    )
    assert PASS not in legal(s)
    assert_illegal(s, PASS, "E12")
    s.apply(c("red 12"))
    assert_illegal(s, END, "E12")


# --- Turn: E13-E20 ------------------------------------------------------------------


def test_E13_play_moves_clockwise_from_the_first_player():
    """E13: 'Play moves clockwise from the player who placed the first card.'"""
    rules = classic(players=4)
    s = deal_state(rules, [cs("red 9"), cs("blue 2"), cs("red 11", "green 1"), cs("red 12", "yellow 1")])
    assert s.turn == 2
    s.apply(c("red 11"))
    s.apply(END)
    assert s.turn == 3 and s.dir == 1
    s.apply(c("red 12"))
    s.apply(END)
    assert s.turn == 0


def test_E14_green_9_to_12_accepts_only_8_and_13():
    """E14: 'the rank one above the top or one below the bottom of the open row of its color. Example: green
    row 9..12 accepts only green 8 and green 13.'"""
    rules = classic(players=2)
    hand = cs("green 7", "green 8", "green 13", "green 14", "green 1", "green 20")
    s = deal_state(rules, [hand, cs("red 2")], table=erow("green", 9, 12), first=0)
    assert (s.lo[3], s.hi[3]) == (9, 12)
    assert sorted(legal(s)) == sorted(cs("green 8", "green 13"))
    e = assert_illegal(s, c("green 14"), "E14")
    assert "green 13" in e.reason and "green 8" in e.reason
    assert_illegal(s, c("green 7"), "E14")


def test_E14_row_grows_at_both_ends_up_to_1_and_20():
    """E14: each placement extends the row by one at the bottom or the top; ends 1 and 20 take nothing more."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 1", "red 20", "blue 3"), cs("blue 4")], table=erow("red", 2, 19), first=0)
    assert sorted(legal(s)) == sorted(cs("red 1", "red 20"))
    s.apply(c("red 20"))
    s.apply(c("red 1"))
    assert (s.lo[0], s.hi[0]) == (1, 20)
    assert s.table[0] == sum(1 << r for r in range(1, 21))
    assert legal(s) == [END]


def test_E14_explicit_table_row_must_be_contiguous_through_start():
    """E14 / api decision: explicit deals may place a contiguous row through the start card only."""
    rules = classic(players=2)
    with pytest.raises(ValueError, match="gap"):
        deal_state(rules, [cs("red 1"), cs("red 2")], table=cs("red 11", "red 13"))
    with pytest.raises(ValueError, match="start card"):
        deal_state(rules, [cs("red 1"), cs("red 2")], table=cs("red 12", "red 13"))
    s = deal_state(rules, [cs("red 1"), cs("red 2")], table=erow("red", 9, 13))
    assert (s.lo[0], s.hi[0]) == (9, 13)


def test_E15_several_cards_in_one_turn_each_legal_when_placed():
    """E15: 'Several cards may be played in one turn, one at a time, each legal at the moment it is placed.'"""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11", "red 12", "red 13", "red 10", "red 14", "blue 1"), cs("green 2")])
    assert_illegal(s, c("red 13"), ("E10",))
    for name in ("red 11", "red 12", "red 13", "red 10", "red 14"):
        assert c(name) in legal(s)
        s.apply(c(name))
        assert s.turn == 0
    assert s.placed == 5 and s.count[0] == 1
    assert (s.lo[0], s.hi[0]) == (10, 14)
    assert legal(s) == [END]
    s.apply(END)
    assert s.turn == 1 and s.placed == 0


def test_E15_pass_after_placing_is_refused_end_finishes_the_turn():
    """E15: after placing, the turn finishes with END (PASS is for turns without a card)."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11", "blue 1"), cs("green 2")])
    s.apply(c("red 11"))
    assert legal(s) == [END]
    assert_illegal(s, PASS, ("E15", "E16"))


def test_E16_must_play_when_a_legal_play_exists():
    """E16: 'if at least one legal play exists when the turn starts, the player must play at least one card.'"""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 12", "blue 3"), cs("green 2")], table=erow("red", 11, 11), first=0)
    assert legal(s) == [c("red 12")]
    assert_illegal(s, END, "E16")
    assert_illegal(s, PASS, "E16")
    assert_illegal(s, DRAW, ("E16", "E17"))


def test_E16_after_one_card_may_stop_any_time():
    """E16: 'After one card, they may stop at any time (subject to E12).'"""
    rules = classic(players=2)
    s = deal_state(
        rules, [cs("red 12", "red 13", "red 10", "blue 3"), cs("green 2")], table=erow("red", 11, 11), first=0
    )
    s.apply(c("red 12"))
    assert sorted(legal(s)) == sorted(cs("red 13", "red 10") + [END])
    s.apply(END)
    assert s.turn == 1 and s.count[0] == 3


def test_E17_blocked_draws_one_unplayable_card_turn_ends():
    """E17: 'with no legal play, the player draws one card from the stock... otherwise the turn ends.'"""
    rules = classic(players=2)
    stock = cs("blue 2") + [x for x in deck_cards(rules) if x not in cs("red 11", "yellow 3", "blue 2", "green 7")]
    s = deal_state(rules, [cs("yellow 3"), cs("green 7")], stock=stock, table=erow("red", 11, 11), first=0)
    assert legal(s) == [DRAW]
    left = s.stock_left
    s.apply(DRAW)
    assert s.turn == 1  # the drawn blue 2 does not fit: the turn ended by itself
    assert s.hand_cards(0) == cs("yellow 3", "blue 2")
    assert s.count[0] == 2 and s.stock_left == left - 1
    assert s.drawn_card(0) == c("blue 2")


def test_E17_drawn_playable_card_must_be_played_then_turn_continues():
    """E17: 'If it is legal it is played (a legal play now exists, so E16 applies) and the turn continues
    under E15.'"""
    rules = classic(players=2)
    used = cs("red 11", "yellow 3", "red 12", "red 13", "green 7")
    stock = cs("red 12") + [x for x in deck_cards(rules) if x not in used]
    s = deal_state(rules, [cs("yellow 3", "red 13"), cs("green 7")], stock=stock, table=erow("red", 11, 11), first=0)
    s.apply(DRAW)
    assert s.turn == 0 and s.drawn == 1
    assert legal(s) == [c("red 12")]
    assert_illegal(s, END, "E16")
    assert_illegal(s, PASS, ("E16", "E17"))
    assert_illegal(s, DRAW, ("E16", "E17", "V2"))
    s.apply(c("red 12"))
    assert sorted(legal(s)) == sorted([c("red 13"), END])  # the turn continues under E15
    s.apply(c("red 13"))
    s.apply(END)
    assert s.turn == 1


def test_E17_draw_only_when_no_card_placed_this_turn():
    """E17 / api decision: 'DRAW is only allowed when no card has been placed this turn'."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11", "blue 1"), cs("green 2")])
    s.apply(c("red 11"))
    assert DRAW not in legal(s)
    assert_illegal(s, DRAW, ("E15", "E16", "E17"))


def test_E17_blocked_player_may_not_pass_while_stock_has_cards():
    """E17: a blocked player draws; passing is only for an empty stock (E18)."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("yellow 3"), cs("green 7")], table=erow("red", 11, 11), first=0)
    assert_illegal(s, PASS, "E17")
    assert_illegal(s, END, ("E16", "E17"))


def test_E18_stock_empty_and_blocked_player_passes():
    """E18: 'Stock empty and no legal play: the player passes.'"""
    rules = classic(players=2)
    table = erow("red", 1, 20) + erow("blue", 1, 20) + erow("yellow", 4, 20) + erow("green", 8, 20)
    s = deal_state(
        rules, [cs("yellow 1"), cs("yellow 2", "yellow 3") + erow("green", 1, 7)], stock=[], table=table, first=0
    )
    assert s.stock_left == 0
    assert legal(s) == [PASS]
    assert_illegal(s, DRAW, "E18")
    assert_illegal(s, END, ("E16", "E18"))
    s.apply(PASS)
    assert s.turn == 1 and s.count[0] == 1
    assert sorted(legal(s)) == sorted(cs("yellow 3", "green 7"))


def test_E19_illegal_card_refused_stays_in_hand_nothing_changes():
    """E19: 'An illegal card is refused and stays in the hand; the engine and the UI say why, and nothing
    changes.'"""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11", "red 15", "blue 1"), cs("green 2")])
    s.apply(c("red 11"))
    before = snapshot(s)
    e = assert_illegal(s, c("red 15"), "E14")
    assert "red 15" in str(e) and e.rule in str(e)
    assert snapshot(s) == before
    assert c("red 15") in s.hand_cards(0)


def test_E19_card_not_held_or_not_a_move_is_refused():
    """E19: a card the player does not hold, or a value that is no move, is refused with nothing changed."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11", "blue 1"), cs("red 12", "green 2")])
    s.apply(c("red 11"))
    assert_illegal(s, c("red 12"), "E19")
    assert_illegal(s, 300, "E19")
    assert_illegal(s, "red 12", "E19")
    e = assert_illegal(s, 253, "E19")  # a byte past the move codes is no move, not 'a card not in the deck'
    assert e.reason == "not a move"


def test_E20_round_ends_the_instant_a_hand_is_empty_mid_turn():
    """E20: 'The round ends the instant a player's hand is empty, even mid-turn.'"""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11", "red 12"), cs("red 13", "red 10")])
    s.apply(c("red 11"))
    assert not s.is_round_over()
    s.apply(c("red 12"))
    assert s.is_round_over() and not s.is_match_over()
    assert s.phase == 1
    assert s.count[0] == 0
    assert legal(s) == []
    assert_illegal(s, END, "E20")
    assert_illegal(s, c("red 13"), "E20")


# --- Scoring and match: E21-E23 -----------------------------------------------------


def test_E21_winner_scores_0_others_add_face_values():
    """E21: 'The round winner scores 0 penalty; every other player adds the face values of the cards left in
    their hand (a 14 is 14 points).'"""
    rules = classic(players=3)
    s = deal_state(rules, [cs("red 11"), cs("yellow 14", "blue 3"), cs("green 20", "green 1", "red 5")])
    assert s.penalty(1) == 17 and s.penalty(2) == 26
    s.apply(c("red 11"))
    assert s.round_scores == [0, 17, 26]
    assert s.scores == [0, 17, 26]
    assert seats(s.round_winners) == [0]


def test_E21_penalties_accumulate_over_rounds():
    """E21/E22: penalties add up round after round into the cumulative score."""
    rules = classic(players=2)
    s = deal_state(rules, [cs("red 11"), cs("yellow 14")])
    s.apply(c("red 11"))
    next_deal(s, [cs("blue 9"), cs("red 11")])
    s.apply(c("red 11"))
    assert s.round_scores == [9, 0]
    assert s.scores == [9, 14]


def test_E22_default_limit_500_and_configurable():
    """E22: 'until... some player's cumulative penalty reaches the limit (default 500; configurable).'"""
    assert classic().limit == 500
    assert classic(limit=50).limit == 50
    assert classic().rounds == 0


def test_E22_match_ends_when_a_total_reaches_the_limit_lowest_wins():
    """E22: 'A match runs until, after a round, some player's cumulative penalty reaches the limit. The lowest
    cumulative penalty wins.' (decision: reaching means >=)"""
    rules = classic(players=3, limit=17)
    s = deal_state(rules, [cs("red 11"), cs("red 12", "red 5"), cs("yellow 6")])
    s.apply(c("red 11"))
    assert s.scores == [0, 17, 6]
    assert s.is_match_over() and s.phase == 2
    assert seats(s.match_winners) == [0]
    with pytest.raises(ValueError):
        s.next_round()


def test_E22_below_the_limit_the_match_continues():
    """E22: while no total reaches the limit, the match goes on with another round."""
    rules = classic(players=3, limit=18)
    s = deal_state(rules, [cs("red 11"), cs("red 12", "red 5"), cs("yellow 6")])
    s.apply(c("red 11"))
    assert s.is_round_over() and not s.is_match_over()
    assert s.match_winners == 0
    s.next_round()
    assert s.round_no == 2 and not s.is_round_over()
    assert s.scores == [0, 17, 6]


def test_E22_a_match_to_a_limit_ends_after_round_65535_at_the_latest():
    """Decision (E22): the last round a save can hold ends a match to a limit, lowest total wins;
    a tie there is shared (no E23 round after it)."""
    rules = classic(players=3, limit=18)
    s = deal_state(rules, [cs("red 11"), cs("red 12", "red 5"), cs("yellow 6")])
    s.round_no = 65535
    s.apply(c("red 11"))
    assert s.scores == [0, 17, 6] and s.is_match_over()
    assert seats(s.match_winners) == [0]
    s = deal_state(rules, [cs("red 11"), cs("red 12", "red 5"), cs("yellow 6")], first=0)
    s.round_no = 65534
    s.apply(c("red 11"))
    assert not s.is_match_over()


def test_E23_no_tie_break_after_the_last_round_a_match_can_have():
    rules = classic(players=2, limit=500)
    s = deal_state(rules, [cs("red 11"), cs("red 5")])
    s.scores[0] = 5  # P1 goes out, P2 takes 5: tied at 5
    s.round_no = 65535
    s.apply(c("red 11"))
    assert s.scores == [5, 5] and s.is_match_over() and not s.pending_tiebreak
    assert seats(s.match_winners) == [0, 1]


def test_E22_fixed_number_of_rounds_mode():
    """E22: 'A \"fixed number of rounds\" mode is also offered.'"""
    rules = classic(players=2, rounds=2)
    s = deal_state(rules, [cs("red 11"), cs("yellow 14")])
    s.apply(c("red 11"))
    assert not s.is_match_over()
    next_deal(s, [cs("blue 9"), cs("red 11")])
    s.apply(c("red 11"))
    assert s.is_match_over()
    assert s.scores == [9, 14]
    assert seats(s.match_winners) == [0]


def test_E22_next_round_refused_while_round_is_played():
    """E22: a new round starts only after a round has ended."""
    s = State(classic(players=2), seed=1)
    with pytest.raises(ValueError):
        s.next_round()


def _tied_match():
    """Three players, two rounds: P0 and P2 end tied on 5, P1 has 18."""
    rules = classic(players=3, rounds=2)
    s = deal_state(rules, [cs("red 11"), cs("yellow 9"), cs("yellow 5")])
    s.apply(c("red 11"))
    next_deal(s, [cs("yellow 5"), cs("yellow 9"), cs("red 11")])
    s.apply(c("red 11"))
    assert s.scores == [5, 18, 5]
    return s


def test_E23_tie_for_lowest_plays_extra_round_among_tied_only():
    """E23: 'Tie for lowest at the end: one extra round is played among the tied players only'; api: it deals
    with the hand size for that many players."""
    s = _tied_match()
    assert s.is_round_over() and not s.is_match_over()
    assert seats(s.pending_tiebreak) == [0, 2]
    s.next_round()
    assert s.tiebreak == 1
    assert list(s.active) == [1, 0, 1] and s.nactive == 2
    size = hand_size_for(s.rules, 2)
    assert size == 20
    assert list(s.count) == [20, 0, 20]
    assert s.stock_left == 40
    assert s.turn in (0, 2)


def test_E23_first_out_of_tiebreak_wins_penalties_not_added():
    """E23: 'whoever goes out first in it wins the match'; api: its penalties are shown but not added."""
    s = _tied_match()
    next_deal(s, [cs("red 11", "yellow 2"), [], cs("red 12")])
    assert s.tiebreak == 1 and s.turn == 0
    s.apply(c("red 11"))
    s.apply(END)
    assert s.turn == 2  # P1 does not play in the tie-break round
    s.apply(c("red 12"))
    assert s.is_match_over()
    assert seats(s.match_winners) == [2]
    assert s.round_scores == [2, 0, 0]
    assert s.scores == [5, 18, 5]


def test_E23_random_tiebreak_round_played_out():
    """E23: a dealt tie-break round is played by the tied seats to its end and decides the match."""
    s = _tied_match()
    s.next_round()
    play_round(s)
    assert s.is_match_over()
    winners = seats(s.match_winners)
    assert len(winners) == 1 and winners[0] in (0, 2)
    assert s.scores == [5, 18, 5]
    assert s.round_scores[1] == 0
    assert all(s.history_entry(i)[0] != 1 for i in range(s.hist_len))


def test_E23_tie_in_limit_mode_also_plays_a_tiebreak_round():
    """E23 with E22's limit: the limit is reached, P1 and P2 tie for lowest, so they play one more round."""
    rules = classic(players=3, limit=10)
    s = deal_state(rules, [cs("red 11"), cs("yellow 5"), cs("yellow 3")])
    s.apply(c("red 11"))
    next_deal(s, [cs("yellow 12"), cs("red 11"), cs("yellow 2")])
    s.apply(c("red 11"))
    assert s.scores == [12, 5, 5]
    assert not s.is_match_over() and s.match_winners == 0
    next_deal(s, [[], cs("red 11", "red 12"), cs("red 10")])
    assert s.tiebreak == 1 and list(s.active) == [0, 1, 1]
    s.apply(c("red 11"))
    s.apply(c("red 12"))
    assert s.is_match_over() and seats(s.match_winners) == [1]
    assert s.scores == [12, 5, 5]


# --- Rules errors for Elfer options ---------------------------------------------------


def test_E2_three_color_preset_fixes_colors():
    """E2: the three-color preset has 3 colors; asking it for 4 is a RulesError naming the option."""
    err = refused(make_rules, "three-color", colors=4)
    assert err.option == "colors"
    assert "colors" in str(err) and "3" in str(err)


def test_E3_ranks_option_allows_10_15_20():
    """E3: decks have ranks 1..10, 1..15 or 1..20; other values name the allowed ones."""
    err = refused(classic, ranks=12)
    assert err.option == "ranks"
    assert "10, 15, 20" in str(err)
    err = refused(classic, colors=2)
    assert err.option == "colors" and "3, 4" in str(err)


def test_E22_limit_and_rounds_ranges():
    """E22: the limit is configurable (1..9999) and so is the number of rounds (0..99)."""
    for opt, bad, allowed in (
        ("limit", 0, "1..9999"),
        ("limit", 10000, "1..9999"),
        ("rounds", 100, "0..99"),
        ("rounds", -1, "0..99"),
    ):
        err = refused(classic, **{opt: bad})
        assert err.option == opt
        assert opt in str(err) and allowed in str(err)


def test_rules_error_unknown_preset_and_option():
    """Bad preset names and unknown options are RulesErrors listing what exists."""
    err = refused(make_rules, "poker")
    assert err.option == "preset"
    for name in ("classic", "three-color", "junior10", "junior15", "cinquillo", "bastard"):
        assert name in str(err)
    err = refused(make_rules, "classic", jokers=1)
    assert err.option == "jokers"
    assert "players" in str(err) and "optional_pass" in str(err)
    err = refused(make_rules, "classic", players="4")
    assert err.option == "players" and "2..6" in str(err)


def test_rules_error_cinquillo_option_on_elfer_preset():
    """hand_size is a Cinquillo option (C3); asking Elfer for it is a RulesError."""
    err = refused(make_rules, "classic", hand_size=12)
    assert err.option == "hand_size"
    assert "hand_size" in str(err) and "classic" in str(err)


def test_rules_error_from_parse_rules():
    """parse_rules reports bad text as a RulesError with the option and what is allowed."""
    err = refused(parse_rules, "classic players=four")
    assert err.option == "players" and "2..6" in str(err)
    err = refused(parse_rules, "classic players")
    assert "name=value" in str(err)
    with pytest.raises(RulesError):
        parse_rules("")
    r = parse_rules("classic players=3 draw=3 optional_pass=1")
    assert (r.players, r.draw_max, r.optional_pass) == (3, 3, 1)
    assert parse_rules(r.describe()) == r
