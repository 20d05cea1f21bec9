"""The web table's server: a FastAPI app over the engine, with its storage.

The server is authoritative: clients send intents, the server checks them with the engine
and sends each seat only its own view (DESIGN.md, "Interfaces").  It needs the ``server``
extra (``pip install 'stikk[server]'``); the engine does not.
"""

from __future__ import annotations

from .app import create_app
from .hub import DEFAULT_AWAY
from .store import DEFAULT_DB_URL, Store

__all__ = ["DEFAULT_AWAY", "DEFAULT_DB_URL", "Store", "create_app"]
