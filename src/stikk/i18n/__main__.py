import sys

from .catalogues import main

sys.exit(main(sys.argv[1:]))
