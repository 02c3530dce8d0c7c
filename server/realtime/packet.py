"""The Socket.IO packet the server sends: python-socketio's, with its JSON written once.

python-socketio looks for bytes in every payload it sends (`Packet.data_is_binary`) by walking
the whole structure in Python and building a list at every level, then serialises the payload
with `json.dumps`. A table's state is a few hundred values, so the walk cost six times the
serialising itself, on the event loop, at every push. This packet serialises first, with the
C encoder: a payload that serialises holds no bytes (bytes are not JSON) and its text is kept
for `encode`; one that does not is handed to the library's own handling, unchanged. What goes
on the wire is byte for byte what the library's packet would send (a unit test holds that).

The server takes it through python-socketio's documented `serializer` option.

It also reads what clients send: a message whose JSON the library cannot read (not JSON, nested
thousands deep, an integer of more than 100 digits) raised from the library's decoding, so it
went unanswered with a traceback in the log, from anyone who opened a socket. Such an event is
read as the event `UNREADABLE` instead, which the guards answer (`server.realtime.guards`),
and any other packet as one without data.
"""

from __future__ import annotations

from typing import Any

from socketio import packet

UNREADABLE = object()
"""The name an event whose JSON could not be read is given: no JSON decodes to it."""


class Packet(packet.Packet):
    """A Socket.IO packet whose JSON payload is written once, at construction."""

    def __init__(self, packet_type: int = packet.EVENT, data: Any = None,
                 namespace: str | None = None, id: int | None = None,
                 binary: bool | None = None, encoded_packet: Any = None) -> None:
        self._text: str | None = None
        if binary is None and encoded_packet is None and data is not None:
            try:
                self._text = self.json.dumps(data, separators=(",", ":"))
                binary = False
            except (TypeError, ValueError):
                self._text = None  # bytes inside, or not JSON: the library's way decides
        super().__init__(packet_type, data, namespace, id, binary, encoded_packet)

    def encode(self) -> Any:
        if self._text is None or self.packet_type not in (packet.EVENT, packet.ACK):
            return super().encode()
        head = str(self.packet_type)
        if self.namespace is not None and self.namespace != "/":
            head += self.namespace + ","
        if self.id is not None:
            head += str(self.id)
        return head + self._text

    def decode(self, encoded_packet: Any) -> Any:
        try:
            return super().decode(encoded_packet)
        except (ValueError, RecursionError):
            # The header (type, namespace, id) is read before the data, which failed; a
            # binary packet waits for no attachments of data that was never read.
            if self.packet_type in (packet.EVENT, packet.BINARY_EVENT):
                self.packet_type, self.data = packet.EVENT, [UNREADABLE]
            else:
                if self.packet_type == packet.BINARY_ACK:
                    self.packet_type = packet.ACK
                self.data = None
            return 0
