"""The end of a round and of a match (issue 12): "You" for the person, the final table with
shared places, your place as an ordinal in every language, the rating's move, the
statistics in the games' names, and the match record the device exports (docs/records.md).

The Drivers are lazy (host/drive/simdrive.py): these tests read texts, and compositing every
refresh in Blinka's displayio took most of their time (a whole match or fuzz case draws
its last screen with d.draw()). test_gfx_framebuf and test_firmware_input composite every
refresh in Blinka; test_screenshots pushes every refresh on the MicroPython boards."""

import os
import sys

import pytest
from test_firmware import finish_round_screens, play_round_by_buttons

from engine.record import replay
from firmware import lang, matchend, saves
from host.drive import simdrive

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Finished:
    """The parts of a finished match's State that places() reads."""

    def __init__(self, scores, winners):
        self.n = len(scores)
        self.scores = scores
        self.match_winners = winners


@pytest.fixture(autouse=True)
def english():
    lang.use("en")
    yield
    lang.use("en")


def play_match(d, rounds):
    """Play every round by buttons up to the match over page; returns its lines."""
    for _ in range(rounds):
        play_round_by_buttons(d)
        finish_round_screens(d)
        d.press("A")
    assert d.app.screen.title == "Match over"
    d.draw()
    return d.panel()


def test_E22_places_lowest_penalty_first_and_equal_totals_share_a_place():
    assert matchend.places(Finished([40, 12, 40, 70], 0b0010), high=False) == [2, 1, 2, 4]


def test_C9_draw_shares_first_place_and_the_rest_follow_by_points():
    assert matchend.places(Finished([30, 31, 31, 5], 0b0110), high=True) == [3, 1, 1, 4]


def test_E23_tie_break_winner_is_first_although_the_totals_are_equal():
    assert matchend.places(Finished([50, 50, 90], 0b010), high=False) == [2, 1, 3]


@pytest.mark.parametrize("code", lang.CODES)
def test_every_language_has_an_ordinal_for_each_of_six_places(code):
    lang.use(code)
    words = [matchend.ordinal(k) for k in range(1, 7)]
    assert len(set(words)) == 6
    assert len(lang.t("res_ordinals").split()) == 6


def test_match_over_page_shows_your_place_the_final_table_and_the_rating(tmp_path, monkeypatch):
    monkeypatch.setenv("ELFER_RECORDS", str(tmp_path))
    d = simdrive.Driver("sim", lazy=True)
    d.new_match("Elfer Raus", players=3, Match="1 round")
    page = play_match(d, 1)
    m = d.app.match
    s = m.state
    place = matchend.places(s, False)[0]
    if s.match_winners == 1:
        assert page[1] == "You win!"
    elif bin(s.match_winners).count("1") > 1 and place == 1:
        assert page[1] == "You share 1st place."
    else:
        assert page[1] == "You finished %s." % ("1st", "2nd", "3rd")[place - 1]
    assert page[2] == "Final penalty totals:"
    order = sorted(range(3), key=lambda p: matchend.places(s, False)[p])
    rows = page[3:6]
    for row, p in zip(rows, order, strict=True):
        assert row.split()[1] == ("You" if p == 0 else "P%d" % (p + 1))
        assert int(row.split()[-1]) == s.scores[p]
    old, new = m.rating
    assert old == 0 and new == (30 if s.match_winners == 1 else 0)
    assert page[6].startswith("Rating 0 → %d" % new)


@pytest.mark.parametrize("button", ["A", "B"])
def test_match_over_page_ends_the_match_with_either_button(button):
    d = simdrive.Driver("sim", lazy=True)
    d.new_match("Elfer Raus", players=2, Match="1 round")
    play_match(d, 1)
    d.press(button)
    assert d.screen_name() == "TitleMenu" and d.app.match is None
    assert [it[1] for it in d.app.screen.items][0] == "new"  # nothing to continue


def test_round_end_and_scores_name_the_person_you_in_german(tmp_path, monkeypatch):
    monkeypatch.setenv("ELFER_RECORDS", str(tmp_path))
    d = simdrive.Driver("sim", lazy=True)
    d.new_match("Elfer Raus", players=3, Match="1 round")
    play_round_by_buttons(d)  # (its checks read the English table texts)
    lang.use("de")
    d.press("A")
    hands = d.panel()
    d.press("A")
    scores = d.panel()
    assert hands[0] == "Runde 1 vorbei"
    assert any(line.startswith("Du ") for line in hands[1:])
    assert scores[1].split() == ["Wer", "Runde", "Summe"]
    assert scores[2].split()[0] == "Du"
    d.press("A")
    page = d.panel()
    assert page[0].split()[:2] == ["Partie", "vorbei"]  # (and "▼" where the page scrolls)
    assert page[1] == "Du gewinnst!" or "Platz" in " ".join(page[1:3])  # (a place may take two lines)


def test_statistics_name_the_game_and_the_bots_and_state_the_rating_rule():
    stats = {("elfer", saves.opponents_code(["medium"] * 3)): [2, 1, 9, 300, 120, 40]}
    stats[("bastard", saves.opponents_code(["expert", "easy", "easy"]))] = [1, 0, 4, 20, 20, 0]
    text = saves.text(stats)
    assert "firmware.statstext" not in sys.modules  # made, then forgotten
    assert "Elfer Raus vs 3 medium" in text
    assert "Bastard vs 1 expert + 2 easy" in text
    assert "avg penalty 33.3/round, best 120" in text
    assert text.split("\n")[0] == "Rating (all): 40"
    assert text.split("\n")[-1] == lang.t("res_rating_rule")


def test_opponents_code_keeps_every_old_code_and_gives_master_sets_their_own():
    """Master took the base-6 digit above the four levels (docs/saves.md): every opponent set
    without a master has the code saved before master existed; every set is distinct and fits
    the statistics entry's u16; the page names the master strongest first."""
    import itertools

    old = ("random", "easy", "medium", "expert")
    seen = {}
    for n in range(1, 6):
        for bots in itertools.combinations_with_replacement(saves.LEVELS, n):
            code = saves.opponents_code(bots)
            if "master" not in bots:
                k = [bots.count(lv) for lv in old]
                assert code == ((k[0] * 6 + k[1]) * 6 + k[2]) * 6 + k[3], bots
            assert code not in seen and code < 65536, (bots, seen.get(code))
            seen[code] = bots
    assert saves.opponents_code(["medium"] * 3) == 18 and saves.opponents_code(["expert", "easy", "easy"]) == 73
    stats = {("elfer", saves.opponents_code(["easy", "master", "easy"])): [1, 0, 3, 30, 30, 0]}
    stats[("elfer", saves.opponents_code(["master"] * 5))] = [1, 1, 3, 10, 10, 60]
    text = saves.text(stats)
    assert "Elfer Raus vs 1 master + 2 easy" in text and "Elfer Raus vs 5 master" in text
    lang.use("de")
    assert "1 Meister + 2 leicht" in saves.text(stats)


class Ended:
    """A finished match's State as saves.record() reads it."""

    def __init__(self, players, winners, score=10):
        from engine.rules import make_rules

        self.rules = make_rules("classic", players=players)
        self.match_winners = winners
        self.scores = [score] * players
        self.round_no = 3


def test_rating_rule_win_plus_ten_per_player_loss_minus_ten_not_below_zero_draw_nothing():
    stats = {}
    levels = ["you", "easy", "easy", "easy"]
    assert saves.record(stats, Ended(4, 0b0001), levels) == (0, 40)
    assert saves.record(stats, Ended(4, 0b0010), levels) == (40, 30)
    assert saves.record(stats, Ended(4, 0b0011), levels) == (30, 30)  # a shared win
    for _ in range(3):
        saves.record(stats, Ended(4, 0b0100), levels)
    assert saves.record(stats, Ended(4, 0b0100), levels) == (0, 0)


def test_readme_states_the_rating_rule_of_the_statistics_page():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = " ".join(f.read().split())
    assert lang.t("res_rating_rule") in readme


# --- the match record ---------------------------------------------------------------


def test_match_played_to_the_end_exports_a_record_that_replays_to_the_same_scores(tmp_path, monkeypatch):
    monkeypatch.setenv("ELFER_RECORDS", str(tmp_path))
    d = simdrive.Driver("sim", lazy=True)
    d.new_match("Elfer Raus", players=3, Match="3 rounds")
    m = d.app.match
    play_round_by_buttons(d)
    assert len(m.log) == 0  # nothing noted while the round is played
    finish_round_screens(d)
    d.press("A")
    first = bytes(m.log)
    assert len(first) == 2 + 2 * (first[0] << 8 | first[1])  # round 1 noted once, at its end
    page = play_match(d, 2)
    (name,) = os.listdir(str(tmp_path))
    assert name == "record-%d.txt" % m.seed
    assert "Record saved:" in " ".join(page) and name in " ".join(page)
    with open(os.path.join(str(tmp_path), name), encoding="utf-8") as f:
        text = f.read()
    s = replay(text)
    assert s.round_no == 3 and s.is_match_over()
    assert list(s.scores) == list(m.state.scores)
    assert s.match_winners == m.state.match_winners


def test_replay_tool_accepts_the_exported_cinquillo_record(tmp_path, monkeypatch):
    from helpers import run_main

    from host.play import replay as replay_tool

    monkeypatch.setenv("ELFER_RECORDS", str(tmp_path))
    d = simdrive.Driver("sim", lazy=True)
    d.new_match("Cinquillo", players=3, Match="1 round")
    play_match(d, 1)
    (name,) = os.listdir(str(tmp_path))
    status, out, err = run_main(replay_tool.main, [os.path.join(str(tmp_path), name)])
    assert status == 0, err
    assert "valid" in out and "match" in out


def test_second_record_of_the_same_seed_gets_its_own_file(tmp_path, monkeypatch):
    monkeypatch.setenv("ELFER_RECORDS", str(tmp_path))
    for _ in range(2):
        d = simdrive.Driver("sim", lazy=True)
        d.app.seed = 6  # the same fresh seed for both matches
        d.new_match("Elfer Raus", players=2, Match="1 round")
        play_match(d, 1)
        seed = d.app.match.seed
    assert sorted(os.listdir(str(tmp_path))) == ["record-%d-2.txt" % seed, "record-%d.txt" % seed]


def test_read_only_drive_record_goes_to_the_console_and_the_page_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ELFER_RECORDS", str(tmp_path / "no such folder"))
    d = simdrive.Driver("sim", lazy=True)
    d.new_match("Elfer Raus", players=2, Match="1 round")
    page = " ".join(play_match(d, 1))
    assert "read-only" in page and "serial console" in page
    out = capsys.readouterr().out
    assert "--- match record (host/play/replay.py) ---" in out and "record not written" in out
    record = out.split("--- match record (host/play/replay.py) ---\n")[1].split("--- end of record ---")[0]
    assert list(replay(record).scores) == list(d.app.match.state.scores)


def test_match_continued_after_round_one_has_no_record_and_says_so(tmp_path, monkeypatch):
    from firmware.match import Match

    monkeypatch.setenv("ELFER_RECORDS", str(tmp_path))
    d = simdrive.Driver("sim", lazy=True)
    d.new_match("Elfer Raus", players=2, Match="3 rounds")
    m = d.app.match
    play_round_by_buttons(d)
    finish_round_screens(d)
    d.press("A")
    continued = Match(m.rules, m.levels, m.seed, state=m.state, bots=m.bots)  # as Continue makes it
    assert continued.log is None
    d.app.match = continued
    page = " ".join(play_match(d, 2))
    assert "No record" in page and os.listdir(str(tmp_path)) == []


# --- the texts ------------------------------------------------------------------------


def _placeholders(text):
    return [text[i : i + 2] for i in range(len(text) - 1) if text[i] == "%" and text[i + 1] in "ds"]


@pytest.mark.parametrize("code", [c for c in lang.CODES if c != "en"])
def test_results_texts_are_translated_with_the_same_placeholders(code):
    from test_lang import table

    en = table("en")
    other = table(code)
    keys = [k for k in en if k.startswith("res_")]
    assert [k for k in other if k.startswith("res_")] == keys
    for k in keys:
        assert _placeholders(other[k]) == _placeholders(en[k]), k
    same = [k for k in keys if other[k] == en[k]]
    assert len(same) <= 6, same  # names (Cinquillo, Bastard) and words both languages share
