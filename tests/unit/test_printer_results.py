"""The results sheet and the tables it is made of: fitted to 32, 42 and 48 columns."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from printer import (
    BUILTIN_PROFILES,
    Align,
    Cell,
    Column,
    Document,
    Row,
    StandingLine,
    StandingsField,
    Table,
    find_profile,
    render_escpos,
    render_png,
    results_sheet,
)
from printer.charset import clean, to_ascii
from printer.layout import table_lines
from tests.unit.test_printer_escpos import printed_lines, text_profile
from tests.unit.test_printer_slips import paper

K17_3 = "K17.3 (1): 3 and 7 did not meet; still level after every step of K17.3"
NS = StandingsField("North-South", (
    StandingLine(1, "3", ("Anna Kowalska", "Jan Nowak"), 42.0, 58.33, K17_3),
    StandingLine(1, "7", ("Łukasz Wiśniewski", "Grzegorz Brzęczyszczykiewicz"), 42.0, 58.33),
    StandingLine(3, "12", (), 30.5, 42.36),
))
EW = StandingsField("East-West", (
    StandingLine(1, "10", ("Zoë Ćwik", "Maria Dąbrowska-Wójcik"), 40.5, 56.25),
))


def test_k17_3_standings_on_32_columns_drop_the_matchpoints_for_the_names() -> None:
    assert paper(results_sheet("Club Night", 2, 5, [NS, EW]), 32) == [
        "           Club Night",
        "  Standings after round 2 of 5",
        "================================",
        "North-South",
        " # Pair Names                  %",
        "1=    3 Kowalska - Nowak   58.33",
        "        K17.3 (1): 3 and 7 did",
        "        not meet; still level",
        "        after every step of",
        "        K17.3",
        "1=    7 Wisniewski - Brze. 58.33",
        "3    12                    42.36",
        "================================",
        "East-West",
        "# Pair Names                   %",
        "1   10 Cwik - Dabrowska-W. 56.25",
        "================================",
    ]


def test_k17_3_standings_on_48_columns_give_names_in_full_and_matchpoints() -> None:
    assert paper(results_sheet("Club Night", 2, 5, [NS, EW]), 48) == [
        "                   Club Night",
        "          Standings after round 2 of 5",
        "================================================",
        "North-South",
        " # Pair Names                           MP     %",
        "1=    3 Anna Kowalska - Jan Nowak    42.00 58.33",
        "        K17.3 (1): 3 and 7 did not meet; still",
        "        level after every step of K17.3",
        "1=    7 Wisniewski - Brzeczyszczyki. 42.00 58.33",
        "3    12                              30.50 42.36",
        "================================================",
        "East-West",
        "# Pair Names                            MP     %",
        "1   10 Z. Cwik - M. Dabrowska-Wojcik 40.50 56.25",
        "================================================",
    ]


def test_42_columns_shorten_names_to_initials_before_cutting_them() -> None:
    lines = paper(results_sheet("Club Night", 2, 5, [NS]), 42)
    assert "1=    3 A. Kowalska - J. Nowak 42.00 58.33" in lines


def test_the_last_rounds_sheet_is_the_final_standings_and_an_empty_field_says_so() -> None:
    lines = paper(results_sheet("Club Night", 5, 5, [StandingsField("All pairs", ())]), 32)
    assert lines[1].strip() == "Final standings"
    assert "No pairs have played yet." in lines


def test_the_sheets_bytes_carry_the_standings_and_end_with_a_cut() -> None:
    data = render_escpos(results_sheet("Club Night", 2, 5, [NS, EW]), text_profile("80mm"))
    texts = [line.text for line in printed_lines(data)]
    assert "Standings after round 2 of 5" in texts
    assert "1=    3 Anna Kowalska - Jan Nowak    42.00 58.33" in texts
    assert data.endswith(b"\x1dV\x00")
    assert render_png(results_sheet("Club Night", 2, 5, [NS, EW]),
                      find_profile("42")).width == 512


def test_a_cut_cell_ends_in_an_ellipsis_on_the_preview_and_a_full_stop_on_paper() -> None:
    table = Table((Column("Names", flex=True), Column("%", Align.RIGHT)),
                  (Row((Cell("Grzegorz Brzęczyszczykiewicz"), "58.33")),), headings=False)
    assert [line.text for line in table_lines(table, 20, clean)] == ["Grzegorz Brzę… 58.33"]
    assert [line.text for line in table_lines(table, 20, to_ascii)] == ["Grzegorz Brze. 58.33"]


def test_a_row_with_the_wrong_number_of_cells_is_refused() -> None:
    try:
        Table((Column("a"), Column("b")), (Row(("1",)),))
    except ValueError as error:
        assert "a row of 1 cells in a table of 2 columns" in str(error)
    else:
        raise AssertionError("a short row was accepted")


cells = st.text(min_size=0, max_size=40)


@given(st.lists(st.tuples(st.integers(1, 400), cells, cells, st.floats(0, 999), cells),
                max_size=6),
       st.sampled_from(BUILTIN_PROFILES))
def test_no_table_line_is_wider_than_the_paper(rows: list[tuple[int, str, str, float, str]],
                                               profile: object) -> None:
    table = Table(
        (Column("#", Align.RIGHT), Column("Pair", Align.RIGHT), Column("Names", flex=True),
         Column("MP", Align.RIGHT, optional=True), Column("%", Align.RIGHT)),
        tuple(Row((str(rank), pair, Cell(names, (names[:5],)), f"{mp:.2f}", "50.00"),
                  note=note) for rank, pair, names, mp, note in rows),
    )
    columns = profile.columns  # type: ignore[attr-defined]
    for prepare in (clean, to_ascii):
        for line in table_lines(table, columns, prepare):
            assert len(line.text) <= columns, line
    render_escpos(Document("t", (table,)), profile)  # type: ignore[arg-type]
