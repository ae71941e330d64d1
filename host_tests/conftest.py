"""Run-wide hooks: the fuzz tests' case counts (host_tests/fuzzing.py); gc.freeze() after collection."""

import gc
import shutil
import sys
import tempfile

import fuzzing
import pytest


def _worker(config):
    return getattr(config, "workerinput", {}).get("workerid")


def pytest_collection_modifyitems(config, items):
    """Under make soak (ELFER_SOAK=N) only the fuzz tests run."""
    if not fuzzing.SOAK:
        return
    keep = [item for item in items if fuzzing.surface_of(getattr(item, "function", None))]
    config.hook.pytest_deselected(items=[item for item in items if item not in keep])
    items[:] = keep


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


@pytest.fixture(autouse=True)
def _device_modules_restored():
    """A test that runs the firmware may unload device modules as a board does (engine.bots
    drop_levels after a match, the pages when the table shows): the next test in this worker finds
    the modules it imported at the top still the ones in sys.modules."""
    before = {k: v for k, v in sys.modules.items() if k.startswith(("engine.", "firmware."))}
    yield
    for name, module in before.items():
        if sys.modules.get(name) is not module:
            sys.modules[name] = module
            parent, _, short = name.rpartition(".")
            if parent in sys.modules:
                setattr(sys.modules[parent], short, module)


@pytest.fixture(scope="session")
def once_per_run(tmp_path_factory, request):
    """once_per_run(name, compute) -> compute()'s value (JSON), computed by one test process of
    the run and read back by the others: a module-scoped fixture runs once in each pytest-xdist
    worker that runs one of its tests, so a slow measurement that several tests assert on (one VM
    start for every preset's figures) ran up to six times a run. With an argument, compute gets a
    folder of its own, kept for the run: made once, then only read by the others. A compute that
    raises is tried again by the next test that asks."""
    import fcntl
    import inspect
    import json

    root = tmp_path_factory.getbasetemp()
    if _worker(request.config) is not None:
        root = root.parent  # the run's folder, shared by its workers
    shared = root / "once-per-run"
    shared.mkdir(exist_ok=True)

    def once(name, compute):
        done = shared / (name + ".json")
        with open(str(shared / (name + ".lock")), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait while one computes
            if not done.exists():
                if inspect.signature(compute).parameters:
                    folder = shared / name
                    shutil.rmtree(str(folder), ignore_errors=True)  # what a failed try left
                    folder.mkdir()
                    value = compute(str(folder))
                else:
                    value = compute()
                done.write_text(json.dumps(value))
            return json.loads(done.read_text())

    return once
