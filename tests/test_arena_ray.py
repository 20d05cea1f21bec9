"""The arena beyond one machine (issue 8 §4): ``--backend ray`` plays the duplicate deals as
Ray tasks, and the same seed gives identical results on both backends, record for record."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import ray

from stikk.arena import run_arena
from stikk.arena import runner as arena_runner
from stikk.arena.runner import GroupResult, GroupTask, play_group
from stikk.arena.schedule import seat_maps
from stikk.cli import main
from stikk.games import make_game


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_ray_and_the_process_pool_give_identical_deals(tmp_path: Path) -> None:
    games = [("sjavs(players=3)", ["heuristic", "random"], 3),
             ("brus", ["heuristic", "random"], 2)]
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        for game, agents, deals in games:
            out = {}
            for backend, jobs in [("local", 2), ("ray", 1)]:
                folder = tmp_path / f"{game}-{backend}"
                run = run_arena(game, agents, deals, seed=17, jobs=jobs, records=folder,
                                backend=backend)
                out[backend] = (run, _files(folder))
            (local, local_files), (on_ray, ray_files) = out["local"], out["ray"]
            assert ray_files == local_files  # every record and deals.jsonl, byte for byte
            maps = len(seat_maps(len(agents), make_game(game).players))
            assert len(local_files) == 1 + deals * maps  # the index, a record per seat map
            assert on_ray.groups == local.groups
    finally:
        ray.shutdown()


def test_the_cli_passes_the_backend_and_address_to_ray(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``stikk arena --backend ray --address ADDR`` reaches the Ray backend with that address
    (here a stand-in that plays the tasks in this process, to keep the test light)."""
    seen: list[str | None] = []

    def fake(tasks: list[GroupTask], *, address: str | None = None,
             jobs: int = 1) -> list[GroupResult]:
        seen.append(address)
        return [play_group(t) for t in tasks]

    import stikk.arena.ray_backend as backend

    monkeypatch.setattr(backend, "ray_groups", fake)
    assert main(["arena", "romanian-whist", "--agents", "heuristic,random", "--deals", "2",
                 "--backend", "ray", "--address", "ray://head:10001"]) == 0
    assert seen == ["ray://head:10001"]
    assert main(["arena", "romanian-whist", "--agents", "heuristic,random", "--deals", "2",
                 "--address", "ray://head:10001"]) == 2  # an address needs --backend ray
    with pytest.raises(ValueError, match="unknown arena backend 'spark'"):
        run_arena("romanian-whist", ["heuristic", "random"], 1, backend="spark")
    assert arena_runner.BACKENDS == ("local", "ray")


def test_without_ray_the_backend_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    assert main(["arena", "romanian-whist", "--agents", "heuristic,random", "--deals", "1",
                 "--backend", "ray"]) == 2
    assert "pip install 'stikk[ray]'" in capsys.readouterr().err


def test_a_ray_started_for_the_run_ships_this_stikk_to_its_workers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Cluster nodes need not have stikk installed: the job's runtime environment carries
    the package the driver imported (py_modules), and Ray is shut down after the run."""
    import stikk

    calls: dict[str, Any] = {}

    class FakeRay:
        @staticmethod
        def is_initialized() -> bool:
            return False

        @staticmethod
        def init(**options: Any) -> None:
            calls["init"] = options

        @staticmethod
        def remote(fn: Any) -> Any:
            return SimpleNamespace(remote=lambda task: fn(task))

        @staticmethod
        def get(ref: Any) -> Any:
            return ref

        @staticmethod
        def shutdown() -> None:
            calls["shutdown"] = True

    monkeypatch.setitem(sys.modules, "ray", FakeRay)
    from stikk.arena.ray_backend import ray_groups

    tasks = [GroupTask("romanian-whist", ("heuristic", "random"), 3, i) for i in range(2)]
    results = list(ray_groups(tasks, address="ray://head:10001"))
    assert results == [play_group(t) for t in tasks]
    assert calls["init"]["address"] == "ray://head:10001"
    assert calls["init"]["runtime_env"] == {"py_modules": [str(Path(stikk.__file__).parent)]}
    assert calls["shutdown"]
