"""make play's own arguments (host/play/sim.py): bad ones are a usage error or a one-line message,
before a window opens; never a traceback (issue 11, section 7)."""

import os
import sys

import pytest
from fuzzing import fuzz
from helpers import run_main
from hypothesis import given
from hypothesis import strategies as st

from host.play import sim

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_board_names_are_the_simulators_profiles():
    from boards.sim import PROFILES

    assert set(sim.BOARDS) == set(PROFILES)


@pytest.fixture
def window(monkeypatch):
    """A display that is there, and a window that only records what it was asked to show."""
    opened = []
    monkeypatch.setattr(sim, "display_available", lambda: True)
    monkeypatch.setattr(
        sim,
        "run_window",
        lambda board, scale, nvm, lang=None, link=None, symbols=None: opened.append((board, scale, nvm)) or 0,
    )
    return opened


def run(argv):
    code, out, err = run_main(sim.main, argv)
    return code, out + err


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--scale", "0"], "from 1 to 8"),
        (["--scale", "100000"], "from 1 to 8"),
        (["--scale", "²"], "from 1 to 8"),
        (["--board", "gameboy"], "invalid choice"),
        (["--players", "3"], "unrecognized arguments: --players 3"),
        (["--seed", "3"], "--seed: for the terminal version only (add --terminal)"),
        (["--preset", "cinquillo", "--record", "m.txt"], "--preset/--record: for the terminal version only"),
        (["--lang", "fr"], "'fr': not a language; choose one of en, de, es, nl, pt"),
        (["--boa", "clue"], "unrecognized arguments: --boa"),  # no abbreviations: a typo is not a guess
        (["--symbols", "maybe"], "invalid choice: 'maybe' (choose from 'on', 'off')"),
    ],
)
def test_bad_window_arguments_are_a_usage_error_before_any_window(window, argv, says):
    code, text = run(argv)
    assert code == 2 and says in text and "Traceback" not in text
    assert window == []


def test_help_lists_the_options_of_the_window_and_of_the_terminal_version():
    code, text = run(["--help"])
    assert code == 0
    for option in ("--board", "--scale", "--save", "--terminal", "--lang", "--preset", "--option", "--bots"):
        assert option in text
    for option in ("--seed", "--dealer", "--record"):
        assert option in text
    assert "the terminal version" in text and "the window" in text


def test_lang_sets_the_firmwares_language_for_the_window(window, monkeypatch):
    monkeypatch.setenv("ELFER_LANG", "en")
    assert run(["--lang", "de", "--save", ""]) == (0, "")
    assert os.environ["ELFER_LANG"] == "de" and window == [("sim", 3, None)]


def test_symbols_sets_the_firmwares_colour_symbols_for_the_window(window, monkeypatch):
    monkeypatch.setenv("ELFER_SYMBOLS", "1")
    assert run(["--symbols", "off", "--save", ""]) == (0, "")
    assert os.environ["ELFER_SYMBOLS"] == "0" and window == [("sim", 3, None)]
    assert run(["--symbols", "on", "--save", ""]) == (0, "") and os.environ["ELFER_SYMBOLS"] == "1"


@pytest.mark.parametrize(
    "argv",
    [
        ["--terminal", "--board", "clue"],
        ["--terminal", "--scale", "2", "--save", ""],
        ["--terminal", "--symbols", "off"],
    ],
)
def test_window_options_in_the_terminal_are_refused_not_ignored(window, argv):
    code, text = run(argv)
    assert code == 2 and "for the window only; the terminal version has none" in text
    assert window == []


def test_window_options_without_a_display_are_refused_not_ignored(monkeypatch):
    monkeypatch.setattr(sim, "display_available", lambda: False)
    code, text = run(["--board", "clue"])
    assert code == 2 and "no display here, so the terminal version would run, which has no --board" in text


def test_terminal_options_go_on_to_the_terminal_version(monkeypatch):
    """--terminal with the terminal options and --lang: host/play/terminal.py plays with them (German here)."""
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code, out, err = run_main(sim.main, ["--terminal", "--lang", "de", "--seed", "7", "--bots", "easy"])
    assert code == 0, err
    assert "Startwert 7" in out and "S2 leicht, S3 leicht, S4 leicht" in out
    assert "Du hast die Partie verlassen" in out


def test_people_goes_on_to_the_terminal_version_and_is_refused_for_the_window(window, monkeypatch):
    """--people (pass-and-play) is a terminal option: handed on with --terminal, refused for the window."""
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code, out, err = run_main(sim.main, ["--terminal", "--seed", "3", "--option", "players=2", "--people", "2"])
    assert code == 0, err
    assert "People: P1, P2. Bots: none." in out and "pass the keyboard to P2" in out
    code, out, err = run_main(sim.main, ["--people", "2"])
    assert code == 2 and "--people: for the terminal version only (add --terminal)" in err


def test_a_save_file_that_cannot_be_made_is_named_in_one_line(window, tmp_path):
    (tmp_path / "a-file").write_text("x")
    code, text = run(["--save", str(tmp_path / "a-file" / "save.bin")])
    assert "--save" in str(code) and "cannot be used" in str(code)
    assert window == []


def test_good_arguments_open_the_window_with_them(window, tmp_path):
    assert run(["--board", "clue", "--scale", "2", "--save", ""]) == (0, "")
    assert window == [("clue", 2, None)]
    run(["--save", str(tmp_path / "s.bin")])
    assert window[-1][2] is not None and len(window[-1][2]) == 8192


TOKENS = st.one_of(
    st.sampled_from(["--board", "--scale", "--save", "--terminal", "--help", "--players", "-x", "--board=clue"]),
    st.sampled_from(list(sim.BOARDS) + ["0", "3", "9", "-1", "²", "", "\x00", "a-file/x"]),
    st.text(alphabet=st.characters(blacklist_characters="/\\", blacklist_categories=("Cs",)), max_size=8),
)


@given(argv=st.lists(TOKENS, max_size=5))
@fuzz("tool_args")
def test_sim_args_never_crash(tmp_path_factory, argv):
    box = tmp_path_factory.mktemp("sim-args")
    (box / "a-file").write_text("x")
    # Saves go to the sandbox (a relative --save lands there too), never to build/sim-save.bin.
    argv = ["--save", str(box / "s.bin")] + [a for a in argv if "--terminal" not in a and a != "--help"]
    opened = []
    saved = sim.display_available, sim.run_window, os.getcwd()
    sim.display_available = lambda: True
    sim.run_window = lambda board, scale, nvm, lang=None, link=None, symbols=None: opened.append((board, scale)) or 0
    os.chdir(box)
    try:
        code, text = run(argv)
    finally:
        sim.display_available, sim.run_window = saved[:2]
        os.chdir(saved[2])
    assert "Traceback" not in text
    if code == 0:
        board, scale = opened[0]
        assert board in sim.BOARDS and 1 <= scale <= 8
    else:
        assert code == 2 or str(code).startswith("--save"), (code, text)
        assert opened == []


def test_screenshots_to_a_folder_that_cannot_be_written_is_one_line_before_drawing(tmp_path):
    import subprocess

    (tmp_path / "a-file").write_text("x")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    r = subprocess.run(
        [
            sys.executable,
            os.path.join(ROOT, "host", "drive", "screenshots.py"),
            "--out",
            str(tmp_path / "a-file" / "shots"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "cannot write screenshots there: Not a directory" in r.stderr
