"""Determinization: deal the hidden cards of a SeatView at random, consistently with what is known.

The unknown cards (not on the table, not in the seat's own hand, not played)
are dealt to the other seats' hands (their counts are public) and to the
stock, never giving a seat a card the public history proves it lacks
(knowledge.py). The result is a full State a bot may play on freely: it is
built only from the view, so it reveals nothing the seat could not see.
"""

from engine import const
from engine.cards import REVERSE, SKIP
from engine.deal import build_deck
from engine.state import copy_public

_STOCK = const(254)
_TRIES = const(6)


class Sampler:
    COST = 0  # simulated moves a sample costs beyond its deals (engine/inference.py: more)

    def __init__(self, rules):
        self.rules = rules
        self.deck = bytearray(96)
        self.size = build_deck(rules, self.deck)
        self.pool = bytearray(96)
        self.room = bytearray(8)  # cards still to give each seat
        self.owner = bytearray(96)
        self.left = bytearray(8)

    def fill(self, view, know, rng, dst):
        """Write a complete position consistent with view (and know, if given) into State dst."""
        seat = view.seat
        n = view.n
        copy_public(view, dst)
        dst.pending_tiebreak = 0
        dst.round_winners = 0  # the sampled world is in play: no round or match result yet
        dst.match_winners = 0
        dst.hist_len = 0
        # The unknown pool: every card of the deck not seen by this seat.
        pool = self.pool
        k = 0
        skips = reverses = 0
        for i in range(self.size):
            card = self.deck[i]
            if card >= SKIP:
                if card == SKIP:
                    skips += 1
                else:
                    reverses += 1
                continue
            c = card >> 5
            bit = 1 << (card & 31)
            if view.table[c] & bit or view.hands[seat * 4 + c] & bit:
                continue
            pool[k] = card
            k += 1
        if skips:  # action cards: those not played and not in the seat's hand
            played_s = played_r = 0
            for i in range(view.hist_len):
                m = view.history[2 * i + 1]
                if m == SKIP:
                    played_s += 1
                elif m == REVERSE:
                    played_r += 1
            for _ in range(skips - played_s - view.acts[seat * 2]):
                pool[k] = SKIP
                k += 1
            for _ in range(reverses - played_r - view.acts[seat * 2 + 1]):
                pool[k] = REVERSE
                k += 1
        room = self.room
        for p in range(n):
            room[p] = view.count[p] if p != seat and view.active[p] else 0
        for tries in range(_TRIES):
            rng.shuffle(pool, k)
            if self._assign(view, know if tries < _TRIES - 1 else None, rng, k):
                break
        # Write the hands: the seat's own, and each pool card to its owner (or the stock).
        for i in range(n * 4):
            dst.hands[i] = view.hands[i] if i >> 2 == seat else 0
        for i in range(n * 2):
            dst.acts[i] = view.acts[i] if i >> 1 == seat else 0
        j = 0
        for i in range(k):
            card = pool[i]
            o = self.owner[i]
            if o == _STOCK:
                dst.stock[j] = card
                j += 1
            elif card >= SKIP:
                dst.acts[o * 2 + card - SKIP] += 1
            else:
                dst.hands[o * 4 + (card >> 5)] |= 1 << (card & 31)
        dst.stock_pos = 0
        dst.stock_len = j
        dst.stock_left = j

    def _assign(self, view, know, rng, k):
        """Give each pool card an owner: a seat with room that may hold it, or the stock."""
        n = view.n
        room = self.room
        left = self.left
        for p in range(n):
            left[p] = room[p]
        stock_room = view.stock_left
        for i in range(k):
            card = self.pool[i]
            total = stock_room
            for p in range(n):
                if left[p] and (know is None or know.may_hold(p, card)):
                    total += left[p]
            if total == 0:
                return False
            x = rng.below(total)
            if x < stock_room:
                self.owner[i] = _STOCK
                stock_room -= 1
                continue
            x -= stock_room
            for p in range(n):
                if left[p] and (know is None or know.may_hold(p, card)):
                    if x < left[p]:
                        self.owner[i] = p
                        left[p] -= 1
                        break
                    x -= left[p]
        return True
