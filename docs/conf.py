"""Sphinx settings of Traveller's manual: MyST Markdown pages, the command line read from
`traveller`'s own parser (sphinx-argparse on `server.cli:build_parser`), the furo theme.

`make docs` builds it into docs/_build/html with every warning an error (`-W --keep-going -n`).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # server.cli, also when Traveller is not installed

project = "Traveller"
author = "Traveller's authors"
copyright = "Traveller's authors, MIT licence"
language = "en"

extensions = ["myst_parser", "sphinxarg.ext"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "screenshots"]

# Headings get anchors that links between pages can name (`cli.md#traveller-new`).
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]
# Code blocks are commands, usage lines and JSON sketched with comments: shown as typed, not
# coloured as Python (a block that names its language keeps it).
highlight_language = "text"
# Option names stay as typed: `--backup-every`, never an en dash.
smartquotes = False

html_theme = "furo"
html_title = "Traveller"
html_static_path = ["_static"]
html_css_files = ["print.css"]
html_show_sourcelink = False
html_copy_source = False
