"""make bench (tools/bench.py): progress on stderr while it runs, and the README's figures block
written from the same run, with the conditions it was taken under."""

import io
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bench  # noqa: E402


def readme():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        return f.read()


def test_readme_block_has_every_key_bench_prints_and_no_other():
    _, figures = bench.read_block(readme())
    missing = bench.expected_keys() - set(figures)
    assert not missing, "rerun make bench: the README lacks %s" % sorted(missing)
    stray = [k for k in figures if k not in bench.expected_keys() and not k.startswith(bench.SCRIPT_FAMILIES)]
    assert not stray, "keys bench no longer prints: %s" % stray


def test_readme_block_says_when_and_under_which_load():
    taken, _ = bench.read_block(readme())
    assert re.search(r"on \d{4}-\d\d-\d\d \d\d:\d\d UTC, load average [\d.]+ [\d.]+ [\d.]+ .* on \d+ cores", taken)


def test_figures_the_readme_prose_cites_are_in_the_block():
    text = readme()
    _, figures = bench.read_block(text)
    prose = text[: text.index(bench.BEGIN)] + text[text.index(bench.END) :]
    cited = set(re.findall(r"`([a-z0-9_]+)`[^`]{0,40}under \[Measurements\]", prose))
    assert {"bundle_bytes_pybadge", "expert_ms_p95_samd51_est", "snapshot_bytes_classic6"} <= cited
    assert cited <= set(figures)


def test_write_readme_replaces_only_the_block_with_the_printed_lines(tmp_path):
    path = tmp_path / "README.md"
    path.write_text("# title\n\nbefore\n%s\nold: 1\n%s\nafter\n" % (bench.BEGIN, bench.END), encoding="utf-8")
    figures = {"rounds_per_s_cpython": "123", "cores": "2"}
    bench.write_readme(figures, "2026-01-02 03:04 UTC, load average 1.00 0.50 0.25", str(path))
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# title\n\nbefore\n") and text.endswith("\nafter\n")
    taken, got = bench.read_block(text)
    assert got == figures and "load average 1.00 0.50 0.25" in taken
    assert bench.figure_lines(figures) == ["cores: 2", "rounds_per_s_cpython: 123"]
    for line in bench.figure_lines(figures):
        assert line in text


def test_a_readme_without_the_markers_is_refused(tmp_path):
    path = tmp_path / "README.md"
    path.write_text("no block here\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no single bench figures block"):
        bench.write_readme({"cores": "2"}, "now", str(path))
    assert path.read_text(encoding="utf-8") == "no block here\n"


def test_progress_names_the_step_and_how_far():
    stream = io.StringIO()
    step = bench.Progress(3, stream)
    step("first thing")
    step("second thing")
    lines = stream.getvalue().splitlines()
    assert re.fullmatch(r"bench \[1/3\] first thing \(\d+ s so far\)", lines[0])
    assert lines[1].startswith("bench [2/3] second thing")


def test_the_step_count_is_the_number_of_steps_a_full_run_takes():
    with open(bench.__file__, encoding="utf-8") as f:
        source = f.read()
    assert len(re.findall(r"^\s+step\(", source, re.M)) == bench.STEPS


def test_bad_arguments_are_refused(capsys):
    assert bench.main(["--fast"]) == 2
    assert "usage: bench.py [--no-readme]" in capsys.readouterr().err
