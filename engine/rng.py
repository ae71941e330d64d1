"""A portable seeded PRNG: the same seed gives the same numbers on every runtime.

L'Ecuyer's combined multiplicative generator for 16-bit arithmetic (1988):
three small Lehmer generators combined by subtraction. Every product stays
below 2**23, so no intermediate value becomes a heap-allocated bigint on a
32-bit board (small ints end at 2**30 there). Period about 8e12.
"""

from engine import const

_M1 = const(32363)
_M2 = const(31727)
_M3 = const(31657)
_SPAN = const(32362)  # outputs are 0.._SPAN-1


class Rng:
    def __init__(self, seed=0):
        self.s1 = 1
        self.s2 = 1
        self.s3 = 1
        self.seed(seed)

    def seed(self, seed):
        if not isinstance(seed, int) or seed < 0:
            raise ValueError("seed must be a non-negative integer, got %r" % (seed,))
        self.s1 = 1 + seed % (_M1 - 1)
        seed //= _M1 - 1
        self.s2 = 1 + (seed + 7919) % (_M2 - 1)
        seed //= _M2 - 1
        self.s3 = 1 + (seed + 104729) % (_M3 - 1)
        for _ in range(8):
            self.next15()

    def next15(self):
        """Next value in 0..32361."""
        s1 = (157 * self.s1) % _M1
        s2 = (146 * self.s2) % _M2
        s3 = (142 * self.s3) % _M3
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
        z = (s1 - s2 + s3) % _SPAN
        return z

    def below(self, n):
        """Uniform integer in 0..n-1 for 1 <= n <= 32362 (rejection sampling)."""
        limit = _SPAN - _SPAN % n
        while True:  # next15() inlined: this is the hottest call of random play
            s1 = (157 * self.s1) % _M1
            s2 = (146 * self.s2) % _M2
            s3 = (142 * self.s3) % _M3
            self.s1 = s1
            self.s2 = s2
            self.s3 = s3
            z = (s1 - s2 + s3) % _SPAN
            if z < limit:
                return z % n

    def shuffle(self, buf, n):
        """Fisher-Yates shuffle of buf[0:n] in place."""
        i = n - 1
        while i > 0:
            j = self.below(i + 1)
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
            i -= 1

    def get_state(self):
        return (self.s1, self.s2, self.s3)

    def set_state(self, st):
        self.s1, self.s2, self.s3 = st

    def copy_into(self, other):
        other.s1 = self.s1
        other.s2 = self.s2
        other.s3 = self.s3
