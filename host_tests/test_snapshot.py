"""Snapshots (issue 7): a match saved at any point restores exactly and continues identically.

engine/snapshot.py stores the round's deal and its moves and replays them;
these tests restore at random points of random games of every preset and
check that the restored match plays on to the same records and scores, that
bots continue with the same decisions, and that damaged, truncated, foreign
or newer blobs are refused with a reason, never accepted as a wrong state.
"""

import random

import pytest
from fuzzing import fuzz
from gamegen import CONFIGS
from helpers import snapshot as fields
from hypothesis import given
from hypothesis import strategies as st

from engine import snapshot, snapshot_load
from engine.bots import make_bot
from engine.record import MatchRecord
from engine.rules import make_rules
from engine.state import State


def comparable(s):
    """Every field of a State that means something (stock and history beyond their lengths are scratch)."""
    f = fields(s)
    f["stock"] = f["stock"][: s.stock_len]
    f["history"] = f["history"][: 2 * s.hist_len]
    return f


def play_on(s, rng, bots=None):
    """Play s to the end of the match (random moves, or bots per seat); return the record text."""
    rec = MatchRecord(s)
    buf = bytearray(32)
    view = None
    if bots is not None:
        from engine.view import SeatView

        view = SeatView(s.rules, 0)
    while True:
        if s.is_round_over():
            rec.end_round(s)
            if s.is_match_over():
                return rec.text(s), list(s.scores), s.match_winners
            s.next_round()
            continue
        one_move(s, rng, buf, bots, view)


def one_move(s, rng, buf, bots, view):
    """The seat on turn moves: its bot if it has one, else a random legal move."""
    if bots is not None and bots[s.turn] is not None:
        s.view_into(view, s.turn)
        s.apply(bots[s.turn].choose(view))
    else:
        n = s.legal_moves(buf)
        s.apply(buf[rng.randrange(n)])


def advance(s, rng, steps, bots=None):
    """Make `steps` moves (next_round between rounds), stopping at the match end."""
    buf = bytearray(32)
    view = None
    if bots is not None:
        from engine.view import SeatView

        view = SeatView(s.rules, 0)
    for _ in range(steps):
        if s.is_match_over():
            return
        if s.is_round_over():
            s.next_round()
            continue
        one_move(s, rng, buf, bots, view)


def config_id(cfg):
    preset, opts = cfg
    return preset + "-" + "-".join("%s%d" % kv for kv in sorted(opts.items()))


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_snapshot_restores_every_field_and_continues_to_the_same_record(cfg):
    """4 games per configuration, 4 random points each: restore, compare, play both on."""
    preset, opts = cfg
    for seed in range(4):
        rules = make_rules(preset, rounds=3, **opts)
        rng = random.Random(seed)
        s = State(rules, seed=seed, dealer=seed % rules.players)
        for _ in range(4):
            advance(s, rng, rng.randrange(0, 150))
            blob = snapshot.dump(s)
            t = snapshot_load.load(blob).state
            assert comparable(t) == comparable(s)
            assert snapshot.dump(t) == blob
            # The original (a copy) and the restored match play on with the same random moves:
            # the same records, scores and winners.
            twin = State(rules, deal_now=False)
            s.copy_into(twin)
            cont = rng.randrange(1 << 30)
            assert play_on(t, random.Random(cont)) == play_on(twin, random.Random(cont))


def test_tape_kept_during_play_gives_the_same_snapshot_as_replaying_the_round():
    """The firmware notes each move's index as it is made (a Tape) instead of replaying
    the round at every save: both must write the same bits, in every configuration."""
    checked = 0
    for preset, opts in CONFIGS:
        rules = make_rules(preset, rounds=2, **opts)
        rng = random.Random(len(CONFIGS))
        s = State(rules, seed=3, dealer=1 % rules.players)
        tape = snapshot.Tape()
        tape.clear(s.round_no)
        buf = bytearray(32)
        while not s.is_match_over():
            if s.is_round_over():
                s.next_round()
                tape.clear(s.round_no)
                continue
            if rng.random() < 0.08:
                assert snapshot.dump(s, tape=tape) == snapshot.dump(s)
                checked += 1
            n = s.legal_moves(buf)
            j = rng.randrange(n)
            s.apply(buf[j])
            tape.add(j, n)
        assert snapshot.dump(s, tape=tape) == snapshot.dump(s)
    assert checked > 100


def test_snapshot_at_round_end_and_match_end_restores_the_scores():
    for preset in ("classic", "cinquillo", "bastard", "junior10"):
        rules = make_rules(preset, rounds=2, players=4 if preset != "classic" else 6)
        s = State(rules, seed=5)
        rng = random.Random(5)
        while not s.is_round_over():
            advance(s, rng, 1)
        t = snapshot_load.load(snapshot.dump(s)).state
        assert comparable(t) == comparable(s) and t.phase == 1
        while not s.is_match_over():
            advance(s, rng, 1)
        t = snapshot_load.load(snapshot.dump(s)).state
        assert comparable(t) == comparable(s) and t.is_match_over()


def pending_tie_break():
    """A 2-player 2-round classic match that ended tied: its E23 tie-break is due. (state, rng)"""
    rules = make_rules("classic", players=2, rounds=2)
    for seed in range(500):
        s = State(rules, seed=seed)
        rng = random.Random(seed)
        while not s.is_match_over() and not s.pending_tiebreak:
            advance(s, rng, 1)
        if s.pending_tiebreak:
            return s, rng
    raise AssertionError("no tie in 500 seeds")


def test_snapshot_of_a_tie_break_round_E23():
    s, rng = pending_tie_break()
    t = snapshot_load.load(snapshot.dump(s)).state
    assert comparable(t) == comparable(s)
    s.next_round()
    advance(s, rng, 7)
    assert s.tiebreak
    t = snapshot_load.load(snapshot.dump(s)).state
    assert comparable(t) == comparable(s)
    cont = 99
    assert play_on(t, random.Random(cont)) == play_on(s, random.Random(cont))


def make_bots(rules, levels, seed):
    return [None if lv is None else make_bot(lv, rules, p, seed) for p, lv in enumerate(levels)]


@pytest.mark.parametrize(
    "preset,levels",
    [
        ("classic", [None, "random", "easy", "medium", "expert", "medium"]),
        ("cinquillo", [None, "expert", "random", "medium"]),
        ("bastard", [None, "medium", "expert", "easy"]),
        ("classic", [None, "master", "easy", "medium"]),  # the fast hosts' level: its byte is 5
    ],
)
def test_restored_bots_make_the_same_decisions(preset, levels):
    rules = make_rules(preset, players=len(levels), rounds=2)
    for seed in (1, 2):
        rng = random.Random(seed)
        s = State(rules, seed=seed)
        bots = make_bots(rules, levels, seed)
        advance(s, rng, rng.randrange(5, 120), bots)
        snap = snapshot_load.load(snapshot.dump(s, bots))
        assert snap.levels == levels
        again = snapshot_load.make_bots(snap)
        for p in range(len(levels)):
            if bots[p] is not None:
                assert again[p].rng.get_state() == bots[p].rng.get_state()
        t = snap.state
        assert play_on(t, random.Random(7), again) == play_on(s, random.Random(7), bots)


def classic6_blobs(n_matches=12):
    """Blobs of 6-player classic matches with five bots, at every turn's start."""
    rules = make_rules("classic", players=6, rounds=2)
    levels = [None, "easy", "medium", "random", "easy", "medium"]
    for seed in range(n_matches):
        rng = random.Random(seed)
        s = State(rules, seed=seed, dealer=seed % 6)
        bots = make_bots(rules, levels, seed)
        while not s.is_match_over():
            if s.phase != 0 or (s.placed == 0 and s.drawn == 0 and rng.random() < 0.25):
                yield s, bots, snapshot.dump(s, bots, b"\0\0\0\1")
            advance(s, rng, 1, bots)


def test_snapshot_of_a_6_player_classic_match_fits_512_bytes():
    largest = max(len(blob) for _, _, blob in classic6_blobs(6))
    assert largest <= 512, largest


def test_snapshot_refuses_bad_blobs_with_a_reason():
    s = State(make_rules("classic", players=4), seed=3)
    advance(s, random.Random(3), 30)
    blob = snapshot.dump(s)
    cases = {
        "too short": blob[:6],
        "truncated": blob[:-1],
        "padded": blob + b"\0",
        "not an Elfer Raus snapshot": b"PK" + blob[2:],
        "newer version": blob[:2] + bytes([snapshot.VERSION + 1]) + blob[3:],
        "CRC": blob[:20] + bytes([blob[20] ^ 1]) + blob[21:],
    }
    for why, bad in cases.items():
        with pytest.raises(snapshot_load.SnapshotError) as info:
            snapshot_load.load(bad)
        assert why in str(info.value), (why, str(info.value))
        assert snapshot_load.safe_load(bad) == (None, str(info.value))


def test_snapshot_with_a_valid_crc_but_an_impossible_game_is_refused():
    """A foreign blob that frames well (correct CRC) but does not replay is refused, not half-restored."""
    from engine.crc import put_crc

    s = State(make_rules("classic", players=4), seed=3)
    advance(s, random.Random(3), 30)
    blob = bytearray(snapshot.dump(s))
    refused = 0
    for i in range(5, len(blob) - 4):
        for flip in (1, 0x80):
            bad = bytearray(blob)
            bad[i] ^= flip
            put_crc(bad, 0, len(bad) - 4)
            snap, why = snapshot_load.safe_load(bytes(bad))  # never raises
            if snap is None:
                assert why.startswith("snapshot")
                refused += 1
            else:  # what the bytes say is a whole, consistent game: it replays and plays on
                play_on(snap.state, random.Random(1))
    assert refused > 0


_BLOB = []


def some_blob():
    if not _BLOB:
        s = State(make_rules("classic", players=6, actions=1), seed=11)
        rules = s.rules
        bots = make_bots(rules, [None, "easy", "random", "medium", "easy", "random"], 11)
        advance(s, random.Random(11), 90, bots)
        _BLOB.append((snapshot.dump(s, bots, b"xy"), comparable(s)))
    return _BLOB[0]


@given(st.data())
@fuzz("snapshots", examples=300)
def test_randomly_corrupted_snapshot_never_raises_nor_restores_a_wrong_state(data):
    blob, want = some_blob()
    bad = bytearray(blob)
    kind = data.draw(st.sampled_from(["flip", "set", "cut", "insert", "garbage"]))
    if kind == "garbage":
        bad = bytearray(data.draw(st.binary(max_size=600)))
    elif kind == "cut":
        bad = bad[: data.draw(st.integers(0, len(bad)))]
    elif kind == "insert":
        i = data.draw(st.integers(0, len(bad)))
        bad[i:i] = data.draw(st.binary(min_size=1, max_size=8))
    else:
        for _ in range(data.draw(st.integers(1, 4))):
            i = data.draw(st.integers(0, len(bad) - 1))
            if kind == "flip":
                bad[i] ^= 1 << data.draw(st.integers(0, 7))
            else:
                bad[i] = data.draw(st.integers(0, 255))
    snap, why = snapshot_load.safe_load(bytes(bad))
    if bytes(bad) == blob:
        assert snap is not None and comparable(snap.state) == want
    else:
        assert snap is None and why


# --- what a snapshot claims is checked against the rules (issue 11) ---------------------------


def field_offsets(blob, n):
    """Where a snapshot's fixed fields lie (docs/saves.md has the layout)."""
    at = 6 + blob[5]
    f = {"dealer": at, "round": at + 1, "tiebreak": at + 3, "active": at + 4, "scores": at + 15}
    pos = at + 15 + 2 * n
    f["levels"] = []
    for _ in range(n):
        f["levels"].append(pos)
        pos += 7 if blob[pos] else 1
    pos += 1 + blob[pos]  # extra
    f["hist_len"] = pos
    return f


def forge(blob, n, round_no=None, tiebreak=None, active=None, scores=None, hist_len=None):
    """The blob with fields rewritten and its CRC made good again: what a forged save looks like."""
    from engine.crc import put_crc

    b = bytearray(blob)
    f = field_offsets(b, n)
    if round_no is not None:
        b[f["round"] : f["round"] + 2] = bytes((round_no >> 8, round_no & 255))
    for name, value in (("tiebreak", tiebreak), ("active", active)):
        if value is not None:
            b[f[name]] = value
    for p, v in enumerate(scores or ()):
        b[f["scores"] + 2 * p : f["scores"] + 2 * p + 2] = bytes((v >> 8, v & 255))
    if hist_len is not None:
        b[f["hist_len"] : f["hist_len"] + 2] = bytes((hist_len >> 8, hist_len & 255))
    put_crc(b, 0, len(b) - 4)
    return bytes(b)


def blob_of(preset="classic", players=4, steps=25, **opts):
    s = State(make_rules(preset, players=players, **opts), seed=4)
    advance(s, random.Random(4), steps)
    assert s.phase == 0
    return snapshot.dump(s), s


def refused(blob, why):
    with pytest.raises(snapshot_load.SnapshotError) as info:
        snapshot_load.load(blob)
    assert why in str(info.value), str(info.value)


def test_forged_totals_beyond_the_limit_are_refused_E22():
    """A limit match whose total already reached the limit was over: no round follows."""
    blob, _ = blob_of(limit=500)
    assert snapshot_load.load(forge(blob, 4, round_no=3, scores=[120, 499, 0, 7])).state.scores[1] == 499
    refused(forge(blob, 4, round_no=3, scores=[120, 500, 0, 7]), "reached the limit 500")


def test_forged_totals_more_than_the_rounds_played_can_score_are_refused_E21():
    """Classic 4 colours x 20 ranks: one round adds at most 840 to a total."""
    blob, _ = blob_of(rounds=10)
    assert snapshot_load.load(forge(blob, 4, round_no=3, scores=[1680, 0, 0, 0])).state.scores[0] == 1680
    refused(forge(blob, 4, round_no=3, scores=[1681, 0, 0, 0]), "more than 2 rounds can score")
    refused(forge(blob, 4, round_no=1, scores=[0, 0, 1, 0]), "P3's total 1 is more than 0 rounds")


def test_forged_near_maximum_total_is_refused_not_crashing_the_next_save():
    """Issue 11: a total near 65535 restored, the round played out, and the next save raised
    'score out of range' on the device every time. Now the load refuses it."""
    blob, _ = blob_of(rounds=99)
    forged = forge(blob, 4, round_no=90, scores=[65000, 0, 0, 0])
    refused(forged, "P1's total 65000 leaves no room")
    ok = snapshot_load.load(forge(blob, 4, round_no=90, scores=[65535 - 840, 0, 0, 0])).state
    play_on_one_round_and_save(ok)


def play_on_one_round_and_save(s, seed=1):
    """Play the round out at random, save, start the next round and save: never raises."""
    rng = random.Random(seed)
    while not s.is_round_over():
        advance(s, rng, 1)
    snapshot.dump(s)
    if not s.is_match_over():
        s.next_round()
        snapshot.dump(s)


def test_forged_round_numbers_past_the_match_are_refused_E22():
    blob, _ = blob_of(rounds=3)
    assert snapshot_load.load(forge(blob, 4, round_no=3)).state.round_no == 3
    refused(forge(blob, 4, round_no=4), "round 4 of a 3-round match")
    # To a limit: the match ends after round 65,535 at the latest (E22 decision), the last a save holds.
    blob, _ = blob_of("cinquillo", steps=8, limit=30)
    s = snapshot_load.load(forge(blob, 4, round_no=65534)).state
    play_on_rounds(s, 3, seed=1)
    assert s.is_match_over() and s.round_no == 65535


def tie_break_blob():
    """A 2-player 2-round classic match in its E23 tie-break round (round 3), as saved."""
    s, rng = pending_tie_break()
    s.next_round()
    advance(s, rng, 3)
    return snapshot.dump(s), s


def test_forged_tie_break_rounds_are_refused_unless_the_rules_made_one_E23():
    blob, s = tie_break_blob()
    assert s.tiebreak and s.round_no == 3 and s.scores[0] == s.scores[1]
    assert comparable(snapshot_load.load(blob).state) == comparable(s)
    tie = s.scores[0]
    refused(forge(blob, 2, round_no=2), "before the match was over")
    refused(forge(blob, 2, scores=[tie, tie + 1]), "not the tied leaders")
    refused(forge(blob, 2, active=1 << s.first), "not the tied leaders")  # one seat alone
    four, _ = blob_of(rounds=3)
    refused(forge(four, 4, round_no=2, active=0b0111), "sits out a round that is not a tie-break")
    cinq, _ = blob_of("cinquillo", rounds=3, steps=8)
    refused(forge(cinq, 4, round_no=4, tiebreak=1, scores=[9, 9, 9, 9]), "a game that has none")


def test_forged_move_count_is_refused_before_anything_is_allocated_for_it(monkeypatch):
    """A u16 move count of 65535 made the load allocate a history for it first."""
    import engine.state

    blob, s = blob_of()
    made = []
    real = engine.state.State

    def counting(*args, **kwargs):
        made.append(kwargs.get("history"))
        return real(*args, **kwargs)

    monkeypatch.setattr(engine.state, "State", counting)
    refused(forge(blob, 4, hist_len=65535), "65535 moves in one round")
    assert made == []
    assert snapshot_load.load(blob).state.hist_len == s.hist_len and made


_GOOD_CRC_BLOBS = []


def good_crc_bases():
    """(blob, players) to forge from: bots and extra bytes, a round-limited match in a later
    round, a tie-break round, a Cinquillo match to a limit."""
    if not _GOOD_CRC_BLOBS:
        _GOOD_CRC_BLOBS.append((some_blob()[0], 6))
        rules = make_rules("classic", players=3, rounds=5, actions=1)
        s = State(rules, seed=2)
        bots = make_bots(rules, [None, "medium", "expert"], 2)
        rng = random.Random(2)
        while s.round_no < 3:
            advance(s, rng, 1, bots)
        advance(s, rng, 10, bots)
        _GOOD_CRC_BLOBS.append((snapshot.dump(s, bots, b"\0\0\1\2"), 3))
        _GOOD_CRC_BLOBS.append((tie_break_blob()[0], 2))
        _GOOD_CRC_BLOBS.append((blob_of("cinquillo", steps=12, limit=30)[0], 4))
        _GOOD_CRC_BLOBS.append((blob_of("junior10", steps=12, rounds=99)[0], 4))
    return _GOOD_CRC_BLOBS


def play_on_rounds(s, rounds, seed):
    """Play up to `rounds` rounds on at random, saving at each round's end and start: never raises."""
    rng = random.Random(seed)
    for _ in range(rounds):
        while not s.is_round_over():
            advance(s, rng, 1)
        snapshot.dump(s)
        if s.is_match_over():
            return
        s.next_round()
        snapshot.dump(s)


@given(st.data())
@fuzz("snapshots")
def test_fuzz_forged_snapshot_with_a_good_crc_restores_whole_or_is_refused(data):
    """Fields and bytes changed, the CRC made good again (a forged save): load() either refuses
    with a reason or gives a match that saves again and plays on, saving, for three rounds."""
    from engine.crc import put_crc

    blob, n = data.draw(st.sampled_from(good_crc_bases()))
    f = field_offsets(blob, n)
    bad = bytearray(blob)
    u16 = st.one_of(
        st.sampled_from([0, 1, 30, 253, 255, 256, 499, 500, 1680, 64000, 65000, 65534, 65535]), st.integers(0, 65535)
    )
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(
            st.sampled_from(["score", "score", "round", "tiebreak", "active", "hist_len", "level", "byte"])
        )
        if kind == "score":
            i = f["scores"] + 2 * data.draw(st.integers(0, n - 1))
        elif kind in ("round", "tiebreak", "active"):
            i = f[kind]
        elif kind == "hist_len":
            i = f["hist_len"]
        elif kind == "level":
            i = data.draw(st.sampled_from(f["levels"]))
        else:
            i = data.draw(st.integers(5, len(bad) - 5))
        if kind in ("score", "hist_len", "round"):
            v = data.draw(u16)
            bad[i : i + 2] = bytes((v >> 8, v & 255))
        else:
            bad[i] = data.draw(st.one_of(st.integers(0, 255), st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, 100, 255])))
    put_crc(bad, 0, len(bad) - 4)
    snap, why = snapshot_load.safe_load(bytes(bad))
    if snap is None:
        assert why.startswith("snapshot")
        return
    bots = snapshot_load.make_bots(snap)
    snapshot.dump(snap.state, bots, snap.extra, snap.tape)  # the next save holds what was restored
    play_on_rounds(snap.state, 3, seed=len(bad))


def test_match_to_a_limit_saves_and_restores_past_round_255_E22():
    """Found by make soak: a match to a limit has no last round, and round 256 could not be saved
    in format 1 (one byte). Format 2 holds the round in two bytes."""
    blob, _ = blob_of("classic", players=6, steps=8, limit=500, actions=1)
    s = snapshot_load.load(forge(blob, 6, round_no=253)).state
    play_on_rounds(s, 4, seed=1)
    assert s.round_no >= 257
    assert comparable(snapshot_load.load(snapshot.dump(s)).state) == comparable(s)


def format_1(blob, n):
    """A format-2 snapshot (round below 256) as format 1 wrote it: the round in one byte."""
    from engine.crc import put_crc

    at = field_offsets(blob, n)["round"]
    assert blob[at] == 0
    b = bytearray(blob[:at] + blob[at + 1 :])
    b[2] = 1
    b[3:5] = bytes((len(b) >> 8, len(b) & 255))
    put_crc(b, 0, len(b) - 4)
    return bytes(b)


def test_saves_of_format_1_still_restore():
    blob, s = blob_of("classic", players=4, steps=30)
    assert blob[2] == snapshot.VERSION == 2
    old = format_1(blob, 4)
    assert len(old) == len(blob) - 1
    assert comparable(snapshot_load.load(old).state) == comparable(s)
