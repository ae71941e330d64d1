"""The fuzz tests' common settings: short in `make test`, long under `make soak`.

Every surface a user or a file can reach (records, snapshots and the store,
settings.toml values, the tools' arguments) has a fuzz test decorated with
`fuzz("surface")` under hypothesis' `@given`:

    @given(st.binary())
    @fuzz("records")
    def test_records_never_crash(data): ...

`ELFER_SOAK=N` (make soak) runs N cases per test instead of the short default.
Each case and each failing case is counted per surface; the counts are printed
at the end of the run as `fuzz_cases_<surface>: N` and `fuzz_failures_<surface>: N`
(host_tests/conftest.py), also when pytest-xdist spreads the tests over workers: each
process writes its counts into a folder of the run's own (two runs at once never mix).
"""

import functools
import json
import os
import sys

from hypothesis import HealthCheck, settings
from hypothesis.errors import StopTest, UnsatisfiedAssumption

# One module whether a test imports it as `fuzzing` or `host_tests.fuzzing`.
sys.modules.setdefault("fuzzing", sys.modules[__name__])
sys.modules.setdefault("host_tests.fuzzing", sys.modules[__name__])

SOAK = int(os.environ.get("ELFER_SOAK", "0") or 0)
COUNTS = {}  # surface -> [cases, failing cases]


def fuzz(surface, examples=60):
    """Hypothesis settings for a fuzz test of `surface`, with counting."""

    def deco(fn):
        @functools.wraps(fn)
        def counted(*args, **kwargs):
            c = COUNTS.setdefault(surface, [0, 0])
            c[0] += 1
            try:
                return fn(*args, **kwargs)
            except (StopTest, UnsatisfiedAssumption):  # hypothesis ending or skipping a case: not a failure
                raise
            except BaseException:
                c[1] += 1
                raise

        counted.fuzz_surface = surface
        return settings(
            max_examples=SOAK or examples,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
        )(counted)

    return deco


def surface_of(function):
    """The surface a collected test fuzzes, or None (not a fuzz test)."""
    inner = getattr(getattr(function, "hypothesis", None), "inner_test", None)
    return getattr(inner, "fuzz_surface", None)


def dump_counts(folder, worker):
    """Write this process's counts into the run's folder, for the controller to add up."""
    if not COUNTS:
        return
    with open(os.path.join(folder, "%s.json" % worker), "w") as f:
        json.dump(COUNTS, f)


def collect_counts(folder):
    """The counts of every process of this run, added up by surface."""
    total = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name)) as f:
            for surface, (cases, failures) in json.load(f).items():
                t = total.setdefault(surface, [0, 0])
                t[0] += cases
                t[1] += failures
    return total
