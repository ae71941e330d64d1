"""Rules as data: named presets plus options, validated into one Rules object.

Setup-time only: once the Rules object exists nothing in a game needs this
module, so a device may unload it (engine.unload("rules")). Rules written as text
('classic players=4') are read by engine.rules_text.

Every variant is a value in these tables; the turn and scoring code reads
the resulting attributes and never asks for a preset by name.
"""

from engine.cards import GAME_CINQUILLO, GAME_ELFER
from engine.deal import hand_size_for  # noqa: F401 - part of this module's interface
from engine.ruleset import Rules

# Option table: name -> (default, allowed values or (lo, hi) range, games it exists for).
# Games: "e" Elfer Raus, "c" Cinquillo. Rule ids: players E5/C2/B1, colors E2/V5, ranks E3/V4,
# optional_pass V1, draw V2, start_10_12 V3, actions V6, limit E22/C9, rounds E22, hand_size C3.
OPTIONS = {
    "players": (4, (2, 6), "ec"),
    "colors": (4, (3, 4), "e"),
    "ranks": (20, (10, 15, 20), "e"),
    "optional_pass": (0, (0, 1), "e"),
    "draw": (1, (1, 3), "e"),
    "start_10_12": (0, (0, 1), "e"),
    "actions": (0, (0, 1), "e"),
    "limit": (0, (1, 9999), "ec"),
    "rounds": (0, (0, 99), "ec"),
    "hand_size": (12, (10, 15), "c"),
}
RANGE_OPTIONS = ("players", "limit", "rounds", "hand_size")

# Preset name -> (game, fixed option values). Options a preset fixes cannot be overridden.
PRESETS = {
    "classic": ("e", {}),
    "three-color": ("e", {"colors": 3}),
    "junior10": ("e", {"ranks": 10}),
    "junior15": ("e", {"ranks": 15}),
    "cinquillo": ("c", {}),
    "bastard": ("c", {"bastard": 1}),
}
PRESET_ORDER = ("classic", "three-color", "junior10", "junior15", "cinquillo", "bastard")

# Per game: (game id, default limit, players allowed).
GAMES = {
    "e": (GAME_ELFER, 500, (2, 6)),
    "c": (GAME_CINQUILLO, 30, (2, 4)),
}


def refusal(name, value, why):
    # The refusal's text (what is allowed) is made in engine.errors, loaded only when one is
    # refused: a device interns none of its words while it sets up a game that is fine.
    from engine.errors import refused_option

    return refused_option(name, value, why)


def make_rules(preset="classic", **options):
    """Validate a preset plus options; raise RulesError naming the bad option."""
    if preset not in PRESETS:
        raise refusal("preset", preset, ", ".join(PRESET_ORDER))
    gkey, fixed = PRESETS[preset]
    game, default_limit, players_allowed = GAMES[gkey]
    values = {}
    for name in OPTIONS:
        values[name] = OPTIONS[name][0]
    values["limit"] = default_limit
    for name in fixed:
        if name in values:
            values[name] = fixed[name]
    given = {}
    for name in options:
        value = options[name]
        spec = OPTIONS.get(name)
        if spec is None or not isinstance(value, int):
            raise refusal(name, value, None)
        a = spec[1]
        if name != "players" and not (a[0] <= value <= a[1] if name in RANGE_OPTIONS else value in a):
            raise refusal(name, value, None)  # players: the game's own range (E5/C2/B1), below
        if gkey not in spec[2]:
            raise refusal(name, value, "not available for preset %s" % preset)
        if name in fixed and fixed[name] != value:
            raise refusal(name, value, "%s (fixed by preset %s)" % (fixed[name], preset))
        values[name] = value
        given[name] = value
    bastard = fixed.get("bastard", 0)
    players = values["players"]
    lo, hi = (3, 4) if bastard else players_allowed  # B1: Bastard for 3 or 4
    if not lo <= players <= hi:
        raise refusal("players", players, "%d..%d for %s" % (lo, hi, preset))
    if values["start_10_12"] and values["ranks"] != 20:
        raise refusal("start_10_12", 1, "0 (V3 needs ranks 1..20)")
    if "hand_size" in given and players != 2:
        raise refusal("hand_size", given["hand_size"], "only with players=2")

    r = Rules()
    r.preset = preset
    r.game = game
    r.bastard = bastard
    r.players = players
    r.colors = values["colors"] if game == GAME_ELFER else 4
    r.ranks = values["ranks"] if game == GAME_ELFER else 10
    r.optional_pass = values["optional_pass"]
    r.draw_max = values["draw"]
    r.start_10_12 = values["start_10_12"]
    r.actions = values["actions"]
    r.limit = values["limit"]
    r.rounds = values["rounds"]
    r.hand_size = values["hand_size"]
    # Derived behaviour, read by the turn, deal and scoring code.
    r.one_card_turns = game == GAME_CINQUILLO  # C7
    r.direction = 1 if game == GAME_ELFER else -1  # E13 clockwise, C6 to the right
    r.start_rank = r.ranks // 2 + 1 if game == GAME_ELFER else 5  # E4, C4
    r.high_wins = game == GAME_CINQUILLO  # C9: points; Elfer: penalties
    r.tie_break_round = game == GAME_ELFER  # E23 versus C9's draw
    r.options = {}
    for name in given:
        if name in fixed:
            continue  # the preset already says so
        if given[name] != (default_limit if name == "limit" else OPTIONS[name][0]):
            r.options[name] = given[name]
    return r
