"""`traveller players EVENT.db FILE.csv`: the players register (D2.1, K4.4) imported from the
command line with the console's rules, on a real event file, also while it is served."""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from server import cli
from server.store import Store
from server.store import players as sql
from tests.conftest import make_event
from tests.integration.test_table_socket import join

CSV = ("id,name,gender,club\n"
       "101,Ann North,F,Jakarta\n102,Bob South,M,\n103,Cid East,M,Bandung\n104,Dee West,F,\n")


def players_command(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli.main(["players", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def listed(db: Path) -> dict[str, dict[str, Any]]:
    store = Store.open(db)
    try:
        return {p["federation_id"]: p for p in sql.players(store)}
    finally:
        store.close()


def imports(db: Path) -> list[dict[str, Any]]:
    store = Store.open(db)
    try:
        return [a for a in store.audit_rows() if a["action"] == "players_imported"]
    finally:
        store.close()


def test_d2_1_players_cli_imports_the_register_and_audits_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = make_event(tmp_path / "event.db")
    csv = tmp_path / "register.csv"
    csv.write_text("\ufeff" + CSV, encoding="utf-8")
    status, out, err = players_command(capsys, str(db), str(csv))
    assert (status, err) == (0, "")
    assert out == f"imported 4 players from register.csv into {db}: 4 added, 0 updated\n"
    first = listed(db)["101"]
    assert (first["name"], first["gender"], first["club"]) == ("Ann North", "F", "Jakarta")
    # Again, by ID: one updated, one added; --json prints import_csv's counts.
    csv.write_text("id;name;gender\n101;Ann N. North;f\n105;Eve Late;\n", encoding="utf-8")
    status, out, err = players_command(capsys, str(db), str(csv), "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == {"rows": 2, "added": 1, "updated": 1}
    assert listed(db)["101"]["name"] == "Ann N. North" and listed(db)["101"]["gender"] == "F"
    assert sorted(listed(db)) == ["101", "102", "103", "104", "105"]
    rows = imports(db)
    assert [r["actor"] for r in rows] == ["cli", "cli"]
    assert [json.loads(r["new"])["added"] for r in rows] == [4, 1]
    assert rows[0]["why"] == "CSV import register.csv"


def test_k4_4_players_cli_a_bad_line_imports_nothing_and_every_problem_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = make_event(tmp_path / "event.db")
    csv = tmp_path / "register.csv"
    csv.write_text("id,name,gender\n201,Good Row,M\n202,,X\n201,Twice,F\n", encoding="utf-8")
    status, out, err = players_command(capsys, str(db), str(csv))
    assert (status, out) == (1, "")
    lines = err.splitlines()
    # The first line is the one-line error; then each other problem on a line of its own.
    assert lines[0] == ("traveller: nothing imported from register.csv: line 3: a name of 1 to "
                        "80 characters is needed (and 2 more below)")
    assert lines[1:] == ["traveller: register.csv: line 3: gender must be F, M or blank, not 'X'",
                         "traveller: register.csv: line 4: id 201 is already on line 2"]
    assert listed(db) == {} and imports(db) == []
    # A wrong header, a file that is not UTF-8: refused the same way.
    csv.write_text("name,id\nx,1\n", encoding="utf-8")
    status, _, err = players_command(capsys, str(db), str(csv))
    assert status == 1 and err.startswith("traveller: nothing imported from register.csv: "
                                          "line 1: the header must be")
    csv.write_bytes("id,name,gender\n301,Łucja Żak,F\n".encode("cp1250"))
    status, _, err = players_command(capsys, str(db), str(csv))
    assert status == 1 and err == ("traveller: register.csv is not UTF-8 text: save it as CSV "
                                   "UTF-8\n")
    assert listed(db) == {} and imports(db) == []


def test_d2_1_players_cli_a_missing_file_or_event_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = make_event(tmp_path / "event.db")
    status, out, err = players_command(capsys, str(db), str(tmp_path / "none.csv"))
    assert (status, out) == (1, "")
    assert err == f"traveller: cannot read {str(tmp_path / 'none.csv')!r}: No such file or " \
                  "directory\n"
    csv = tmp_path / "register.csv"
    csv.write_text(CSV, encoding="utf-8")
    status, out, err = players_command(capsys, str(tmp_path / "none.db"), str(csv))
    assert (status, out) == (1, "")
    assert len(err.splitlines()) == 1 and "no event file" in err
    assert not (tmp_path / "none.db").exists()


def test_d2_1_players_cli_while_served_the_tables_get_the_new_names(
        app: Any, event_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The served process keeps the list in memory; an import by another connection to the
    file must reach the names it sends the tables."""
    client = join(app)
    ack = client.emit("set_players", {"op_id": str(uuid.uuid4()), "round": 1, "north": "101",
                                      "south": "102", "east": "103", "west": "104"},
                      namespace="/table", callback=True)
    assert ack["ok"] is True, ack
    assert "#101" in json.dumps(pairs(client))
    csv = event_path.with_name("register.csv")
    csv.write_text(CSV, encoding="utf-8")
    assert players_command(capsys, str(event_path), str(csv))[0] == 0
    time.sleep(Store.FRESH_SECONDS + 0.05)
    names = json.dumps(pairs(client), ensure_ascii=False)
    assert "Ann North" in names and "Dee West" in names and "#101" not in names
    client.disconnect(namespace="/table")


def pairs(client: Any) -> dict[str, list[str]]:
    """The names of each pair of the table's section, as its state says them now."""
    ack = client.emit("get_state", {}, namespace="/table", callback=True)
    assert ack["ok"] is True, ack
    return dict(ack["state"]["players"]["pairs"])
