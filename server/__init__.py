"""Traveller: offline-first scoring for duplicate bridge tournaments.

Importing this package is cheap and side-effect free: the serving entry point patches gevent in
before anything else, and tests and tools import the server in threading mode.
"""

from __future__ import annotations

__version__ = "0.1.0"
