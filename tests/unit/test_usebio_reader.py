"""The USEBIO reader: EVENT, BOARD and TRAVELLER_LINE as the EBU's format writes them.

The small documents here are written by hand to USEBIO 1.2; the real one is Compscore3's export of
a cross-IMP Howell (tests/data/results/SOURCES.md). XML from outside is parsed with the entity
guards on: a DOCTYPE naming an external DTD is what every USEBIO file carries and is read; an
internal subset or an entity declaration is refused before anything expands.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from server.formats.travellers import ResultsFileError, TravellerLine
from server.formats.usebio import UsebioError, parse_usebio, read_usebio

DATA = Path(__file__).resolve().parents[1] / "data" / "results"
COMPSCORE = DATA / "compscore3_cross_imp_howell.xml"

PAIRS = """<?xml version="1.0" encoding="iso-8859-1"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="PAIRS">
  <EVENT_DESCRIPTION>Tuesday Pairs</EVENT_DESCRIPTION>
  <PROGRAM_NAME>by hand</PROGRAM_NAME>
  <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
  <PARTICIPANTS>
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PERCENTAGE>62.5</PERCENTAGE><PLACE>1</PLACE></PAIR>
    <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PERCENTAGE>37.5</PERCENTAGE><PLACE>2</PLACE></PAIR>
  </PARTICIPANTS>
  <BOARD>
    <BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>HK</LEAD><TRICKS>10</TRICKS>
      <SCORE>420</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
      <CONTRACT>PASS</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS></TRICKS>
      <SCORE>0</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
  </BOARD>
  <BOARD BOARD_NUMBER="2">
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <CONTRACT>3NTX</CONTRACT><PLAYED_BY>West</PLAYED_BY><TRICKS>8</TRICKS>
      <SCORE>200</SCORE><NS_MATCH_POINTS>1.5</NS_MATCH_POINTS><EW_MATCH_POINTS>0.5</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
      <SCORE>A60/40</SCORE><NS_MATCH_POINTS>1.2</NS_MATCH_POINTS><EW_MATCH_POINTS>0.8</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER>
      <SCORE>0</SCORE><ADJUSTED_SCORE>AVE+</ADJUSTED_SCORE>
    </TRAVELLER_LINE>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>7</NS_PAIR_NUMBER><EW_PAIR_NUMBER>8</EW_PAIR_NUMBER>
      <SCORE>NP</SCORE>
    </TRAVELLER_LINE>
  </BOARD>
</EVENT>
<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></HANDSET>
</USEBIO>
"""


def test_reads_each_traveller_line() -> None:
    results = parse_usebio(PAIRS.encode("iso-8859-1"))
    assert results.source == "usebio"
    assert results.lines == (
        TravellerLine(1, "1", "2", 420, None, "4S", "S", 10, 2.0, 0.0),
        TravellerLine(1, "3", "4", 0, None, "PASS", None, None, 0.0, 2.0),
        TravellerLine(2, "1", "2", 200, None, "3NTX", "W", 8, 1.5, 0.5),
        TravellerLine(2, "3", "4", None, (60.0, 40.0), None, None, None, 1.2, 0.8),
        TravellerLine(2, "5", "6", None, (60.0, 40.0), None, None, None, None, None),
        TravellerLine(2, "7", "8", None, None, None, None, None, None, None),
    )


def test_title_method_and_ranking() -> None:
    results = parse_usebio(PAIRS)
    assert results.title == "Tuesday Pairs"
    assert results.method == "mp"
    assert results.original_ranking == (("1", 62.5), ("2", 37.5))


def test_total_score_when_no_percentage() -> None:
    text = PAIRS.replace("<PERCENTAGE>62.5</PERCENTAGE>", "<TOTAL_SCORE>12.33</TOTAL_SCORE>")
    assert parse_usebio(text).original_ranking[0] == ("1", 12.33)


@pytest.mark.parametrize(
    ("event_type", "scoring", "method"),
    [
        ("CROSS_IMP", "<SCORING_METHOD>IMPS</SCORING_METHOD>", "cross-imps"),
        ("BUTLER_PAIRS", "<SCORING_METHOD>IMPS</SCORING_METHOD>", "butler"),
        ("PAIRS", "<BOARD_SCORING_METHOD>BUTLER</BOARD_SCORING_METHOD>", "butler"),
        ("PAIRS", "<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD>", "cross-imps"),
        ("TEAMS", "<SCORING_METHOD>IMPS</SCORING_METHOD>", "imps"),
        ("MP_PAIRS", "", "mp"),
        ("INDIVIDUAL", "", None),
    ],
)
def test_the_most_specific_method_stated_wins(event_type: str, scoring: str,
                                             method: str | None) -> None:  # fmt: skip
    text = PAIRS.replace('EVENT_TYPE="PAIRS"', f'EVENT_TYPE="{event_type}"').replace(
        "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>", scoring
    )
    assert parse_usebio(text).method == method


def test_sections_keep_their_pairs_apart() -> None:
    line = ("<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
            "</EW_PAIR_NUMBER><SCORE>{score}</SCORE></TRAVELLER_LINE>")  # fmt: skip
    text = f"""<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><SESSION SESSION_ID="1">
      <SECTION SECTION_ID="A">
        <PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PERCENTAGE>55</PERCENTAGE></PAIR>
        </PARTICIPANTS>
        <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line.format(ns=1, ew=2, score=420)}</BOARD>
      </SECTION>
      <SECTION SECTION_ID="B">
        <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line.format(ns=1, ew=2, score=-50)}</BOARD>
      </SECTION></SESSION></EVENT></USEBIO>"""
    results = parse_usebio(text)
    assert [(line.ns, line.ew, line.ns_score) for line in results.lines] == [
        ("A1", "A2", 420),
        ("B1", "B2", -50),
    ]
    assert results.original_ranking == (("A1", 55.0),)


def test_one_section_keeps_the_numbers_as_written() -> None:
    text = ('<USEBIO><EVENT><SESSION><SECTION SECTION_ID="A"><BOARD><BOARD_NUMBER>3</BOARD_NUMBER>'
            "<TRAVELLER_LINE><NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW"
            "</EW_PAIR_NUMBER><SCORE>-100</SCORE></TRAVELLER_LINE></BOARD></SECTION></SESSION>"
            "</EVENT></USEBIO>")  # fmt: skip
    line = parse_usebio(text).lines[0]
    assert (line.board, line.ns, line.ew, line.ns_score) == (3, "1NS", "1EW", -100)


# --- guards against entity expansion ------------------------------------------------------------


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE USEBIO [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<USEBIO><EVENT><EVENT_DESCRIPTION>&lol3;</EVENT_DESCRIPTION></EVENT></USEBIO>
"""


def test_doctype_with_an_internal_subset_is_refused() -> None:
    with pytest.raises(UsebioError) as caught:
        parse_usebio(BILLION_LAUGHS, origin="evil.xml")
    assert str(caught.value).startswith(
        "evil.xml:2: DOCTYPE USEBIO with an internal subset refused"
    )
    assert caught.value.line == 2


@pytest.mark.parametrize(
    "text",
    [
        '<!DOCTYPE USEBIO SYSTEM "usebio.dtd" [<!ENTITY x "y">]><USEBIO/>',
        '<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]><USEBIO>&x;</USEBIO>',
        '<!DOCTYPE USEBIO [<!ENTITY % p "x">]><USEBIO/>',
    ],
)
def test_entity_declarations_are_refused(text: str) -> None:
    with pytest.raises(UsebioError, match="refused"):
        parse_usebio(text)


def test_an_undeclared_entity_is_refused_even_with_an_external_dtd() -> None:
    text = '<!DOCTYPE USEBIO SYSTEM "http://x/usebio.dtd">\n<USEBIO>\n&secret;</USEBIO>'
    with pytest.raises(UsebioError, match=r"^<usebio>:3: undeclared entity &secret; refused"):
        parse_usebio(text)


def test_the_external_dtd_is_never_fetched() -> None:
    text = PAIRS.replace("http://www.ebu.co.uk/usebio/usebio_v1_2.dtd", "http://127.0.0.1:9/x.dtd")
    assert len(parse_usebio(text).lines) == 6  # read, with nothing fetched


# --- errors: each names the file and the line ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<USEBIO>\n<EVENT>\n</USEBIO>", "club.xml:3: not well-formed XML: mismatched tag"),
        ("<RESULTS>\n</RESULTS>", "club.xml:1: not a USEBIO file: the root element is <RESULTS>"),
        ("<USEBIO><EVENT/></USEBIO>", "club.xml: no TRAVELLER_LINE: the file holds no travellers"),
        (
            "<USEBIO><EVENT>\n<BOARD><BOARD_NUMBER>x1</BOARD_NUMBER></BOARD></EVENT></USEBIO>",
            "club.xml:2: invalid board number: 'x1'",
        ),
        (
            "<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE>"
            "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
            "<SCORE>4 2 0</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
            "club.xml:2: invalid score: '4 2 0'",
        ),
        (
            "<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n\n<TRAVELLER_LINE>"
            "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>"
            "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
            "club.xml:3: traveller line without its NS_PAIR_NUMBER",
        ),
        (
            "<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
            "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>"
            "<PLAYED_BY>Q</PLAYED_BY></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
            "club.xml:1: invalid PLAYED_BY: 'Q'",
        ),
        (
            "<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
            "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>0</SCORE>"
            "<ARTIFICIAL_SCORE>Adjusted</ARTIFICIAL_SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
            "club.xml:1: adjusted score without its percentages: 'Adjusted' (expected \"A60\", "
            '"A60/40", "60%", "AVE+" and the like)',
        ),
    ],
)
def test_malformed_input_is_reported_with_its_line(text: str, message: str) -> None:
    with pytest.raises(UsebioError) as caught:
        parse_usebio(text, origin="club.xml")
    assert str(caught.value) == message
    assert isinstance(caught.value, ResultsFileError)


# --- a real file: Compscore3 -----------------------------------------------------------------


def test_compscore_file_reads_whole() -> None:
    results = read_usebio(COMPSCORE)
    assert results.source == "usebio"
    assert results.method == "cross-imps"
    assert results.title == "Monday Night (2-Feb-26)"
    assert len(results.lines) == 27 * 4
    assert {line.board for line in results.lines} == set(range(1, 28))
    assert results.original_ranking == (
        ("1", 1.0), ("2", 30.33), ("3", -7.67), ("5", -4.67), ("6", 9.0), ("7", 4.67),
        ("8", -42.0), ("9", -20.67), ("10", 30.0))  # fmt: skip


def test_compscore_lines_as_printed() -> None:
    lines = read_usebio(COMPSCORE).lines
    # The program's own cross-IMPs (NS_CROSS_IMP_POINTS) come with each line.
    assert lines[0] == TravellerLine(1, "2", "9", -140, None, "3S", "W", 9, None, None,
                                     original_ns_imps=3.67, original_ew_imps=-3.67)
    passed = [line for line in lines if line.contract == "PASS"]
    assert passed == [
        TravellerLine(17, "2", "1", 0, None, "PASS", None, None, None, None,
                      original_ns_imps=-0.33, original_ew_imps=0.33),
        TravellerLine(17, "8", "3", 0, None, "PASS", None, None, None, None,
                      original_ns_imps=-0.33, original_ew_imps=0.33),
    ]


def test_the_declared_encoding_is_honoured() -> None:
    text = PAIRS.replace("Tuesday Pairs", "Séance du mardi")
    assert parse_usebio(text.encode("iso-8859-1")).title == "Séance du mardi"
    assert parse_usebio(text).title == "Séance du mardi"  # text already decoded
