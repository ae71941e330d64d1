"""Bad set-ups are refused with a reason and change nothing (explicit deals, next_round, options)."""

import pytest

from engine import turn
from engine.cards import DRAW, parse_card
from engine.errors import IllegalMove
from engine.rules import make_rules
from engine.state import State, from_deal
from engine.view import SeatView


def cs(*names, game=0):
    return [parse_card(game, n) for n in names]


def finished_round(rules, seed=1):
    s = State(rules, seed=seed)
    buf = bytearray(32)
    while not s.is_round_over():
        s.legal_moves(buf)
        s.apply(buf[0])
    return s


def test_E20_next_round_with_a_bad_deal_changes_nothing():
    rules = make_rules("classic", players=2)
    s = finished_round(rules)
    before = (s.dealer, s.round_no, bytes(s.count), s.phase, list(s.scores))
    for bad in (
        {"hands": [cs("red 11"), cs("red 11")], "stock": None},
        {"hands": [cs("red 11"), []], "stock": None},
        {"hands": [cs("red 11")], "stock": None},
    ):
        with pytest.raises(ValueError):
            s.next_round(bad)
        assert (s.dealer, s.round_no, bytes(s.count), s.phase, list(s.scores)) == before
    s.next_round({"hands": [cs("red 11"), cs("red 12")], "stock": None})
    assert s.round_no == 2 and s.turn == 0 and s.forced == parse_card(0, "red 11")


def test_E20_a_deal_with_an_empty_hand_is_refused():
    with pytest.raises(ValueError, match="P2's hand is empty"):
        from_deal(make_rules("classic", players=2), {"hands": [cs("red 11"), []], "stock": None})


@pytest.mark.parametrize("preset,rule", [("cinquillo", "C9"), ("bastard", "B3")])
def test_C9_B3_a_cinquillo_deal_with_an_empty_hand_cites_the_cinquillo_rule(preset, rule):
    """C9 / B3: a Cinquillo round ends when a hand is empty, so it cannot start with one; the refusal names the
    game's own rule, not Elfer Raus' E20."""
    rules = make_rules(preset, players=3)
    hands = [cs("coins 5", game=1), cs("cups 5", game=1), []]
    with pytest.raises(ValueError, match=r"P3's hand is empty.*\(%s\)" % rule):
        from_deal(rules, {"hands": hands, "stock": None})


def test_V3_explicit_start_ranks_must_be_10_or_12():
    rules = make_rules("classic", players=2, start_10_12=1)
    deal = {"hands": [cs("red 10"), cs("red 12")], "stock": None}
    with pytest.raises(ValueError, match="start rank 11"):
        from_deal(rules, dict(deal, start=[11, 10, 10, 10]))
    s = from_deal(rules, dict(deal, start=[10, 12, 12, 10]))
    assert list(s.start) == [10, 12, 12, 10] and s.forced == parse_card(0, "red 10")


def test_E17_is_legal_and_explain_work_on_a_seat_view():
    rules = make_rules("classic", players=2)
    s = from_deal(rules, {"hands": [cs("red 11", "blue 3"), cs("red 12")], "stock": None})
    v = SeatView(rules, 0)
    s.view_into(v)
    assert turn.is_legal(v, parse_card(0, "red 11")) and not turn.is_legal(v, DRAW)


def test_E17_drawing_again_after_a_fitting_draw_names_E17():
    rules = make_rules("classic", players=2)
    hands = [cs("red 3"), cs("red 12")]
    table = cs("red 11")
    used = set(hands[0] + hands[1] + table)
    y11 = parse_card(0, "yellow 11")
    stock = [y11] + [c * 32 + r for c in range(4) for r in range(1, 21) if c * 32 + r not in used | {y11}]
    s = from_deal(rules, {"hands": hands, "table": table, "stock": stock, "first": 0})
    s.apply(DRAW)
    assert s.turn == 0 and s.drawn == 1
    with pytest.raises(IllegalMove) as e:
        s.apply(DRAW)
    assert e.value.rule == "E17" and "must be placed" in e.value.reason


def test_rules_description_is_canonical():
    assert make_rules("three-color", colors=3) == make_rules("three-color")
    assert make_rules("three-color", colors=3).describe() == "three-color"
    assert make_rules("classic", players=4, limit=500).describe() == "classic"


def test_C3_explicit_3p_deal_without_a_14_card_hand_resets_the_rotation():
    rules = make_rules("cinquillo", players=3)
    s = State(rules, seed=4)
    assert s.fourteen != 255
    hands = [[], [], []]
    deck = [c * 32 + r for c in range(4) for r in range(1, 11)]
    table = [deck.pop(34)]  # the clubs 5 lies on its row; the 39 others are dealt 13 each, and no stock is left
    for i, card in enumerate(deck):
        hands[i % 3].append(card)
    s2 = from_deal(rules, {"hands": hands, "table": table, "stock": None})
    assert [len(h) for h in hands] == [13, 13, 13] and s2.stock_left == 0
    assert s2.fourteen == 255


def test_errors_survive_pickling_so_process_pools_report_them():
    """A worker's IllegalMove/RulesError/RecordError reaches the parent intact (tournaments use pools)."""
    import pickle

    from engine.errors import RecordError, RulesError

    e = pickle.loads(pickle.dumps(IllegalMove("red 7", "E14", "does not fit")))
    assert (e.move, e.rule, e.reason) == ("red 7", "E14", "does not fit") and "E14" in str(e)
    r = pickle.loads(pickle.dumps(RulesError("players", 9, "2..6")))
    assert (r.option, r.value, r.allowed) == ("players", 9, "2..6")
    d = pickle.loads(pickle.dumps(RecordError(12, "bad line")))
    assert (d.line, d.reason) == (12, "bad line")
