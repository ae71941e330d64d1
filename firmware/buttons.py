"""Key codes from the board -> logical button presses, one at a time, in order.

- Held LEFT/RIGHT/UP/DOWN repeat after a delay, but only once a later look
  finds them still held (see _repeat).
- Boards with few buttons give a key three meanings: short, long and very
  long press (board.holdmap); the long meanings fire while the key is held,
  except a long one that a very long one follows: that fires on the release
  (else holding for the menu would first play the focused card).
- flush() drops what is queued and ignores keys still held until they are
  released, so a press never leaks from one screen into the next.
- A lost event (queue overflow) releases every key: nothing stays stuck down.

Times are ticks in ms from the caller (no clock is read here), compared
with ticks_diff so they may wrap. A board that knows when a key changed
(board.key_ms: keypad's event time on CircuitPython) has a press or release
timed then, so a tap made while the loop was busy stays a tap; elsewhere a
change counts from the look that reads it.
"""

from boards.base import DOWN, LEFT, RIGHT, UP
from firmware.ticks import ticks_add, ticks_diff

REPEAT_BITS = LEFT | RIGHT | UP | DOWN
REPEAT_DELAY = 400
REPEAT_EVERY = 110
# A repeat that falls due is made only at a look SETTLE_MS later: longer than a board that
# polls its pins takes to report a release (boards/pinkeys.py INTERVAL_MS, 20 ms).
SETTLE_MS = 30
LONG_MS = 600
LONGER_MS = 1600
QUEUE = 16


class Input:
    def __init__(self, board):
        self.board = board
        n = len(board.keymap)
        self.keymap = board.keymap
        self.holdmap = board.holdmap or (None,) * n
        self.down_at = [0] * n
        self.stage = bytearray(n)  # hold keys: 1 held, 2 long (sent on release), 3 long/very long sent
        self.down = 0  # key-number bits currently held
        self.ignored = 0  # held keys to ignore until released (see flush)
        self.queue = bytearray(QUEUE)
        self.head = 0
        self.size = 0
        self.rep_key = -1  # the held key that auto-repeats
        self.rep_at = 0
        self.rep_due = 0  # 1: the repeat fell due; made at rep_at if the key is still held
        self.timed = hasattr(board, "key_ms")  # looked up once: a missing attribute allocates

    def _push(self, button):
        if self.size < QUEUE:
            self.queue[(self.head + self.size) % QUEUE] = button
            self.size += 1

    def next(self, now):
        """The next logical button pressed (a bit from boards.base), or 0."""
        if not self.size:
            self.poll(now)
        if not self.size:
            return 0
        b = self.queue[self.head]
        self.head = (self.head + 1) % QUEUE
        self.size -= 1
        return b

    def poll(self, now):
        board = self.board
        if board.overflowed():
            self.down = 0
            self.ignored = 0
            self.rep_key = -1
            for k in range(len(self.stage)):
                self.stage[k] = 0
        while True:
            code = board.read_key()
            if code < 0:
                break
            at = board.key_ms if self.timed else -1
            if at < 0 or ticks_diff(now, at) < 0:
                at = now  # not known: as of this look
            self._key(code >> 1, code & 1, at, now)
        self._holds(now)
        self._repeat(now)

    def _key(self, k, pressed, at, now):
        if k >= len(self.keymap):
            return
        bit = 1 << k
        hold = self.holdmap[k]
        if pressed:
            self.down |= bit
            self.down_at[k] = at
            if hold is not None:
                self.stage[k] = 1
                return
            button = self.keymap[k]
            if not self.ignored & bit:
                self._push(button)
            if button & REPEAT_BITS:
                self.rep_key = k
                self.rep_at = ticks_add(now, REPEAT_DELAY - SETTLE_MS)
                self.rep_due = 0
            return
        self.down &= ~bit
        if hold is not None and not self.ignored & bit:
            # Held past the long-press time when let go: long. Without the release's own time
            # (at is this look), a key let go during a slow loop pass counts as held until now.
            self._hold(k, at)
        if self.rep_key == k:
            self.rep_key = -1
        if self.ignored & bit:
            self.ignored &= ~bit
            self.stage[k] = 0
            return
        if hold is not None and self.stage[k] == 1:
            self._push(hold[0])  # released before the long press fired: a short press
        elif hold is not None and self.stage[k] == 2:
            self._push(hold[1])  # released between the long and the very long time
        self.stage[k] = 0

    def _holds(self, now):
        for k in range(len(self.stage)):
            if not self.ignored & (1 << k):
                self._hold(k, now)

    def _hold(self, k, now):
        """Key k, a key with a held meaning, is or was down until now: send what that long fires."""
        st = self.stage[k]
        if st:
            hold = self.holdmap[k]
            held = ticks_diff(now, self.down_at[k])
            if st == 1 and held >= LONG_MS:
                if hold[2] != hold[1]:
                    st = 2  # the long meaning waits for the release: held on, it is the very long one
                else:
                    self._push(hold[1])
                    st = 3
            if st == 2 and held >= LONGER_MS:
                self._push(hold[2])
                st = 3
            self.stage[k] = st

    def _repeat(self, now):
        k = self.rep_key
        if k < 0 or self.ignored & (1 << k) or ticks_diff(now, self.rep_at) < 0:
            return
        if not self.rep_due:
            # A loop that was busy (a slow redraw) may look only now at a key let go long ago: a
            # board that polls its pins reports the release some ms after its first read of it.
            # Repeat only if a look after that still finds the key held.
            self.rep_due = 1
            self.rep_at = ticks_add(now, SETTLE_MS)
            return
        self._push(self.keymap[k])
        self.rep_due = 0
        self.rep_at = ticks_add(now, REPEAT_EVERY - SETTLE_MS)

    def flush(self, now):
        """Forget queued presses; keys held now count only after they are released."""
        self.poll(now)
        self.size = 0
        self.ignored = self.down
        self.rep_key = -1
