"""No SDL signal handlers in our processes: a worker pool started after the simulator ends.

SDL installs SIGINT/SIGTERM handlers of its own unless told not to (boards/sdlenv.py);
forked workers inherited them and ignored SIGTERM, so Pool.terminate() never returned
(the test run hung in the tournament tests after a simulator test in the same process).
Each case runs in a fresh interpreter, as a user's process would, with a time limit.
"""

import os
import signal
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(code, timeout=90):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    env.pop("SDL_NO_SIGNAL_HANDLERS", None)  # the firmware's own modules must set it
    # A session of its own: on a time-out the whole group goes, also workers that ignore SIGTERM.
    p = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],  # cwd ROOT: -c puts it first on sys.path
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        raise AssertionError("timed out after %d s (a worker ignored SIGTERM?):\n%s%s" % (timeout, out, err)) from None
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)  # forked workers left behind by a failure
        except ProcessLookupError:
            pass
    return subprocess.CompletedProcess(p.args, p.returncode, out, err)


def test_simulator_then_a_forked_worker_still_ends_on_sigterm():
    r = run(
        """
        import multiprocessing, time
        from boards.sim import SimBoard
        SimBoard("pybadge")  # starts SDL's display
        ctx = multiprocessing.get_context("fork")
        p = ctx.Process(target=time.sleep, args=(60,))
        p.start()
        time.sleep(0.3)
        p.terminate()
        p.join(10)
        print("exitcode", p.exitcode)
        if p.exitcode is None:
            p.kill()
        """
    )
    assert "exitcode -15" in r.stdout, r.stdout + r.stderr


def test_simulator_then_a_terminated_pool_ends():
    r = run(
        """
        import multiprocessing, time
        from boards.sim import SimBoard
        SimBoard("clue")
        pool = multiprocessing.get_context("fork").Pool(2)
        pool.map_async(time.sleep, [60, 60])
        time.sleep(0.5)
        pool.terminate()  # what an error or Ctrl-C does
        pool.join()
        print("pool ended")
        """,
        timeout=40,
    )
    assert "pool ended" in r.stdout, r.stdout + r.stderr


def test_simulator_then_a_tournament_on_a_worker_pool_in_the_same_process(tmp_path):
    r = run(
        """
        from boards.sim import SimBoard
        from host.research import tournament as t
        SimBoard("pybadge")
        t.main(["--seats", "medium,easy,easy", "--rounds", "24", "--workers", "2", "--quiet", "--out", %r])
        print("tournament ended")
        """
        % str(tmp_path)
    )
    assert r.returncode == 0 and "tournament ended" in r.stdout, r.stdout + r.stderr
    assert "medium_winrate:" in r.stdout
