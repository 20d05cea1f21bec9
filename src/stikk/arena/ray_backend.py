"""The arena's Ray backend: duplicate deal groups as Ray tasks, on one machine or a cluster.

Each group is :func:`~stikk.arena.runner.play_group` of its task, a pure function of the task
(every seed derives from the master seed and the group's index), so a group played by a Ray
worker anywhere is the group the local process pool plays: the same deals, the same agent
seeds, the same records.  Ray is an optional extra (``pip install 'stikk[ray]'``); the engine
never imports it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .runner import GroupResult, GroupTask


class RayUnavailable(ValueError):
    """``--backend ray`` without Ray installed."""


def ray_groups(tasks: Sequence[GroupTask], *, address: str | None = None,
               jobs: int = 1) -> Iterator[GroupResult]:
    """Play ``tasks`` as Ray tasks and yield their results in index order.

    A Ray already initialised in this process (``ray.init(...)`` by the caller) is used as
    it is (its runtime environment must provide stikk).  Otherwise Ray is started for the run
    and shut down after it: connected to the cluster at ``address``, or a local Ray with
    ``jobs`` CPUs (all of them when ``jobs`` is 1, the default of ``--jobs``), with this
    process's stikk package shipped to the workers."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable("--backend ray needs Ray: pip install 'stikk[ray]'") from None
    from .runner import play_group

    started = not ray.is_initialized()
    if started:
        # The workers import this very stikk (the package folder this module lies in),
        # shipped with the job: cluster nodes need Python and Ray, not a stikk installation
        # of their own (nor the same version).
        package = str(Path(__file__).resolve().parents[1])
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                   "runtime_env": {"py_modules": [package]}}
        if address is not None:
            options["address"] = address
        elif jobs > 1:
            options["num_cpus"] = jobs
        ray.init(**options)
    try:
        remote = ray.remote(play_group)
        refs = [remote.remote(t) for t in tasks]  # all submitted: the cluster schedules them
        for ref in refs:
            result: GroupResult = ray.get(ref)
            yield result
    finally:
        if started:
            ray.shutdown()
