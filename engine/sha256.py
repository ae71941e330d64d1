"""SHA-256 (FIPS 180-4) in pure Python, for the boards whose firmware has no `hashlib`.

Several CircuitPython builds leave `hashlib` out (it comes with their SSL support), so
code that needs a digest on every board imports this module instead: `new(data)` with
`update(data)` and `digest()` (32 bytes; the hash stays open, as hashlib's does), and
`sha256(data)`. Every 32-bit word is kept as two 16-bit halves (hi, lo), so no int ever
reaches 2**30 and a 32-bit board computes it without heap-allocated big ints; the
message schedule lives in one preallocated list per hash, reused for every block.
The byte count is a small int for messages under 1 GiB.

host_tests/test_sha256.py checks it against CPython's hashlib (the NIST vectors, every
length 0..200, random messages, updates split at every offset), on the MicroPython unix
port, and in the 32-bit WebAssembly VM, where hashing 64-byte blocks must allocate nothing.
"""

# The round constants, each word as (high 16 bits, low 16 bits).
_K = (
    0x428A, 0x2F98, 0x7137, 0x4491, 0xB5C0, 0xFBCF, 0xE9B5, 0xDBA5,
    0x3956, 0xC25B, 0x59F1, 0x11F1, 0x923F, 0x82A4, 0xAB1C, 0x5ED5,
    0xD807, 0xAA98, 0x1283, 0x5B01, 0x2431, 0x85BE, 0x550C, 0x7DC3,
    0x72BE, 0x5D74, 0x80DE, 0xB1FE, 0x9BDC, 0x06A7, 0xC19B, 0xF174,
    0xE49B, 0x69C1, 0xEFBE, 0x4786, 0x0FC1, 0x9DC6, 0x240C, 0xA1CC,
    0x2DE9, 0x2C6F, 0x4A74, 0x84AA, 0x5CB0, 0xA9DC, 0x76F9, 0x88DA,
    0x983E, 0x5152, 0xA831, 0xC66D, 0xB003, 0x27C8, 0xBF59, 0x7FC7,
    0xC6E0, 0x0BF3, 0xD5A7, 0x9147, 0x06CA, 0x6351, 0x1429, 0x2967,
    0x27B7, 0x0A85, 0x2E1B, 0x2138, 0x4D2C, 0x6DFC, 0x5338, 0x0D13,
    0x650A, 0x7354, 0x766A, 0x0ABB, 0x81C2, 0xC92E, 0x9272, 0x2C85,
    0xA2BF, 0xE8A1, 0xA81A, 0x664B, 0xC24B, 0x8B70, 0xC76C, 0x51A3,
    0xD192, 0xE819, 0xD699, 0x0624, 0xF40E, 0x3585, 0x106A, 0xA070,
    0x19A4, 0xC116, 0x1E37, 0x6C08, 0x2748, 0x774C, 0x34B0, 0xBCB5,
    0x391C, 0x0CB3, 0x4ED8, 0xAA4A, 0x5B9C, 0xCA4F, 0x682E, 0x6FF3,
    0x748F, 0x82EE, 0x78A5, 0x636F, 0x84C8, 0x7814, 0x8CC7, 0x0208,
    0x90BE, 0xFFFA, 0xA450, 0x6CEB, 0xBEF9, 0xA3F7, 0xC671, 0x78F2,
)  # fmt: skip
# The message schedule, scratch for every hash: filled whole at each block before it is read, and
# a block is compressed to its end before another hash can use it (no hash object holds 520 bytes).
_W = [0] * 128
# The initial hash value H0..H7, as halves.
_H0 = (
    0x6A09, 0xE667, 0xBB67, 0xAE85, 0x3C6E, 0xF372, 0xA54F, 0xF53A,
    0x510E, 0x527F, 0x9B05, 0x688C, 0x1F83, 0xD9AB, 0x5BE0, 0xCD19,
)  # fmt: skip


def _blocks(h, w, data, start, end):
    """Compress the 64-byte blocks of data[start:end] into the state h (16 halves), with w
    (128 halves) as the message schedule. A rotation right by n of (hi, lo): for n < 16,
    hi' = hi >> n | (lo & (2**n - 1)) << (16 - n) and lo' likewise with hi and lo swapped;
    for n >= 16, swap the halves and rotate by n - 16. Sums stay unreduced (< 2**19) until
    the carry of the low half is folded into the high half."""
    k = _K
    for off in range(start, end, 64):
        for t in range(0, 32, 2):  # the block's 16 big-endian words
            j = off + t + t
            w[t] = data[j] << 8 | data[j + 1]
            w[t + 1] = data[j + 2] << 8 | data[j + 3]
        for t in range(32, 128, 2):  # word i (at t = 2i) = s1(w[i-2]) + w[i-7] + s0(w[i-15]) + w[i-16]
            xh = w[t - 4]
            xl = w[t - 3]
            # s1 = rotr 17 ^ rotr 19 ^ shr 10
            s1h = (xl >> 1 | (xh & 1) << 15) ^ (xl >> 3 | (xh & 7) << 13) ^ xh >> 10
            s1l = (xh >> 1 | (xl & 1) << 15) ^ (xh >> 3 | (xl & 7) << 13) ^ (xl >> 10 | (xh & 0x3FF) << 6)
            xh = w[t - 30]
            xl = w[t - 29]
            # s0 = rotr 7 ^ rotr 18 ^ shr 3
            s0h = (xh >> 7 | (xl & 0x7F) << 9) ^ (xl >> 2 | (xh & 3) << 14) ^ xh >> 3
            s0l = (xl >> 7 | (xh & 0x7F) << 9) ^ (xh >> 2 | (xl & 3) << 14) ^ (xl >> 3 | (xh & 7) << 13)
            lo = s1l + w[t - 13] + s0l + w[t - 31]
            w[t] = (s1h + w[t - 14] + s0h + w[t - 32] + (lo >> 16)) & 0xFFFF
            w[t + 1] = lo & 0xFFFF
        ah, al, bh, bl, ch, cl, dh, dl, eh, el, fh, fl, gh, gl, hh, hl = h
        for t in range(0, 128, 2):
            # t1 = h + S1(e) + Ch(e, f, g) + k[i] + w[i]; S1 = rotr 6 ^ rotr 11 ^ rotr 25
            t1h = (
                hh
                + ((eh >> 6 | (el & 0x3F) << 10) ^ (eh >> 11 | (el & 0x7FF) << 5) ^ (el >> 9 | (eh & 0x1FF) << 7))
                + (gh ^ (eh & (fh ^ gh)))
                + k[t]
                + w[t]
            )
            t1l = (
                hl
                + ((el >> 6 | (eh & 0x3F) << 10) ^ (el >> 11 | (eh & 0x7FF) << 5) ^ (eh >> 9 | (el & 0x1FF) << 7))
                + (gl ^ (el & (fl ^ gl)))
                + k[t + 1]
                + w[t + 1]
            )
            # t2 = S0(a) + Maj(a, b, c); S0 = rotr 2 ^ rotr 13 ^ rotr 22
            t2h = ((ah >> 2 | (al & 3) << 14) ^ (ah >> 13 | (al & 0x1FFF) << 3) ^ (al >> 6 | (ah & 0x3F) << 10)) + (
                (ah & bh) | (ch & (ah | bh))
            )
            t2l = ((al >> 2 | (ah & 3) << 14) ^ (al >> 13 | (ah & 0x1FFF) << 3) ^ (ah >> 6 | (al & 0x3F) << 10)) + (
                (al & bl) | (cl & (al | bl))
            )
            hh = gh  # one name at a time: a tuple assignment of more than 3 would allocate a tuple
            hl = gl
            gh = fh
            gl = fl
            fh = eh
            fl = el
            lo = dl + t1l  # e = d + t1
            eh = (dh + t1h + (lo >> 16)) & 0xFFFF
            el = lo & 0xFFFF
            dh = ch
            dl = cl
            ch = bh
            cl = bl
            bh = ah
            bl = al
            lo = t1l + t2l  # a = t1 + t2
            ah = (t1h + t2h + (lo >> 16)) & 0xFFFF
            al = lo & 0xFFFF
        # H += (a, b, ..., h); w[0..15] is free again, so the working words go there for a loop
        w[0] = ah
        w[1] = al
        w[2] = bh
        w[3] = bl
        w[4] = ch
        w[5] = cl
        w[6] = dh
        w[7] = dl
        w[8] = eh
        w[9] = el
        w[10] = fh
        w[11] = fl
        w[12] = gh
        w[13] = gl
        w[14] = hh
        w[15] = hl
        for t in range(0, 16, 2):
            lo = h[t + 1] + w[t + 1]
            h[t] = (h[t] + w[t] + (lo >> 16)) & 0xFFFF
            h[t + 1] = lo & 0xFFFF


class Sha256:
    """A running SHA-256: update() any number of times, digest() whenever (it does not end
    the hash: more update() calls continue the same message)."""

    def __init__(self, data=b""):
        self._h = list(_H0)
        self._buf = bytearray(64)  # the block being filled: its first _n % 64 bytes
        self._n = 0  # bytes hashed so far
        if data:
            self.update(data)

    def update(self, data):
        buf = self._buf
        fill = self._n & 63
        n = len(data)
        self._n += n
        i = 0
        if fill:  # complete the block begun before
            i = min(64 - fill, n)
            for j in range(i):
                buf[fill + j] = data[j]
            if fill + i < 64:
                return
            _blocks(self._h, _W, buf, 0, 64)
        whole = i + (n - i) // 64 * 64
        if whole > i:  # whole blocks straight from data
            _blocks(self._h, _W, data, i, whole)
        for j in range(whole, n):  # the rest waits in buf
            buf[j - whole] = data[j]

    def copy(self):
        """A new hash in this one's state (HMAC's keyed states: engine/hashing.py mac)."""
        c = Sha256()
        c._h[:] = self._h
        c._buf[:] = self._buf
        c._n = self._n
        return c

    def digest(self):
        """The 32-byte digest of the bytes so far; the object's state is left as it was."""
        n = self._n
        fill = n & 63
        end = 64 if fill < 56 else 128  # the padding: 0x80, zeros, the length in bits (8 bytes)
        pad = bytearray(end)
        for j in range(fill):
            pad[j] = self._buf[j]
        pad[fill] = 0x80
        pad[end - 1] = (n & 31) << 3  # n * 8, a byte at a time without computing it whole
        n >>= 5
        j = end - 2
        while n:
            pad[j] = n & 255
            n >>= 8
            j -= 1
        h = list(self._h)
        _blocks(h, _W, pad, 0, end)
        out = bytearray(32)
        for j in range(16):
            out[j + j] = h[j] >> 8
            out[j + j + 1] = h[j] & 255
        return bytes(out)


def new(data=b""):
    """A new running hash, fed data first."""
    return Sha256(data)


def sha256(data):
    """The SHA-256 digest (32 bytes) of data."""
    return Sha256(data).digest()
