"""What a hostile client found on the sockets: Socket.IO messages whose JSON the library cannot
read at all (nested thousands deep, an integer of hundreds of digits, not JSON) are answered
with the envelope, not dropped with a traceback in the log."""

from __future__ import annotations

from typing import Any

import pytest

from tests.integration.test_table_socket import counts, join


def raw_event(client: Any, text: str) -> Any:
    """Hand the server one EVENT packet as it came off the wire, `text` after the ack id, and
    return the acknowledgement the test client heard (None: no answer)."""
    client.acks = None
    client.socketio.server._handle_eio_message(client.eio_sid, "2/table,7" + text)
    ack = client.acks
    client.acks = None
    return ack["args"][0] if ack else None


UNREADABLE = {
    "deep_list": '["get_state",' + "[" * 5000 + "]" * 5000 + "]",
    "deep_object": '["get_state",' + '{"a":' * 5000 + "1" + "}" * 5000 + "]",
    "long_integer": '["submit_result",{"op_id":"abcdefgh1","board":' + "9" * 200 + "}]",
    "not_json": '["submit_result",{"op_id":"abcdefgh1","board":1',
}


def test_an_unreadable_socket_message_is_answered_with_the_envelope(
        app: Any, caplog: pytest.LogCaptureFixture) -> None:
    client = join(app)
    before = counts(app)
    for name, text in UNREADABLE.items():
        ack = raw_event(client, text)
        assert ack is not None, name
        assert {k: ack[k] for k in ("ok", "code", "status")} == {
            "ok": False, "code": "invalid_input", "status": 400}, name
        assert len(ack["error"]) <= 400
    assert counts(app) == before
    assert "Traceback" not in caplog.text
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    # The connection goes on answering.
    assert client.emit("get_state", {}, namespace="/table", callback=True)["ok"]


def test_a_message_that_is_no_packet_is_dropped_without_a_traceback(
        app: Any, caplog: pytest.LogCaptureFixture) -> None:
    client = join(app)
    server = client.socketio.server
    for text in ["7", "4/table,{}", '51-/nope,["x",{"_placeholder":true,"num":0}]',
                 '5' + "1" * 20 + '-/table,["x"]']:
        server._handle_eio_message(client.eio_sid, text)
    assert "Traceback" not in caplog.text
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    assert client.emit("get_state", {}, namespace="/table", callback=True)["ok"]
