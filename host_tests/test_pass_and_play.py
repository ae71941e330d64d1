"""Pass-and-play on the device (issue 38, item 6): several people share one handheld.

Any seat may be a person (the set-up's level "person"); when the turn comes to a person other
than the one whose hand the table shows, a hand-over page hides it first (firmware/handover.py),
lists the others' moves since that person's last turn, and only A/B brings the table back with
the new person's hand. Saves and Continue keep who is a person; the statistics count each
person's match in their seat's own entry; the round and match pages name seats, not "you".
"""

import pytest

from engine.cards import DRAW
from firmware.words import move_name
from host.drive import simdrive


def people_match(nvm=None, players=3, **values):
    d = simdrive.Driver("sim", lazy=True, nvm=nvm)
    d.new_match("Elfer Raus", players=players, P2_bot="person", **values)
    d.step(20, 5)
    m = d.app.match
    assert m.people == 0b011 and m.bots[1] is None and m.bots[2] is not None
    return d, m


def wait_for_a_person(d, m):
    """Steps until a person's turn or the hand-over page (bots play meanwhile)."""
    d.run_until(lambda: m.state.phase != 0 or d.screen_name() == "HandOver" or m.my_turn(), dt=200)


def play_person(d, m):
    """The person on turn plays by buttons: the next playable card, else draw/end/pass."""
    if any(c < DRAW for c in m.moves[: m.nmoves]):
        d.press("DOWN", "A")
    else:
        d.press("B")


def test_the_hand_over_hides_the_hand_and_lists_the_moves_since_that_persons_last_turn():
    d, m = people_match()
    handovers = 0
    for _ in range(400):
        wait_for_a_person(d, m)
        if m.state.phase != 0:
            break
        if d.screen_name() == "HandOver":
            p = m.state.turn
            assert m.people >> p & 1 and m.view.seat != p
            assert d.app.table is None  # the table's drawing (and the hand on it) is gone
            texts = d.panel()
            assert texts[0].startswith("P%d's turn" % (p + 1))  # (and "▼" when the list scrolls)
            shown = "\n".join(d.app.screen.lines)
            assert "Pass the device to P%d" % (p + 1) in shown
            # The moves since p's last one, as the table said them (a drawn card is not named).
            s = m.state
            h = s.history
            last = max([i for i in range(s.hist_len) if h[2 * i] == p] or [-1])
            want = ["P%d: %s" % (h[2 * i] + 1, move_name(0, h[2 * i + 1])) for i in range(last + 1, s.hist_len)]
            got = [line for line in d.app.screen.lines if line.startswith("P") and ": " in line]
            assert got == want
            d.press("A")
            handovers += 1
            assert d.screen_name() == "TableScreen" and m.view.seat == p and m.my_turn()
            hand = sorted(s.hand_cards(p))
            assert sorted(c for c in d.app.table_screen.items(m) if c < DRAW) == hand
            continue
        assert m.view.seat == m.state.turn  # never another person's hand on show at their turn
        play_person(d, m)
    assert m.state.phase != 0, "the round did not end"
    assert handovers >= 2


def test_B_on_the_hand_over_goes_on_to_the_new_persons_table_never_back():
    d, m = people_match()
    for _ in range(200):
        wait_for_a_person(d, m)
        if d.screen_name() == "HandOver":
            p = m.state.turn
            d.press("B")
            assert d.screen_name() == "TableScreen" and m.view.seat == p
            return
        play_person(d, m)
    pytest.fail("no hand-over came")


def test_continue_keeps_who_is_a_person_and_hands_over_before_showing_a_hand():
    nvm = bytearray(b"\xff" * 8192)
    d, m = people_match(nvm=nvm)
    for _ in range(200):  # to a hand-over, then power off there
        wait_for_a_person(d, m)
        if d.screen_name() == "HandOver" and m.state.turn == 1:
            break
        if d.screen_name() == "HandOver":
            d.press("A")
        else:
            play_person(d, m)
    assert d.screen_name() == "HandOver"
    d2 = simdrive.Driver("sim", lazy=True, nvm=bytearray(d.board.nvm))
    assert d2.panel()[1] == "> Continue"
    d2.press("A")
    d2.step(20, 10)
    m2 = d2.app.match
    assert m2.people == 0b011 and m2.bots[1] is None and m2.levels[1] == "person"
    assert d2.screen_name() == "HandOver" and d2.panel()[0].startswith("P2's turn")
    d2.press("A")
    assert m2.view.seat == 1 and m2.my_turn()


def test_each_persons_match_counts_in_their_seats_entry_and_the_pages_name_seats():
    from firmware import saves, statstext

    d, m = people_match(Match="1 round")
    for _ in range(600):
        wait_for_a_person(d, m)
        if m.state.phase != 0:
            break
        if d.screen_name() == "HandOver":
            d.press("A")
        else:
            play_person(d, m)
    d.press("A")  # the round's page
    assert "You" not in " ".join(d.panel())
    d.press("A", "A")  # scores, then the match over page
    page = " ".join(d.panel())
    assert "Winner: P" in page and "You" not in page and "rating" not in page
    keys = sorted(d.app.stats)
    assert len(keys) == 2  # P1's and P2's entries, each against 1 person + 1 easy
    for key, seat in zip(keys, (0, 1), strict=False):
        assert key[1] >> 19 == seat and key[1] >> 16 & 7 == 1 and key[1] & 0xFFFF == saves.opponents_code(["medium"])
        assert d.app.stats[key][0] == 1
    assert sum(d.app.stats[k][1] for k in keys) <= 1  # at most one of them won alone
    text = statstext.text(d.app.stats)
    assert "P2: Elfer Raus vs 1 person + 1 medium" in text
    # Written and read back with the seat and the people (the byte that was spare).
    stats, _, _ = saves.decode(saves.head(d.app.settings, d.app.stats) + b"\0\0", d.app.settings)
    assert stats == d.app.stats
