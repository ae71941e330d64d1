from terminalio import BuiltinFont  # noqa: F401
