"""The Makefile's targets as a user calls them (the README's commands)."""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def make(*args):
    cmd = ["make", "--no-print-directory", *args]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_make_tournament_takes_seats_and_matches_from_args(tmp_path):
    args = "--seats medium,easy --matches 2 --preset cinquillo --quiet --workers 1 --out %s" % tmp_path
    r = make("tournament", "ARGS=" + args)
    assert r.returncode == 0, r.stderr
    assert "cinquillo_medium_match_winrate:" in r.stdout
    assert sorted(os.listdir(tmp_path))[:2] == ["cinquillo_seats_matches.csv", "cinquillo_seats_matches.json"]


def test_make_tournament_without_args_plays_the_ladder_of_each_game():
    r = make("-n", "tournament")
    runs = [line for line in r.stdout.replace("&&", "\n").splitlines() if "-m host.research.tournament" in line]
    assert [run.split("--preset ")[1].split()[0] for run in runs] == ["classic", "cinquillo", "bastard"]
    assert all("--ladder random,easy,medium,expert,master " in run and "--rounds 2000" in run for run in runs)


def test_make_tournament_args_replace_the_ladder_rounds_and_games():
    r = make("-n", "tournament", "ARGS=--ladder easy,medium --rounds 40 --preset bastard")
    runs = [line for line in r.stdout.splitlines() if "-m host.research.tournament" in line]
    assert len(runs) == 1
    assert "random,easy" not in runs[0] and "2000" not in runs[0]


def test_make_soak_runs_only_the_fuzz_tests_with_more_cases_and_counts_them():
    r = make("soak", "SOAK=7", "ARGS=-n 0 host_tests/test_records.py")
    assert r.returncode == 0, r.stdout + r.stderr
    lines = dict(line.split(": ", 1) for line in r.stdout.splitlines() if line.startswith("fuzz_"))
    assert int(lines["fuzz_cases_records"]) >= 7 and lines["fuzz_failures_records"] == "0"
    ran = [line for line in r.stdout.splitlines() if " passed" in line][-1]
    assert "deselected" in ran  # the other tests of the file did not run


def test_make_play_help_lists_the_window_and_the_terminal_options():
    r = make("play", "ARGS=--help")
    assert r.returncode == 0, r.stderr
    for option in ("--board", "--scale", "--save", "--terminal", "--lang", "--preset", "--option", "--bots"):
        assert option in r.stdout
    assert "--seed" in r.stdout and "--record" in r.stdout


def test_make_play_refuses_an_unknown_option_instead_of_ignoring_it():
    r = make("play", "ARGS=--terminal --colour red")
    assert r.returncode != 0 and "unrecognized arguments: --colour red" in r.stderr


def test_make_package_rewrites_the_package_json_files_and_bundle_takes_the_micropython_profiles():
    r = make("-n", "package")
    assert "-m host.ship.bundle --package-json" in r.stdout
    for board in ("pico_lcd_114", "pico_display", "pico_lcd_13", "oled128x64"):
        r = make("-n", "flash", "BOARD=" + board, "PORT=/dev/ttyACM0")
        assert "-m host.ship.flash %s --port /dev/ttyACM0" % board in r.stdout
        assert "-m host.ship.bundle " + board in make("-n", "bundle", "BOARD=" + board).stdout
