"""The menus before a match: the title menu, the new match's set-up and the settings.

Loaded when the title menu is shown (screens.show_title) and dropped when a match's table is
(firmware/app.py show): a match in play does not carry them (docs/memory.md, "Scenes").
"""

from boards.base import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from engine import unload
from firmware import keys
from firmware.choices import ELFER_OPTIONS, LENGTHS, ON_OFF, actions, item, value_of
from firmware.lang import CODES, NAMES, t
from firmware.pages import Menu, Pager, selftest_page, stats_menu
from firmware.screens import seat, show_title
from firmware.texts import rules_text


class TitleMenu(Menu):
    title = b"title"
    hints = ((A, b"k_choose"), (UP | DOWN, b"k_move"))

    def build(self, app):
        # Continue only where there is a match to continue: first, so it is preselected.
        go_on = ((b"m_continue", "continue"),) if app.match is not None or app.saved is not None else ()
        # Link play (firmware/lobby.py) where the board has a radio (boards/base.py radio).
        # (their item keys are their texts' keys: a new name would be a qstr more on every board)
        link = ((b"m_host", b"m_host"), (b"m_join", b"m_join")) if app.board.radio is not None else ()
        return actions(
            go_on
            + ((b"m_new", "new"),)
            + link
            + (
                (b"m_rules", "rules"),
                (b"m_settings", "settings"),
                (b"m_stats", "stats"),
                (b"m_help", "help"),
            )
        )

    def enter(self, app):
        if app.match is None:
            self.note = app.notice  # what the boot found wrong with the save, if anything
            app.notice = ""
        level = app.board.battery()
        if level is not None:  # boards with a LiPo monitor show its charge here
            self.help = t(b"battery") % level
        Menu.enter(self, app)

    def choose(self, app, key):
        if key == "start" and self.items[0][1] != "continue":
            key = "new"  # START with no match to continue: a new one's set-up
        if key == "continue" or key == "start":
            if app.match is not None:  # a board without saves keeps a match left in memory
                app.show(app.table_screen)
                return
            why = app.resume()  # the saved match, if there is one
            if why:
                self.note = why
                self.draw(app)
        elif key == "new":
            app.show(SetupMenu(app))
        elif key == b"m_host" or key == b"m_join":
            from firmware import lobby

            lobby.show(app, key)
        elif key == "rules":
            app.show(Pager(app, b"p_rules", rules_text(app.setup["game"]), self))
        elif key == "settings":
            app.show(SettingsMenu(app))
        elif key == "stats":
            app.show(Pager(app, b"p_stats", stats_text(app), self, stats_menu))
        elif key == "help":
            app.show(Pager(app, b"p_help", help_text(app), self, selftest_page, b"k_selftest"))

    def back(self, app):
        self.draw(app)


GAMES = ((b"c_elfer", "elfer"), (b"c_cinquillo", "cinquillo"), (b"c_bastard", "bastard"))
VARIANTS = ((b"c_classic", "classic"), (b"c_3colors", "three-color"), ("1-10", "junior10"), ("1-15", "junior15"))
PLAYERS = {"elfer": (2, 6), "cinquillo": (2, 4), "bastard": (3, 4)}
LEVELS = ((b"c_random", "random"), (b"c_easy", "easy"), (b"c_medium", "medium"), (b"c_expert", "expert"))
# The bot levels a board offers, by its speed (boards/base.py Board.fast): every board runs
# LEVELS within its budget; the master (~20x the expert's work) only a fast host.
FAST_LEVELS = LEVELS + ((b"c_master", "master"),)


def levels_for(board):
    """The choices for a seat of the new-match screen on this board: its bot levels, then a person
    (pass-and-play: firmware/handover.py)."""
    return (FAST_LEVELS if board.fast else LEVELS) + ((b"c_person", "person"),)


def _index(choices, value):
    for i in range(len(choices)):
        if choices[i][1] == value:
            return i
    return 0


class SetupMenu(Menu):
    title = b"m_new"

    def build(self, app):
        st = app.setup
        g = st["game"]
        items = [item(t(b"m_game"), "game", GAMES, _index(GAMES, g))]
        if g == "elfer":
            items.append(item(t(b"m_variant"), "variant", VARIANTS, _index(VARIANTS, st["variant"])))
            for text, key, choices in ELFER_OPTIONS:
                items.append(item(t(text), key, choices, _index(choices, st[key])))
        lo, hi = PLAYERS[g]
        st["players"] = min(max(st["players"], lo), hi)
        players = tuple((str(k), k) for k in range(lo, hi + 1))
        items.append(item(t(b"m_players"), "players", players, st["players"] - lo))
        levels = levels_for(app.board)
        for p in range(1, st["players"]):
            i = _index(levels, st["levels"][p])
            st["levels"][p] = levels[i][1]  # a level this board does not offer is not started unseen
            items.append(item(t(b"m_bot") % seat(p), "level%d" % p, levels, i))
        lengths = LENGTHS[g]
        st["length"] = min(st["length"], len(lengths) - 1)
        items.append(item(t(b"m_length"), "length", lengths, st["length"]))
        dealers = ((b"c_random", -1), (b"c_you", 0)) + tuple((seat(p), p) for p in range(1, st["players"]))
        st["dealer"] = min(st["dealer"], st["players"] - 1)
        items.append(item(t(b"m_dealer"), "dealer", dealers, _index(dealers, st["dealer"])))
        items.insert(0, item(t(b"m_start"), "start"))  # first: the list opens on it
        items.append(item(t(b"m_back"), "back"))
        return items

    def changed(self, app, it):
        key = it[1]
        st = app.setup
        v = value_of(it)
        if key.startswith("level"):
            st["levels"][int(key[5:])] = v
            return True
        old = st.get(key)
        st[key] = it[3] if key == "length" else v
        if key in ("game", "players"):
            self.items = self.build(app)  # (Start stays first: the positions below it move)
            for j in range(len(self.items)):
                if self.items[j][1] == key:
                    self.pos = j
            return True
        why = app.rules_problem()
        if why:
            st[key] = old
            self.note = why
            return False
        return True

    def choose(self, app, key):
        if key == "back":
            self.back(app)
            return
        why = app.new_match()
        if why:
            self.note = why
            self.draw(app)


class SettingsMenu(Menu):
    title = b"m_settings"

    def build(self, app):
        s = app.settings
        items = [
            item(t(b"m_language"), "lang", LANGUAGES, s.lang),
            item(t(b"m_speed"), "speed", SPEEDS, s.speed),
            item(t(b"m_marks"), "marks", ON_OFF, s.marks),
            item(t(b"m_sound"), "sound", SOUND_LEVELS, (0, 2, 1)[s.sound]),
        ]
        if not app.board.gfx.mono:  # (a screen without colour always shows the shapes)
            items.append(item(t(b"m_symbols"), "symbols", ON_OFF, s.symbols))
        if app.board.has_backlight:
            items.append(item(t(b"m_brightness"), "brightness", BRIGHTNESS, s.brightness - 1))
            items.append(item(t(b"m_dim"), "dim", DIMS, s.dim))
        items.append(item(t(b"m_back"), "back"))
        return items

    def changed(self, app, it):
        app.settings.set(it[1], value_of(it))
        app.apply_settings()
        if it[1] == "lang":  # every text again, in the new language
            self.items = self.build(app)
            if app.table_screen is not None:  # a match kept in memory: its message said again
                app.table_screen.say("")
        return True

    def choose(self, app, key):
        if key == "back":
            self.back(app)

    def back(self, app):
        app.settings_changed()  # written only if a setting changed
        show_title(app)


SPEEDS = ((b"c_instant", 0), (b"c_fast", 1), (b"c_normal", 2), (b"c_slow", 3))
SOUND_LEVELS = ((b"c_off", 0), (b"c_quiet", 2), (b"c_on", 1))  # (1 is on: saved before quiet came)
# Each language in its own words, or its code where the name does not fit ("Nederlands|NL").
LANGUAGES = tuple((NAMES[i] + "|" + CODES[i].upper(), i) for i in range(len(CODES)))
BRIGHTNESS = (("25%", 1), ("50%", 2), ("75%", 3), ("100%", 4))
DIMS = (("30 s", 0), ("2 min", 1), (b"c_never", 2))  # (the app's dim times: App.step)


def stats_text(app):
    from firmware import saves

    text = saves.text(app.stats)
    saves = None
    unload("firmware.saves")
    return text


# The Help page's button lines: what each button does at the table (boards without it skip it).
HELP_KEYS = (
    (LEFT | RIGHT, b"h_cursor"),
    (UP | DOWN, b"h_jump"),
    (UP, b"h_page"),
    (A, b"h_play"),
    (B, b"h_finish"),
    (SELECT, b"h_hint"),
    (START, b"h_menu"),
)


def help_text(app):
    """The buttons as this board has them, the table's symbols, the self-test."""
    board = app.board
    lines = [t(b"h_head") % board.name]
    for pair in HELP_KEYS:
        line = keys.hint(board, (pair,))
        if line:
            lines.append(line)
    lines.append(t(b"h_marks"))
    lines.append(_legend(app.setup, app.board.gfx.mono or app.settings.symbols))  # (0, 1 or True)
    lines.append(t(b"h_selftest") % keys.names(board, A))
    return "\n".join(lines)


def _legend(setup, shapes):
    """The table's symbols explained for the game set up (firmware/legend.py, loaded for this only)."""
    from engine.cards import GAME_CINQUILLO, GAME_ELFER
    from firmware.legend import legend

    g = setup["game"]
    n = (3 if setup.get("variant") == "three-color" else 4) if shapes else 0
    text = legend(GAME_ELFER if g == "elfer" else GAME_CINQUILLO, g == "bastard", n)
    unload("firmware.legend")
    return text
