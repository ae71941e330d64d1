"""The Rules object: a validated configuration (built by rules.make_rules; kept apart so
the option tables and validation can be unloaded once a game is set up)."""


class Rules:
    """A validated rules configuration. Build with make_rules() or parse_rules()."""

    def __init__(self):
        self.preset = "classic"
        self.options = {}
        self.game = 0  # GAME_ELFER
        self.bastard = 0

    def kind(self):
        """The game these rules play: "elfer", "cinquillo" or "bastard" (a variant of Cinquillo)."""
        if self.bastard:
            return "bastard"
        return "cinquillo" if self.game == 1 else "elfer"  # engine.cards GAME_CINQUILLO

    def describe(self):
        """Canonical text: preset then the options that differ from their defaults."""
        out = [self.preset]
        for name in sorted(self.options):
            out.append("%s=%d" % (name, self.options[name]))
        return " ".join(out)

    def __eq__(self, other):
        return isinstance(other, Rules) and self.describe() == other.describe()

    def __repr__(self):
        return "Rules(%s)" % self.describe()
