"""A linked table in the terminal (issue 47): `--host` opens one, `--join [HOST:PORT]` takes a seat.

    python -m host.play.terminal --host [--port 47110] [--code 1234] [--preset cinquillo] [--option players=3]
    python -m host.play.terminal --join [HOST:PORT] [--code 1234] [--name Ana]

Over boards/radio_udp.py's UdpRadio (docs/link.md). The host is P1 and holds the match
(firmware/linkhost.py); it shows the table's 4-digit code and each seat as a device joins, and
starts the match when every seat is taken. A joiner (firmware/linkclient.py) lists the tables it
hears (or, given HOST:PORT, asks that address: where broadcasts do not pass, or on one machine),
asks for the code and plays its seat from its own view with the terminal version's screens and
input (host/play/terminal.py); the host checks each move. At a round's end the joiner checks the
revealed deal (engine/fairdeal.py) and says what it found. Seats going away and coming back are
told on both sides; a joiner whose host falls silent says that it waits for it.

The link runs in a thread (a step every few ms, under a lock) while the input waits for you.
Every text is host/play/playtexts' (five languages) or the device's own (firmware/lang).
"""

import os
import threading
import time

from engine.cards import DRAW, END, PASS
from firmware import lang
from firmware import linkhost as lh
from host.emulate import linknames as ln
from host.play import terminal as term
from host.play.playtexts import t

PORT = 47110  # the host's
BEACON_PORT = 47111  # where the hosts' beacons go (boards/radio_udp.py): a joiner listening for tables binds it
STEP_S = 0.004
FIND_S = 30  # how long a joiner listens for tables


def now_ms():
    return int(time.monotonic() * 1000)


class Stepper:
    """Steps a LinkHost or LinkClient in a thread; `lock` guards it for the input side."""

    def __init__(self, end):
        self.end = end
        self.lock = threading.Lock()
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self.thread.start()

    def _run(self):
        while self.running:
            with self.lock:
                self.end.step(now_ms())
            time.sleep(STEP_S)

    def stop(self):
        self.running = False
        self.thread.join(2)


class Leaving:
    """A linked table's session: the link's thread stopped and the radio closed however it ends;
    q, the end of the input or Ctrl-C said as the terminal version says them (`code`: the exit
    code then)."""

    def __init__(self, stepper, radio, out):
        self.stepper = stepper
        self.radio = radio
        self.out = out
        self.code = 0

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        self.stepper.stop()
        self.radio.close()
        if kind is term.Quit:
            self.out(t("bye"))
        elif kind is EOFError:
            self.out("")
            self.out(t("bye_eof"))
        elif kind is KeyboardInterrupt:
            self.out("")
            self.out(t("interrupted"))
            self.code = 130
        else:
            return False
        return True


def _radio(port, ask=None):
    from boards.radio_udp import UdpRadio

    return UdpRadio(port=port, host="0.0.0.0", broadcast_port=BEACON_PORT, ask=ask)


def parse_address(text):
    """'HOST:PORT', 'HOST' or ':PORT' -> (host, port); ValueError when the port is no number."""
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, ""
    if port and not (port.isdigit() and 0 < int(port) < 65536):
        raise ValueError("--join %s: the port is a number from 1 to 65535" % ascii(text))
    return (host or "127.0.0.1", int(port or PORT))


def _wait(cond, every=0.02, limit=None):
    end = None if limit is None else time.monotonic() + limit
    while not cond():
        if end is not None and time.monotonic() > end:
            return False
        time.sleep(every)
    return True


class SeatNews:
    """Says when a remote seat goes away or comes back (states as firmware/linkhost.py's S_*)."""

    def __init__(self, out):
        self.out = out
        self.last = {}

    def see(self, states, me):
        for p, k in enumerate(states):
            was = self.last.get(p)
            if p != me and was is not None and was != k:
                if k == ln.S_AWAY:
                    self.out(t("link_seat_away") % term.seat_name(p))
                elif was == ln.S_AWAY and k == ln.S_REMOTE:
                    self.out(t("link_seat_back") % term.seat_name(p))
            self.last[p] = k


class Teller:
    """What a joiner's screen says between its moves, written when the link hears it (in the
    link's thread, under its lock): a round's start, the others' moves, a round's end with the
    fairness check. A round's end is told from its REVEAL, so that the next round's start,
    which may follow at once, cannot hide it."""

    def __init__(self, client):
        self.c = client
        self.said = []
        self.round = -1
        self.seen = 0
        self.over = False

    def heard(self, kind):
        c = self.c
        v = c.view
        if v is None or c.info is None:
            return
        say = self.said.append
        if kind in (ln.VIEW, ln.HIST) and v.round_no != self.round:
            self.round = v.round_no
            self.seen = 0
            say("\n" + "=" * 72)
            say(t("start_round") % (v.round_no, term.seat_name(v.dealer)))
        if kind == ln.VIEW:
            self.seen = _moves_told(v.rules.game, v, c.seat, self.seen, say)
        elif kind == ln.REVEAL:
            say("")
            say("=" * 72)
            say(lang.t("res_round_over") % v.round_no)
            say(_scores(v))
            bad = c.unfair
            say(t("link_fair") if not bad else t("link_unfair") % "; ".join(str(b) for b in bad))
            if v.phase == 2:
                say(lang.t("res_match_over"))
                self.over = True


def _moves_told(game, view, me, seen, out):
    """Say the others' moves since `seen` (history entries), as the terminal version does."""
    while seen < view.hist_len:
        p, move = view.history_entry(seen)
        if p != me:
            out(term.describe_move(game, p, move))
        seen += 1
    return seen


def _scores(view):
    lines = [lang.t("res_scores")]
    for p in range(view.n):
        lines.append("  %-4s %5d %6d" % (term.seat_name(p), view.round_scores[p], view.scores[p]))
    return "\n".join(lines)


def _ask_move(view, seat, input_fn, out, play):
    """Read until play(move) takes one (None: sent or applied, else why not)."""
    out(term.render_screen(view, seat))
    prompt = term.move_prompt(view, seat)
    while True:
        kind, value = term.parse_input(view, seat, input_fn(prompt))
        if kind == "quit":
            raise term.Quit()
        if kind == "help":
            out(term.render_help(view.rules))
            continue
        if kind in ("error", "record"):
            out(value if kind == "error" else t("link_no_record"))
            continue
        why = play(value)
        if why:
            out(why)
            continue
        if value == DRAW:
            out(t("you_drew") % t("a_card"))
        elif value == END:
            out(t("you_end"))
        elif value == PASS:
            out(t("you_pass"))
        else:
            out(t("you_play") % term.card_name(view.rules.game, value))
        return value


def new_code():
    return "%04d" % (int.from_bytes(os.urandom(2), "big") % 10000)


def host_table(rules, input_fn=input, out=print, port=PORT, code=None, radio=None, name="host"):
    """Open a table: P1 is you, the other seats wait for devices. Returns the exit code."""
    from firmware.linkhost import LinkHost

    code = code or new_code()
    radio = radio or _radio(port)
    host = LinkHost(radio, rules, ["you"] + ["remote"] * (rules.players - 1), code, now_ms(), name=name)
    st = Stepper(host)
    st.start()
    news = SeatNews(out)
    with Leaving(st, radio, out) as leaving:
        out(t("link_open") % (term.game_name(rules), rules.players, code))
        out(t("link_waiting") % (rules.players - 1, port))
        joined = set()

        def full():
            with st.lock:
                for p in range(1, rules.players):
                    if host.seats[p].kind == lh.REMOTE and p not in joined:
                        joined.add(p)
                        out(t("link_seat_joined") % (term.seat_name(p), host.seats[p].name))
                return host.can_start()

        _wait(full)
        with st.lock:
            host.start(now_ms())
        m = host.match
        s = m.state
        game = rules.game
        while True:
            out(term.render_round_start(s))
            seen = 0
            while True:
                with st.lock:
                    news.see([host.seat_state(p) for p in range(rules.players)], 0)
                    seen = _moves_told(game, m.view, 0, seen, out)
                    over = s.is_round_over()
                    mine = not over and s.turn == 0
                if over:
                    break
                if not mine:
                    time.sleep(0.02)
                    continue

                def play(move):
                    with st.lock:
                        return host.play(move, now_ms())

                _ask_move(m.view, 0, input_fn, out, play)
            with st.lock:
                seen = _moves_told(game, m.view, 0, seen, out)
                out(term.render_round_end(m))
                done = s.is_match_over()
            if done:
                out(term.render_match_end(m))
                _wait(lambda: _acked(host, st), limit=5)  # the devices' last frames
                return 0
            if input_fn(term.continue_prompt()).strip().lower() in term._words("words_quit"):
                raise term.Quit()
            with st.lock:
                host.next_round(now_ms())
    return leaving.code


def _acked(host, st):
    with st.lock:
        return all(x.peer is None or not x.peer.out for x in host.seats)


def _pick_table(c, st, address, input_fn, out):
    """The table to join: the one at address, the only one heard, or the one chosen. None: none heard."""
    out(t("link_looking_at") % ("%s:%d" % address) if address else t("link_looking"))

    def heard():
        with st.lock:
            return [x for x in c.tables if address is None or tuple(x.addr) == tuple(address)]

    if not _wait(heard, limit=FIND_S):
        out(t("link_none"))
        return None
    tables = heard()
    if len(tables) == 1 or address is not None:
        return tables[0]
    for i, x in enumerate(tables):
        out(t("link_table_row") % (i + 1, x.name, x.game, x.players, x.free))
    while True:
        k = term.digits(input_fn(t("link_pick") + " ").strip(), 2)
        if 1 <= k <= len(tables):
            return tables[k - 1]


def join_table(input_fn=input, out=print, address=None, code=None, radio=None, device=None, name="", port=None):
    """Find a table, join it with its code and play your seat. Returns the exit code (0 also
    when you leave; 1: no table heard, or it is full). Without an address it binds BEACON_PORT
    to hear the beacons (one joiner a machine: on one machine, give each the host's address)."""
    from firmware.linkclient import LinkClient
    from host.emulate.linknames import FULL, JOINING, LOBBY, LOST, PLAYING, WRONG_CODE

    if port is None:
        port = 0 if address else BEACON_PORT
    radio = radio or _radio(port, address)
    device = device or "term-%s" % os.urandom(4).hex()
    c = LinkClient(radio, device, name or "term", now_ms())
    st = Stepper(c)
    st.start()
    news = SeatNews(out)
    with Leaving(st, radio, out) as leaving:
        table = _pick_table(c, st, address, input_fn, out)
        if table is None:
            return 1
        out(t("link_table") % (table.name, table.game, table.players, table.free))
        while True:
            given = code if code is not None else input_fn(t("link_code") + " ").strip()
            code = None
            if not (len(given) == 4 and given.isdigit()):
                out(t("link_code_digits"))
                continue
            with st.lock:
                c.join(table, given, now_ms())
            _wait(lambda: c.status != JOINING, limit=15)
            if c.status == WRONG_CODE:
                out(t("link_nokey"))
                continue
            if c.status == FULL:
                out(t("link_full"))
                return 1
            if c.status in (LOBBY, PLAYING):
                break
        out(t("link_you_joined") % (term.seat_name(c.seat), table.name))
        teller = Teller(c)
        with st.lock:
            c.listeners.append(teller.heard)
            if c.view is not None and c.info is not None:
                teller.heard(ln.VIEW)  # what came before the listener
        lost = False
        while True:
            with st.lock:
                if (c.status == LOST) != lost:
                    lost = c.status == LOST
                    out(t("link_lost") if lost else t("link_back"))
                news.see(c.seats, c.seat)
                said, teller.said = teller.said, []
                v = c.view
                mine = v is not None and v.phase == 0 and v.my_turn() and c.pending < 0 and c.status == PLAYING
            for text in said:
                out(text)
            if teller.over:
                time.sleep(1.0)  # our acks of the last frames
                return 0
            if not mine:
                time.sleep(0.02)
                continue

            def play(move):
                with st.lock:
                    return c.play(move, now_ms())

            _ask_move(v, c.seat, input_fn, out, play)
            if not _wait(lambda: c.pending < 0, limit=2):
                out(t("link_wait_host"))
                _wait(lambda: c.pending < 0)
            with st.lock:
                if c.refusal:
                    out(t("link_refused") % c.refusal.decode("utf-8", "replace"))
                    c.refusal = b""
    return leaving.code


def run(args, rules, input_fn=input, out=print):
    """host/play/terminal.py's --host / --join."""
    term.use_language(args.lang or term.default_language())
    code = args.code
    if code is not None and not (len(code) == 4 and code.isdigit()):
        return term._error("--code is 4 digits, got %s" % ascii(code))
    if args.host:
        try:
            return host_table(rules, input_fn, out, port=args.port or PORT, code=code)
        except OSError as e:
            return term._error("--host: UDP port %d: %s" % (args.port or PORT, e))
    try:
        address = parse_address(args.join) if args.join else None
    except ValueError as e:
        return term._error(str(e))
    try:
        return join_table(input_fn, out, address, code, port=args.port, name=args.name or "")
    except OSError as e:  # the port taken, no network
        return term._error("--join: %s" % e)
