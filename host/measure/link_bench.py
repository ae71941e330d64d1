"""Linked play's figures through the UDP relay (issue 47), as `key: value` lines (make bench).

    python -m host.measure.link_bench [--rounds 200] [--parallel 6] [--delay 0,200] [--seed 100]

Whole rounds, half Elfer classic and half Cinquillo (matches of --per-match rounds), each table a
CPython host (host/emulate/linkhostrun.py), three seats on the MicroPython unix port
(host/emulate/linkseat.py) and the seeded relay between (host/emulate/linkrelay.py: 20% loss,
5% duplication, 10% reordering, --delay ms), several tables at once (--parallel). Prints:

    link_rounds_relay                 whole rounds played through the relay
    link_views_identical              1 when every seat's view at every round's end was the host's
                                      view of it byte for byte, no fairness check found anything,
                                      and every match's rounds were those of the same table without
                                      the network (linkhostrun.offline); else 0
    link_move_to_applied_ms_median    ms from the host applying a move to a seat applying its VIEW
    link_move_to_applied_ms_p95       (wall-clock timestamps on this machine's one clock; every
                                      seat, every move)
    link_frame_bytes_max              the longest datagram the relays carried
    link_client_bytes_per_round_6seat bytes a seat's device sent and received a round at a 6-seat
                                      classic table with 5 devices
    link_cheat_runs                   --cheat-runs (100)
    link_cheat_flagged                of --cheat-runs one-round tables whose host changes a card
                                      after committing, how many a joiner flagged (in process:
                                      host/emulate/linkcheat.py; the goal: every one)
    link_false_alarms                 of as many honest tables, how many were flagged (goal: 0)
    link_live_kib_<case>              the firmware's live heap at a linked table in the 32-bit VM as
                                      shipped (.mpy), the other end outside the VM
                                      (host/measure/fw_link_host.py CASES: cp32_clue_joiner,
                                      cp32_clue_host3, mpy32_pico_lcd_114_host5), the median of
                                      three layouts; next to it fw_live_kib_<runtime>_<board> of the
                                      same build (fw_mem_host.py's match against experts, pad 0)
    link_bench_s                      the wall time of this run

The 10,000 hostile frames are host_tests/test_link.py's L4 (make test), not printed here.
On stderr: the plan, and a line a finished match.
"""

import argparse
import statistics
import sys
import tempfile
import time

from engine.rules import make_rules
from host.emulate import linkprocs
from host.emulate.linkhostrun import offline
from host.emulate.linkrelay import read_log


def _delay(text):
    lo, _, hi = text.partition(",")
    return int(lo), int(hi or lo)


class Job:
    def __init__(self, preset, rounds, seed, players=4, remote=3):
        self.preset = preset
        self.rounds = rounds
        self.seed = seed
        self.players = players
        self.remote = remote
        self.table = None
        self.started = 0.0
        self.result = None


def _latencies(t):
    applied = {}
    for d in t.host.events("applied"):
        applied.setdefault((d["r"], d["h"]), d["t"])
    out = []
    for s in t.seats:
        for d in s.events("view"):
            at = applied.get((d["r"], d["h"]))
            if at is not None:
                out.append((d["t"] - at) / 1000.0)
    return out


def _finish(job):
    t = job.table
    t.wait_end(60)
    stats = t.relay_stats()
    host_rounds = t.host.events("round")
    same = True
    for s in t.seats:
        for r in s.events("round"):
            hv = [h for h in host_rounds if h["round"] == r["round"]]
            same &= bool(hv) and r["view"] + r["hist"] == hv[-1]["views"][str(r["seat"])] and not r["unfair"]
    rules = make_rules(job.preset, players=job.players, rounds=job.rounds)
    plain = [{k: v for k, v in r.items() if k not in ("t", "settled")} for r in host_rounds]
    same &= plain == offline(rules, job.seed, job.remote)
    frames = max(len(d["data"]) for d in read_log(t.log))
    job.result = {
        "rounds": len(host_rounds),
        "same": same,
        "lat": _latencies(t),
        "frame_max": frames,
        "client_bytes": (stats["up_in_bytes"] + stats["down_out_bytes"]) / job.remote / max(1, len(host_rounds)),
    }
    t.close()


def run(jobs, parallel, delay, tmp, say):
    waiting = list(jobs)
    running = []
    while waiting or running:
        while waiting and len(running) < parallel:
            job = waiting.pop(0)
            job.table = linkprocs.Table(
                tempfile.mkdtemp(dir=tmp),
                seed=job.seed,
                preset=job.preset,
                options={"rounds": job.rounds},
                players=job.players,
                remote=job.remote,
                delay=delay,
                events=True,
            )
            job.table.start()
            job.started = time.monotonic()
            running.append(job)
        time.sleep(0.5)
        for job in list(running):
            h = job.table.host
            if h.p.poll() is not None or h.events("end"):
                try:
                    _finish(job)
                except AssertionError as e:
                    job.result = {"rounds": 0, "same": False, "lat": [], "frame_max": 0, "client_bytes": 0}
                    say("link_bench: %s %s seed %d failed: %s" % (job.preset, job.players, job.seed, e))
                    job.table.close()
                running.remove(job)
                say(
                    "link_bench: %s seed %d, %d rounds in %.0f s (%d waiting, %d running)"
                    % (
                        job.preset,
                        job.seed,
                        job.result["rounds"],
                        time.monotonic() - job.started,
                        len(waiting),
                        len(running),
                    )
                )
            elif time.monotonic() - job.started > 3600:
                job.table.close()
                job.result = {"rounds": 0, "same": False, "lat": [], "frame_max": 0, "client_bytes": 0}
                running.remove(job)


def heap_figures(say):
    """The link_live_kib_* keys and the same build's fw_live_kib_* (see the docstring)."""
    from host.measure import fw_link_host as flh
    from host.measure import fw_mem_host as fwm

    builds = {}
    with tempfile.TemporaryDirectory() as tmp:
        for tail, role, board, runtime, players, remote in flh.CASES:
            say("link_bench: the heap of %s (%s, %d players, %d remote)" % (tail, role, players, remote))
            if runtime not in builds:
                builds[runtime] = flh.build_dir(tempfile.mkdtemp(dir=tmp), runtime)
            build = builds[runtime]
            try:
                live, _ = flh.live(build, role, board, players, remote)
                print("link_live_kib_%s: %.0f" % (tail, live / 1024))
                base = "fw_live_kib_%s_%s" % ("cp32" if runtime == "cp" else "mpy32", board)
                rc, keys, out = fwm.run_vm(build, 1 << 20, board=board, modules=fwm.boot_modules(build, board=board))
                if rc == 0 and "fw_live_peak" in keys:
                    print("%s: %.0f" % (base, fwm.live_of(keys) / 1024))
            except RuntimeError as e:
                say("link_bench: the heap of %s failed: %s" % (tail, e))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host.measure.link_bench", description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=200, help="whole rounds, half classic, half Cinquillo")
    ap.add_argument("--per-match", type=int, default=10, help="rounds a match (a table)")
    ap.add_argument("--parallel", type=int, default=6, help="tables at once")
    ap.add_argument("--delay", type=_delay, default=(0, 200), metavar="LO,HI")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--cheat-runs", type=int, default=100, help="tables with a cheating host, and as many honest")
    ap.add_argument("--heap-only", action="store_true", help="only the link_live_kib_* figures")
    args = ap.parse_args(argv)

    def say(text):
        sys.stderr.write(text + "\n")
        sys.stderr.flush()

    if linkprocs.upy.micropython() is None:
        say("link_bench: no MicroPython unix port in the venv: nothing measured")
        return 1
    t0 = time.monotonic()
    heap_figures(say)
    if args.heap_only:
        return 0
    jobs = []
    seed = args.seed
    for preset in ("classic", "cinquillo"):
        left = args.rounds // 2 if preset == "classic" else args.rounds - args.rounds // 2
        while left > 0:
            k = min(args.per_match, left)
            jobs.append(Job(preset, k, seed))
            seed += 1
            left -= k
    six = Job("classic", 1, seed, players=6, remote=5)
    est = (args.rounds / 2 * 50 + args.rounds / 2 * 13) / max(1, args.parallel) + 90
    say(
        "link_bench: %d rounds in %d matches through the relay (%d at once, delay %d-%d ms), then a 6-seat round: "
        "about %.0f min at 0-200 ms on 2 cores"
        % (args.rounds, len(jobs), args.parallel, args.delay[0], args.delay[1], est / 60)
    )
    with tempfile.TemporaryDirectory() as tmp:
        run(jobs, args.parallel, args.delay, tmp, say)
        run([six], 1, args.delay, tmp, say)
    lat = sorted(x for j in jobs for x in j.result["lat"])
    rounds = sum(j.result["rounds"] for j in jobs)
    print("link_rounds_relay: %d" % rounds)
    print(
        "link_views_identical: %d" % (1 if rounds == args.rounds and all(j.result["same"] for j in jobs + [six]) else 0)
    )
    if lat:
        print("link_move_to_applied_ms_median: %.0f" % statistics.median(lat))
        print("link_move_to_applied_ms_p95: %.0f" % lat[min(len(lat) - 1, int(0.95 * len(lat)))])
    print("link_frame_bytes_max: %d" % max(j.result["frame_max"] for j in jobs + [six]))
    print("link_client_bytes_per_round_6seat: %.0f" % six.result["client_bytes"])
    from host.emulate.linkcheat import cheat_runs

    n = args.cheat_runs
    say("link_bench: the fairness check, %d tables with a cheating host and %d honest ones" % (n, n))
    print("link_cheat_runs: %d" % n)
    print("link_cheat_flagged: %d" % cheat_runs(n, True))
    print("link_false_alarms: %d" % cheat_runs(n, False))
    print("link_bench_s: %.0f" % (time.monotonic() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
