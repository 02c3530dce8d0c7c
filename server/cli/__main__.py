"""`python -m server.cli` runs the `traveller` command."""

from . import main

raise SystemExit(main())
