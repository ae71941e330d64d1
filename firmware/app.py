"""The app: the screen on show, the input, the match, and the main loop.

    app = App(board)       # any board profile from boards/
    app.step(now_ms)       # one pass: buttons, bot steps, refresh if something changed

The loop reads no clock itself (main() does), so the desktop tests drive
it with scripted buttons and made-up times.
"""

import gc

from engine import const
from firmware import screens, ui
from firmware.buttons import Input
from firmware.lang import forget, t
from firmware.settings import Settings
from firmware.ticks import ticks_add, ticks_diff

_SNAPSHOT_MAX = const(640)  # room for a match's snapshot in a save (about 200 bytes for a 6-player match)

# The backlight dims after this long without a press or a change on the screen (Settings > Dim:
# 30 s, 2 min, never: beyond ticks_diff's reach, 2**28 on CircuitPython, 2**29 on MicroPython),
# and the next press only wakes it.
DIM_MS = (30000, 120000, 1 << 29)
SOUNDS = {"play": (880, 25), "draw": (440, 40), "refuse": (180, 120), "won": (1320, 180), "lost": (220, 250)}


class App:
    def __init__(self, board, getenv=None, notice=""):
        """getenv: os.getenv for settings.toml's defaults, or None; notice: what went wrong
        before the app began (a bad ELFER_BOARD), for the title menu."""
        self.board = board
        self.input = Input(board)
        self.settings = Settings()
        self.notice = notice  # what the boot found wrong (settings.toml, the save), for the title menu
        if getenv is not None:
            self.add_notice(self.settings.load_defaults(getenv))
        self.stats = {}  # (game, opponents code) -> [matches, wins, rounds, score sum, best, rating]
        self.store = None  # saves (firmware/store.py), when the board has a storage region
        self.saved = None  # the saved match's snapshot bytes, restored by Continue
        self.saved_at = -1  # round, history length and phase of the match last saved, in one int
        self.continuing = False  # the match on the table is the saved one, not saved again yet
        self.head = b""  # the payload's version, settings and statistics, encoded (firmware/saves.py)
        self.open_store()
        from firmware.choices import setup_defaults

        self.setup = setup_defaults()
        # the text panel of menus and pages: made when one is shown (panel); None lets it go (lobby.py)
        self.text_panel = None
        self.table = None  # the TableView of the current match while its table is shown
        self.table_screen = None
        self.match = None
        self.screen = None
        self.dirty = False
        self.work = []  # a long task's pieces still to run, one a loop pass (later())
        self.now = 0
        self.hush_at = None  # when the sound on now ends (ticks ms), or None
        self.seen_at = 0  # the last press or change on the screen (ticks ms); None: dimmed
        self.seed = 1
        # A linked table (firmware/remote.py: the host's or a client's session), or None. Its
        # match is not saved, nor counted in the statistics (docs/link.md).
        self.link = None
        self.apply_settings()
        screens.show_title(self)

    def add_notice(self, text):
        if text:
            self.notice = self.notice + "\n" + text if self.notice else text

    # --- screens -----------------------------------------------------------------
    @property
    def panel(self):
        """The text panel every menu and page draws on (firmware/ui.py Panel)."""
        if self.text_panel is None:
            self.text_panel = ui.Panel(self.board.gfx, self.board.width, self.board.height)
        return self.text_panel

    def show(self, screen):
        """Make screen the one on show. Only its drawing is held: the table's while the table is
        shown (made again from the match when it comes back), else the panel's."""
        self.screen = screen
        forget()  # the texts the screen before read again and again
        if screen.table:
            self.table_first(self.match.rules)
            layer = self.table.layer
        else:
            self.table = None
            layer = self.panel.layer
        self.board.show(layer)
        screen.enter(self)
        self.input.flush(self.now)  # presses made for the old screen do not reach the new one
        self.dirty = True

    def later(self, *pieces):
        """Run these callables one a loop pass, each after a collection, before buttons are read
        again. A long task (a new match, Continue, the end of a match) done in pieces never holds
        all its pieces' short-lived objects at once: the heap it needs is the largest piece's, not
        their sum (docs/memory.md, "A long task in pieces")."""
        self.work.extend(pieces)

    def table_first(self, rules):
        """A match's first piece (new, continued, its next round), and show()'s for the table:
        the table screen becomes the screen (entered once its match is made: show_table), so
        the menu or page on show and their modules can go (not held while a round is played),
        and the table's drawing for these rules is made, the board's layer from now (drawn
        when a screen draws on it)."""
        self.leave_menus()
        if self.table is None:
            gc.collect()
            from firmware.table import TableView

            b = self.board
            self.table = TableView(b.gfx, b.width, b.height, rules, self.settings.symbols)
            b.show(self.table.layer)  # the panel's drawing is no longer the board's: it can go

    def leave_menus(self):
        """The table screen becomes the screen, and the menus' and pages' modules and the panel go
        (table_first's first part; a joiner's a loop pass before it: firmware/remoteclient.py)."""
        if self.table_screen is None:
            self.table_screen = screens.TableScreen(self)
        self.screen = self.table_screen
        _unload("menus")
        _unload("pages")
        _unload("choices")
        _unload("lobby")
        self.text_panel = None

    def step(self, now):
        self.now = now
        if self.hush_at is not None and ticks_diff(now, self.hush_at) >= 0:
            self.hush_at = None
            self.board.hush()
        if self.link is not None:  # the radio's frames in and out, on every screen
            self.link.step(self, now)
        due = False
        if self.work:
            gc.collect()
            self.work.pop(0)()
            due = not self.work  # the task done (a new round dealt, a match made): saved at once
        elif self.buttons(now):  # a long task began: its pieces come first, the screen it leaves is not drawn
            self.dirty = False
        else:
            self.screen.tick(self, now)
            due = True
        if self.dirty:
            self.dirty = False
            self.board.refresh()
            if self.seen_at is None:  # something happened: the backlight comes back
                self.board.brightness(self.settings.brightness)
            self.seen_at = now
        elif self.seen_at is not None and ticks_diff(now, self.seen_at) > DIM_MS[self.settings.dim]:
            # Nothing pressed or changed for that long: the backlight dims, where it has one
            # brighter than the dim level (else the press that wakes it would only be lost).
            if self.board.has_backlight and self.settings.brightness > 1:
                self.seen_at = None
                self.board.brightness(1)
        if due:  # after the screen: a save never holds a move back from the player's eyes
            self.save_if_due()

    def buttons(self, now):
        """Hand the queued presses to the screens; True when one began a long task (the presses
        made before it are dropped: they do not start another)."""
        while True:
            b = self.input.next(now)
            if not b:
                return False
            if self.seen_at is None:  # the press that wakes the screen does nothing else
                self.seen_at = now
                self.board.brightness(self.settings.brightness)
                continue
            self.seen_at = now
            screen = self.screen
            screen.button(self, b, now)
            if self.screen is not screen:
                return bool(self.work)  # a new screen: flush() dropped the rest
            if self.work:
                self.input.flush(now)
                return True

    def save_if_due(self):
        if self.match is not None and self.store is not None and self.link is None:
            self.autosave()

    # --- settings and sound ----------------------------------------------------------
    def apply_settings(self):
        s = self.settings
        self.board.muted = not s.sound
        self.board.loud = s.sound != 2  # 0 off, 1 on, 2 quiet (1 was on before quiet came)
        self.board.brightness(s.brightness)

    def sound(self, kind):
        """Start the sound of kind (the board's own table where its speaker needs one) and go on:
        step() hushes it when its time is up, so no loop pass waits for a sound."""
        if self.settings.sound:
            f, ms = SOUNDS[kind]
            own = self.board.sounds
            self.board.tone(own[kind] if own else f, ms)
            self.hush_at = ticks_add(self.now, ms)

    # --- the match ----------------------------------------------------------------
    def rules_problem(self):
        """Why the set-up choices make no valid rules (a RulesError's message), or ''."""
        try:
            self.make_rules()
        except Exception as e:  # RulesError, the engine's own clear message
            return str(e)
        return ""

    def make_rules(self):
        from engine.rules import make_rules
        from firmware.choices import ELFER_OPTIONS, LENGTHS

        st = self.setup
        g = st["game"]
        preset = st["variant"] if g == "elfer" else g
        opts = {"players": st["players"]}
        if g == "elfer":
            for _, key, choices in ELFER_OPTIONS:
                if st[key] != choices[0][1]:
                    opts[key] = st[key]
        name, value = LENGTHS[g][st["length"]][1]
        opts[name] = value
        return make_rules(preset, **opts)

    def new_match(self, seed=None):
        """Start a match from the set-up choices; returns a reason when they are refused."""
        try:
            rules = self.make_rules()
        except Exception as e:
            return str(e)
        from engine import unload

        unload("rules")  # set-up only: its tables need not stay in RAM during play
        if seed is None:
            seed = self.fresh_seed()
        self.match = None
        self.table = None
        self.table_screen = None
        # In pieces (later()): the table's drawing (the menus let go first), the match and its
        # bots, then the table drawn.
        self.later(lambda: self.table_first(rules), lambda: self.start_match(rules, seed), self.show_table)

        return ""

    def start_match(self, rules, seed):
        from firmware.match import Match

        st = self.setup
        dealer = st["dealer"]
        if dealer < 0:
            dealer = seed % rules.players
        levels = ["you"] + st["levels"][1 : rules.players]
        self.match = Match(rules, levels, seed, dealer, tape=self.new_tape())
        self.saved_at = -1  # the new match is saved at its first turn

    def continue_with(self, match, setup):
        """Continue's match (firmware/restore.py restored it) in play, saved as it stands, and
        `setup` the set-up choices of its rules (Restart and the Rules page use them)."""
        self.match = match
        s = match.state
        self.saved_at = (s.round_no << 12 | s.hist_len) << 2 | s.phase
        self.setup = setup

    def table_gone(self):
        """The table's drawing let go for the panel's, a page coming next (a piece: the two
        are not made and held in the same pass)."""
        self.table = None
        self.board.show(self.panel.layer)

    def show_table(self):
        """The match in memory on its table screen (made now if not yet; its round's end said, if
        it is over)."""
        if self.table_screen is None:
            self.table_screen = screens.TableScreen(self)
        self.show(self.table_screen)
        if self.match.state.is_round_over():
            self.table_screen.check_round_end(self)

    def fresh_seed(self):
        self.seed = (self.seed * 1103 + self.now + 7) % 30011 + 1
        return self.seed

    def quit_match(self):
        link = self.link
        self.link = None
        self.match = None
        self.continuing = False
        self.table = None
        self.table_screen = None
        if link is not None:  # a linked table left: its radio closed, its modules let go (the
            link.close(self)  # match gone first: a host's close saves no match, a joiner's frees it)
        match_code(False)
        screens.show_title(self)

    def leave_match(self):
        """Quit to the title menu. With saves the match is saved as it stands and leaves memory,
        so the menus and the table are never held at once; Continue brings it back from the save
        as after a reset (firmware/restore.py). Without saves it stays in memory for Continue."""
        m = self.match
        store = self.store
        if self.link is not None:  # a linked match is not saved: left, it is over
            self.quit_match()
        elif store is not None and m is not None and not m.state.is_match_over():
            self.save()  # the snapshot is in the store's buffer even when unchanged or not written
            buf = store.buf
            at = store.payload_at + len(self.head) + 2
            self.saved = bytes(buf[at : at + (buf[at - 2] << 8 | buf[at - 1])])
            self.quit_match()
        else:
            screens.show_title(self)

    def record_match(self):
        """Count the finished match in the statistics (once)."""
        m = self.match
        if m.recorded:
            return
        m.recorded = True
        gc.collect()  # late in a match the heap is in pieces: room to compile firmware/saves.py
        from firmware import saves

        m.rating = saves.record_match(self.stats, m)
        self.head = saves.head(self.settings, self.stats)
        _unload("saves")

    def reset_stats(self):
        self.stats = {}
        self.settings_changed()

    def settings_changed(self):
        """Settings or statistics changed: encode them again and save."""
        if self.store is None:
            return
        from firmware import saves

        self.head = saves.head(self.settings, self.stats)
        _unload("saves")
        self.save()

    # --- saves (firmware/store.py, firmware/saves.py, engine/snapshot.py) ------------------
    def open_store(self):
        """Boot: the board's storage region, the saved settings, statistics and match
        (firmware/restore.py); then the match code (docs/memory.md, "Saves")."""
        from firmware import restore

        restore.open_store(self)
        restore = None
        _unload("restore")
        gc.collect()  # before the UI is built: its objects fill the holes, not the far end
        if self.store is not None:
            # The code every match needs is compiled now, while the heap is whole: compiled
            # mid-use, after the boot's reading has left holes, its buffers found no room.
            match_code(True)
            import firmware.table  # noqa: F401
            import firmware.words  # noqa: F401  (the table names cards with it)

            if globals().get("__file__", "").endswith(".py"):
                # From sources (CircuitPython compiles them on the board), the round end's
                # compile of engine/names.py (for firmware/results.py) found no 1,280-byte hole
                # at heaps from 280 to 330 KiB (docs/memory.md): compiled now. A .mpy board
                # loads it there without a compile and keeps its 2-4 KiB free until then.
                import engine.names  # noqa: F401

    def keep_saves(self, store, stats, saved, head):
        """Boot (firmware/restore.py open_store): the storage, the statistics and the saved match
        read from it, and the records' head."""
        self.store = store
        self.stats = stats
        self.saved = saved
        self.head = head

    def new_tape(self):
        """A Tape for the new match's moves when there are saves (a save then needs no replay)."""
        if self.store is None:
            return None
        tape = _snapshot().Tape()
        tape.clear(1)
        return tape

    def autosave(self):
        """Save once per turn: when a turn begins, and when a round or the match ends.
        Never mid-move (apply() is whole, and this runs between steps)."""
        s = self.match.state
        if not s.is_round_over() and (s.placed or s.drawn):
            return
        key = (s.round_no << 12 | s.hist_len) << 2 | s.phase  # an int: no new object each turn
        if key == self.saved_at:
            return
        self.saved_at = key
        if s.is_match_over():
            self.record_match()
        self.save()
        if s.is_round_over():
            gc.collect()  # round over: the pages to come load code (results), which wants room

    def save(self):
        """Write settings, statistics and the match in play (none once it is over), built
        in place in the store's buffer: a save every turn allocates next to nothing.
        True once written."""
        store = self.store
        if store is None:
            return False
        head = self.head
        link = self.link
        m = self.match if link is None else None  # (a linked match is not saved as a local one)
        p0 = store.payload_at
        at = p0 + len(head) + 2
        buf = store.room(len(head) + 2 + _SNAPSHOT_MAX)
        buf[p0 : p0 + len(head)] = head
        k = 0
        if m is not None and not m.state.is_match_over():
            self.saved = None  # Continue now means the match in memory
            k = _snapshot().dump_into(buf, m.state, m.bots, m.extra, m.tape, at)
            store.room(len(head) + 2 + k)  # (the rare snapshot longer than _SNAPSHOT_MAX)
        elif link is not None and link.saving:  # a linked table's host (firmware/remotehost.py)
            k = link.save_into(buf, at)
            store.room(len(head) + 2 + k)
        elif m is None and self.saved is not None:  # not continued yet: keep it
            k = len(self.saved)
            buf = store.room(len(head) + 2 + k)
            buf[at : at + k] = self.saved
        buf[at - 2] = k >> 8
        buf[at - 1] = k & 255
        try:
            store.commit(len(head) + 2 + k)
        except OSError as e:  # storage failing: play on without saving
            print("save failed: %s" % (e,))
            return False
        if m is not None:
            self.continuing = False  # the save is now of this match as played on
        return True

    def resume(self):
        """Continue the saved match: '' when it is on the table, else why it could not be
        (firmware/restore.py, loaded for this only)."""
        if self.saved is None:
            return t(b"n_no_match")
        self.continuing = True  # until saved again: a crash now sets the save aside (set_aside)
        self.match = None
        self.table = None
        self.table_screen = None
        from firmware import restore

        why = restore.resume(self)
        _unload("restore")
        if why:
            self.continuing = False
            self.saved = None
        return why

    def set_aside(self):
        """A crash came while continuing the saved match, before it was saved again: save
        without it, so the next boot does not offer it and crash again. True when done."""
        self.continuing = False
        self.match = None
        self.saved = None
        if self.link is not None:
            self.link.saving = False  # a linked table's host: its save goes too
        try:
            return self.save()
        except Exception as e:  # the crash may have come from saving: keep the error screen
            print("saved match not set aside: %s" % (e,))
            return False


_SNAPSHOT = []  # engine.snapshot once loaded: an import statement every turn would allocate


def _snapshot():
    if not _SNAPSHOT:
        from engine import snapshot

        _SNAPSHOT.append(snapshot)
    return _SNAPSHOT[0]


def match_code(load):
    """The match's code as no match is in memory (False: the bots' code goes, the engine's core
    stays, as every match and every save needs it, and the title menu finds the room it had
    before the match), loaded (True: at boot; a joiner leaving a linked table, firmware/
    remoteclient.py), or let go with the save code (None: a joiner's table needs neither,
    firmware/lobby.py, ~14 KB)."""
    if load:
        import firmware.match  # noqa: F401

        _snapshot()
        return
    import sys

    bots = sys.modules.get("engine.bots")  # (a client of a linked table never loaded them)
    if bots is not None:
        bots.drop_levels()
    if load is None:
        from engine import unload

        del _SNAPSHOT[:]
        for name in ("firmware.match", "snapshot", "bots"):
            unload(name)
        return
    gc.collect()


def _unload(name):
    """Forget a firmware module used rarely (saves: statistics and decoding; restore: boot
    and Continue; menus: before a match), so the garbage collector frees it."""
    from engine import unload

    unload("firmware." + name)


def main(board=None):
    """The device entry point (code.py calls it)."""
    import os
    import time

    from firmware.ticks import ticks_ms

    getenv = getattr(os, "getenv", None)
    if getenv is None:  # MicroPython on a board: settings.toml read by our own reader
        from firmware.tomlenv import getenv
    notice = ""
    if board is None:
        from boards import detect

        board, notice = detect.load(getenv)
    from firmware.runner import Runner

    runner = Runner(board, getenv, notice)
    while True:
        runner.step(ticks_ms())
        time.sleep(0.01)
