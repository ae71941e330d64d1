"""The firmware in the desktop simulator, driven by scripted buttons (issue 5).

Assertions read what the screen shows: label texts, the marked slots, the
cursor, never timing. Rule ids name the rules the screens enforce or show.

The Drivers are lazy (host/drive/simdrive.py): these tests read texts, and compositing every
refresh in Blinka's displayio took most of their time (a whole match or fuzz case draws
its last screen with d.draw()). test_gfx_framebuf and test_firmware_input composite every
refresh in Blinka; test_screenshots pushes every refresh on the MicroPython boards.
"""

import os
import sys

import pytest

from engine.cards import DRAW, END, PASS
from host.drive import simdrive


@pytest.fixture
def d():
    return simdrive.Driver("sim", lazy=True)


def play_human_turn(d, counts):
    """The person's turn with the buttons alone: DOWN jumps to a playable card, A plays it;
    B draws, ends the turn or passes when nothing (more) fits. counts tallies what was pressed."""
    m = d.app.match
    tv = d.app.table
    playable_cards = [c for c in m.moves[: m.nmoves] if c < DRAW]
    if playable_cards:
        d.press("DOWN")
        card = d.app.table_screen.items(m)[d.app.table_screen.cursor]
        assert m.legal(card), "DOWN stops on a playable card or box"
        assert tv.shown_cursor in [i for i, m in enumerate(tv.shown_marks) if m], "the cursor's slot is marked playable"
        if card < DRAW:
            assert "fits" in tv.message_text()
        d.press("A")
        counts["A"] += 1
    else:
        before = m.finish_moves()
        d.press("B")
        counts[{DRAW: "draw", END: "end", PASS: "pass"}[before[0]]] += 1


def play_round_by_buttons(d, limit=3000):
    counts = {"A": 0, "draw": 0, "end": 0, "pass": 0}
    m = d.app.match
    for _ in range(limit):
        if m.state.phase != 0:
            return counts
        if m.my_turn():
            play_human_turn(d, counts)
        else:
            d.step(1000)
    raise AssertionError("round did not end")


def finish_round_screens(d):
    """Round over: A shows the revealed hands (E21/C9), A again the scoreboard; returns both."""
    assert "Round over" in d.app.table.message_text()
    d.press("A")
    assert d.screen_name() == "Pager"
    hands = d.panel()
    d.press("A")
    scores = d.panel()
    return hands, scores


def test_E20_E21_classic_round_played_with_buttons_to_the_scoreboard(d):
    assert d.panel()[0] == "ELFER RAUS!"
    d.new_match("Elfer Raus", players=4)
    assert d.screen_name() == "TableScreen"
    m = d.app.match
    assert m.rules.players == 4 and m.rules.describe().startswith("classic")
    counts = play_round_by_buttons(d)
    assert counts["A"] > 0 and counts["draw"] + counts["end"] > 0
    s = m.state
    hands, scores = finish_round_screens(d)
    assert hands[0] == "Round 1 over"
    out = [p for p in range(4) if s.count[p] == 0][0]
    assert ("You" if out == 0 else "P%d" % (out + 1)) + " went out." in hands[1]
    # Every other hand is revealed with its penalty (E21).
    for p in range(4):
        who = "You" if p == 0 else "P%d" % (p + 1)
        if p != out:
            assert any(line.startswith("%s %d:" % (who, s.penalty(p))) for line in hands), (who, hands)
    assert scores[0] == "Scores"
    assert any(line.split()[:3] == ["You", str(s.round_scores[0]), str(s.scores[0])] for line in scores)
    d.press("A")  # next round
    assert d.screen_name() == "TableScreen" and s.round_no == 2 and s.phase == 0


def test_E16_E17_buttons_play_draw_and_end_turns():
    """Over a few rounds the person places cards, draws (E17) and ends turns after placing."""
    d = simdrive.Driver("sim", lazy=True)
    d.new_match("Elfer Raus", players=3, Match="3 rounds")
    total = {"A": 0, "draw": 0, "end": 0, "pass": 0}
    for _ in range(3):
        counts = play_round_by_buttons(d)
        for k in counts:
            total[k] += counts[k]
        if total["A"] and total["draw"] and total["end"] or d.app.match.state.is_match_over():
            break
        finish_round_screens(d)
        d.press("A")
    assert total["A"] and total["draw"] and total["end"], total


def test_E14_illegal_card_refused_with_reason_and_nothing_changes(d):
    d.new_match("Elfer Raus", players=4)
    m = d.app.match
    d.run_until(lambda: m.my_turn() and any(not m.legal(c) for c in d.app.table_screen.items(m)), dt=1000)
    ts = d.app.table_screen
    its = ts.items(m)
    bad = [i for i, c in enumerate(its) if not m.legal(c)][0]
    while ts.cursor > bad:
        d.press("LEFT")
    while ts.cursor < bad:
        d.press("RIGHT")
    assert d.app.table.shown_cursor not in [i for i, m in enumerate(d.app.table.shown_marks) if m]
    before = (m.state.hist_len, list(m.state.hands), bytes(m.state.count))
    d.press("A")
    text = d.app.table.message_text()
    assert text.startswith("E"), text  # the rule id first, in the warning colour
    assert len(text) > 20  # the reason follows the rule id
    assert (m.state.hist_len, list(m.state.hands), bytes(m.state.count)) == before
    assert d.board.tones[-1][0] == 180  # the refusal tone


def test_lights_follow_the_seat_on_turn(d):
    """NeoPixels (the sim records them) show whose turn it is, and go dark at round end."""
    d.new_match("Elfer Raus", players=4)
    m = d.app.match
    seen = set()
    for _ in range(3000):
        if m.state.phase:
            break
        assert d.board.lit == m.state.turn
        seen.add(d.board.lit)
        if m.my_turn():
            play_human_turn(d, {"A": 0, "draw": 0, "end": 0, "pass": 0})
        else:
            d.step(1000)
    assert d.board.lit == -1 and len(seen) == 4


def test_pause_menu_opens_mid_bot_turn_and_bots_wait(d):
    d.app.settings.speed = 2
    d.new_match("Elfer Raus", players=4)
    m = d.app.match
    d.run_until(lambda: m.bot_on_turn(), dt=1000)
    d.press("START")
    assert d.screen_name() == "PauseMenu"
    assert d.panel()[:3] == ["Paused", "> Resume", "  Hint"]
    frozen = m.state.hist_len
    d.step(1000, n=20)
    assert m.state.hist_len == frozen, "bots do not move while the menu is open"
    d.press("A")  # Resume
    assert d.screen_name() == "TableScreen"
    d.run_until(lambda: m.state.hist_len > frozen, dt=1000)


def test_hint_from_pause_menu_moves_cursor_to_the_suggested_card(d):
    d.new_match("Elfer Raus", players=4)
    m = d.app.match
    d.run_until(lambda: m.my_turn(), dt=1000)
    d.press("START")
    d.menu_to("Hint")
    d.press("A")
    assert d.screen_name() == "TableScreen"
    text = d.app.table.message_text()
    assert text.startswith("Hint:")
    ts = d.app.table_screen
    assert m.legal(ts.items(m)[ts.cursor])


def test_no_press_leaks_into_the_next_screen(d):
    """A held A that opened a screen does not act again there, even when it auto-repeats."""
    d.menu_to("Settings")
    d.board.press(d.key_number("A"), hold=True)
    d.step(20, n=40)  # far longer than the repeat delay
    assert d.screen_name() == "SettingsMenu"
    assert d.app.screen.pos == 0 and d.app.settings.speed == 0  # nothing changed there
    d.board.release(d.key_number("A"))
    d.step()


def test_setup_refuses_impossible_option_with_the_reason(d):
    """V3 needs ranks 1..20: choosing it with the 1-10 deck is refused on screen, nothing changes."""
    d.menu_to("New match")
    d.press("A")
    d.set_value("Variant", "1-10")
    d.menu_to("Start 10/12")
    d.press("RIGHT")
    assert "<off>" in d.panel()[d.app.screen.pos - d.app.screen.top + 1]
    assert "start_10_12" in d.panel()[-1]
    assert d.app.setup["start_10_12"] == 0


def bot_level_choices(d):
    """The values each bot seat's item of the new-match screen offers (P2, P3, ...)."""
    return [[c[1] for c in it[2]] for it in d.app.screen.items if it[1].startswith("level")]


def test_setup_offers_master_only_on_fast_boards(d):
    """The simulator (Board.fast, boards/sim.py) offers the master level in every bot seat; a
    board that is not fast (every handheld) offers random to expert. A person (pass-and-play)
    comes last everywhere."""
    d.menu_to("New match")
    d.press("A")
    everywhere = ["random", "easy", "medium", "expert"]
    assert bot_level_choices(d) == [everywhere + ["master", "person"]] * 3
    d.set_value("P2 bot", "master")
    assert d.app.setup["levels"][1] == "master"
    d.back()
    d.board.fast = False  # as a handheld's profile says
    d.menu_to("New match")
    d.press("A")
    assert bot_level_choices(d) == [everywhere + ["person"]] * 3
    assert d.app.setup["levels"][1:4] == ["random", "medium", "medium"]  # what it shows is what starts


def test_only_the_desktop_simulator_and_the_browser_board_profiles_are_fast():
    """The speed fact is data on the profiles: Board.fast is False; SimBoard and WebBoard set it,
    no handheld profile (PyBadge, PyGamer, CLUE, Feathers, Pico packs, OLED) does."""
    import ast

    from boards.base import Board
    from boards.sim import SimBoard
    from boards.web import WebBoard

    assert Board.fast is False and SimBoard.fast is True and WebBoard.fast is True
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "boards")
    setting = {}
    for name in sorted(os.listdir(root)):
        if name.endswith(".py"):
            with open(os.path.join(root, name), encoding="utf-8") as f:
                tree = ast.parse(f.read())
            for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
                for st in cls.body:
                    if isinstance(st, ast.Assign) and any(getattr(t, "id", "") == "fast" for t in st.targets):
                        setting[name[:-3] + "." + cls.name] = ast.literal_eval(st.value)
    assert setting == {"base.Board": False, "sim.SimBoard": True, "web.WebBoard": True}


def test_C7_C9_cinquillo_round_with_buttons(d):
    d.new_match("Cinquillo", players=4)
    m = d.app.match
    assert m.rules.one_card_turns
    counts = play_round_by_buttons(d)
    assert counts["A"] > 0
    hands, scores = finish_round_screens(d)
    assert hands[2] == "Points: cards left"  # C9 scores points, not penalties
    winner = [p for p in range(4) if m.state.round_winners >> p & 1][0]
    assert m.state.round_scores[winner] >= 5  # C9: 5 plus one per card left


def test_B2_bastard_round_with_buttons_shows_dead_cards(d):
    d.new_match("Bastard", players=4)
    m = d.app.match
    assert m.rules.bastard
    seen_dead = []
    counts = {"A": 0, "draw": 0, "end": 0, "pass": 0}
    for _ in range(3000):
        if m.state.phase != 0:
            break
        # A dead card in the person's hand keeps its suit and rank, on a struck red face (B2).
        texts = d.app.table.slot_texts()
        seen_dead += [texts[i] for i, face in enumerate(d.app.table.shown_faces) if face == 5]  # dead face
        if m.my_turn():
            play_human_turn(d, counts)
        else:
            d.step(1000)
    assert m.state.phase != 0
    from engine import turn

    dead_now = [c for c in m.state.hand_cards(0) if turn.is_dead(m.state, c)]
    if dead_now:
        assert seen_dead
    from firmware.glyphs import SUITS

    assert all(len(t) == 2 and t[0] in SUITS for t in seen_dead), seen_dead
    finish_round_screens(d)


def test_settings_marks_off_hides_playable_marks(d):
    d.menu_to("Settings")
    d.press("A")
    d.set_value("Show fits", "off")
    d.press("B")
    d.new_match("Elfer Raus", players=4)
    m = d.app.match
    d.run_until(lambda: m.my_turn(), dt=1000)
    assert [i for i, m in enumerate(d.app.table.shown_marks) if m] == []


def test_rules_help_and_statistics_pages_open_and_return(d):
    for label, title in (("Rules", "Rules"), ("Help", "Help"), ("Statistics", "Statistics")):
        d.menu_to(label)
        d.press("A")
        assert d.panel()[0].split()[0] == title  # (and "▼" where the page scrolls)
        d.press("B")
        assert d.screen_name() == "TitleMenu"


def test_E22_whole_match_to_the_winner_screen():
    d = simdrive.Driver("sim", lazy=True)
    d.new_match("Elfer Raus", players=2, Match="1 round")
    play_round_by_buttons(d)
    finish_round_screens(d)
    m = d.app.match
    assert m.state.is_match_over()
    d.press("A")
    d.draw()
    assert d.panel()[0] == "Match over"
    assert d.panel()[1] in ("You win!", "You finished 2nd.", "You share 1st place.")
    d.press("A")
    assert d.screen_name() == "TitleMenu" and d.app.match is None
    (((game, _opponents), row),) = d.app.stats.items()  # (game, opponent set) -> [matches, wins, ...]
    assert game == "elfer" and row[0] == 1


@pytest.mark.parametrize("profile", ["sim", "clue", "feather_tft"])
@pytest.mark.parametrize("preset", ["classic 6", "three-color 2", "cinquillo 4", "bastard 3"])
def test_layout_fits_every_screen(profile, preset):
    """The table layout adapts to 160x128, 240x240 and 240x135: every label inside the screen."""
    from displayio import TileGrid

    from engine.rules import make_rules
    from firmware.table import TableView

    name, players = preset.split()
    w, h = {"sim": (160, 128), "clue": (240, 240), "feather_tft": (240, 135)}[profile]
    from boards.gfx_displayio import GFX

    tv = TableView(GFX, w, h, make_rules(name, players=int(players)))
    for obj in tv.layer.group:
        if isinstance(obj, TileGrid):
            grid, scale = obj, 1
        else:  # a text line: a scaled group around a glyph grid
            grid, scale = obj[0], obj.scale
        bw = grid.width * grid.tile_width * scale
        bh = grid.height * grid.tile_height * scale
        x, y = (obj.x, obj.y) if grid is obj else (obj.x + grid.x, obj.y + grid.y)
        assert 0 <= x and x + bw <= w and 0 <= y and y + bh <= h, (x, y, bw, bh)
    assert tv.L.slots >= 8


def test_help_page_runs_the_selftest(d, tmp_path, monkeypatch):
    """Help, then A: the on-device self-test compares its digest with the bundle's selftest.txt."""
    from engine import selftest

    monkeypatch.chdir(tmp_path)
    (tmp_path / "selftest.txt").write_text("digest=%s\n" % selftest.digest())
    d.menu_to("Help")
    d.press("A")
    assert "self-test" in " ".join(d.panel())
    d.press("A")
    assert d.panel()[:2] == ["Self-test", "PASS"]
    (tmp_path / "selftest.txt").write_text("digest=00000000\n")
    d.press("B")
    d.menu_to("Help")
    d.press("A", "A")
    assert d.panel()[1] == "FAIL"
    (tmp_path / "selftest.txt").unlink()  # the simulator's case: nothing to compare with
    d.press("B")
    d.menu_to("Help")
    d.press("A", "A")
    shown = " ".join(d.panel())
    assert "Done, not compared" in shown and "NO-EXPECTED" not in shown
    assert "free heap" not in shown  # CPython has no gc.mem_free: no "-1 bytes"


def test_make_play_says_so_and_plays_in_the_terminal_without_a_display():
    import subprocess

    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    r = subprocess.run(
        [sys.executable, "-m", "host.play.sim", "--preset", "classic"],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("No display here (headless): starting the terminal version instead")
    assert "You are P1." in r.stdout


def test_window_loop_runs_the_firmware_until_the_window_closes(monkeypatch, tmp_path):
    """host/play/sim.py's window loop: the firmware steps, draws, and Esc/close ends it with 0."""
    from boards import sim as simboard
    from host.play import sim

    calls = []

    def read_key(self):
        calls.append(1)
        if len(calls) == 1:
            return 4 * 2 + 1  # A pressed: Continue (no match: a note)
        if len(calls) > 50:
            raise simboard.QuitRequested()
        return -1

    monkeypatch.setattr(simboard.SimBoard, "read_key", read_key)
    save = tmp_path / "sim-save.bin"
    assert sim.run_window("sim", 1, sim.open_save(str(save))) == 0
    assert len(calls) > 50
    assert save.stat().st_size == 8192  # the window's saves live in a file, as on a board's flash


def test_title_shows_the_battery_where_the_board_measures_it(monkeypatch):
    from boards.sim import SimBoard

    monkeypatch.setattr(SimBoard, "battery", lambda self: 76)
    d = simdrive.Driver("sim", lazy=True)
    assert d.panel()[-1] == "X: choose  battery 76%"  # X: the keyboard key of A


def test_window_lang_option_wins_over_the_saved_language(monkeypatch, tmp_path):
    """make play ARGS=--lang pt: the window speaks Portuguese even when the saves say Dutch."""
    from boards import sim as simboard
    from firmware import lang
    from host.play import sim

    save = str(tmp_path / "sim-save.bin")
    d = simdrive.Driver("sim", lazy=True, nvm=sim.open_save(save))
    d.menu_to("Settings")
    d.press("A")
    d.set_value("Language", "Nederlands")
    d.menu_to("Terug")
    d.press("A")  # saved
    shown = []

    def read_key(self):
        shown.append(lang.current())
        if len(shown) > 5:
            raise simboard.QuitRequested()
        return -1

    monkeypatch.setattr(simboard.SimBoard, "read_key", read_key)
    assert sim.run_window("sim", 1, sim.open_save(save), "pt") == 0
    assert shown[0] == "nl" and shown[-1] == "pt"  # the boot read the saves; then --lang
    lang.use("en")


def test_a_long_task_runs_once_in_pieces_and_a_press_queued_with_its_own_does_not_start_it_again(d):
    """Start match and a round's end page are long tasks (firmware/app.py App.later), run a piece
    a loop pass: the table first, then the match, then the table drawn; the table let go, then the
    page. A second A queued with the first must start neither a second match nor a second page."""
    app = d.app
    a = d.key_number("A")
    d.menu_to("New match")
    d.press("A")
    d.set_value("Players", "3")
    d.set_value("Match", "1 round")
    d.menu_to("Start match")
    d.board.press(a)
    d.board.press(a)  # both queued before the pass reads them
    d.now += 20
    app.step(d.now)
    assert len(app.work) == 3 and app.match is None  # one task, not yet run
    d.step()
    assert app.work == [] and d.screen_name() == "TableScreen" and app.match.rules.players == 3
    s = app.match.state
    play_round_by_buttons(d)
    assert s.phase != 0
    d.board.press(a)
    d.board.press(a)
    d.now += 20
    app.step(d.now)
    assert len(app.work) == 2  # the table let go, then the round's page
    d.step()
    assert app.work == [] and d.screen_name() == "Pager" and d.panel()[0] == "Round 1 over"


def test_E20_the_round_end_shows_though_A_was_pressed_twice_on_the_last_card(d):
    """Two quick presses of A on the person's last card: the first plays it and ends the round
    (E20); the second was made for the table, not for the round's end, and is dropped (a
    slow loop pass reads both at once): the table says the round is over, A then goes on."""
    app = d.app
    a = d.key_number("A")
    counts = {"A": 0, "draw": 0, "end": 0, "pass": 0}
    for seed in range(1, 40):
        d.menu_to("New match")
        d.press("A")
        d.set_value("Players", "2")
        d.press("B")
        assert app.new_match(seed) == ""
        d.step()
        m = app.match
        while m.state.phase == 0:
            if not m.my_turn():
                d.step(1000)
            elif m.view.count[0] == 1 and m.nmoves and m.moves[0] < DRAW:
                its = app.table_screen.items(m)
                assert m.legal(its[app.table_screen.cursor]), "the cursor is on the last card"
                d.board.press(a)
                d.board.press(a)  # both read by the same loop pass
                d.step()
                assert m.state.phase != 0 and m.state.round_winners & 1
                assert d.screen_name() == "TableScreen" and app.work == []
                assert "Round over" in app.table.message_text()
                d.press("A")
                assert d.screen_name() == "Pager" and d.panel()[0] == "Round 1 over"
                return
            else:
                play_human_turn(d, counts)
        app.quit_match()
    raise AssertionError("in 39 matches the person never held a last card that fit")


def test_a_match_continued_after_the_language_changed_says_its_message_in_the_new_one():
    """Without saves a quit match stays in memory; the language changed meanwhile, Continue's
    table says nothing in the old one (its message line kept the old text)."""
    d = simdrive.Driver("sim", lazy=True)  # no storage: the match stays in memory
    d.new_match("Elfer Raus", players=3)
    m = d.app.match
    d.run_until(lambda: m.my_turn(), dt=1000)
    d.press("SELECT")  # a hint: a message in English
    assert d.app.table.message_text().startswith("Hint: ")
    d.press("START")
    d.menu_to("quit")
    d.press("A")
    assert d.screen_name() == "TitleMenu" and d.app.match is m
    d.menu_to("settings")
    d.press("A")
    d.set_value("Language", "Deutsch")
    d.back()
    d.menu_to("continue")
    d.press("A")
    assert d.screen_name() == "TableScreen"
    text = d.app.table.message_text()
    from firmware import lang

    lang.use("en")
    assert "Hint" not in text and text, text
