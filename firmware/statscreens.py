"""The statistics menu: back, or reset after a confirmation (loaded when shown)."""

from firmware.screens import Menu, Pager, item


class StatsMenu(Menu):
    title = "Statistics"

    def build(self, app):
        return [item("Back", "back"), item("Reset statistics", "reset")]

    def choose(self, app, key):
        if key == "reset":
            app.show(ConfirmReset(app))
        else:
            self.back(app)


class ConfirmReset(Menu):
    title = "Reset statistics?"
    help = "A: choose  B: keep them"

    def build(self, app):
        return [item("No, keep them", "no"), item("Yes, reset", "yes")]

    def choose(self, app, key):
        if key == "yes":
            app.reset_stats()
            app.show(Pager(app, "Statistics", "Statistics reset.", None))
        else:
            self.back(app)

    def back(self, app):
        app.show(StatsMenu(app))
