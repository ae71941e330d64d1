"""No screen draws with a display library: firmware/ draws through the board's surface (board.gfx).

The renderer comes with the board profile (boards/gfx_displayio.py, boards/gfx_framebuf.py),
so the same screens run on displayio and on framebuf.
"""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DISPLAY_LIBRARIES = {"displayio", "framebuf", "terminalio", "vectorio", "fontio", "bitmaptools", "busdisplay"}
HOST_ONLY = {"glyphs.py"}  # the tiles' readable source: host/ship/glyphpack.py packs them into ui.py


def imported(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module.split(".")[0]


def firmware_modules():
    for folder, _, names in os.walk(os.path.join(ROOT, "firmware")):
        for name in names:
            if name.endswith(".py") and name not in HOST_ONLY:
                yield os.path.join(folder, name)


def test_no_firmware_module_imports_a_display_library():
    found = []
    for path in firmware_modules():
        for mod in imported(path):
            if mod in DISPLAY_LIBRARIES:
                found.append("%s imports %s" % (os.path.relpath(path, ROOT), mod))
    assert found == []


def test_the_check_sees_an_import_of_displayio(tmp_path):
    bad = tmp_path / "screen.py"
    bad.write_text("import gc\nfrom displayio import Group\n")
    assert "displayio" in set(imported(str(bad)))


def test_each_renderer_offers_the_same_surface():
    """Both renderers' objects have the methods the firmware calls (ui.py, table.py)."""
    surface = {"layer", "sheet", "tiles"}
    tiles = {"__setitem__", "__getitem__", "color", "move"}
    for name in ("gfx_displayio", "gfx_framebuf"):
        with open(os.path.join(ROOT, "boards", name + ".py"), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        methods = {}
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                methods[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        gfx = [m for c, m in methods.items() if surface <= m]
        assert gfx, "%s: no class with %s" % (name, sorted(surface))
        assert tiles <= methods["Tiles"], name
        assert {"set", "scaled"} <= methods["Sheet"], name
