"""The statistics menu: back, or reset after a confirmation (loaded when shown)."""

from boards.base import DOWN, UP, A, B
from firmware.choices import actions
from firmware.lang import t
from firmware.pages import Menu, Pager


class StatsMenu(Menu):
    title = b"p_stats"

    def build(self, app):
        return actions(((b"m_back", "back"), (b"st_reset", "reset")))

    def choose(self, app, key):
        if key == "reset":
            app.show(ConfirmReset(app))
        else:
            self.back(app)


class ConfirmReset(Menu):
    title = b"st_reset_q"
    hints = ((A, b"k_choose"), (B, b"st_keep"), (UP | DOWN, b"k_move"))

    def build(self, app):
        return actions(((b"st_no", "no"), (b"st_yes", "yes")))

    def choose(self, app, key):
        if key == "yes":
            app.reset_stats()
            app.show(Pager(app, b"p_stats", t(b"st_done"), None))
        else:
            self.back(app)

    def back(self, app):
        app.show(StatsMenu(app))
