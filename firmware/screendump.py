"""The screen's texts, read from the firmware's own objects: for harnesses, never on a device's path.

The virtual board's button script (host/emulate/stubs/machine.py) and the browser page
(boards/web.py) read what the screen says through it; the device never imports it, so
its code costs the boards' heap nothing.
"""


def texts(runner):
    """The texts on the screen of runner (firmware.runner.Runner) now: the table's message and
    hand, or the panel's lines (menus, pages, the error screen)."""
    if runner.error is not None:
        return runner.error.panel.texts()
    app = runner.app
    if app is None:
        return []
    if app.screen is not None and app.screen.table and app.table is not None:
        return [app.table.message_text()] + app.table.slot_texts()
    return app.panel.texts()
