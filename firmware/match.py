"""One match as the handheld plays it: the engine State, the bots, and the people's seats.

Data flows one way: a button becomes a move here, the engine applies it (or
refuses it, changing nothing), and the screens redraw from the SeatView of the
person holding the device. Bots get a SeatView of their own seat, never the State.
Pass-and-play: any seat may be a person (level "person", P1 always); the view is
turned to another person's seat only after the hand-over page (firmware/handover.py)
has hidden the hand before it (firmware/screens.py TableScreen.tick starts it).
"""

from engine import const, turn
from engine.bots import make_bot
from engine.cards import DRAW, END, PASS
from engine.state import State
from engine.view import SeatView

HUMAN = 0  # a person sits in seat 0 (P1), and holds the device first
_NO_MOVE = const(255)


class Match:
    def __init__(self, rules, levels, seed=1, dealer=0, state=None, bots=None, tape=None):
        """levels: a bot level per seat, or "person"; levels[HUMAN] is ignored (a person).
        state, bots: a restored match (engine/snapshot.py) instead of a new deal.
        tape: an engine.snapshot.Tape to note the round's moves in (for saves), or None."""
        self.rules = rules
        self.levels = levels
        self.seed = seed
        self.extra = bytes((seed >> 24 & 255, seed >> 16 & 255, seed >> 8 & 255, seed & 255))  # for saves
        self.state = State(rules, seed, dealer) if state is None else state
        n = rules.players
        self.view = SeatView(rules, HUMAN)
        self.bot_view = SeatView(rules, 1)  # refilled for each bot in turn
        self.bots = [None] * n  # None: a person's seat
        self.people = 1  # the seats played by people, one bit each
        self.away = 0  # a linked table's seats not heard lately (marked on the table: firmware/remote.py)
        for p in range(1, n):  # (HUMAN is 0)
            if levels[p] == "person":
                self.people |= 1 << p
            else:
                self.bots[p] = bots[p] if bots is not None else make_bot(levels[p], rules, p, seed)
        self.moves = bytearray(32)
        self.nmoves = 0
        self.recorded = False  # counted in the statistics
        self.rating = None  # (old, new) rating of this game and opponent set, once counted
        self.dealer0 = self.state.dealer  # round 1's dealer, for the match record
        # The finished rounds' moves for the match record (firmware/export.py), noted once per
        # round; a match continued after round 1 lacks the earlier rounds: no record.
        self.log = bytearray() if self.state.round_no == 1 else None
        self.tape = tape
        self.bot_moves = bytearray(32)
        self.thinking = False  # a bot on turn is part way through a decision (bot_step)
        self.last = bytearray(b"\xff" * n)  # the latest move of each seat this round (_NO_MOVE: none)
        self.last_card = bytearray(n)  # the latest card each seat placed this round (0: none)
        s = self.state
        for i in range(s.hist_len):  # a restored round: what each seat did last
            self._note(s.history[2 * i], s.history[2 * i + 1])
        self.update()

    # --- reading the position (always through the person's view) -------------
    def update(self):
        """Refresh the person's view and legal moves after anything changed."""
        self.state.view_into(self.view)
        self.nmoves = turn.legal_moves(self.view, self.moves) if self.view.my_turn() else 0

    def my_turn(self):
        return self.view.my_turn()

    def legal(self, move):
        for i in range(self.nmoves):
            if self.moves[i] == move:
                return True
        return False

    def finish_moves(self):
        """The person's legal non-card moves now (draw, end, pass), in that order."""
        return [m for m in (DRAW, END, PASS) if self.legal(m)]

    # --- changing it ----------------------------------------------------------
    def play(self, move):
        """The person's move: None when done, else why it was refused in the person's language,
        rule id first (nothing changed)."""
        if not self.view.my_turn():
            from firmware import words

            if not self.state.is_round_over():
                return words.wait(self.state.turn)
            return "%s: %s" % words.refusal(self.state, move)  # the round is over
        j = 0  # its index among the legal moves, for the tape
        while j < self.nmoves and self.moves[j] != move:
            j += 1
        if j == self.nmoves:  # not legal: words says why (the engine's English is never loaded here)
            from firmware import words

            return "%s: %s" % words.refusal(self.state, move)
        self.state.apply(move)
        if self.tape is not None:
            self.tape.add(j, self.nmoves)
        self._note(self.view.seat, move)
        self.update()
        return None

    def bot_step(self):
        """The seat on turn (a bot) thinks and moves: returns (seat, move), or None while a bot
        that decides in slices (the master: start() then step() a playout at a time,
        engine/bot_master.py) has not finished; call again. Nothing changes in the match until
        it moves, and no other bot is asked meanwhile (they share the search's scratch)."""
        s = self.state
        p = s.turn
        bot = self.bots[p]
        if self.thinking:
            move = bot.step()
        else:
            s.view_into(self.bot_view, p)
            start = getattr(bot, "start", None)
            move = bot.choose(self.bot_view) if start is None else start(self.bot_view)
        self.thinking = move is None
        if move is None:
            return None
        tape = self.tape
        if tape is not None:
            buf = self.bot_moves
            n = turn.legal_moves(self.bot_view, buf)  # the bot chose from these
            j = 0
            while j < n and buf[j] != move:
                j += 1
        s.apply(move)
        if tape is not None:
            tape.add(j, n)
        self._note(p, move)
        self.update()
        return p, move

    def apply_seat(self, p, move):
        """A move for seat p made away from this device (a linked seat): None when applied, else
        the refusal's reason (nothing changed): not that seat's turn, or not a legal move."""
        s = self.state
        if s.is_round_over() or s.turn != p:
            return "not on turn"
        buf = self.bot_moves
        n = s.legal_moves(buf)
        j = 0
        while j < n and buf[j] != move:
            j += 1
        if j == n:
            return "illegal"
        s.apply(move)
        if self.tape is not None:
            self.tape.add(j, n)
        self._note(p, move)
        self.update()
        return None

    def _note(self, p, move):
        self.last[p] = move
        if move < DRAW:
            self.last_card[p] = move

    def next_round(self, explicit=None):
        """explicit: the next round's deal (a linked table's, engine/fairdeal.py), else the RNG's."""
        self.thinking = False
        self.state.next_round(explicit)
        if self.tape is not None:
            self.tape.clear(self.state.round_no)
        for p in range(self.state.n):
            self.last[p] = _NO_MOVE
            self.last_card[p] = 0
        self.update()

    def bot_on_turn(self):
        s = self.state
        return not s.is_round_over() and self.bots[s.turn] is not None

    def hint(self):
        """(move, reason in the person's language) the expert suggests for the person now."""
        from firmware import words

        return words.hint(self.view, self.seed)
