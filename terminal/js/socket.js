// The connection to the server's /table namespace. It reports three things to
// the app (online or not, a refused table link, the server's state and clock,
// the director's answers) and offers submit(), call(), players() and traveller(); which resolves to the server's ack or rejects when
// there is no connection or no ack within ten seconds; the outbox then keeps
// the entry for the next try.

import { io } from "/vendor/socket.io.esm.min.js";

const ACK_TIMEOUT_MS = 10000;

/**
 * @param {string} token the table's secret from its URL
 * @param {{online(up: boolean): void, refused(reason: string): void,
 *          state(state: object): void, clock(clock: object): void}} on
 */
export function connect(token, on) {
  const socket = io("/table", {
    auth: { token },
    transports: ["websocket"],
    reconnectionDelay: 500,
    reconnectionDelayMax: 3000,
  });
  socket.on("connect", () => on.online(true));
  socket.on("disconnect", () => on.online(false));
  socket.on("connect_error", (error) => {
    // An inactive socket after connect_error means the server said no (bad
    // token); an active one is a network failure and retries by itself.
    if (socket.active) on.online(false);
    else on.refused(error.message || "refused");
  });
  socket.on("state", (state) => on.state(state));
  // What changed since the version this terminal has (see patch.js).
  socket.on("state_patch", (change) => on.patch?.(change));
  socket.on("clock", (clock) => on.clock(clock));
  socket.on("director_answer", (call) => on.answer?.(call));
  // Another device of this side of the table: counted at connect, told when one takes over.
  socket.on("terminals", (count) => on.terminals?.(count));
  socket.on("taken_over", () => on.takenOver?.());

  // The browser knows before the socket's heartbeat does that the network is
  // gone; it also knows when it is back, sooner than the reconnect backoff.
  let paused = false;
  globalThis.addEventListener?.("offline", () => {
    paused = true;
    socket.disconnect();
    on.online(false);
  });
  globalThis.addEventListener?.("online", () => {
    if (paused) {
      paused = false;
      socket.connect();
    }
  });

  return {
    get connected() {
      return socket.connected;
    },
    /** @returns {Promise<{ok: boolean, ns_score?: number, duplicate?: boolean, code?: string, error?: string}>} */
    submit(payload) {
      if (!socket.connected) return Promise.reject(new Error("not connected"));
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck("submit_result", payload);
    },
    /** A call to the director, {op_id, reason}; same failure rules as submit(). */
    call(payload) {
      if (!socket.connected) return Promise.reject(new Error("not connected"));
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck("call_director", payload);
    },
    /** Who sits where, {op_id, round, north, south, east, west}; same failure rules as submit(). */
    players(payload) {
      if (!socket.connected) return Promise.reject(new Error("not connected"));
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck("set_players", payload);
    },
    /** A captain confirms a match result (KD1), {op_id, round, team}; same failure rules as submit(). */
    confirmMatch(payload) {
      if (!socket.connected) return Promise.reject(new Error("not connected"));
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck("confirm_match", payload);
    },
    /** A fresh state now (teams: the K12.1 locks once time is up); rejects when offline. */
    refresh() {
      if (!socket.connected) return Promise.reject(new Error("not connected"));
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck("get_state", {});
    },
    /** East-West's answer to North-South's entry: confirm_result or reject_result; same failure rules as submit(). */
    answer(event, payload) {
      if (!socket.connected) return Promise.reject(new Error("not connected"));
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload);
    },
    /** This device is the table's terminal now: the other devices of its side are told. */
    takeOver() {
      if (!socket.connected) return Promise.reject(new Error("not connected"));
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck("take_over", {});
    },
    /** The register's names of numbers typed here, {ok, players, unknown}; rejects when offline. */
    lookup(ids) {
      if (!socket.connected) return Promise.reject(new Error("not connected"));
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck("get_players", { ids });
    },
    /** A board's traveller so far; rejects when offline. */
    traveller(board) {
      if (!socket.connected) return Promise.reject(new Error("not connected"));
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck("get_traveller", { board });
    },
  };
}
