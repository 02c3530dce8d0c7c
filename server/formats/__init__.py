"""Competition formats and the files they come in: presets, and results files of other programs."""

from __future__ import annotations

from .pbn import PbnError, parse_pbn, read_pbn
from .preset import Preset, PresetError, load_preset, parse_preset
from .results_file import parse_results_file, read_results_file
from .travellers import ResultsFile, ResultsFileError, TravellerLine
from .usebio import UsebioError, parse_usebio, read_usebio

__all__ = [
    "PbnError",
    "Preset",
    "PresetError",
    "ResultsFile",
    "ResultsFileError",
    "TravellerLine",
    "UsebioError",
    "load_preset",
    "parse_pbn",
    "parse_preset",
    "parse_results_file",
    "parse_usebio",
    "read_pbn",
    "read_results_file",
    "read_usebio",
]
