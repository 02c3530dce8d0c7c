"""Competition formats: presets, stages and qualification between stages."""

from __future__ import annotations

from .preset import Preset, PresetError, load_preset, parse_preset

__all__ = ["Preset", "PresetError", "load_preset", "parse_preset"]
