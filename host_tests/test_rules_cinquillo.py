"""Cinquillo rules C1-C9 and Cinquillo Bastard B1-B5, and the engine decisions (docs/rules.md)."""

import pytest
from helpers import (
    all_cards,
    assert_illegal,
    deal_state,
    deck_cards,
    k,
    krow,
    ks,
    legal,
    next_deal,
    play_round,
    refused,
    seats,
    spread,
)

from engine import deal
from engine.cards import DRAW, END, GAME_CINQUILLO, PASS, card, card_name, card_token
from engine.errors import RecordError, RulesError
from engine.record import replay
from engine.rng import Rng
from engine.rules import hand_size_for, make_rules
from engine.state import State


def cinq(**opts):
    return make_rules("cinquillo", **opts)


def bastard(**opts):
    return make_rules("bastard", **opts)


FIVES = ks("coins 5", "cups 5", "swords 5", "clubs 5")

# Position A (4 players, every card dealt): coins row 3..jack, cups row 5, swords closed, clubs complete.
TABLE_A = krow("coins", 3, 8) + ks("cups 5") + krow("clubs", 1, 10)
HANDS_A = [
    ks("coins 2", "coins knight", "cups 4", "cups 7", "swords 4", "swords 5"),
    ks("coins 1", "coins king", "cups 6", "swords 6", "swords 7"),
    ks("cups 1", "cups 2", "cups 3", "swords 1", "swords 2", "swords 3"),
    ks("cups jack", "cups knight", "cups king", "swords jack", "swords knight", "swords king"),
]

# Position B (4 players): P0 goes out with the jack of clubs; the others hold 2, 1 and 3 cards.
TABLE_B = krow("coins", 1, 10) + krow("cups", 1, 10) + krow("swords", 1, 10) + krow("clubs", 5, 7)
HANDS_B = [ks("clubs jack"), ks("clubs 1", "clubs 2"), ks("clubs 3"), ks("clubs 4", "clubs knight", "clubs king")]


def position_a(first=0, **opts):
    return deal_state(cinq(players=4, **opts), HANDS_A, stock=[], table=TABLE_A, first=first)


def position_b(rules=None, first=0):
    return deal_state(rules or cinq(players=4), HANDS_B, stock=[], table=TABLE_B, first=first)


# --- C1-C3: deck, players, deal -------------------------------------------------------------


def test_C1_spanish_40_card_deck_suits_and_ranks():
    """C1: 'Spanish 40-card deck, suits coins, cups, swords, clubs; ranks 1-7, jack (10), knight (11), king (12).'"""
    rules = cinq(players=4)
    expected = sorted(card(s, r) for s in range(4) for r in range(1, 11))
    assert deck_cards(rules) == expected
    assert all_cards(State(rules, seed=2)) == expected
    assert k("cups jack") == k("CJ") == card(1, 8)
    assert k("swords knight") == k("EN") == card(2, 9)
    assert k("clubs king") == k("BK") == card(3, 10)
    assert k("coins 5") == k("O5") == card(0, 5)
    assert card_name(GAME_CINQUILLO, card(1, 8)) == "cups jack"
    assert card_token(GAME_CINQUILLO, card(3, 9)) == "BN"
    with pytest.raises(ValueError, match="not a card of this deck"):
        deal_state(rules, [[card(0, 11)], ks("cups 1"), ks("cups 2"), ks("cups 3")])


def test_C1_in_a_row_the_7_is_followed_by_the_jack():
    """C1: 'In a row the 7 is followed by the jack.'"""
    rules = cinq(players=2)
    s = deal_state(rules, [ks("cups jack", "cups 3"), ks("coins 1")], table=krow("cups", 4, 7), first=0)
    assert sorted(legal(s)) == ks("cups 3", "cups jack")
    s.apply(k("cups jack"))
    assert s.hi[1] == 8
    s2 = deal_state(rules, [ks("cups knight", "swords 1"), ks("coins 1")], table=krow("cups", 5, 7), first=0)
    assert_illegal(s2, k("cups knight"), "C7")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_C2_two_to_four_players(players):
    """C2: '2 to 4 players.'"""
    s = State(cinq(players=players), seed=1)
    assert s.n == players
    play_round(s)
    assert s.is_round_over()


@pytest.mark.parametrize("players", [1, 5, 6])
def test_C2_other_player_counts_raise_rules_error(players):
    """C2: other counts are a RulesError naming players and 2..4."""
    err = refused(cinq, players=players)
    assert err.option == "players"
    assert "players" in str(err) and "2..4" in str(err)


def test_C3_four_players_ten_each_no_stock():
    """C3: 'Deal: 4 players 10 each.'"""
    s = State(cinq(players=4), seed=6)
    assert list(s.count) == [10, 10, 10, 10]
    assert s.stock_left == 0


def test_C3_three_players_all_40_dealt_one_gets_14():
    """C3: '3 players: all 40 are dealt, one player (by lot in the first round) gets 14 and the others 13'."""
    chosen = set()
    for seed in range(15):
        s = State(cinq(players=3), seed=seed)
        assert sorted(s.count) == [13, 13, 14]
        assert s.stock_left == 0
        assert s.count[s.fourteen] == 14
        chosen.add(s.fourteen)
    assert len(chosen) >= 2  # by lot, not always the same seat


def test_C3_fourteen_card_player_rotates_to_the_right():
    """C3: 'in later rounds the player to the right of the previous 14-card player gets the 14.'"""
    s = State(cinq(players=3, limit=9999), seed=4)
    f = s.fourteen
    for _ in range(4):
        play_round(s)
        s.next_round()
        f = (f - 1) % 3  # to the right = against the seat numbering
        assert s.fourteen == f
        assert s.count[f] == 14
        assert sorted(s.count) == [13, 13, 14]


def test_C3_fourteen_rotation_after_explicit_first_round():
    """C3: after an explicit round 1 the 14 still passes to the right of its holder."""
    rules = cinq(players=3)
    hands = spread(rules, [[], [], []])
    hands[1].append(hands[0].pop())  # P2 gets 14 cards, P1 13, P3 13
    assert [len(h) for h in hands] == [13, 14, 13]
    s = deal_state(rules, hands, stock=[])
    assert s.fourteen == 1
    play_round(s)
    s.next_round()
    assert s.fourteen == 0 and s.count[0] == 14


def test_C3_two_players_default_12_rest_is_stock():
    """C3: '2 players: hand size is a table option from 10 to 15 (default 12); the rest is a face-down stock.'"""
    rules = cinq(players=2)
    assert rules.hand_size == 12 and hand_size_for(rules, 2) == 12
    s = State(rules, seed=3)
    assert list(s.count) == [12, 12] and s.stock_left == 16


@pytest.mark.parametrize("size", [10, 15])
def test_C3_two_players_hand_size_option(size):
    """C3: hand size 10..15 for two players."""
    s = State(cinq(players=2, hand_size=size), seed=3)
    assert list(s.count) == [size, size] and s.stock_left == 40 - 2 * size


def test_C3_hand_size_option_range_and_only_for_two_players():
    """C3: the hand size option is 10..15 and exists only for 2 players: RulesError otherwise."""
    for bad in (9, 16):
        err = refused(cinq, players=2, hand_size=bad)
        assert err.option == "hand_size"
        assert "hand_size" in str(err) and "10..15" in str(err)
    err = refused(cinq, players=3, hand_size=12)
    assert err.option == "hand_size" and "players=2" in str(err)
    err = refused(bastard, players=4, hand_size=12)
    assert err.option == "hand_size"


# Every suit but clubs complete on the table, clubs only its 5; the clubs in hand do not fit, so P1 is blocked.
TABLE_CLUBS_5 = krow("coins", 1, 10) + krow("cups", 1, 10) + krow("swords", 1, 10) + ks("clubs 5")
HANDS_CLUBS = [ks("clubs 1"), ks("clubs 3"), ks("clubs 7"), ks("clubs jack")]
CLUBS_LEFT = ks("clubs 2", "clubs 4", "clubs 6", "clubs knight", "clubs king")


@pytest.mark.parametrize("preset,players", [("cinquillo", 3), ("cinquillo", 4), ("bastard", 3), ("bastard", 4)])
def test_C3_hand_written_deal_for_3_or_4_players_may_not_leave_a_stock(preset, players):
    """C3: with 3 or 4 players all 40 cards are dealt, so there is no stock to draw from (C8: only with 2
    players). A hand-written deal that leaves cards over, as 'stock: rest' or listed, is refused naming C3."""
    rules = make_rules(preset, players=players)
    hands = HANDS_CLUBS[:players]
    left = CLUBS_LEFT + [x for h in HANDS_CLUBS[players:] for x in h]
    for stock in (None, left, left[::-1]):
        with pytest.raises(ValueError, match=r"no stock.*\(C3") as e:
            deal_state(rules, hands, stock=stock, table=TABLE_CLUBS_5, first=0)
        assert "clubs 2" in str(e.value) or "clubs king" in str(e.value)
    # the same position with the leftover cards dealt is accepted; there is nothing to draw (plain Cinquillo's P1
    # is blocked and passes; Bastard's may place clubs 1 below the 5, B2)
    s = deal_state(rules, [hands[0]] + [hands[1] + left] + hands[2:], stock=[], table=TABLE_CLUBS_5, first=0)
    assert s.stock_left == 0 and legal(s) == ([k("clubs 1")] if rules.bastard else [PASS])
    assert_illegal(s, DRAW, "C8")


def test_C8_hand_written_two_player_deal_keeps_its_stock():
    """C8: 'with a stock (2 players) they must first draw one card' - a 2-player deal may leave a stock."""
    s = deal_state(cinq(players=2), HANDS_CLUBS[:2], stock=None, table=TABLE_CLUBS_5, first=0)
    assert s.stock_left == 7 and legal(s) == [DRAW]
    assert_illegal(s, PASS, "C8")


def test_C3_hand_written_record_for_3_players_with_stock_rest_is_refused():
    """C3: a record's 'stock: rest' is no way to give a 3-player Cinquillo round a stock (docs/records.md)."""
    text = "\n".join(
        [
            "elfer-raus-record 1",
            "rules: cinquillo players=3",
            "dealer: P3",
            "round 1",
            "P1: B1",
            "P2: B3",
            "P3: B7",
            "table: " + " ".join(card_token(GAME_CINQUILLO, x) for x in TABLE_CLUBS_5),
            "first: P1",
            "stock: rest",
            "P1 passes",
            "",
        ]
    )
    with pytest.raises(RecordError) as e:
        replay(text)
    assert e.value.line == 5 and "bad deal" in e.value.reason and "(C3" in e.value.reason
    dealt = text.replace("P3: B7", "P3: B7 B2 B4 B6 BJ BN BK").replace("stock: rest", "stock:")
    s = replay(dealt)
    assert s.turn == 2 and s.stock_left == 0 and s.history_entry(0) == (0, PASS)


@pytest.mark.parametrize("players,dealer", [(4, 0), (4, 2), (3, 0), (3, 1)])
def test_C3_dealt_to_the_right_starting_at_dealers_right(players, dealer):
    """C3/C6 and api decision: 'Cinquillo deals to the right starting at the dealer's right; 3p: 13 each then the
    40th card to the 14-card player (chosen by the PRNG in round 1)'."""
    rules = cinq(players=players)
    s = State(rules, seed=31, dealer=dealer)
    rng = Rng(31)
    deck = bytearray(96)
    size = deal.build_deck(rules, deck)
    rng.shuffle(deck, size)
    order = [(dealer - 1 - i) % players for i in range(players)]
    hands = [[] for _ in range(players)]
    per = 40 // players
    if players == 3:
        fourteen = order[rng.below(3)]
        assert s.fourteen == fourteen
    for i in range(per * players):
        hands[order[i % players]].append(deck[i])
    if players == 3:
        hands[fourteen].append(deck[39])
    assert [s.hand_cards(p) for p in range(players)] == [sorted(h) for h in hands]


# --- C4-C8: opening and turns --------------------------------------------------------------


def test_C4_only_a_5_opens_a_suit():
    """C4: 'The 5 of each suit opens that suit's row.'"""
    s = position_a()
    assert k("swords 5") in legal(s)
    assert k("swords 4") not in legal(s)
    e = assert_illegal(s, k("swords 4"), "C4")
    assert "swords 5" in e.reason
    s.apply(k("swords 5"))
    assert (s.lo[2], s.hi[2]) == (5, 5)


def test_C5_first_round_holder_of_5_of_coins_begins_with_it():
    """C5: 'First round: the holder of the 5 of coins begins by playing it'."""
    for seed in range(6):
        s = State(cinq(players=4), seed=seed)
        holder = [p for p in range(4) if k("coins 5") in s.hand_cards(p)][0]
        assert s.turn == holder and s.first == holder
        assert s.forced == k("coins 5")
        assert legal(s) == [k("coins 5")]
        other = [x for x in s.hand_cards(holder) if x != k("coins 5")][0]
        assert_illegal(s, other, ("C5", "C4"))


def test_C5_explicit_round_one_forces_the_5_of_coins():
    """C5: the opener may not play another 5 first."""
    rules = cinq(players=4)
    hands = spread(rules, [ks("coins 5", "cups 5"), [], [], []], to=[1, 2, 3])
    s = deal_state(rules, hands, stock=[])
    assert s.turn == 0 and legal(s) == [k("coins 5")]
    assert_illegal(s, k("cups 5"), "C5")
    s.apply(k("coins 5"))
    assert s.turn == 3


@pytest.mark.parametrize("dealer,opener", [(0, 1), (1, 0)])
def test_C5_two_players_5_of_coins_in_stock_dealers_right_begins(dealer, opener):
    """C5 decision: 'with 2 players, if the 5 of coins is in the stock, the player to the dealer's right begins
    under C7/C8.'"""
    rules = cinq(players=2)
    s = deal_state(rules, [ks("cups 5", "cups 1"), ks("swords 2", "clubs 3")], dealer=dealer)
    assert s.turn == opener and s.forced == 0
    if opener == 0:
        assert legal(s) == [k("cups 5")]
    else:
        assert legal(s) == [DRAW]


def test_C5_later_rounds_right_of_previous_first_player_opens_with_any_5():
    """C5: 'Later rounds: the player to the right of the previous round's first player begins; they must open
    with a 5 of any suit'."""
    s = State(cinq(players=4, limit=9999), seed=12)
    for _ in range(4):
        prev = s.first
        play_round(s)
        s.next_round()
        assert s.first == (prev - 1) % 4 and s.turn == s.first
        assert s.forced == 0
        moves = legal(s)
        held = [x for x in FIVES if x in s.hand_cards(s.turn)]
        assert sorted(moves) == (sorted(held) if held else [PASS])


def test_C5_later_round_opener_without_a_5_passes():
    """C5: 'they must open with a 5 of any suit, or pass (C8) if they hold none.'"""
    rules = cinq(players=4)
    s = position_b()
    s.apply(k("clubs jack"))
    assert s.first == 0
    hands = spread(rules, [[], [], ks("cups 5", "swords 5"), ks("coins 1", "coins 2")], to=[0, 1, 2])
    assert not [x for x in FIVES if x in hands[3]]
    next_deal(s, hands, stock=[])
    assert s.round_no == 2 and s.turn == 3 and s.first == 3
    assert legal(s) == [PASS]
    s.apply(PASS)
    assert s.turn == 2
    moves = legal(s)
    assert k("cups 5") in moves and k("swords 5") in moves
    assert all(x in FIVES for x in moves)


def test_C6_play_goes_to_the_right():
    """C6: 'Play direction: to the right (counter-clockwise)'."""
    s = position_a()
    assert s.dir == -1
    s.apply(k("coins 2"))
    assert s.turn == 3
    assert legal(s) == [PASS]
    s.apply(PASS)
    assert s.turn == 2


def test_C6_dealer_passes_to_the_right():
    """C6 / api decision: 'Cinquillo's dealer passes to the right (direction of play)'."""
    s = State(cinq(players=4, limit=9999), seed=3, dealer=0)
    dealers = [s.dealer]
    for _ in range(4):
        play_round(s)
        s.next_round()
        dealers.append(s.dealer)
    assert dealers == [0, 3, 2, 1, 0]


def test_C7_legal_cards_adjacent_to_row_ends_or_a_5():
    """C7: 'the next card above the top or below the bottom of an open row of the same suit, or a 5 of a suit
    not yet open.'"""
    s = position_a()
    assert sorted(legal(s)) == sorted(ks("coins 2", "coins knight", "cups 4", "swords 5"))
    e = assert_illegal(s, k("cups 7"), "C7")
    assert "cups 7" in e.reason


def test_C7_a_turn_is_exactly_one_card():
    """C7: 'A turn is exactly one card'; the turn passes by itself; END is not a Cinquillo move."""
    s = position_a()
    assert_illegal(s, END, "C7")
    s.apply(k("cups 4"))
    assert s.turn == 3 and s.placed == 0
    assert s.hist_len == 1 and s.history_entry(0) == (0, k("cups 4"))
    assert_illegal(s, END, "C7")


def test_C7_who_can_play_must_play():
    """C7: 'A player who can play must play.' - no pass while a card fits."""
    s = position_a()
    assert PASS not in legal(s)
    assert_illegal(s, PASS, "C7")
    assert_illegal(s, DRAW, ("C7", "C8"))


@pytest.mark.parametrize("preset", ["cinquillo", "bastard"])
def test_C7_card_not_held_or_no_move_is_refused_citing_C7(preset):
    """C7: a turn is one card of the player's own hand. A card held by someone else, or a value that is no move,
    is refused citing C7 (E19 is an Elfer Raus rule) and nothing changes; the opener of round 1 too (C5)."""
    rules = make_rules(preset, players=4)
    s = deal_state(rules, HANDS_A, stock=[], table=TABLE_A, first=0)
    assert k("cups 6") in s.hand_cards(1) and s.turn == 0
    e = assert_illegal(s, k("cups 6"), "C7")  # P2's card, and it fits
    assert "P1 does not hold cups 6" in e.reason
    assert_illegal(s, 300, "C7")
    assert_illegal(s, "cups 6", "C7")
    assert_illegal(s, 253, "C7")
    opening = deal_state(rules, spread(rules, [ks("coins 5", "cups 5"), [], [], []], to=[1, 2, 3]), stock=[])
    assert opening.forced == k("coins 5")
    held = opening.hand_cards(1)[0]
    e = assert_illegal(opening, held, "C7")
    assert "does not hold" in e.reason
    assert_illegal(opening, k("cups 5"), "C5")


def test_C7_two_players_may_not_draw_while_a_card_fits():
    """C7: 'A player who can play must play' - with a stock (2 players) a draw is refused citing C7 while a card
    fits (C8's draw is for a player who cannot play)."""
    s = deal_state(cinq(players=2), [ks("cups 6", "clubs 1"), ks("swords 2")], table=ks("cups 5"), first=0)
    assert s.stock_left > 0 and legal(s) == [k("cups 6")]
    e = assert_illegal(s, DRAW, "C7")
    assert "cups 6" in e.reason


def test_C8_cannot_play_passes():
    """C8: 'A player who cannot play passes'."""
    s = position_a(first=2)
    assert legal(s) == [PASS]
    assert_illegal(s, DRAW, "C8")
    s.apply(PASS)
    assert s.turn == 1 and s.count[2] == 6


def test_C8_two_players_draw_first_then_turn_passes_drawn_card_not_played():
    """C8: 'with a stock (2 players) they must first draw one card, and then the turn passes (decision: the drawn
    card is not played that turn).'"""
    rules = cinq(players=2)
    used = ks("coins 5", "cups 2", "swords 1", "clubs 1", "clubs 2", "coins 6")
    rest = deck_cards(rules)
    for x in used:
        rest.remove(x)
    s = deal_state(
        rules,
        [ks("cups 2", "swords 1"), ks("clubs 1", "clubs 2")],
        stock=ks("coins 6") + rest,
        table=ks("coins 5"),
        first=0,
    )
    assert legal(s) == [DRAW]
    assert_illegal(s, PASS, "C8")
    s.apply(DRAW)
    assert s.turn == 1
    assert k("coins 6") in s.hand_cards(0) and s.count[0] == 3
    assert s.hi[0] == 5


def test_C8_two_players_empty_stock_pass():
    """C8: with the stock used up a blocked player simply passes."""
    rules = cinq(players=2)
    table = krow("coins", 1, 10) + krow("swords", 1, 10) + krow("clubs", 1, 10) + krow("cups", 4, 10)
    s = deal_state(rules, [ks("cups 2"), ks("cups 1", "cups 3")], stock=[], table=table, first=0)
    assert legal(s) == [PASS]
    s.apply(PASS)
    assert legal(s) == [k("cups 3")]


# --- C9 scoring and match end --------------------------------------------------------------


def test_C9_first_out_scores_5_plus_cards_left():
    """C9: 'the first player out wins the round and scores 5 points plus 1 point for every card left in the
    opponents' hands.'"""
    s = position_b()
    s.apply(k("clubs jack"))
    assert s.is_round_over()
    assert s.round_scores == [11, 0, 0, 0]
    assert s.scores == [11, 0, 0, 0]
    assert seats(s.round_winners) == [0]


def test_C9_moves_after_the_first_player_is_out_cite_C9():
    """C9: 'the first player out wins the round' - a move after that is refused citing C9 (B3 is Bastard's end,
    E20 Elfer Raus')."""
    s = position_b()
    s.apply(k("clubs jack"))
    for move in (PASS, DRAW, k("clubs 1")):
        e = assert_illegal(s, move, "C9")
        assert "round is over" in e.reason


def test_C9_points_accumulate_and_default_limit_30():
    """C9: 'Points accumulate; the match is played to a point limit (table option; decision: default 30).'"""
    assert cinq().limit == 30 and bastard().limit == 30
    s = position_b()
    s.apply(k("clubs jack"))
    next_deal(s, HANDS_B, stock=[], table=TABLE_B, first=0)
    s.apply(k("clubs jack"))
    assert s.scores == [22, 0, 0, 0]
    assert not s.is_match_over()


def test_C9_match_ends_when_a_total_reaches_the_limit():
    """C9: the match ends when a total reaches the limit (decision: >=); the highest total wins."""
    s = position_b(cinq(players=4, limit=11))
    s.apply(k("clubs jack"))
    assert s.is_match_over()
    assert seats(s.match_winners) == [0]
    s2 = position_b(cinq(players=4, limit=12))
    s2.apply(k("clubs jack"))
    assert s2.is_round_over() and not s2.is_match_over()


def test_C9_equal_highest_totals_are_a_draw_no_tiebreak_round():
    """C9: 'equal highest totals are a draw' (Cinquillo plays no E23 tie-break round)."""
    rules = cinq(players=4, rounds=2)
    s = position_b(rules)
    s.apply(k("clubs jack"))
    hands = [HANDS_B[1], HANDS_B[0], HANDS_B[2], HANDS_B[3]]
    next_deal(s, hands, stock=[], table=TABLE_B, first=1)
    s.apply(k("clubs jack"))
    assert s.scores == [11, 11, 0, 0]
    assert s.is_match_over()
    assert seats(s.match_winners) == [0, 1]
    assert s.pending_tiebreak == 0


def test_C9_rounds_mode_highest_total_wins():
    """C9/E22: in fixed-rounds mode the highest total after the last round wins."""
    rules = cinq(players=4, rounds=2)
    s = position_b(rules)
    s.apply(k("clubs jack"))
    table = TABLE_B[:-3] + krow("clubs", 2, 7)
    hands = [ks("clubs 1"), ks("clubs jack"), ks("clubs knight"), ks("clubs king")]
    next_deal(s, hands, stock=[], table=table, first=1)
    s.apply(k("clubs jack"))
    assert s.round_scores == [0, 8, 0, 0]
    assert s.scores == [11, 8, 0, 0]
    assert s.is_match_over()
    assert seats(s.match_winners) == [0]


# --- Bastard ---------------------------------------------------------------------------------

DEAD_POOL = krow("swords", 2, 4) + krow("swords", 6, 9) + krow("clubs", 2, 4) + krow("clubs", 6, 9)


def stuck_deal(rules, counts, first=0):
    """A Bastard deal (all 40 cards) where seat `first` plays the king of clubs and then nobody can place:
    the seats are left with counts[p] dead cards each."""
    pool = list(DEAD_POOL)
    hands = []
    for n in counts:
        hands.append(pool[:n])
        pool = pool[n:]
    hands[first].append(k("clubs king"))
    used = [x for h in hands for x in h]
    table = [x for x in deck_cards(rules) if x not in used]
    return deal_state(rules, hands, stock=[], table=table, first=first)


def test_B1_bastard_not_for_two_players():
    """B1: 'Not offered for 2 players.'"""
    err = refused(bastard, players=2)
    assert err.option == "players"
    assert "3..4" in str(err) and "bastard" in str(err)
    assert bastard(players=3).bastard == 1 and bastard().players == 4
    with pytest.raises(RulesError):
        bastard(players=5)


@pytest.mark.parametrize("players", [1, 2, 5])
def test_B1_bastard_player_count_error_names_3_to_4(players):
    """B1: Bastard is for 3 or 4 players; the RulesError names players and 3..4."""
    err = refused(bastard, players=players)
    assert err.option == "players"
    assert "players" in str(err) and "3..4" in str(err)


def lone_cups_5():
    """Bastard, 3 players: coins, swords, clubs complete, cups only its 5; P1 to move."""
    table = krow("coins", 1, 10) + krow("swords", 1, 10) + krow("clubs", 1, 10) + ks("cups 5")
    hands = [
        ks("cups jack", "cups 3", "cups king"),
        ks("cups 6", "cups 1", "cups 2"),
        ks("cups 7", "cups 4", "cups knight"),
    ]
    return deal_state(bastard(players=3), hands, stock=[], table=table, first=0)


def test_B2_any_higher_or_lower_card_may_be_placed():
    """B2: 'any higher card of the suit may go on top of the row, any lower card below it.'"""
    s = lone_cups_5()
    assert sorted(legal(s)) == ks("cups 3", "cups jack", "cups king")


def test_B2_skipped_cards_are_dead():
    """B2: 'cups row is the 5 alone; a player places the jack of cups; the 6 and 7 of cups are now dead.'"""
    s = lone_cups_5()
    s.apply(k("cups jack"))
    assert (s.lo[1], s.hi[1]) == (5, 8)
    assert s.table[1] == (1 << 5) | (1 << 8)
    assert s.turn == 2
    assert sorted(legal(s)) == ks("cups 4", "cups knight")
    e = assert_illegal(s, k("cups 7"), "B2")
    assert "dead" in e.reason
    s.apply(k("cups 4"))
    assert k("cups 6") not in legal(s)
    assert_illegal(s, k("cups 6"), "B2")


def test_B2_dead_cards_reported_for_marking():
    """B2: 'The cards skipped over are dead: they can never be placed, and the UI marks them' - the engine tells
    which cards are dead (cups 6 and 7 after the jack goes on the lone 5), never a live or placed card."""
    from engine import turn

    s = lone_cups_5()
    assert not any(turn.is_dead(s, x) for x in krow("cups", 1, 10))
    s.apply(k("cups jack"))
    assert [x for x in krow("cups", 1, 10) if turn.is_dead(s, x)] == ks("cups 6", "cups 7")
    assert not turn.is_dead(position_a(), k("cups 7"))  # plain Cinquillo has no dead cards


def test_B2_explicit_table_may_have_dead_gaps():
    """B2 / api decision: 'Bastard rows may have gaps = dead cards' in an explicit deal, but not plain Cinquillo."""
    table = ks("cups 5", "cups jack", "cups 2") + krow("coins", 1, 10) + krow("swords", 1, 10) + krow("clubs", 1, 10)
    hands = spread(bastard(players=3), [[], [], []], table=table)
    s = deal_state(bastard(players=3), hands, stock=[], table=table)
    assert (s.lo[1], s.hi[1]) == (2, 8)
    with pytest.raises(ValueError, match="gap"):
        deal_state(cinq(players=3), hands, stock=[], table=table)


def test_B3_round_ends_when_nobody_can_place():
    """B3: 'The round ends when a hand is empty or when no player can place any more.'"""
    s = stuck_deal(bastard(players=4), [1, 3, 4, 6])
    assert legal(s) == [k("clubs king")]
    s.apply(k("clubs king"))
    assert s.is_round_over()
    assert list(s.count) == [1, 3, 4, 6]
    assert legal(s) == []
    assert_illegal(s, PASS, ("B3", "E20"))


def test_B3_round_ends_when_a_hand_is_empty_winner_with_zero():
    """B3: 'The winner is the player with the fewest cards (possibly zero).'"""
    s = stuck_deal(bastard(players=3), [0, 2, 5])
    s.apply(k("clubs king"))
    assert s.is_round_over() and s.count[0] == 0
    assert seats(s.round_winners) == [0]
    assert s.round_scores == [7, 0, 0]


def test_B3_seeded_bastard_rounds_end():
    """B3: every Bastard round ends, by an empty hand or when no one can place."""
    for seed in range(6):
        s = State(bastard(players=3), seed=seed)
        play_round(s)
        assert s.is_round_over()
        fewest = min(s.count)
        assert seats(s.round_winners) == [p for p in range(3) if s.count[p] == fewest]


def test_B4_winner_scores_cards_in_other_hands():
    """B4: 'The winner scores the total number of cards in the other players' hands (counts 1, 3, 4, 6: the first
    player scores 13).'"""
    s = stuck_deal(bastard(players=4), [1, 3, 4, 6])
    s.apply(k("clubs king"))
    assert seats(s.round_winners) == [0]
    assert s.round_scores == [13, 0, 0, 0]
    assert s.scores == [13, 0, 0, 0]


def test_B4_tied_winners_split_rounded_down():
    """B4: 'Tied winners split those points evenly (decision: rounded down'."""
    s = stuck_deal(bastard(players=4), [2, 2, 3, 4])
    s.apply(k("clubs king"))
    assert seats(s.round_winners) == [0, 1]
    assert s.round_scores == [3, 3, 0, 0]  # 7 cards / 2 = 3
    assert s.scores == [3, 3, 0, 0]


def test_B4_everybody_tied_nobody_scores():
    """B4: 'if every player ties, nobody scores'."""
    s = stuck_deal(bastard(players=3), [3, 3, 3])
    s.apply(k("clubs king"))
    assert s.is_round_over()
    assert seats(s.round_winners) == [0, 1, 2]
    assert s.round_scores == [0, 0, 0] and s.scores == [0, 0, 0]


def _stuck_next(s, counts):
    pool = list(DEAD_POOL)
    hands = []
    for n in counts:
        hands.append(pool[:n])
        pool = pool[n:]
    hands[0].append(k("clubs king"))
    used = [x for h in hands for x in h]
    table = [x for x in deck_cards(s.rules) if x not in used]
    next_deal(s, hands, stock=[], table=table, first=0)
    s.apply(k("clubs king"))


def test_B5_several_pass_the_limit_highest_total_wins():
    """B5: 'Match end as in C9' - 'If several players pass the limit in the same round, the highest total wins'."""
    s = stuck_deal(bastard(players=3, limit=6), [1, 2, 2])
    s.apply(k("clubs king"))
    assert s.scores == [4, 0, 0] and not s.is_match_over()
    _stuck_next(s, [1, 1, 12])
    assert s.scores == [10, 6, 0]
    assert s.is_match_over()
    assert seats(s.match_winners) == [0]


def test_B5_equal_highest_totals_at_the_limit_are_a_draw():
    """B5/C9: 'equal highest totals are a draw'; reaching the limit exactly ends the match."""
    s = stuck_deal(bastard(players=3, limit=6), [1, 1, 4])
    s.apply(k("clubs king"))
    assert s.scores == [2, 2, 0]
    _stuck_next(s, [1, 1, 8])
    assert s.scores == [6, 6, 0]
    assert s.is_match_over()
    assert seats(s.match_winners) == [0, 1]
