"""A linked table's host saved and brought back (issue 47): the match as engine/snapshot.py
dumps it, and what the link adds: the table (id, salt, code, name, seed), each seat's kind,
device token, name and this round's draws, and this round's fair deal (salt, starts, deck,
commitment and the round's info, engine/fairdeal.py) so that the round's end can still reveal
what the host committed to.

    blob = linksave.save(host, extra=b"")   # between moves (after any step)
    k = linksave.save_into(host, buf, at)    # the same bytes written into buf[at:] (App.save)
    host, extra = linksave.restore(radio, blob, now, randbytes=None)

The restored host has a new epoch (os.urandom: the devices take its WELCOME as new) and no
device yet: each remote seat waits for its device's HELLO (its token gives it the seat back)
and gets a resync then; until then it is away, and a bot moves for it after TAKEOVER_MS on
turn (firmware/linkhost.py). `randbytes` deals the rounds after (default os.urandom).

Layout: b"ELNK", version, length (2) of the link part, the link part, its CRC-32 (4), then
the snapshot (its own CRC). Loaded only to save or restore: linkhost.py does not import it.
"""

from engine import const
from engine.crc import crc32

MAGIC = b"ELNK"
VERSION = const(1)
_KINDS = ("you", "person", "remote", "open", "random", "easy", "medium", "expert", "master")


class LinkSaveError(ValueError):
    pass


class _Out:
    """Bytes written into buf from `at` on (buf grows when it is too short)."""

    def __init__(self, buf, at):
        self.b = buf
        self.pos = at

    def byte(self, v):
        b = self.b
        if self.pos < len(b):
            b[self.pos] = v & 255
        else:
            b.append(v & 255)
        self.pos += 1

    def u16(self, v):
        self.byte(v >> 8)
        self.byte(v)

    def blob(self, data):
        self.u16(len(data))
        for i in range(len(data)):
            self.byte(data[i])


class _In:
    def __init__(self, data, pos, end):
        self.d = data
        self.pos = pos
        self.end = end

    def byte(self):
        if self.pos >= self.end:
            raise LinkSaveError("linksave: truncated")
        self.pos += 1
        return self.d[self.pos - 1]

    def u16(self):
        return self.byte() << 8 | self.byte()

    def blob(self):
        n = self.u16()
        if self.pos + n > self.end:
            raise LinkSaveError("linksave: truncated")
        self.pos += n
        return bytes(self.d[self.pos - n : self.pos])


def save(host, extra=b""):
    """The host's table and match as bytes (extra: the caller's own, given back by restore)."""
    buf = bytearray(512)
    return bytes(buf[: save_into(host, buf, 0, extra)])


def save_into(host, buf, at, extra=b""):
    """save()'s bytes written into the bytearray buf from `at` (it grows if too short): the
    length. What the app calls when it saves (App.save): no blob of its own, no copies."""
    from engine import snapshot

    m = host.match
    if m is None:
        raise LinkSaveError("linksave: no match yet (the lobby is not saved)")
    o = _Out(buf, at)
    for v in MAGIC:
        o.byte(v)
    o.byte(VERSION)
    o.u16(0)  # the link part's length, below
    o.u16(host.table)
    o.blob(host.salt)
    o.blob(host.code.encode())
    o.blob(host.name.encode())
    o.u16(host.seed >> 16 & 0xFFFF)
    o.u16(host.seed & 0xFFFF)
    o.byte(len(host.seats))
    for st in host.seats:
        o.byte(_KINDS.index(st.kind))
        o.blob(st.token)
        o.blob(st.name.encode())
        o.blob(st.draws)
        o.byte(len(st.epochs))
        for e in st.epochs:
            o.u16(e)
    d = host.deal
    o.blob(d[0])  # salt
    o.blob(d[1])  # starts
    o.blob(d[2])  # deck
    o.blob(d[3])  # commitment
    o.byte(len(d) - 4)
    for v in d[4:]:  # dealer, active, first, round, fourteen, first as dealt, forced
        o.u16(v)
    o.blob(extra)
    end = o.pos
    n = end - at - 7
    buf[at + 5] = n >> 8
    buf[at + 6] = n & 255
    hi, lo = crc32(buf, at + 7, end)
    for v in (hi >> 8, hi & 255, lo >> 8, lo & 255):
        o.byte(v)
    k = snapshot.dump_into(buf, m.state, m.bots, tape=m.tape, at=o.pos)
    return o.pos + k - at


def restore(radio, blob, now, randbytes=None):
    """(LinkHost, extra) from save()'s bytes; LinkSaveError (a ValueError) for bytes that are not one."""
    from engine import snapshot_load
    from firmware.linkhost import REMOTE, LinkHost
    from firmware.match import Match

    blob = bytes(blob)
    if len(blob) < 11 or blob[:4] != MAGIC or blob[4] != VERSION:
        raise LinkSaveError("linksave: not a linked table's save")
    n = blob[5] << 8 | blob[6]
    end = 7 + n
    if end + 4 > len(blob):
        raise LinkSaveError("linksave: truncated")
    hi, lo = crc32(blob, 7, end)
    if bytes((hi >> 8, hi & 255, lo >> 8, lo & 255)) != blob[end : end + 4]:
        raise LinkSaveError("linksave: corrupted (CRC mismatch)")
    try:
        snap = snapshot_load.load(blob[end + 4 :])
    except snapshot_load.SnapshotError as e:
        raise LinkSaveError("linksave: the match: %s" % e) from None
    r = _In(blob, 7, end)
    table = r.u16()
    salt = r.blob()
    code = r.blob().decode()
    name = r.blob().decode()
    seed = r.u16() << 16 | r.u16()
    seats = []
    for _ in range(r.byte()):
        kind = _KINDS[r.byte()]
        token = r.blob()
        sname = r.blob().decode()
        draws = r.blob()
        epochs = [r.u16() for _ in range(r.byte())]
        seats.append((kind, token, sname, draws, epochs))
    deal = [r.blob(), bytearray(r.blob()), bytearray(r.blob()), r.blob()]
    for _ in range(r.byte()):
        deal.append(r.u16())
    extra = r.blob()
    import os

    rules = snap.state.rules
    kinds = [REMOTE if k in (REMOTE, "open") else k for k, _, _, _, _ in seats]
    # The new epoch from the system's random bytes even where the caller's are seeded (a seeded
    # stream started again would give the old epoch); the 32-bit VM has no os.urandom.
    fresh = getattr(os, "urandom", None) or randbytes
    host = LinkHost(
        radio, rules, kinds, code, now, name=name, randbytes=fresh, seed=seed, table=table, salt=salt, nonces=fresh
    )
    host.randbytes = randbytes or os.urandom  # the constructor's bytes gave the new epoch only
    for st, (kind, token, sname, draws, epochs) in zip(host.seats, seats):  # noqa: B905 (MicroPython's zip takes no strict=)
        if kind in (REMOTE, "open") and token:
            st.kind = REMOTE
            st.token = token
            st.name = sname
            st.draws = bytearray(draws)
            st.epochs = epochs
    bots = snapshot_load.make_bots(snap, seed)
    levels = ["you"] + ["person" if k in ("person", REMOTE, "open") else k for k, _, _, _, _ in seats[1:]]
    s = snap.state
    host.match = Match(rules, levels, seed, s.dealer, state=s, bots=bots, tape=snap.tape)
    host.deal = deal
    host.turn_at = now
    host.event_at = now
    return host, extra
