"""The PBN reader: ScoreTable and TotalScoreTable sections, as the PBN 2.1 standard writes them.

The small files here are written by hand to the standard; the real one is Magic Contest France's
export of an FFB national final (tests/data/results/SOURCES.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from server.formats.pbn import PbnError, decode_pbn, parse_pbn, read_pbn
from server.formats.travellers import (
    ResultsFileError,
    TravellerLine,
    adjusted_percent,
    normalise_method,
    parse_adjusted,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "results"
MAGIC = DATA / "magic_contest_ffb_2022_seance1.pbn"

TWO_BOARDS = r"""% PBN 2.1
% EXPORT
[Event "Club \"Evening\" Pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MatchPoints"]
[TotalScoreTable "Rank\2R;PairId\2R;TotalScoreMP\5R;TotalPercentage\5R;Names\20L"]
 1  1  7.0 58.33 "Ann - Bob"
 2  3  6.0 50.00 "Cy - Di"
 3  2  5.0 41.67 -
[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract;Declarer;Result;Score_NS\6R;Score_EW;MP_NS;MP_EW"]
 1  2 4S   S 10  "420"      -  2.0 0.0
 3  4 3NT  N  9  "400"      -  0.0 2.0
{ a comment
  over two lines }

[Event "#"]
[Board "2"]
[Scoring "#"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 2 2H W 8 - "110"   ; East-West made it
3 4 Pass - - "0" -
"""


def test_reads_each_line_of_every_board() -> None:
    results = parse_pbn(TWO_BOARDS)
    assert results.source == "pbn"
    assert results.lines == (
        TravellerLine(1, "1", "2", 420, None, "4S", "S", 10, 2.0, 0.0),
        TravellerLine(1, "3", "4", 400, None, "3NT", "N", 9, 0.0, 2.0),
        TravellerLine(2, "1", "2", -110, None, "2H", "W", 8, None, None),
        TravellerLine(2, "3", "4", 0, None, "Pass", None, None, None, None),
    )


def test_title_method_and_totals_come_from_the_tags_and_the_total_score_table() -> None:
    results = parse_pbn(TWO_BOARDS)
    assert results.title == 'Club "Evening" Pairs'
    assert results.method == "mp"
    assert results.original_ranking == (("1", 58.33), ("3", 50.0), ("2", 41.67))


def test_hash_value_repeats_the_previous_games_tag() -> None:
    text = (
        '[Event "Monday"]\n[Board "4"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 50\n'
        '\n[Event "#"]\n[Board "#"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n3 4 90\n'
    )
    results = parse_pbn(text)
    assert [line.board for line in results.lines] == [4, 4]
    assert results.title == "Monday"


def test_the_first_of_two_equal_tags_counts() -> None:
    text = '[Board "5"]\n[Board "6"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 100\n'
    assert parse_pbn(text).lines[0].board == 5


def test_several_tags_on_one_line_as_the_import_format_allows() -> None:
    text = '[Board "3"] [Scoring "IMP"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 -50\n'
    results = parse_pbn(text)
    assert results.method == "imps"
    assert results.lines[0].ns_score == -50


def test_score_column_in_the_score_tags_form() -> None:
    text = ('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score"]\n'
            '1 2 "NS 620"\n3 4 "EW 100"\n')  # fmt: skip
    assert [line.ns_score for line in parse_pbn(text).lines] == [620, -100]


def test_section_column_is_put_in_front_of_pair_numbers() -> None:
    text = ('[Board "1"]\n[ScoreTable "Section;PairId_NS;PairId_EW;Score_NS;Score_EW"]\n'
            'A 7 8 "420" -\nB 7 8 - "50"\nB B9 B10 "100" -\n')  # fmt: skip
    assert [(line.ns, line.ew) for line in parse_pbn(text).lines] == [
        ("A7", "A8"),
        ("B7", "B8"),
        ("B9", "B10"),
    ]


@pytest.mark.parametrize(("result", "tricks"), [("10", 10), ("=", 10), ("+1", 11), ("-2", 8),
                                                ("0", 0), ("13", 13)])  # fmt: skip
def test_result_is_tricks_taken_or_relative_to_the_contract(result: str, tricks: int) -> None:
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Result;Score_NS"]\n'
        f"1 2 4H {result} 1\n"
    )
    assert parse_pbn(text).lines[0].tricks == tricks


def test_column_names_are_read_whatever_their_case() -> None:
    text = (
        '[Board "1"]\n[ScoreTable "pairid_ns\\2R;PAIRID_EW\\2R;score_ns\\4R;Mp_Ns;mp_ew"]\n'
        "1 2 90 3 1\n"
    )
    line = parse_pbn(text).lines[0]
    assert (line.ns, line.ew, line.ns_score, line.original_ns_mp, line.original_ew_mp) == (
        "1",
        "2",
        90,
        3.0,
        1.0,
    )


def test_unknown_columns_are_ignored() -> None:
    text = ('[Board "1"]\n[ScoreTable "Table;Round;PairId_NS;PairId_EW;Lead;Score_NS;IMP_NS;'
            'Names_NS"]\n4 2 1 2 SA "420" 3.5 "Ann - Bob"\n')  # fmt: skip
    assert parse_pbn(text).lines[0].ns_score == 420


def test_a_score_tables_imps_are_the_programs_own_and_a_word_there_is_no_figure() -> None:
    """``IMP_NS``/``IMP_EW`` (Butler, cross-IMPs) are kept as the program's own IMPs; a cell
    holding no number (an adjusted board's "A") is None, never a reason to refuse the file."""
    text = ('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW"]\n'
            '1 2 "420" - 3.5 -3.5\n3 4 - "50" -7 7\n5 6 "A60" "A40" "A" -\n')  # fmt: skip
    lines = parse_pbn(text).lines
    assert [(line.original_ns_imps, line.original_ew_imps) for line in lines] == [
        (3.5, -3.5), (-7.0, 7.0), (None, None)]
    assert all(line.original_ns_mp is None for line in lines)


@pytest.mark.parametrize(
    ("ns_cell", "ew_cell", "adjusted"),
    [
        ('"A+"', '"A+"', (60.0, 60.0)),
        ('"A-"', '"A+"', (40.0, 60.0)),
        ('"AVE+"', "-", (60.0, 40.0)),
        ("-", '"AVG-"', (60.0, 40.0)),
        ('"A="', '"A"', (50.0, 50.0)),
        ('"A60"', '"A40"', (60.0, 40.0)),
        ('"60%"', '"50%"', (60.0, 50.0)),
        ('"A60/40"', "-", (60.0, 40.0)),
        ("-", '"55%/45%"', (55.0, 45.0)),
        ('"average+"', '"average-"', (60.0, 40.0)),
    ],
)
def test_adjusted_scores_in_the_score_cells(ns_cell: str, ew_cell: str,
                                            adjusted: tuple[float, float]) -> None:  # fmt: skip
    text = ('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;'
            f'Score_EW;MP_NS;MP_EW"]\n5 6 - - - {ns_cell} {ew_cell} 25.2 25.2\n')  # fmt: skip
    line = parse_pbn(text).lines[0]
    assert line.adjusted == adjusted
    assert (line.ns_score, line.contract, line.tricks) == (None, None, None)
    assert line.original_ns_mp == 25.2


@pytest.mark.parametrize("cell", ['"NP"', '"Not played"', '"Bye"', "NP"])
def test_a_board_not_played_has_neither_score_nor_adjustment(cell: str) -> None:
    text = f'[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]\n1 2 {cell} -\n'
    line = parse_pbn(text).lines[0]
    assert (line.ns_score, line.adjusted) == (None, None)


def test_a_sit_out_line_without_a_pair_is_skipped() -> None:
    # Ruter writes a sit-out as: 3 3 - 2 - - - - "Bye" "Bye" - 1.9 - 47
    text = ('[Board "1"]\n[ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;'
            'Lead;Score_NS;Score_EW;MP_NS;MP_EW;Percentage_NS;Percentage_EW"]\n'
            '4 2 6 5 5HX E 7 SA "800" - 4.0 0.0 100 0\n'
            '3 3 - 2 - - - - "Bye" "Bye" - 1.9 - 47\n')  # fmt: skip
    assert [(line.ns, line.ew) for line in parse_pbn(text).lines] == [("6", "5")]


def test_total_score_table_falls_back_to_the_total_score() -> None:
    text = ('[Board "1"]\n[TotalScoreTable "Rank;PairId;TotalScoreIMP"]\n1 4 12.5\n2 9 -\n'
            '[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n4 9 100\n')  # fmt: skip
    assert parse_pbn(text).original_ranking == (("4", 12.5),)


def test_a_teams_total_score_table_ranks_no_pairs() -> None:
    text = ('[Board "1"]\n[TotalScoreTable "Rank;TeamId;TotalScoreVP"]\n1 4 15.2\n'
            '[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n4 9 100\n')  # fmt: skip
    assert parse_pbn(text).original_ranking == ()


def test_other_sections_data_are_not_travellers() -> None:
    text = ('[Board "1"]\n[Auction "N"]\n1NT Pass 3NT AP\n[Play "E"]\nS2 S3 SA S4\n*\n'
            '[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 400\n'
            '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 9\n')  # fmt: skip
    assert len(parse_pbn(text).lines) == 1


def test_text_is_utf8_or_else_iso_8859_1() -> None:
    assert decode_pbn("Séance".encode()) == "Séance"
    assert decode_pbn("Séance".encode("latin-1")) == "Séance"
    assert decode_pbn(b"\xef\xbb\xbf[Board") == "[Board"


# --- errors: each names the file and the line, and shows the bad input -------------------------


def _error(text: str) -> PbnError:
    with pytest.raises(PbnError) as caught:
        parse_pbn(text, origin="club.pbn")
    return caught.value


def test_row_with_the_wrong_number_of_items() -> None:
    error = _error('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n3 4\n')
    assert str(error) == "club.pbn:4: ScoreTable row has 2 items for 3 columns: '3 4'"
    assert (error.origin, error.line) == ("club.pbn", 4)
    assert isinstance(error, ResultsFileError) and isinstance(error, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Board "1"\n', "club.pbn:1: invalid tag pair: '[Board \"1\"'"),
        ('[Board "1"] junk\n', "club.pbn:1: invalid tag pair: '[Board \"1\"] junk'"),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 "420\n',
            "club.pbn:3: unterminated string: '1 2 \"420'",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 4x0\n',
            "club.pbn:3: invalid score: '4x0'",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]\n1 2 420 400\n',
            "club.pbn:3: Score_NS '420' and Score_EW '400' disagree",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Declarer;Score_NS"]\n1 2 X 420\n',
            "club.pbn:3: invalid declarer: 'X'",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Result;Score_NS"]\n1 2 14 420\n',
            "club.pbn:3: invalid tricks: '14'",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS"]\n1 2 420 lots\n',
            "club.pbn:3: invalid number: 'lots'",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score"]\n1 2 420\n',
            'club.pbn:3: invalid score: \'420\' (expected "NS 420" or "EW 50")',
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n- 2 420\n',
            "club.pbn:3: result without its North-South pair",
        ),
        (
            '[Board "1"]\n[ScoreTable "Contract;PairId_EW;Score_NS"]\n4S 2 420\n',
            "club.pbn:2: ScoreTable without a PairId_NS column: travellers without their pairs "
            "cannot be rescored",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract"]\n1 2 4S\n',
            "club.pbn:2: ScoreTable without a Score_NS, Score_EW or Score column",
        ),
        (
            '[Event "x"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n',
            "club.pbn:2: ScoreTable in a game without a Board tag",
        ),
        (
            '[Board "A1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n',
            "club.pbn:1: invalid board number: 'A1'",
        ),
        (
            '[Board "1"]\n[ScoreTable ";;"]\n1 2 420\n',
            "club.pbn:2: table without columns: ';;'",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;\\2R;Score_NS"]\n1 2 420\n',
            "club.pbn:2: invalid column: '\\\\2R'",
        ),
        (
            '[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n',
            "club.pbn: no ScoreTable section: the file holds no travellers",
        ),
        (
            '[Board "1"]\n[TotalScoreTable "Rank;PairId;Names"]\n1 2 "Ann"\n'
            '[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n',
            "club.pbn:2: TotalScoreTable without a total: expected TotalPercentage or a TotalScore "
            "column",
        ),
    ],
)
def test_malformed_input_is_reported_with_its_line(text: str, message: str) -> None:
    assert str(_error(text)) == message


# --- the helpers both readers share --------------------------------------------------------------


@pytest.mark.parametrize(
    ("stated", "method"),
    [
        ("MP", "mp"), ("MatchPoints", "mp"), ("MatchPoints;MP1", "mp"), ("MATCH_POINTS", "mp"),
        ("match points", "mp"), ("Butler", "butler"), ("BUTLER_PAIRS", "butler"),
        ("CrossImps", "cross-imps"), ("CROSS_IMP", "cross-imps"), ("Cross-IMPs", "cross-imps"),
        ("XIMP", "cross-imps"), ("IMP", "imps"), ("IMPS", "imps"), ("IMP;Butler", "butler"),
        ("Rubber", None), ("Chicago", None), ("BAM", None), ("", None), (None, None),
    ],
)  # fmt: skip
def test_methods_are_normalised(stated: str | None, method: str | None) -> None:
    assert normalise_method(stated) == method


@pytest.mark.parametrize(
    ("cell", "percent"),
    [("A+", 60.0), ("AVE+", 60.0), ("avg+", 60.0), ("AV+", 60.0), ("A", 50.0), ("A=", 50.0),
     ("AVE", 50.0), ("A-", 40.0), ("AVE-", 40.0), ("A60", 60.0), ("A 55.5", 55.5), ("60%", 60.0),
     ("60", None), ("420", None), ("-50", None), ("A101", None), ("Bye", None)],
)  # fmt: skip
def test_adjusted_notations(cell: str, percent: float | None) -> None:
    assert adjusted_percent(cell) == percent


def test_one_sided_adjustment_gives_the_other_side_the_complement() -> None:
    assert parse_adjusted("A+", None) == (60.0, 40.0)
    assert parse_adjusted(None, "A60") == (40.0, 60.0)
    assert parse_adjusted("420", None) is None
    assert parse_adjusted(None, None) is None


# --- a real file: Magic Contest France ---------------------------------------------------------


def test_magic_contest_file_reads_whole() -> None:
    results = read_pbn(MAGIC)
    assert results.source == "pbn"
    assert results.method == "mp"
    assert results.title == "Open /2 DN1 National Finale directe 21-22 - Séance 1"
    assert len(results.lines) == 30 * 22
    assert {line.board for line in results.lines} == set(range(1, 31))
    assert len(results.original_ranking) == 44
    assert results.original_ranking[0] == ("7", 61.21)
    assert results.original_ranking[-1] == ("11", 40.79)


def test_magic_contest_lines_as_printed() -> None:
    lines = read_pbn(MAGIC).lines
    assert lines[0] == TravellerLine(1, "3", "42", 420, None, "4S", "S", 10, 28.3, 13.7)
    board_17 = [line for line in lines if line.board == 17]
    assert board_17[-1] == TravellerLine(17, "44", "9", -1010, None, "6S", "E", 13, 1.0, 41.0)


def test_magic_contest_adjusted_scores() -> None:
    adjusted = [(line.board, line.ns, line.ew, line.adjusted)
                for line in read_pbn(MAGIC).lines if line.adjusted]  # fmt: skip
    assert adjusted == [
        (1, "29", "16", (60.0, 60.0)),
        (2, "29", "16", (60.0, 60.0)),
        (9, "1", "9", (40.0, 60.0)),
        (14, "40", "17", (60.0, 60.0)),
    ]
