"""SHA-256 where the firmware has it, else engine/sha256.py: the link's frame tags and seat tokens
(firmware/linkframe.py, linkclient.py) and the fair deal's commitments (engine/fairdeal.py).

Its own module, so a joiner at the table holds these few lines and not the fair deal's code
(loaded at a round's end for the check, then dropped)."""


def hasher():
    """A SHA-256 maker, f(data) -> an object with digest(): hashlib's where the firmware has it
    (CircuitPython's only as hashlib.new("sha256", data)), else engine/sha256.py (CircuitPython
    on the PyBadge, and on the CLUE before 10.1, builds without hashlib)."""
    try:
        import hashlib
    except ImportError:
        from engine import sha256 as pure

        return pure.new
    f = getattr(hashlib, "sha256", None)
    if f is None:
        return lambda data=b"": hashlib.new("sha256", data)
    return f


def sha256(data):
    return hasher()(data).digest()
