"""The terminal version's match record (host/play/terminal.py --record) is the device's export (firmware/export.py):
the terminal plays on firmware.match.Match, notes each round as the device does (firmware/results.py
note_round) and writes export's lines, so the same match gives the same record, and it replays."""

import pytest
from helpers import snapshot

from engine.cards import DRAW, END, PASS, card_token
from engine.record import replay
from engine.rules import make_rules
from firmware import export, results
from firmware.match import Match
from host.play import terminal as play

LETTERS = {DRAW: "d", END: "e", PASS: "p"}


def _first_legal(m):
    """The person's answer as typed: the first of their legal moves (the match's own list)."""

    def inp(prompt):
        if prompt == play.continue_prompt():
            return ""
        mv = m.moves[0]
        return LETTERS.get(mv) or card_token(m.rules.game, mv)

    return inp


def _device_match(rules, levels, seed, dealer):
    """The same match as the device plays it (firmware/screens.py, pages.py): bots by bot_step, the
    person's first legal move by play(), each round noted before the next is dealt."""
    m = Match(rules, levels, seed, dealer)
    while True:
        while m.state.phase == 0:
            if m.bot_on_turn():
                while m.bot_step() is None:
                    pass
            else:
                if m.view.seat != m.state.turn:  # pass-and-play: the hand-over page's _take
                    m.view.seat = m.state.turn
                    m.update()
                assert m.play(m.moves[0]) is None
        results.note_round(m)
        if m.state.is_match_over():
            return m
        m.next_round()


@pytest.mark.parametrize(
    "preset, options, levels",
    [
        ("classic", {"players": 3, "rounds": 2}, ["person", "easy", "medium"]),
        ("classic", {"players": 3, "rounds": 1, "actions": 1}, ["person", "person", "easy"]),
        ("cinquillo", {"rounds": 1}, ["person", "random", "easy", "medium"]),
        ("bastard", {"players": 3, "rounds": 1}, ["person", "easy", "easy"]),
    ],
)
def test_the_terminal_record_equals_the_device_export(tmp_path, monkeypatch, capsys, preset, options, levels):
    rules = make_rules(preset, **options)
    seed, dealer = 17, 1
    m = Match(rules, levels, seed, dealer)
    path = tmp_path / "terminal.txt"
    people = [p for p in range(rules.players) if levels[p] == "person"]
    keeper = play.Keeper(seed, str(path), people)
    out = []
    assert play.play_match(m, None, _first_legal(m), out.append, keeper=keeper) == 0
    assert m.state.is_match_over()
    assert out[-1] == "Match record written to %s (check it: python -m host.play.replay)." % path
    terminal = path.read_text(encoding="utf-8").splitlines()
    assert terminal.count("# people: " + " ".join("P%d" % (p + 1) for p in people)) == 1

    device = _device_match(rules, levels, seed, dealer)
    folder = tmp_path / "device"
    folder.mkdir()
    monkeypatch.setenv("ELFER_RECORDS", str(folder))
    name, why = export.export(device)
    assert why == "" and name
    exported = (folder / name).read_text(encoding="utf-8").splitlines()
    assert [line for line in terminal if not line.startswith("# people: ")] == exported
    assert snapshot(replay(path.read_text(encoding="utf-8"))) == snapshot(m.state) == snapshot(device.state)
    capsys.readouterr()  # (export printed the record to the console too)


def test_a_record_of_a_round_in_play_is_the_export_without_the_scores_line(tmp_path):
    """Leaving mid-round: the round's moves so far as export writes a finished round's; it replays to here."""
    rules = make_rules("classic", players=3)
    m = Match(rules, ["person", "easy", "easy"], 5, 0)
    path = tmp_path / "so-far.txt"
    answers = iter(["d", "p", "e", "1", "2", "3", "q"])
    seen = []

    def inp(prompt):
        seen.append(snapshot(m.state))
        return next(answers)

    play.play_match(m, None, inp, [].append, keeper=play.Keeper(5, str(path)))
    text = path.read_text(encoding="utf-8")
    assert m.state.phase == 0 and "scores:" not in text
    head = ["elfer-raus-record 1", "rules: classic players=3", "dealer: P1", "seed: 5", "round 1"]
    assert text.splitlines()[:5] == head
    assert snapshot(replay(text)) == seen[-1] == snapshot(m.state)


def test_the_command_line_record_equals_the_device_export(tmp_path, monkeypatch, capsys):
    """The terminal's options make the device's match: --seed, --dealer, --bots, --option as the set-up does."""
    made = []

    class Seen(Match):
        def __init__(self, *args, **kwargs):
            Match.__init__(self, *args, **kwargs)
            made.append(self)

    monkeypatch.setattr(play, "Match", Seen)
    path = tmp_path / "cli.txt"
    args = ["--seed", "9", "--option", "players=3", "--option", "rounds=1", "--bots", "easy,medium", "--dealer", "2"]

    def inp(prompt):
        return _first_legal(made[0])(prompt)

    assert play.main(args + ["--record", str(path)], inp, [].append) == 0
    device = _device_match(make_rules("classic", players=3, rounds=1), ["person", "easy", "medium"], 9, 1)
    folder = tmp_path / "device"
    folder.mkdir()
    monkeypatch.setenv("ELFER_RECORDS", str(folder))
    name, why = export.export(device)
    terminal = path.read_text(encoding="utf-8").splitlines()
    assert terminal[4] == "# people: P1" and terminal[:4] + terminal[5:] == (folder / name).read_text().splitlines()
    capsys.readouterr()
