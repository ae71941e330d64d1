"""The committed screenshots (docs/screenshots/<board>/) are what the code draws today.

Each board's session of tools/screenshots.py runs again into a temporary folder (its own
buttons, fixed seeds, a made-up clock) and every picture is compared pixel by pixel with
the committed one: a screen whose drawing changed fails until `make screenshots` is run
and the new pictures are committed. One test per board, so they spread over workers.
"""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
DOCS = os.path.join(ROOT, "docs", "screenshots")

pytest.importorskip("blinka_displayio_pygamedisplay")

import screenshots  # noqa: E402


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


@pytest.mark.parametrize("board", screenshots.BOARDS)
def test_committed_screenshots_match_what_the_code_draws(board, tmp_path):
    shots = screenshots.session(board, str(tmp_path))
    assert len(shots) >= 17  # every screen of the walk, none skipped
    bad = differing(str(tmp_path), os.path.join(DOCS, board))
    assert not bad, "docs/screenshots/%s: %s differ from what the code draws: run make screenshots" % (
        board,
        ", ".join(bad),
    )


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
