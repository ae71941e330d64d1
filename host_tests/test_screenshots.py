"""The committed screenshots (docs/screenshots/<board>/) are what the code draws today.

Each board's session of host/drive/screenshots.py runs again into a temporary folder (its own
buttons, fixed seeds, a made-up clock) and every picture is compared pixel by pixel with
the committed one: a screen whose drawing changed fails until `make screenshots` is run
and the new pictures are committed. One test per board, so they spread over workers.
The MicroPython boards' pictures come from the MicroPython unix port (host/drive/mpshots.py):
the board's real driver and renderer, read back from the panel model.
"""

import os

import pytest

from host.drive import screenshots
from host.emulate import upy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs", "screenshots")


def need_micropython():
    if upy.micropython():
        return
    if os.environ.get("CI"):
        pytest.fail("CI must check the MicroPython screenshots, but micropython is not installed")
    pytest.skip("!!! MICROPYTHON SCREENSHOTS NOT CHECKED !!! micropython is not installed: run 'make test'")


def pixels(path):
    import pygame

    surface = pygame.image.load(path)
    return surface.get_size(), pygame.image.tobytes(surface, "RGB")


def differing(made, committed):
    """The names of pictures that differ: in pixels, or made but not committed, or the reverse."""
    names_made = set(os.listdir(made))
    names_committed = set(n for n in os.listdir(committed) if n.endswith(".png"))
    bad = sorted(n + " (not committed)" for n in names_made - names_committed)
    bad += sorted(n + " (no longer made)" for n in names_committed - names_made)
    for name in sorted(names_made & names_committed):
        if pixels(os.path.join(made, name)) != pixels(os.path.join(committed, name)):
            bad.append(name)
    return bad


@pytest.mark.parametrize("board", screenshots.BOARDS + screenshots.MP_BOARDS)
def test_committed_screenshots_match_what_the_code_draws(board, tmp_path):
    if board in screenshots.MP_ALL:
        need_micropython()
    shots = screenshots.session(board, str(tmp_path))
    assert len(shots) >= 17  # every screen of the walk, none skipped
    bad = differing(str(tmp_path), os.path.join(DOCS, board))
    assert not bad, "docs/screenshots/%s: %s differ from what the code draws: run make screenshots" % (
        board,
        ", ".join(bad),
    )


def test_every_refresh_pushed_as_on_the_device_ends_on_the_same_pictures(tmp_path):
    """The committed pictures are drawn with one push per picture; with every refresh the app
    asks for pushed to the panel (only the changed bands, as on a board) the glass shows the same."""
    need_micropython()
    board = "pico_lcd_114"
    shots = screenshots.mp_session(board, str(tmp_path), eager=True)
    assert len(shots) >= 17
    bad = differing(str(tmp_path), os.path.join(DOCS, board))
    assert not bad, "pushing every refresh, %s differ from the committed pictures" % ", ".join(bad)


def test_micropython_screenshots_cover_the_circuitpython_screens():
    """Every screen pictured on the CircuitPython boards is pictured on each MicroPython board
    (the table in every language is the PyBadge's only)."""
    cp = set(n for n in os.listdir(os.path.join(DOCS, "feather_tft")) if n.endswith(".png"))
    for board in screenshots.MP_BOARDS:
        assert set(os.listdir(os.path.join(DOCS, board))) == cp, board


def test_panel_bytes_become_the_colours_they_light():
    """RGB565 (big-endian, as the ST7789 takes it) widened to 8 bits a channel; a monochrome
    frame's 1 is a lit (white) pixel."""
    rgb565 = bytes((0xF8, 0x00, 0x07, 0xE0, 0x00, 0x1F, 0xFF, 0xFF, 0x00, 0x00, 0x84, 0x10))
    assert screenshots.rgb_of(rgb565, (3, 2)) == bytes(
        (255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 132, 130, 132)
    )
    assert screenshots.rgb_of(bytes((1, 0)), (2, 1)) == bytes((255, 255, 255, 0, 0, 0))
    with pytest.raises(ValueError, match="a 2x2 frame of 5 bytes"):
        screenshots.rgb_of(bytes(5), (2, 2))


def test_a_changed_pixel_is_found(tmp_path):
    """The comparison itself: one pixel changed in a copy of a picture is reported by name."""
    import shutil

    import pygame

    made = tmp_path / "made"
    made.mkdir()
    src = os.path.join(DOCS, "pybadge", "title.png")
    shutil.copy(src, made / "title.png")
    committed = tmp_path / "committed"
    committed.mkdir()
    shutil.copy(src, committed / "title.png")
    assert differing(str(made), str(committed)) == []
    surface = pygame.image.load(str(made / "title.png"))
    x, y = 80, 64
    r, g, b, _ = surface.get_at((x, y))
    surface.set_at((x, y), (255 - r, g, b))
    pygame.image.save(surface, str(made / "title.png"))
    assert differing(str(made), str(committed)) == ["title.png"]
    os.remove(committed / "title.png")
    assert differing(str(made), str(committed)) == ["title.png (not committed)"]


def test_the_readme_picture_is_the_pybadge_table_scaled_up_pixel_for_pixel():
    board, name, target, k = screenshots.README_PICTURE
    (w, h), rgb = pixels(os.path.join(DOCS, board, name))
    size, big = pixels(os.path.join(DOCS, target))
    assert size == (w * k, h * k)
    assert big == screenshots.scaled_up(rgb, (w, h), k), "run make screenshots"
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert "docs/screenshots/" + target in f.read()
