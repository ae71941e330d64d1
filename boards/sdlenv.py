"""SDL's environment for every process of ours that starts pygame (host only).

Set before SDL starts: SDL reads its hints from the environment at init.
- SDL_NO_SIGNAL_HANDLERS: SDL otherwise installs its own SIGINT/SIGTERM handlers
  (they post a quit event instead of ending the process). Processes forked later
  (multiprocessing pools: tournaments, bench, the test run) inherit them and then
  ignore SIGTERM, so Pool.terminate() waits forever.
- no sound through SDL (tones are recorded), no pygame banner, and no numpy thread
  pool (via Blinka): threads alive at a fork() make the child deadlock.
"""

import os


def prepare():
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


prepare()  # on import too: `from boards import sdlenv` before pygame's import is enough (boards/sim.py)
