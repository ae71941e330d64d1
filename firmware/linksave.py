"""A linked table's host saved and brought back (issue 47): the match as engine/snapshot.py
dumps it, and what the link adds: the table (id, salt, code, name, seed), each seat's kind,
device token, name and this round's draws, and this round's fair deal (salt, starts, deck,
commitment and the round's info, engine/fairdeal.py) so that the round's end can still reveal
what the host committed to.

    blob = linksave.save(host, extra=b"")   # between moves (after any step)
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
    def __init__(self):
        self.b = bytearray()

    def byte(self, v):
        self.b.append(v & 255)

    def u16(self, v):
        self.b.append(v >> 8 & 255)
        self.b.append(v & 255)

    def blob(self, data):
        data = bytes(data)
        self.u16(len(data))
        self.b += data


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
    from engine import snapshot

    m = host.match
    if m is None:
        raise LinkSaveError("linksave: no match yet (the lobby is not saved)")
    o = _Out()
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
    o.blob(bytes(d[1]))  # starts
    o.blob(bytes(d[2]))  # deck
    o.blob(d[3])  # commitment
    o.byte(len(d) - 4)
    for v in d[4:]:  # dealer, active, first, round, fourteen, first as dealt, forced
        o.u16(v)
    o.blob(extra)
    link = bytes(o.b)
    hi, lo = crc32(link)
    head = MAGIC + bytes((VERSION, len(link) >> 8, len(link) & 255))
    return head + link + bytes((hi >> 8, hi & 255, lo >> 8, lo & 255)) + snapshot.dump(m.state, m.bots, tape=m.tape)


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
