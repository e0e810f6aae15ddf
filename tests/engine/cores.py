"""Long runs of seeded games spread over the machine's cores: the games are independent, and the suite runs one
test at a time, so a slow run would otherwise leave every core but one idle (CI's machines have two)."""
from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

_pool: ProcessPoolExecutor | None = None


def spread(run, items: list) -> list:
    """`run(part)` for parts of `items` (strided, so each part mixes player counts), one per core, in worker
    processes started once for the session; the results in part order, the first failure raised here."""
    global _pool
    cores = os.cpu_count() or 1
    if _pool is None:
        # Spawned, not forked: the test process may hold threads and database connections.
        _pool = ProcessPoolExecutor(max_workers=cores, mp_context=multiprocessing.get_context("spawn"))
    parts = [items[i::cores] for i in range(cores) if items[i::cores]]
    return list(_pool.map(run, parts))
