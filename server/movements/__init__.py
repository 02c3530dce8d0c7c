"""Movements and pairings: who sits where, with which boards, round by round."""

from __future__ import annotations

from collections.abc import Callable

from .base import Movement, Round, Seating
from .mitchell import MovementError, mitchell

_BUILDERS: dict[str, Callable[..., Movement]] = {"mitchell": mitchell}


def build_movement(kind: str, **options: int | None) -> Movement:
    """Build a movement by name (case-insensitive); unknown names raise MovementError."""
    builder = _BUILDERS.get(kind.strip().lower())
    if builder is None:
        raise MovementError(f"unknown movement: {kind!r} (known: {', '.join(sorted(_BUILDERS))})")
    return builder(**options)


__all__ = ["Movement", "MovementError", "Round", "Seating", "build_movement", "mitchell"]
