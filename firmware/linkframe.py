"""The link's frames: a 12-byte header, the payload enciphered, an 8-byte tag (docs/link.md).

    0 magic 0xE5 | 1 kind | 2-3 table id | 4-5 sender's epoch | 6 sender (seat, HOST)
    7-8 seq (0: not resent) | 9-10 ack (the last seq taken in order from the receiver) | 11 length
    12.. payload (XOR with a SHA-256 counter keystream) | 8 bytes: HMAC-SHA256(key, all before)[:8]

A PING (seq 0, the one frame not numbered) is tagged, not enciphered: its 2-byte count is no
secret, and its keystream's nonce (epoch, sender, seq 0) would be the same for every PING.

The key comes from the table's 4-digit code, its id and its salt: a device that does not
know the code can neither read a frame nor make one the table takes. Beacons (kind BEACON)
and the host's answer to a frame it could not authenticate (NOKEY) are plain: they carry no
card. No frame is longer than MAX (200) bytes.
"""

from engine import const
from engine.hashing import hasher, mac

_MAGIC = const(0xE5)
_HEAD = const(12)
_TAG = const(8)
_MAX = const(200)
_PAYLOAD_MAX = const(180)  # MAX - HEAD - _TAG
_HOST = const(254)  # the sender field of the host's frames
_NEW = const(255)  # a joiner without a seat yet

# Kinds. Plain: BEACON, NOKEY. Host to a seat: WELCOME .. _BYE. A seat to the host: HELLO .. PING.
_BEACON = const(1)
_NOKEY = const(2)
_WELCOME = const(10)
_SEATS = const(11)
_ROUND = const(12)
_VIEW = const(13)
_HIST = const(14)
_REVEAL = const(15)
_LEFT = const(16)
_REFUSE = const(17)
_BYE = const(18)
_CHALLENGE = const(19)
_HELLO = const(30)
_MOVE = const(31)
_RESYNC = const(32)
_PING = const(33)


def table_key(code, table, salt):
    """The 32-byte key of a table from its code (4 digits as text), id (0..65535) and salt."""
    return hasher()(b"elfer-link1" + code.encode() + bytes((table >> 8, table & 255)) + bytes(salt)).digest()


class Keyed:
    """Seals and opens frames under one table key, in a reused buffer."""

    def __init__(self, key, table):
        self.table = table
        self.sha = hasher()
        self.mac = mac(key)
        self.key = bytes(key)

    def _tag(self, data):
        return self.mac(data)[:_TAG]

    def _crypt(self, buf, start, end, epoch, sender, seq):
        """XOR buf[start:end] with the keystream of (epoch, sender, seq): each 32-byte block is
        SHA-256(key, nonce, block number); a (sender, epoch, seq) is never reused under a key."""
        nonce = self.key + bytes((epoch >> 8, epoch & 255, sender, seq >> 8, seq & 255))
        block = 0
        i = start
        while i < end:
            ks = self.sha(nonce + bytes((block,))).digest()
            j = 0
            while j < 32 and i < end:
                buf[i] ^= ks[j]
                i += 1
                j += 1
            block += 1

    def seal(self, kind, epoch, sender, seq, ack, payload):
        """The whole frame as bytes."""
        n = len(payload)
        if n > _PAYLOAD_MAX:
            raise ValueError("link: a payload of %d bytes is over the %d a frame carries" % (n, _PAYLOAD_MAX))
        b = bytearray(_HEAD + n)
        _head(b, kind, self.table, epoch, sender, seq, ack, n)
        b[_HEAD:] = payload
        if seq:  # (a PING is only tagged: the module's docstring)
            self._crypt(b, _HEAD, _HEAD + n, epoch, sender, seq)
        return bytes(b) + self._tag(b)

    def send(self, e, epoch, sender, ack):
        """A queued frame (firmware/linkpeer.py: [seq, kind, payload, due, tries, sealed]) as it
        goes now. Sealed at its first sending, the frame takes the payload's place; its copy and
        its resends are the same bytes while the ack they carry holds, else only tagged again: the
        keystream depends on the epoch, sender and seq, which a stream's frames keep (a new epoch
        is a new queue), not on the ack. On a board hashing in Python a resend then costs two
        compressions or none, not a whole seal (docs/memory.md, "The link's hashing")."""
        f = e[2]
        if not e[5]:
            f = self.seal(e[1], epoch, sender, e[0], ack, f)
            e[5] = True
        elif f[9] != ack >> 8 or f[10] != ack & 255:
            b = bytearray(f[: len(f) - _TAG])
            b[9] = ack >> 8
            b[10] = ack & 255
            f = bytes(b) + self._tag(b)
        e[2] = f
        return f

    def open(self, frame):
        """(kind, epoch, sender, seq, ack, payload) of a frame of this table, or None when it is
        not one (wrong length, table, or tag: forged, or sealed under another code)."""
        h = parse_head(frame)
        if h is None or h[1] != self.table or h[0] < _WELCOME:
            return None
        n = h[7]
        if len(frame) != _HEAD + n + _TAG:
            return None
        body = frame[: _HEAD + n]
        if not _same(self._tag(body), frame[_HEAD + n :]):
            return None
        b = body
        if h[4]:  # (a PING is only tagged)
            b = bytearray(body)
            self._crypt(b, _HEAD, _HEAD + n, h[2], h[3], h[4])
        return h[0], h[2], h[3], h[4], h[5], bytes(b[_HEAD:])


def _same(a, b):
    d = 0
    for i in range(_TAG):
        d |= a[i] ^ b[i]
    return d == 0


def _head(b, kind, table, epoch, sender, seq, ack, n):
    b[0] = _MAGIC
    b[1] = kind
    b[2] = table >> 8
    b[3] = table & 255
    b[4] = epoch >> 8
    b[5] = epoch & 255
    b[6] = sender
    b[7] = seq >> 8
    b[8] = seq & 255
    b[9] = ack >> 8
    b[10] = ack & 255
    b[11] = n


def parse_head(frame):
    """(kind, table, epoch, sender, seq, ack, 0, length) of a frame's header, or None."""
    if len(frame) < _HEAD or len(frame) > _MAX or frame[0] != _MAGIC:
        return None
    return (
        frame[1],
        frame[2] << 8 | frame[3],
        frame[4] << 8 | frame[5],
        frame[6],
        frame[7] << 8 | frame[8],
        frame[9] << 8 | frame[10],
        0,
        frame[11],
    )


def plain(kind, table, payload):
    """A plain frame (BEACON, NOKEY): a header and the payload, no tag."""
    b = bytearray(_HEAD + len(payload))
    _head(b, kind, table, 0, _HOST, 0, 0, len(payload))
    b[_HEAD:] = payload
    return bytes(b)
