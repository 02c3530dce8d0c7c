"""`python -m server` runs the `traveller` command."""

from .cli import main

raise SystemExit(main())
