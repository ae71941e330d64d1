"""Run-wide hooks: the fuzz tests' case counts (host_tests/fuzzing.py); gc.freeze() after collection."""

import gc
import shutil
import tempfile

import fuzzing
import pytest


def _worker(config):
    return getattr(config, "workerinput", {}).get("workerid")


# The longest tests (make test ARGS=--durations=20), longest first, each a prefix of test ids: under
# make test each starts the share of a worker (spread_longest), so none is left running alone at
# the end of the run. A group sharing a module fixture stays together.
LONGEST = (
    "test_e2e_vboard.py::test_flashed_pico_lcd_114",
    "test_micropython_wasm.py::test_engine_turn_allocates_nothing_32bit",
    "test_flash.py::test_make_flash_micropython_route",
    "test_firmware_memory.py::test_framebuf_firmware_runs_in_32bit_vm",
    "test_micropython.py::test_refusals_and_hints_in_every_language",
    "test_micropython.py::test_cross_runtime_games",
    "test_screenshots.py::test_every_refresh_pushed",
    "test_web.py::test_web_round_reload",
    "test_firmware_memory.py::test_circuitpython_firmware_runs_in_32bit_vm",
    "test_gfx_framebuf.py::test_framebuf_draws_every_pixel_as_displayio_does[clue]",
    "test_flash.py::test_serial_line_lost_mid_flash",
    "test_flash.py::test_flash_circuitpython_route_when_writable",
)


def spread_longest(items, workers):
    """Reorder items for pytest-xdist's worksteal, which deals them out in consecutive shares
    (node i gets len(pending) // (workers - i) of what is left; xdist/scheduler/worksteal.py
    check_schedule): the LONGEST groups go round the shares, each first in its share."""
    groups = []
    for prefix in LONGEST:
        group = [item for item in items if item.nodeid.split("/")[-1].startswith(prefix)]
        if group:
            groups.append(group)
    moved = set(id(item) for group in groups for item in group)
    rest = [item for item in items if id(item) not in moved]
    shares = [[] for _ in range(workers)]
    for k, group in enumerate(groups):
        shares[k % workers] += group
    left = len(items)
    out = []
    for i, share in enumerate(shares):
        size = left // (workers - i)
        left -= size
        take = max(0, size - len(share))
        out += share + rest[:take]
        rest = rest[take:]
    items[:] = out + rest


def pytest_collection_modifyitems(config, items):
    """Under make soak (ELFER_SOAK=N) only the fuzz tests run; under pytest-xdist the longest
    tests start first."""
    if fuzzing.SOAK:
        keep = [item for item in items if fuzzing.surface_of(getattr(item, "function", None))]
        config.hook.pytest_deselected(items=[item for item in items if item not in keep])
        items[:] = keep
        return
    workers = getattr(config, "workerinput", {}).get("workercount")
    if workers and config.getoption("dist", "no") == "worksteal":
        spread_longest(items, int(workers))


def pytest_collection_finish(session):
    """The firmware calls gc.collect() as on a device (app.py, screens.py: before a new match,
    between rounds). In a test process every collection also walked what pytest, hypothesis,
    pygame and Blinka imported, about 40 ms each and a quarter of the layout tests' time:
    frozen, a collection walks only what the tests made since."""
    gc.freeze()


def pytest_configure(config):
    if _worker(config) is None:  # the run's own folder for the counts, made by the controller
        config.fuzz_counts = tempfile.mkdtemp(prefix="elfer-fuzz-counts-")
    else:
        config.fuzz_counts = config.workerinput["fuzz_counts"]


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):  # pytest-xdist: tell each worker the folder
    node.workerinput["fuzz_counts"] = node.config.fuzz_counts


def pytest_sessionfinish(session):
    fuzzing.dump_counts(session.config.fuzz_counts, _worker(session.config) or "main")


def pytest_terminal_summary(terminalreporter, config):
    if _worker(config) is not None:
        return
    counts = fuzzing.collect_counts(config.fuzz_counts)
    for surface in sorted(counts):
        cases, failures = counts[surface]
        terminalreporter.write_line("fuzz_cases_%s: %d" % (surface, cases))
        terminalreporter.write_line("fuzz_failures_%s: %d" % (surface, failures))


def pytest_unconfigure(config):
    if _worker(config) is None:
        shutil.rmtree(config.fuzz_counts, ignore_errors=True)


@pytest.fixture(autouse=True)
def _records_in_a_temporary_folder(tmp_path_factory, monkeypatch):
    """A match played to its end writes its record (firmware/export.py): into a folder of
    the test run, never the machine's root or the repository (a test may set its own)."""
    monkeypatch.setenv("ELFER_RECORDS", str(tmp_path_factory.mktemp("records")))


@pytest.fixture(autouse=True)
def _english_between_tests():
    """The chosen language is process-wide (firmware/lang): every test starts in English and
    leaves it so, whatever the one before chose."""
    from firmware import lang

    lang.use("en")
    yield
    lang.use("en")
