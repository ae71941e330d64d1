"""make bench (host/measure/bench.py): its plan, estimate and progress on stderr, and docs/measurements.md's
figures block, written from the same run only when asked (--write), with the conditions it was taken
under; the README states a few headline figures and links the page."""

import io
import os
import re

import pytest

from host.measure import bench

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(name):
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        return f.read()


def measurements():
    return read("docs/measurements.md")


def test_the_block_has_every_key_bench_prints_and_no_other():
    _, figures = bench.read_block(measurements())
    missing = bench.expected_keys() - set(figures)
    assert not missing, "rerun make bench ARGS=--write: docs/measurements.md lacks %s" % sorted(missing)
    stray = [k for k in figures if k not in bench.expected_keys() and not k.startswith(bench.SCRIPT_FAMILIES)]
    assert not stray, "keys bench no longer prints: %s" % stray


def test_the_block_says_when_and_under_which_load():
    taken, _ = bench.read_block(measurements())
    assert re.search(r"on \d{4}-\d\d-\d\d \d\d:\d\d UTC, load average [\d.]+ [\d.]+ [\d.]+ .* on \d+ cores", taken)


def test_figures_the_prose_cites_are_in_the_block():
    text = measurements()
    _, figures = bench.read_block(text)
    cited = set()
    for name in ["README.md"] + ["docs/" + f for f in sorted(os.listdir(os.path.join(ROOT, "docs")))]:
        if name.endswith(".md"):
            prose = read(name)
            if name == "docs/measurements.md":
                prose = prose[: prose.index(bench.BEGIN)] + prose[prose.index(bench.END) :]
            cited |= set(re.findall(r"`([a-z0-9_]+)`[^`]{0,40}(?:under|in) \[[Mm]easurements\]", prose))
    assert {"bundle_bytes_pybadge", "expert_ms_p95_samd51_est", "snapshot_bytes_classic6"} <= cited
    assert cited <= set(figures)


def test_the_readme_states_headline_figures_from_the_block_and_links_it():
    text = read("README.md")
    assert "(docs/measurements.md)" in text and bench.BEGIN not in text
    _, figures = bench.read_block(measurements())
    for key in ("fw_live_kib_cp32_pybadge", "fw_live_kib_cp32_clue", "fw_move_ms_pico_lcd_114_est"):
        assert "%s %s" % (figures[key], "KiB" if "kib" in key else "ms") in text, key
    assert "%s ms" % round(float(figures["expert_ms_p95_samd51_est"])) in text


def test_write_block_replaces_only_the_block_with_the_printed_lines(tmp_path):
    path = tmp_path / "measurements.md"
    path.write_text("# title\n\nbefore\n%s\nold: 1\n%s\nafter\n" % (bench.BEGIN, bench.END), encoding="utf-8")
    figures = {"rounds_per_s_cpython": "123", "cores": "2"}
    bench.write_block(figures, "2026-01-02 03:04 UTC, load average 1.00 0.50 0.25", str(path))
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# title\n\nbefore\n") and text.endswith("\nafter\n")
    taken, got = bench.read_block(text)
    assert got == figures and "load average 1.00 0.50 0.25" in taken
    assert bench.figure_lines(figures) == ["cores: 2", "rounds_per_s_cpython: 123"]
    for line in bench.figure_lines(figures):
        assert line in text


def test_a_page_without_the_markers_is_refused(tmp_path):
    path = tmp_path / "measurements.md"
    path.write_text("no block here\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no single bench figures block"):
        bench.write_block({"cores": "2"}, "now", str(path))
    assert path.read_text(encoding="utf-8") == "no block here\n"


def test_progress_says_the_plan_and_estimate_then_the_step_how_far_and_the_time_left():
    stream = io.StringIO()
    step = bench.Progress((60, 120, 300), stream)
    step.start("three things")
    step("first thing")
    step("second thing")
    step.part(1, 2, "boards")
    lines = stream.getvalue().splitlines()
    assert lines[0] == "bench: 3 measurements: three things; about 8 min in all"
    assert re.fullmatch(r"bench \[1/3\] first thing \(\d+ s so far, about 8 min left\)", lines[1])
    assert lines[2].startswith("bench [2/3] second thing") and lines[2].endswith("about 7 min left)")
    assert re.fullmatch(r"bench \[2/3\]   boards: 1 of 2 \(\d+ s so far, about 6 min left\)", lines[3])


def test_the_step_count_is_the_number_of_steps_a_full_run_takes():
    with open(bench.__file__, encoding="utf-8") as f:
        source = f.read()
    assert len(re.findall(r"^\s+step\(", source, re.M)) == bench.STEPS == len(bench.STEP_ESTIMATES)


def test_bad_arguments_are_refused_and_the_old_no_readme_too(capsys):
    assert bench.main(["--fast"]) == 2
    assert bench.main(["--no-readme"]) == 2
    assert "usage: bench.py [--write]" in capsys.readouterr().err


def test_make_bench_passes_args_and_writes_only_when_asked():
    import subprocess

    def dry(*args):
        cmd = ["make", "-n", "--no-print-directory", "bench", *args]
        # not the ARGS of the make running the tests (make test ARGS=... passes them in MAKEFLAGS)
        env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "ARGS")}
        return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env).stdout

    assert (
        [line for line in dry().splitlines() if "host.measure.bench" in line][-1]
        .rstrip()
        .endswith("-m host.measure.bench")
    )
    assert "-m host.measure.bench --write" in dry("ARGS=--write")
