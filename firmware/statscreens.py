"""The statistics menu: back, or reset after a confirmation (loaded when shown)."""

from boards.base import DOWN, UP, A, B
from firmware.lang import t
from firmware.screens import Menu, Pager, item


class StatsMenu(Menu):
    title = "p_stats"

    def build(self, app):
        return [item(t("m_back"), "back"), item(t("st_reset"), "reset")]

    def choose(self, app, key):
        if key == "reset":
            app.show(ConfirmReset(app))
        else:
            self.back(app)


class ConfirmReset(Menu):
    title = "st_reset_q"
    hints = ((A, "k_choose"), (B, "st_keep"), (UP | DOWN, "k_move"))

    def build(self, app):
        return [item(t("st_no"), "no"), item(t("st_yes"), "yes")]

    def choose(self, app, key):
        if key == "yes":
            app.reset_stats()
            app.show(Pager(app, "p_stats", t("st_done"), None))
        else:
            self.back(app)

    def back(self, app):
        app.show(StatsMenu(app))
