"""The firmware keeps nothing lost (issue 7): save and resume across power loss, settings,
statistics, bad saves and crashes, in the desktop simulator with a storage region.

"Power off" drops the whole App: a new App on a new SimBoard gets a copy of the
old board's storage region (what the flash held when the power went).

The Drivers are lazy (host/drive/simdrive.py): these tests read texts, and compositing every
refresh in Blinka's displayio took most of their time (a whole match or fuzz case draws
its last screen with d.draw()). test_gfx_framebuf and test_firmware_input composite every
refresh in Blinka; test_screenshots pushes every refresh on the MicroPython boards.
"""

import sys

import pytest
from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st
from test_firmware import play_human_turn
from test_snapshot import comparable

from engine import bot_master, snapshot, turn
from engine.record import export_round
from firmware import screens
from host.drive import simdrive


def fresh_nvm():
    return bytearray(b"\xff" * 8192)


def shown(d):
    """The panel's text as one line (a long note wraps up from the footer)."""
    return " ".join(t for t in d.panel() if t)


def table_now(d):
    """What the table shows: every line but the message's (it says what just happened), and the
    hand as its cards, not the strip's window on them (the cursor is not saved: Continue puts it
    on a playable card, and the window follows the cursor)."""
    tv = d.app.table
    lines = [line.text for line in d.shown_lines() if line not in tv.msg and line not in tv.slots]
    return lines + [list(d.app.table_screen.items(d.app.match))]


def bots_rng(m):
    return [None if b is None else b.rng.get_state() for b in m.bots]


def play_turns(d, turns):
    """The person plays `turns` of their turns by buttons (bots in between); stops at a round end."""
    m = d.app.match
    counts = {"A": 0, "draw": 0, "end": 0, "pass": 0}
    done = 0
    while done < turns and m.state.phase == 0:
        d.run_until(lambda: m.state.phase != 0 or (m.my_turn() and m.state.placed == 0), dt=200)
        if m.state.phase:
            break
        start_round = m.state.round_no
        while m.my_turn() and m.state.round_no == start_round and m.state.phase == 0:
            play_human_turn(d, counts)
        done += 1


def reboot(nvm, speed=0):
    return simdrive.Driver("sim", lazy=True, nvm=bytearray(nvm), speed=speed)


def power_off_and_continue(d):
    d2 = reboot(d.board.nvm)
    assert d2.panel()[1] == "> Continue"
    d2.press("A")
    assert d2.screen_name() == "TableScreen"
    return d2


def test_power_off_mid_round_then_continue_shows_the_same_table_and_plays_on_identically():
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm())
    d.new_match("Elfer Raus", players=4, P3_bot="expert", P4_bot="easy")
    m = d.app.match
    play_turns(d, 3)
    d.run_until(lambda: m.state.phase != 0 or (m.my_turn() and m.state.placed == 0), dt=200)
    assert m.state.phase == 0, "the round should still be on"
    before = table_now(d)
    # The moves noted as they were made (the Tape) write the same snapshot as a replay.
    assert snapshot.dump(m.state, m.bots, b"x", m.tape) == snapshot.dump(m.state, m.bots, b"x")
    d2 = power_off_and_continue(d)
    m2 = d2.app.match
    assert table_now(d2) == before
    assert comparable(m2.state) == comparable(m.state)
    assert bots_rng(m2) == bots_rng(m) and m2.levels == m.levels and m2.seed == m.seed
    assert list(m2.last) == list(m.last) and list(m2.last_card) == list(m.last_card)
    # Both play the rest of the round the same way: the same record.
    for drv in (d, d2):
        mm = drv.app.match
        while mm.state.phase == 0:
            play_turns(drv, 1)
    assert export_round(m2.state) == export_round(m.state)


def test_power_off_during_the_bots_turns_resumes_at_the_start_of_the_turn_on():
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), speed=0)
    d.new_match("Cinquillo", players=4)
    m = d.app.match
    for _ in range(7):
        d.step(50)
    s = m.state
    d2 = power_off_and_continue(d)
    s2 = d2.app.match.state
    # Cinquillo turns are one move: the save is the position after the last complete turn.
    assert comparable(s2) == comparable(s)


def test_saves_once_per_turn_at_most():
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), speed=0)
    d.new_match("Elfer Raus", players=4)
    m = d.app.match
    store = d.app.store
    turns = set()
    w0 = store.writes
    while m.state.phase == 0:
        turns.add((m.state.round_no, m.state.hist_len))
        if m.my_turn():
            play_human_turn(d, {"A": 0, "draw": 0, "end": 0, "pass": 0})
        else:
            d.step(50)
    turn_starts = sum(1 for i in range(m.state.hist_len) if m.state.history[2 * i + 1] in (250, 251, 252)) + 1
    assert 0 < store.writes - w0 <= turn_starts + 1  # each turn's start, and the round's end
    writes = store.writes
    for _ in range(20):  # nothing changes while the round-over message waits: nothing written
        d.step(50)
    assert store.writes == writes


def continue_at_scores(d):
    """Power off and Continue a match saved at its round's end: its Scores page comes back."""
    d2 = reboot(d.board.nvm)
    assert d2.panel()[1] == "> Continue"
    d2.press("A")
    assert d2.screen_name() == "Pager" and d2.panel()[0] == "Scores", d2.panel()
    return d2


def test_round_end_and_next_round_are_saved():
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), speed=0)
    d.new_match("Elfer Raus", players=3, Match="3 rounds")
    m = d.app.match
    while m.state.phase == 0:
        play_turns(d, 1)
    d2 = continue_at_scores(d)
    assert d2.app.match.state.phase == 1 and d2.app.match.state.scores == m.state.scores
    d2.press("A")  # the Scores page's A: the next round
    assert d2.app.match.state.round_no == 2 and d2.screen_name() == "TableScreen"
    d3 = power_off_and_continue(d2)
    assert comparable(d3.app.match.state) == comparable(d2.app.match.state)


def test_power_off_on_the_scores_page_continues_there_not_at_the_round_over_table():
    # The pages change nothing in the match: the save is the round's end until the Scores page's
    # A deals the next round. Continue came back to the table's "Round over" (issue 38, item 5).
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), speed=0)
    d.new_match("Elfer Raus", players=3, Match="3 rounds")
    m = d.app.match
    while m.state.phase == 0:
        play_turns(d, 1)
    d.press("A", "A")  # the round's page, then its Scores page
    assert d.panel()[0] == "Scores"
    scores = d.panel()
    d2 = continue_at_scores(d)
    assert d2.panel() == scores
    # B goes back to the round's table, and its A to the round's page, as before the power cut.
    d2.press("B")
    assert d2.screen_name() == "TableScreen" and "Round over" in d2.app.table.message_text()
    d2.press("A")
    assert d2.panel()[0] == "Round 1 over"
    d2.press("A", "A")
    assert d2.app.match.state.round_no == 2 and d2.screen_name() == "TableScreen"
    # and the next round played on from the continued match is the same as from the first
    d.press("A")
    assert comparable(d2.app.match.state) == comparable(d.app.match.state)


def test_settings_are_saved_and_override_settings_toml_defaults():
    env = {"ELFER_SPEED": "3", "ELFER_MARKS": "0"}
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), getenv=env.get, speed=None)
    assert (d.app.settings.speed, d.app.settings.marks) == (3, 0)
    assert d.app.store.writes == 0  # nothing changed yet: nothing written
    d.menu_to("Settings")
    d.press("A")
    d.set_value("Speed", "fast")
    d.set_value("Sound", "off")
    d.menu_to("Back")
    d.press("A")
    assert d.app.store.writes == 1
    d2 = simdrive.Driver("sim", lazy=True, nvm=bytearray(d.board.nvm), getenv=env.get, speed=None)
    s = d2.app.settings
    assert (s.speed, s.marks, s.sound) == (1, 0, 0)
    assert d2.board.muted  # applied at boot


def test_finished_match_counts_in_statistics_that_survive_a_reboot_and_reset_needs_confirmation():
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), speed=0)
    d.new_match("Elfer Raus", players=3, Match="1 round", P2_bot="random", P3_bot="random")
    m = d.app.match
    while m.state.phase == 0:
        play_turns(d, 1)
    assert m.state.is_match_over()
    d.draw()
    d2 = reboot(d.board.nvm)  # power off on the round-over message: the match is already counted
    assert d2.panel()[1] == "> New match" and "Continue" not in " ".join(d2.panel())  # nothing to continue
    ((key, row),) = d2.app.stats.items()
    assert key[0] == "elfer" and row[0] == 1 and row[2] == 1
    won = m.state.match_winners == 1
    assert row[1] == (1 if won else 0) and row[5] == (30 if won else 0)
    d2.menu_to("Statistics")
    d2.press("A")
    text = " ".join(d2.panel())
    assert "Elfer Raus vs 2 random" in text and "1 played" in text
    d2.press("A")  # on to the statistics menu
    d2.menu_to("Reset statistics")
    d2.press("A")
    assert d2.panel()[0] == "Reset statistics?"
    d2.press("A")  # "No, keep them" is first
    assert d2.app.stats
    d2.menu_to("Reset statistics")
    d2.press("A", "DOWN", "A")
    assert d2.app.stats == {}
    assert reboot(d2.board.nvm).app.stats == {}


def test_corrupted_match_save_is_ignored_with_a_notice_and_a_new_match_starts():
    from firmware import saves
    from firmware.store import Store

    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm())
    d.new_match("Elfer Raus", players=4)
    d.step(50)
    nvm = bytearray(d.board.nvm)
    st = Store(nvm)
    payload = bytearray(st.load())
    payload[-10] ^= 0x55  # inside the match snapshot; the slot's own CRC made good again
    st.save(bytes(payload))
    d2 = reboot(nvm)
    d2.press("A")  # Continue
    assert d2.screen_name() == "TitleMenu" and "save refused: corrupted (CRC mismatch)" in shown(d2)
    assert d2.app.match is None
    d2.new_match("Elfer Raus", players=3)
    assert d2.screen_name() == "TableScreen" and d2.app.match.rules.players == 3
    stats, blob, note = saves.decode(payload, __import__("firmware.settings").settings.Settings())
    assert blob is not None and note == ""


@pytest.mark.parametrize("damage", ["newer", "garbage", "erased"])
def test_unreadable_or_foreign_save_boots_to_a_fresh_start(damage):
    from firmware.store import Store

    nvm = fresh_nvm()
    st = Store(nvm)
    if damage == "newer":
        st.save(bytes([99]) + b"\0" * 20)
    elif damage == "garbage":
        for i in range(0, len(nvm), 7):
            nvm[i] = i * 37 & 255
    d = reboot(nvm)
    assert d.app.stats == {} and d.app.saved is None
    if damage == "newer":
        assert "Save from another version ignored" in shown(d)
    assert d.panel()[1] == "> New match" and "Continue" not in " ".join(d.panel())  # nothing to continue


def saved_match_nvm():
    """A storage region holding a 4-player match saved at the start of the person's turn."""
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), speed=0)
    d.new_match("Elfer Raus", players=4)
    m = d.app.match
    d.run_until(lambda: m.my_turn() and m.state.placed == 0)
    return d.board.nvm, m


def runner_on(nvm):
    from boards.sim import SimBoard
    from firmware.runner import Runner

    board = SimBoard("sim", scale=1, keyboard=True, nvm=nvm)
    runner = Runner(board)
    runner.app.settings.speed = 0
    return board, runner


def step_all(runner, now):
    """A loop pass, and the passes a long task still has, 10 ms apart (App.later), as the
    board's loop runs them before it reads a button again."""
    runner.step(now)
    while runner.app is not None and runner.app.work:
        now += 10
        runner.step(now)


def play_until_saved_again(runner, now):
    """The continued match plays on (the person's moves, the bots') until it is saved again."""
    app = runner.app
    m = app.match
    while app.continuing:
        if m.my_turn():
            assert m.play(m.moves[0]) is None
        now += 50
        step_all(runner, now)
    return now


def test_crash_shows_error_screen_keeps_the_save_and_restarts_on_A():
    from firmware.store import ERROR_AREA, Store

    nvm, _ = saved_match_nvm()
    board, runner = runner_on(nvm)
    board.press(4)  # A: Continue
    step_all(runner, 10)
    assert type(runner.app.screen).__name__ == "TableScreen"
    play_until_saved_again(runner, 10)  # a crash from here on is one in play, not on Continue
    m = runner.app.match
    saved = Store(bytearray(nvm)).load()

    def broken(*args):
        raise RuntimeError("engine fault for the test")

    runner.app.match.play = broken
    runner.app.match.bot_step = broken
    board.press(4)  # A: play the focused card (or the bots' turn) -> the fault
    step_all(runner, 10**6)
    assert runner.app is None and runner.error is not None
    texts = runner.error.panel.texts()
    assert texts[0] == "Something went wrong" and texts[-1] == "X: restart"  # X: the keyboard's A
    assert "RuntimeError: engine fault for the test" in " ".join(t.strip() for t in texts)
    assert "Your last save is kept." in " ".join(t.strip() for t in texts)
    st = Store(nvm)
    assert st.load() == saved  # the last save is intact
    assert "RuntimeError: engine fault for the test" in st.read_error()
    assert len(nvm) - ERROR_AREA > 0
    step_all(runner, 10**6 + 30)  # other buttons do nothing; A restarts
    board.press(5)
    step_all(runner, 10**6 + 40)
    assert runner.error is not None
    board.press(4)
    step_all(runner, 10**6 + 50)
    assert runner.error is None and type(runner.app.screen).__name__ == "TitleMenu"
    board.press(4)  # Continue: the match as saved before the crash
    step_all(runner, 10**6 + 60)
    assert comparable(runner.app.match.state) == comparable(m.state)


def test_crash_on_continue_sets_the_save_aside_so_continue_never_crashes_twice(monkeypatch):
    """Issue 11: a saved match that crashes once continued (any fault the checks missed) would
    crash on every Continue after every restart. The first crash sets it aside; the settings
    and statistics stay."""
    from firmware import saves
    from firmware.match import Match
    from firmware.settings import Settings
    from firmware.store import Store

    nvm, _ = saved_match_nvm()
    before = saves.decode(Store(bytearray(nvm)).load(), Settings())
    assert before[1] is not None

    def broken(*args):
        raise AttributeError("'NoneType' object has no attribute 'choose'")

    monkeypatch.setattr(Match, "play", broken)  # every Match, after every restart
    monkeypatch.setattr(Match, "bot_step", broken)
    board, runner = runner_on(nvm)
    board.press(4)  # A: Continue
    step_all(runner, 10)
    board.press(4)  # the person's move -> the fault
    step_all(runner, 20)
    assert runner.error is not None
    texts = " ".join(t.strip() for t in runner.error.panel.texts())
    assert "The saved match crashed on Continue: it is set aside." in texts
    stats, blob, note = saves.decode(Store(bytearray(nvm)).load(), Settings())
    assert blob is None and stats == before[0] and note == ""
    board.press(4)  # A: restart
    step_all(runner, 30)
    assert runner.error is None
    step_all(runner, 40)
    assert runner.error is None and type(runner.app.screen).__name__ == "TitleMenu"
    assert "Continue" not in shown_app(runner.app)  # nothing to continue: no second crash


def test_crash_while_restoring_sets_the_save_aside_too(monkeypatch):
    """Continue raising inside the restore itself (here the table view) sets the save aside as well."""
    from firmware import table

    nvm, _ = saved_match_nvm()

    def broken(*args):
        raise MemoryError("table view for the test")

    monkeypatch.setattr(table.TableView, "__init__", broken)
    board, runner = runner_on(nvm)
    board.press(4)  # A: Continue -> the fault
    step_all(runner, 10)
    assert runner.error is not None
    board.press(4)  # A: restart
    step_all(runner, 20)
    step_all(runner, 30)
    assert runner.error is None and "Continue" not in shown_app(runner.app)


def shown_app(app):
    return " ".join(t for t in app.panel.texts() if t)


def forged_nvm(levels=(None, "easy", "medium", "expert"), extra=b"\0\0\0\7", **fields):
    """A storage region whose save holds a match as given (CRC good): what a forged save looks like."""
    from test_snapshot import forge

    from engine.bots import make_bot
    from engine.rules import make_rules
    from engine.state import State
    from firmware import saves
    from firmware.settings import Settings
    from firmware.store import Store

    rules = make_rules("classic", players=4, rounds=99)
    s = State(rules, seed=7, dealer=3)
    bots = [None if lv is None else make_bot(lv, rules, p, 7) for p, lv in enumerate(levels)]
    blob = snapshot.dump(s, bots, extra)
    if fields:
        blob = forge(blob, 4, **fields)
    nvm = fresh_nvm()
    Store(nvm).save(saves.encode(Settings(), {}, blob))
    return nvm


def test_forged_save_as_made_continues():
    d = reboot(forged_nvm())
    d.press("A")
    assert d.screen_name() == "TableScreen" and d.app.match.levels == ["you", "easy", "medium", "expert"]


@pytest.mark.parametrize(
    "forged, why",
    [
        ({"levels": ("easy", "easy", "easy", "easy")}, "P1 is a bot; P1 must be you"),
        ({"extra": b"\xff\0\0\1"}, "bad match seed"),
        ({"extra": b"xy"}, "bad match seed"),
        ({"round_no": 90, "scores": [65000, 0, 0, 0]}, "P1's total 65000 leaves no room for this round's"),
        ({"round_no": 100}, "round 100 of a 99-round match"),
    ],
    ids=["person-as-bot", "seed-too-big", "seed-short", "near-max-total", "round-past-end"],
)
def test_forged_save_is_refused_on_continue_with_a_notice_never_a_crash(forged, why):
    """Issue 11: a save with a good CRC but a bot seat marked as the person crashed every Continue
    (AttributeError 'choose' in firmware/match.py); a near-maximum total crashed the next round's
    save. Every such claim is checked: Continue refuses with a notice and nothing crashes."""
    d = reboot(forged_nvm(**forged))
    d.press("A")  # Continue
    assert d.screen_name() == "TitleMenu" and d.app.match is None
    assert "save refused: " + why in shown(d)
    d.step(50, 40)
    d.new_match("Elfer Raus", players=3)  # a new match starts as usual
    assert d.screen_name() == "TableScreen" and d.app.match.rules.players == 3


def test_a_save_with_a_second_seat_without_bot_continues_as_pass_and_play():
    """A seat with no bot level (None) is a person's (pass-and-play, issue 38): Continue brings the
    match back with that seat a person (it crashed in issue 11, then was refused until people
    could share a device)."""
    d = reboot(forged_nvm(levels=(None, None, "easy", "easy")))
    d.press("A")  # Continue
    d.step(20, 10)
    m = d.app.match
    assert m is not None and m.people == 0b0011 and m.levels == ["you", "person", "easy", "easy"]
    assert m.bots[1] is None and m.bots[2] is not None
    d.run_until(lambda: m.state.phase != 0 or m.my_turn() or d.screen_name() == "HandOver", dt=200)


def test_match_with_a_master_seat_chosen_on_a_fast_board_saves_and_continues_with_the_master():
    """The simulator is a fast board (boards/sim.py): a master chosen on the new-match screen is
    saved (level byte 5), comes back on Continue and decides as before the power went."""
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm())
    d.new_match("Elfer Raus", players=3, P2_bot="master", P3_bot="easy")
    m = d.app.match
    assert m.levels == ["you", "master", "easy"]
    play_turns(d, 2)
    d.run_until(lambda: m.state.phase != 0 or (m.my_turn() and m.state.placed == 0), dt=200)
    d2 = power_off_and_continue(d)
    m2 = d2.app.match
    assert m2.levels == ["you", "master", "easy"] and type(m2.bots[1]).__name__ == "MasterBot"
    assert bots_rng(m2) == bots_rng(m) and comparable(m2.state) == comparable(m.state)
    assert d2.app.setup["levels"][1:3] == ["master", "easy"]  # Restart plays the same seats


def test_master_thinks_a_playout_a_step_and_a_power_off_mid_thought_decides_the_same(monkeypatch):
    """The master plays one candidate move in one world per bot_step (firmware/match.py,
    engine/bot_master.py start and step), as many as fit in THINK_MS of an app step
    (firmware/screens.py; here none more than one), so the keys and the screen get their turn
    in between (the browser page held up to 0.9 s a decision before). The match does not change
    until it moves; the power going off mid-thought loses nothing: Continue decides the same
    and the round ends the same."""
    monkeypatch.setattr(screens, "THINK_MS", 0)
    monkeypatch.setitem(bot_master.SAMPLES, "elfer", 3)  # 12 in play: two rounds of masters take 10 s
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), speed=0)
    d.new_match("Elfer Raus", players=3, P2_bot="master", P3_bot="master")
    m = d.app.match
    slices = []  # per master decision that weighed moves: (bot_step calls, legal moves)
    real = m.bot_step
    calls = [0, 0]
    legal = bytearray(32)

    def counted():
        calls[0] += 1
        got = real()
        if calls[0] == 1:
            calls[1] = turn.legal_moves(m.bot_view, legal)
        if got is not None:
            if calls[0] > 1:
                slices.append(tuple(calls))
            calls[0] = 0
        return got

    m.bot_step = counted
    for _ in range(2000):  # on to a master's decision after one was made
        if m.thinking and slices or m.state.phase:
            break
        if m.my_turn():
            play_turns(d, 1)
        else:
            d.step(20)
    assert m.thinking and slices

    def one_playout_a_step():  # start, then 3 worlds of every candidate
        return all(c == 1 + 3 * n for c, n in slices)

    assert one_playout_a_step(), slices
    before = comparable(m.state)
    d.step(20)  # one playout more: nothing moves
    assert m.thinking and comparable(m.state) == before
    d2 = power_off_and_continue(d)  # the save of the turn's start: the master thinks again
    m2 = d2.app.match
    assert comparable(m2.state) == before and bots_rng(m2) == bots_rng(m)
    for drv in (d, d2):
        while drv.app.match.state.phase == 0:
            play_turns(drv, 1)
    assert export_round(m2.state) == export_round(m.state)
    assert one_playout_a_step() and len(slices) > 5, slices


def test_master_thinks_on_within_an_app_step_while_its_time_budget_lasts(monkeypatch):
    """An app step is followed by 10 ms of sleep (firmware/app.py, the page's STEP_MS): a slice a
    step would add that to every playout. The table screen goes on slicing while THINK_MS lasts
    (firmware/screens.py): with a budget no decision outlasts, each master move takes one step."""
    monkeypatch.setattr(screens, "THINK_MS", 10**6)
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), speed=0)
    d.new_match("Elfer Raus", players=3, P2_bot="master", P3_bot="master")
    m = d.app.match
    masters = 0
    while m.state.phase == 0 and masters < 6:
        if m.my_turn():
            play_turns(d, 1)
            continue
        if d.app.screen.next_bot is None:  # the step after the person's turn starts the bots' clock
            d.step(20)
            continue
        n = m.state.hist_len
        d.step(20)
        assert m.state.hist_len == n + 1 and not m.thinking  # decided and moved in the one step
        masters += 1
    assert masters == 6


def test_saved_master_seat_is_refused_on_a_board_that_does_not_offer_master_without_loading_it(monkeypatch):
    """Decision (docs/saves.md): a handheld (Board.fast False) refuses a save with a master seat
    on Continue, with a notice, and never imports engine/bot_master.py (heap); a new match
    starts as usual. The same save continues on a fast board."""
    nvm = forged_nvm(levels=(None, "easy", "master", "expert"))
    d = reboot(nvm)
    d.press("A")
    assert d.screen_name() == "TableScreen" and d.app.match.levels == ["you", "easy", "master", "expert"]
    monkeypatch.delitem(sys.modules, "engine.bot_master", raising=False)
    d = reboot(nvm)
    d.board.fast = False  # a handheld's profile
    d.press("A")  # Continue
    assert d.screen_name() == "TitleMenu" and d.app.match is None
    assert "save refused: P3 is master, too slow for this board" in shown(d)
    assert "engine.bot_master" not in sys.modules
    d.step(50, 40)
    d.new_match("Elfer Raus", players=3)
    assert d.app.match.levels == ["you", "medium", "medium"] and "engine.bot_master" not in sys.modules


def test_changing_settings_before_continue_keeps_the_saved_match():
    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), speed=0)
    d.new_match("Elfer Raus", players=4)
    m = d.app.match
    d.run_until(lambda: m.my_turn() and m.state.placed == 0)
    d2 = reboot(d.board.nvm)
    d2.menu_to("Settings")
    d2.press("A")
    d2.set_value("Sound", "off")
    d2.menu_to("Back")
    d2.press("A")
    d2.app.settings_changed()  # and once more: nothing new to write
    d3 = reboot(d2.board.nvm)
    assert d3.app.settings.sound == 0
    d3.menu_to("Continue")
    d3.press("A")
    assert d3.screen_name() == "TableScreen"
    assert comparable(d3.app.match.state) == comparable(m.state)


@pytest.mark.parametrize("family", ["samd51", "nrf52840"])
def test_crash_summary_on_the_boards_flash_never_touches_the_newest_save(family, capsys):
    """SAMD51's nvm is one erase unit: the summary is not written (the console says so).
    nRF52840's halves are separate pages: the summary goes to the page without the newest
    save, so the crash's flash steps leave the newest save's page alone."""
    from boards.sim import SimBoard
    from firmware.runner import Runner
    from firmware.store import Store
    from host.measure import flashmodel

    nvm = flashmodel.Flash(family)
    d = simdrive.Driver("sim", lazy=True, nvm=nvm, speed=0)
    d.new_match("Elfer Raus", players=4)
    m = d.app.match
    d.run_until(lambda: m.my_turn() and m.state.placed == 0)
    runner = Runner(SimBoard("sim", scale=1, keyboard=True, nvm=nvm))
    runner.app.settings.speed = 0
    runner.board.press(4)  # A: Continue
    step_all(runner, 10)
    play_until_saved_again(runner, 10)  # a crash from here on is one in play, not on Continue
    newest = Store(nvm)
    saved = newest.load()
    before = len(nvm.steps)

    def broken(*args):
        raise RuntimeError("engine fault for the test")

    runner.app.match.play = broken
    runner.app.match.bot_step = broken
    runner.board.press(4)
    step_all(runner, 10**6)
    assert runner.error is not None
    crash_steps = nvm.steps[before:]
    assert Store(nvm).load() == saved
    if family == "samd51":
        assert crash_steps == [] and Store(nvm).read_error() == ""
        assert "error summary not stored" in capsys.readouterr().out
    else:
        assert crash_steps and "engine fault for the test" in Store(nvm).read_error()
        page = newest.slot * 4096
        assert all(not (page <= s[1] < page + 4096) for s in crash_steps)


_FUZZ = []


def fuzz_setup():
    """One booted app with storage (reused by every case) and a save as the firmware makes it:
    a 4-player 3-round match in its second round, bots of every level."""
    if not _FUZZ:
        import random

        from test_snapshot import advance

        from engine.bots import make_bot
        from engine.rules import make_rules
        from engine.state import State

        rules = make_rules("classic", players=4, rounds=3)
        s = State(rules, seed=9, dealer=1)
        levels = (None, "random", "medium", "expert")
        bots = [None if lv is None else make_bot(lv, rules, p, 9) for p, lv in enumerate(levels)]
        rng = random.Random(9)
        while s.round_no < 2:
            advance(s, rng, 1, bots)
        advance(s, rng, 20, bots)
        _FUZZ.append(simdrive.Driver("sim", lazy=True, nvm=fresh_nvm(), speed=0))
        _FUZZ.append(snapshot.dump(s, bots, b"\0\0\0\x09"))
    return _FUZZ


@given(st.data())
@fuzz("snapshots")
def test_fuzz_forged_or_random_save_continues_whole_or_is_refused_never_crashing(data):
    """Through the app's own Continue: random bytes, or a firmware save with fields and bytes
    changed and the CRC made good again. Continue refuses with 'save refused: ...' (nothing
    changed), or the match is on the table and plays and saves on without a crash."""
    from test_snapshot import field_offsets

    from engine.crc import put_crc

    d, blob = fuzz_setup()
    app = d.app
    if data.draw(st.integers(0, 9)) == 0:
        bad = bytearray(data.draw(st.binary(max_size=300)))
    else:
        f = field_offsets(blob, 4)
        bad = bytearray(blob)
        spots = [
            f["round"],
            f["round"] + 1,
            f["tiebreak"],
            f["active"],
            f["scores"],
            f["scores"] + 2,
            f["hist_len"],
        ] + f["levels"]
        spots += [f["hist_len"] - 4, f["hist_len"] - 1]  # the extra bytes (the seed)
        for _ in range(data.draw(st.integers(1, 3))):
            i = data.draw(st.one_of(st.sampled_from(spots), st.integers(5, len(bad) - 5)))
            bad[i] = data.draw(st.one_of(st.sampled_from([0, 1, 2, 3, 4, 5, 64, 128, 254, 255]), st.integers(0, 255)))
        put_crc(bad, 0, len(bad) - 4)
    app.saved = bytes(bad)
    why = app.resume()
    if why:
        assert why.startswith("save refused: ") and app.match is None and not app.continuing
        return
    d.step()  # the table, a loop pass later
    assert d.screen_name() == "TableScreen"
    d.draw()  # the restored table as it comes back, and (below) as it ends
    m = app.match
    for _ in range(150):
        if m.state.phase:
            break
        if m.my_turn():
            assert m.play(m.moves[0]) is None
        d.step(50)
    d.draw()
    app.quit_match()


def test_save_file_of_another_size_is_kept_aside_and_the_title_says_so(tmp_path):
    """A MicroPython board or the simulator: the file is renamed, never wiped, and the person is told."""
    from firmware.fileregion import FileRegion

    path = tmp_path / "save.bin"
    path.write_bytes(b"EL" + bytes(998))  # 1,000 bytes: not the region's 4,096
    d = simdrive.Driver("sim", lazy=True, nvm=FileRegion(str(path), 4096))
    assert d.screen_name() == "TitleMenu"
    assert "kept as" in shown(d) and "save.bin.old" in shown(d)
    assert (tmp_path / "save.bin.old").read_bytes() == b"EL" + bytes(998)


def test_storage_that_cannot_be_used_turns_saves_off_with_a_notice():
    d = simdrive.Driver("sim", lazy=True, nvm=bytearray(100))  # smaller than any store
    assert d.screen_name() == "TitleMenu"
    assert "Saves are off" in shown(d)
    assert d.app.store is None


def test_quit_saves_the_match_as_it_stands_drops_it_and_continue_brings_it_back():
    """Pause > Quit: the match leaves memory (menus and table are never held at once), its
    bots' code goes too, and Continue restores it from the save exactly as it was."""
    import sys

    d = simdrive.Driver("sim", lazy=True, nvm=fresh_nvm())
    d.new_match("Elfer Raus", players=4, P2_bot="expert")
    m = d.app.match
    play_turns(d, 2)
    d.run_until(lambda: m.state.phase != 0 or (m.my_turn() and m.state.placed == 0), dt=200)
    assert m.state.phase == 0, "the round should still be on"
    before, rngs = comparable(m.state), bots_rng(m)
    d.press("START")
    d.menu_to("quit")
    d.press("A")
    assert d.screen_name() == "TitleMenu" and d.app.match is None and d.app.table is None
    assert "engine.bot_expert" not in sys.modules
    assert d.panel()[1] == "> Continue"
    d.press("A")
    m2 = d.app.match
    assert d.screen_name() == "TableScreen" and m2 is not m
    assert comparable(m2.state) == before and bots_rng(m2) == rngs


def test_a_match_saved_beside_statistics_is_read_back_with_them():
    """The payload's statistics entries are read at the stride head() writes them (17 bytes):
    read at 16, the match after one entry was taken for none, and Continue after a reset
    said there was no match whenever a match had been finished before."""
    from firmware import saves
    from firmware.settings import Settings

    stats = {("elfer", 3): [1, 0, 3, 178, 178, 0], ("cinquillo", 1296 + 6): [4, 2, 9, 31, saves.NO_BEST, 12]}
    payload = saves.head(Settings(), stats) + saves.with_match(b"a snapshot")
    got, match, notice = saves.decode(payload, Settings())
    assert (got, match, notice) == (stats, b"a snapshot", "")
