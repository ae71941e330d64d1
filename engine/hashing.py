"""SHA-256 where the firmware has it, else engine/sha256.py: the link's frame tags and seat tokens
(firmware/linkframe.py, linkclient.py) and the fair deal's commitments (engine/fairdeal.py).

Its own module, so a joiner at the table holds these few lines and not the fair deal's code
(loaded at a round's end for the check, then dropped)."""


def hasher():
    """A SHA-256 maker, f(data) -> an object with digest(): hashlib's where the firmware has it
    (CircuitPython's only as hashlib.new("sha256", data)), else engine/sha256.py: CircuitPython
    on the PyBadge, and on the CLUE before 10.1, builds without hashlib, and before 10.1 a
    CircuitPython hashlib knows only "sha1" (shared-module/hashlib/__init__.c at 9.2.9 and 10.0;
    sha256 came with 3453683042, 10.1.0): hashlib.new("sha256") is a ValueError, "Unsupported
    hash algorithm", on a Pico or an ESP32 Feather under 9.x (found on the real 9.2.9 firmware)."""
    try:
        import hashlib
    except ImportError:
        return _pure()
    f = getattr(hashlib, "sha256", None)
    if f is not None:
        return f
    try:
        hashlib.new("sha256")
    except ValueError:
        return _pure()
    return lambda data=b"": hashlib.new("sha256", data)


def mac(key):
    """HMAC-SHA-256 (RFC 2104) under key (at most 64 bytes): f(data) -> the 32-byte tag. Where
    the hash can be copied (engine/sha256.py, CPython) the key's two padded blocks are hashed
    once, here, and every tag goes on from those states: a short frame's tag is then two
    compressions instead of four, which is most of what a board without a native SHA-256 spends
    on the link (docs/memory.md, "The link's hashing")."""
    sha = hasher()
    k = bytes(key) + bytes(64 - len(key))
    ikey = bytes(b ^ 0x36 for b in k)
    okey = bytes(b ^ 0x5C for b in k)
    inner = sha(ikey)
    if getattr(inner, "copy", None) is None:  # MicroPython's and CircuitPython's hashlib
        return lambda data: sha(okey + sha(ikey + data).digest()).digest()
    outer = sha(okey)

    def tag(data):
        h = inner.copy()
        h.update(data)
        d = h.digest()
        h = outer.copy()
        h.update(d)
        return h.digest()

    return tag


def _pure():
    from engine import sha256 as pure

    return pure.new


def sha256(data):
    return hasher()(data).digest()
