"""The statistics menu: back, or reset after a confirmation (loaded when shown)."""

from boards.base import A, B
from firmware import keys
from firmware.lang import t
from firmware.screens import Menu, Pager, item


class StatsMenu(Menu):
    def __init__(self, app):
        self.title = t("res_stats")
        Menu.__init__(self, app)

    def build(self, app):
        return [item(t("res_back"), "back"), item(t("res_reset"), "reset")]

    def choose(self, app, key):
        if key == "reset":
            app.show(ConfirmReset(app))
        else:
            self.back(app)


class ConfirmReset(Menu):
    def __init__(self, app):
        self.title = t("res_reset_q")
        self.help = keys.hint(app.board, ((A, "res_k_choose"), (B, "res_k_keep")))
        Menu.__init__(self, app)

    def build(self, app):
        return [item(t("res_keep"), "no"), item(t("res_reset_yes"), "yes")]

    def choose(self, app, key):
        if key == "yes":
            app.reset_stats()
            app.show(Pager(app, t("res_stats"), t("res_reset_done"), None))
        else:
            self.back(app)

    def back(self, app):
        app.show(StatsMenu(app))
