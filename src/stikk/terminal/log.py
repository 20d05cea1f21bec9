"""A readable log of a replay (``stikk replay FILE`` without ``--json``)."""

from __future__ import annotations

from typing import Any

from ..core.game import Game


def replay_log(game: Game[Any], out: dict[str, Any], *, trace: bool = False) -> str:
    """Render a replay object (CONFORMANCE.md §4) as text, one deal after another."""
    lines = [f"{game.title} — {game.text}"]
    for i, deal in enumerate(out["deals"]):
        lines.append("")
        lines.append(f"Deal {i + 1}: dealer seat {deal['dealer']}")
        steps = deal.get("steps", [])
        plays = {(s["to_act"], s["action"]) for s in steps if s["action"].startswith("PLAY ")}
        for s in steps:
            if (s["to_act"], s["action"]) in plays and not trace:
                continue
            extra = f"   (legal: {', '.join(s['legal'])})" if trace else ""
            lines.append(f"  seat {s['to_act']}: {s['action']}{extra}")
        for t, trick in enumerate(deal["tricks"]):
            cards = ", ".join(f"{seat}:{card}" for seat, card in trick["plays"])
            lines.append(f"  trick {t + 1}: {cards}  -> seat {trick['winner']}")
        res = deal["result"]
        if res is None:
            lines.append("  (deal unfinished)")
        else:
            for key, value in res.items():
                lines.append(f"  {key}: {value}")
    lines.append("")
    lines.append("Score sheet: " + ", ".join(f"{k}={v}" for k, v in out["match"].items()))
    st = out["state"]
    if st["terminal"]:
        lines.append("The record ends after a finished deal.")
    else:
        lines.append(f"Seat {st['to_act']} to act; legal: {', '.join(st['legal'])}")
    return "\n".join(lines)
