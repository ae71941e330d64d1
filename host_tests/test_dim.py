"""The backlight dims when nothing happens (issue 49): after 30 s (Settings > Dim screen: 30 s, 2 min,
never) without a press or a change on the screen it goes to a quarter; the next press only wakes
it (the screen as it was, the press not acted on), and so does anything the screen shows.
"""

from firmware import menus, saves
from firmware.settings import Settings
from host.drive import simdrive


def idle(d, ms):
    for _ in range(ms // 1000):
        d.step(1000)


def lit(d):
    d.board.has_backlight = True  # as a PyBadge's (the desktop window has none)
    return d


def test_dim_after_30_s_idle_and_a_press_only_wakes_the_screen():
    d = lit(simdrive.Driver("pybadge", keyboard=False, lazy=True))
    d.app.settings.set("brightness", 3)
    d.app.apply_settings()
    idle(d, 29000)
    assert d.board.level == 3
    idle(d, 2000)
    assert d.board.level == 1  # dimmed
    screen, pos = d.app.screen, d.app.screen.pos
    d.press("DOWN")  # wakes only: the menu's cursor stays
    assert d.board.level == 3 and d.app.screen is screen and d.app.screen.pos == pos
    d.press("DOWN")
    assert d.app.screen.pos == pos + 1


def test_dim_after_2_min_or_never_as_set():
    for dim, after in ((1, 120000), (2, None)):
        d = lit(simdrive.Driver("pybadge", keyboard=False, lazy=True))
        d.app.settings.set("dim", dim)
        idle(d, 119000)
        assert d.board.level == 4
        idle(d, 3000 if after else 600000)
        assert d.board.level == (1 if after else 4), dim


def test_dim_a_change_on_the_screen_wakes_it_and_keeps_it_lit():
    d = lit(simdrive.Driver("pybadge", keyboard=False, lazy=True, speed=3))
    d.setup_match("elfer", players=3)
    d.play_turn()  # the bots' moves follow, 1.4 s apart
    for _ in range(40):
        d.step(1000)
        assert d.board.level == 4 or not d.app.match.state.turn, "dimmed while the bots played"


def test_dim_never_where_it_would_not_show_and_the_press_then_acts():
    """No backlight (the desktop window), or one already at the dim level: nothing dims, so no
    press is taken for a wake."""
    for backlight, level in ((False, 4), (True, 1)):
        d = simdrive.Driver("pybadge", keyboard=False, lazy=True)
        d.board.has_backlight = backlight
        d.app.settings.set("brightness", level)
        d.app.apply_settings()
        idle(d, 40000)
        pos = d.app.screen.pos
        d.press("DOWN")
        assert d.app.screen.pos == pos + 1 and d.board.level == level, (backlight, level)


def test_dim_is_a_setting_saved_and_read_from_settings_toml():
    s = Settings()
    assert s.load_defaults({"ELFER_DIM": "2"}.get) == "" and s.dim == 2
    assert "ELFER_DIM" in s.load_defaults({"ELFER_DIM": "5"}.get) and s.dim == 2
    payload = saves.encode(s, {}, None)
    assert payload[0] == 4 and payload[7] == 2
    fresh = Settings()
    assert saves.decode(payload, fresh) == ({}, None, "") and fresh.dim == 2
    v3 = bytes([3]) + payload[1:7] + payload[8:]  # before the dim byte: the default
    fresh = Settings()
    assert saves.decode(v3, fresh) == ({}, None, "") and fresh.dim == 0 and fresh.symbols == s.symbols
    d = simdrive.Driver("pybadge", keyboard=False, lazy=True)
    assert "dim" not in [it[1] for it in menus.SettingsMenu(d.app).items]  # the window: no backlight
    d.board.has_backlight = True  # as the PyBadge's
    assert "dim" in [it[1] for it in menus.SettingsMenu(d.app).items]
