"""read_results_file: PBN or USEBIO, told apart by the content, the extension breaking a tie."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.formats import results_file
from server.formats.results_file import detect_format, parse_results_file, read_results_file
from server.formats.travellers import ResultsFileError

DATA = Path(__file__).resolve().parents[1] / "data" / "results"
PBN = b'[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n'
USEBIO = (b"<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
          b"<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>"
          b"</TRAVELLER_LINE></BOARD></EVENT></USEBIO>")  # fmt: skip


@pytest.mark.parametrize(
    ("data", "name", "kind"),
    [
        (PBN, "", "pbn"),
        (PBN, "results.xml", "pbn"),  # the content wins over the name
        (b"% PBN 2.1\n% EXPORT\n" + PBN, "club.txt", "pbn"),
        (b"\xef\xbb\xbf" + PBN, "", "pbn"),
        (USEBIO, "", "usebio"),
        (USEBIO, "results.pbn", "usebio"),
        (b'<?xml version="1.0"?>\n' + USEBIO, "", "usebio"),
        (b"\n\n  " + USEBIO, "", "usebio"),
        (b"nothing to see", "session.pbn", "pbn"),
        (b"nothing to see", "session.XML", "usebio"),
    ],
)
def test_the_content_decides_and_the_extension_breaks_a_tie(data: bytes, name: str,
                                                            kind: str) -> None:  # fmt: skip
    assert detect_format(data, name) == kind


def test_neither_pbn_nor_usebio() -> None:
    with pytest.raises(ResultsFileError, match=r"^notes\.txt: neither a PBN file"):
        detect_format(b"Board 1: 4S by South, 420", "notes.txt")


def test_both_readers_answer_through_one_function() -> None:
    assert parse_results_file(PBN).source == "pbn"
    assert parse_results_file(USEBIO).source == "usebio"


def test_read_results_file_reads_the_published_files() -> None:
    assert read_results_file(DATA / "magic_contest_ffb_2022_seance1.pbn").source == "pbn"
    assert read_results_file(DATA / "compscore3_cross_imp_howell.xml").source == "usebio"


def test_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.pbn"
    path.write_bytes(b'[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2\n')
    with pytest.raises(ResultsFileError) as caught:
        read_results_file(path)
    assert str(caught.value) == f"{path}:3: ScoreTable row has 2 items for 3 columns: '1 2'"


def test_a_huge_file_is_refused_before_it_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(results_file, "MAX_BYTES", 10)
    path = tmp_path / "big.pbn"
    path.write_bytes(PBN)
    with pytest.raises(ResultsFileError, match="file too large"):
        read_results_file(path)
    with pytest.raises(ResultsFileError, match="file too large"):
        parse_results_file(PBN, "big.pbn")
