"""``python -m stikk`` runs the ``stikk`` command."""

import sys

from .cli import main

sys.exit(main())
