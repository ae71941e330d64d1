"""Errors the engine raises. Each says what was wrong; none leaves state half-changed."""


class RulesError(ValueError):
    """A rules option or combination that cannot be played; names the option and what is allowed."""

    def __init__(self, option, value, allowed):
        self.option = option
        self.value = value
        self.allowed = allowed
        super().__init__("option %s=%s is not allowed; allowed: %s" % (option, value, allowed))

    def __reduce__(self):  # picklable, so errors cross process pools intact
        return (RulesError, (self.option, self.value, self.allowed))


def refused_option(name, value, why):
    """The RulesError for option `name` given `value`; `why` None says what the option allows."""
    if why is None:
        from engine.rules import OPTIONS, RANGE_OPTIONS

        spec = OPTIONS.get(name)
        if spec is None:
            why = "one of " + ", ".join(sorted(OPTIONS))
        elif name in RANGE_OPTIONS:
            why = "%d..%d" % spec[1]
        else:
            why = ", ".join(str(v) for v in spec[1])
    return RulesError(name, value, why)


class IllegalMove(ValueError):
    """A move the rules forbid; carries the move's name, the rule id that forbids it, the
    English reason, and the reason as data for other languages: key and params (engine/messages.py;
    not `args`, which every exception has)."""

    def __init__(self, move, rule, reason, key="", params=()):
        self.move = move
        self.rule = rule
        self.reason = reason
        self.key = key
        self.params = params
        super().__init__("illegal move '%s': %s (rule %s)" % (move, reason, rule))

    def __reduce__(self):
        return (IllegalMove, (self.move, self.rule, self.reason, self.key, self.params))


class RecordError(ValueError):
    """A malformed or illegal game record; carries the 1-based line number."""

    def __init__(self, line, reason):
        self.line = line
        self.reason = reason
        super().__init__("line %d: %s" % (line, reason))

    def __reduce__(self):
        return (RecordError, (self.line, self.reason))
