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


def map_tasks(fn, tasks, workers):
    """fn over tasks in order: in this process when workers <= 1, else in a pool of that many
    (each worker takes about an eighth of its share at a time)."""
    if workers <= 1:
        return [fn(t) for t in tasks]
    with worker_pool(workers) as pool:
        return pool.map(fn, tasks, chunksize=max(1, len(tasks) // (workers * 8)))
