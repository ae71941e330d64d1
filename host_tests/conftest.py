"""Run-wide hooks: the fuzz tests' case counts (host_tests/fuzzing.py)."""

import shutil

import fuzzing


def _worker(config):
    return getattr(config, "workerinput", {}).get("workerid")


def pytest_collection_modifyitems(config, items):
    """Under make soak (ELFER_SOAK=N) only the fuzz tests run."""
    if not fuzzing.SOAK:
        return
    keep = [item for item in items if fuzzing.surface_of(getattr(item, "function", None))]
    config.hook.pytest_deselected(items=[item for item in items if item not in keep])
    items[:] = keep


def pytest_sessionstart(session):
    if _worker(session.config) is None:
        shutil.rmtree(fuzzing.COUNT_DIR, ignore_errors=True)  # ours: build/fuzz-counts


def pytest_sessionfinish(session):
    fuzzing.dump_counts(_worker(session.config) or "main")


def pytest_terminal_summary(terminalreporter, config):
    if _worker(config) is not None:
        return
    counts = fuzzing.collect_counts()
    for surface in sorted(counts):
        cases, failures = counts[surface]
        terminalreporter.write_line("fuzz_cases_%s: %d" % (surface, cases))
        terminalreporter.write_line("fuzz_failures_%s: %d" % (surface, failures))
