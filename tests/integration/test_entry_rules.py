"""Entry rules an event sets: the opening lead (off, optional, required) and mini bridge (K8.2)."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from server.app import create_app
from server.event.create import create_event
from server.formats import load_preset
from tests.conftest import REPO, received


def event_app(tmp_path: Path, preset_name: str, **overrides: Any) -> Any:
    from dataclasses import replace

    preset = replace(load_preset(REPO / "seeds" / preset_name), **overrides)
    store = create_event(tmp_path / "e.db", preset, password="pw", base_url="http://t")
    store.close()
    return create_app({"DATABASE": str(tmp_path / "e.db")})


def table_client(app: Any) -> Any:
    token = app.extensions["traveller.store"].tables()[0].token
    return app.extensions["traveller.socketio"].test_client(app, namespace="/table",
                                                            auth={"token": token})


def submit(client: Any, **fields: Any) -> dict[str, Any]:
    payload = {"op_id": str(uuid.uuid4()), "board": 1, "contract": "4S", "declarer": "N",
               "tricks": 10} | fields
    ack: dict[str, Any] = client.emit("submit_result", payload, namespace="/table",
                                      callback=True)
    return ack


def test_the_opening_lead_is_stored_in_canonical_form(tmp_path: Path) -> None:
    app = event_app(tmp_path, "demo.toml")
    client = table_client(app)
    assert received(client, "state", "/table")[-1]["event"]["lead"] == "optional"
    assert submit(client, lead="h10")["ok"]
    assert app.extensions["traveller.store"].results()[0].lead == "HT"


def test_a_bad_lead_is_refused(tmp_path: Path) -> None:
    app = event_app(tmp_path, "demo.toml")
    ack = submit(table_client(app), lead="Z9")
    assert ack["code"] == "invalid_lead" and "Z9" in ack["error"]


def test_a_required_lead_must_be_given(tmp_path: Path) -> None:
    app = event_app(tmp_path, "demo.toml", lead="required")
    client = table_client(app)
    assert submit(client)["code"] == "missing_lead"
    assert submit(client, board=2, contract="PASS", declarer=None, tricks=0)["ok"]
    assert app.extensions["traveller.store"].results()[0].board == 2


def test_k8_2_mini_bridge_event_tells_the_terminal_and_scores_games(tmp_path: Path) -> None:
    app = event_app(tmp_path, "gabsi-mini-bridge.toml")
    client = table_client(app)
    event = received(client, "state", "/table")[-1]["event"]
    assert event["mini_bridge"] is True and event["lead"] == "off"
    # A spade game making ten tricks on board 1 (nobody vulnerable).
    assert submit(client, contract="4S", tricks=10)["ns_score"] == 420
    # A spade partscore taking nine tricks: 1S+2.
    assert submit(client, board=2, contract="1S", tricks=9)["ns_score"] == 140


@pytest.mark.parametrize("contract", ["3S", "2N", "4SX", "6H"])
def test_k8_2_mini_bridge_refuses_other_contracts(tmp_path: Path, contract: str) -> None:
    app = event_app(tmp_path, "gabsi-mini-bridge.toml")
    ack = submit(table_client(app), contract=contract)
    assert ack["code"] == "not_mini_bridge"
    assert app.extensions["traveller.store"].results() == []


def test_k6_2_the_mixed_pairs_preset_makes_a_mixed_event(tmp_path: Path) -> None:
    from server.event.players import is_mixed

    # The competition's first session as one event: its entry settings, six tables.
    app = event_app(tmp_path, "gabsi-mixed-pairs.toml", tables=6, competition=None)
    assert is_mixed(app.extensions["traveller.store"])
    state = received(table_client(app), "state", "/table")[-1]
    assert state["players"]["mixed"] is True
