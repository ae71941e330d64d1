"""A process pool that ends by itself: closed and joined, never terminated on success.

Pool.terminate() ends its workers with SIGTERM, which a worker ignores when it
inherited another library's handler (SDL's, boards/sdlenv.py); after the last task a
closed pool's workers exit on their own. terminate() stays for errors and Ctrl-C.
"""

import contextlib
import multiprocessing


@contextlib.contextmanager
def worker_pool(processes):
    pool = multiprocessing.Pool(processes)
    try:
        yield pool
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
