// The table terminal: reads the table's token from the URL, shows the last
// known state at once from IndexedDB, connects, and wires the screens (board
// list + pad, East-West's confirmation, round complete) to the outbox. All
// changing data lives in `model`; render() redraws the page from it.
//
// Stable test hooks (Playwright relies on these data-testid values; keep them):
//   connection      header light, data-state="online" | "offline"
//   unsent          count of results not yet acknowledged (text is the number)
//   table, round ("2 / 7"), ns-pair, ew-pair, clock (data-late="true" once over time)
//   board-<n>       board rows, data-status="open" | "pending" | "scored"
//   language        the language chooser (a <select>: en, id, pl)
//   level-<1..7>, strain-<C|D|H|S|N>, double, redouble, passout, declarer-<N|E|S|W>
//   mini-part, mini-game   mini bridge's Partscore / Game (instead of levels and X/XX)
//   lead-suit-<S|H|D|C>, lead-rank-<A|K|Q|J|T|9..2>   the opening lead picker
//   result-eq, result-plus-<n>, result-minus-<n>   (buttons carry aria-pressed)
//   result-mode     toggles the result keys between =/+n/−n and tricks-<0..13>
//   score-preview, preview-contract, enter
//   confirm-screen, confirm-lead, confirm, correct
//   round-complete, next-round
//   rejected        list of entries the server refused; items "rejected-item",
//                   each with a "dismiss" button
//   refused         the screen shown when the server does not know the token

import { t, setLanguage, chooseLanguage } from "./i18n.js";
import { idbStore, memoryStore } from "./store.js";
import { createOutbox } from "./outbox.js";
import { connect } from "./socket.js";
import { offsetFrom } from "./clock.js";
import { newOpId } from "./id.js";
import { nsScore } from "./score.js";
import {
  boardToEnter, currentRound, isRoundDone, nextRound, roundBoards, roundInfo, rounds, unsent, withResult,
} from "./table.js";
import { h } from "./dom.js";
import { emptyPad, padEntry, renderPad } from "./entry.js";
import { renderHeader, renderClock } from "./header.js";
import { renderBoards } from "./boardlist.js";
import { renderConfirm } from "./confirm.js";
import { renderComplete } from "./complete.js";
import { renderRejected } from "./rejected.js";

const RETRY_MS = 3000;
const LANGUAGE_KEY = "traveller:language";
const MODE_KEY = "traveller:result-mode";

function remembered(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode): the choice lasts this page only
  }
}

function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* see remembered() */
  }
}

const root = document.getElementById("app");
const tableLink = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
const token = tableLink ? decodeURIComponent(tableLink[1]) : "";
const stateKey = `state:${token}`;
const offsetKey = `offset:${token}`;
let store = memoryStore();
let outbox = createOutbox(store, `outbox:${token}`);

const model = {
  state: null,
  offset_ms: 0,
  online: false,
  refused: null,
  round: null, // the round on screen; may run ahead of the server while offline
  selected: null, // the board the players tapped
  padBoard: null,
  pad: emptyPad(),
  confirming: null, // the entry East-West is looking at
  saving: false,
  problem: null, // a failure to store the confirmed entry
  noStorage: false, // IndexedDB refused: results live in memory only
  resultMode: remembered(MODE_KEY) === "tricks" ? "tricks" : "difference",
};

let connection = null;

function settleRound() {
  const { state } = model;
  const pending = outbox.pending();
  const all = rounds(state);
  if (!all.length) return;
  if (model.round === null || !all.some((r) => r.round === model.round)) {
    model.round = currentRound(state, pending) ?? all.at(-1).round;
  }
}

function renderRound() {
  const { state } = model;
  const pending = outbox.pending();
  const boards = roundBoards(state, pending, model.round);
  const board = boardToEnter(state, pending, model.round, model.selected);
  if (board !== model.padBoard) {
    model.padBoard = board;
    model.pad = emptyPad();
  }
  const chosen = boards.find((b) => b.board === board);
  return [
    renderBoards(boards, board, (n) => {
      model.selected = n;
      render();
    }),
    chosen && renderPad(model.pad, chosen, {
      change(pad) {
        const completes = !padEntry(model.pad) && padEntry(pad);
        model.pad = pad;
        render();
        // On a phone the Enter button is below the fold once the pad is full.
        if (completes) root.querySelector('[data-testid="enter"]')?.scrollIntoView({ block: "nearest" });
      },
      mode(mode) {
        model.resultMode = mode;
        remember(MODE_KEY, mode);
        render();
      },
      enter(entry) {
        model.confirming = {
          ...entry, board: chosen.board, round: model.round,
          ns_score: nsScore(entry.contract, entry.declarer, entry.tricks, chosen.vulnerability),
        };
        render();
        scrollTo(0, 0);
      },
    }, { rules: state.event ?? {}, mode: model.resultMode }),
  ];
}

function renderMain() {
  const { state } = model;
  const pending = outbox.pending();
  if (model.confirming) {
    return renderConfirm(model.confirming, {
      confirm,
      correct() {
        model.confirming = null;
        render();
      },
    });
  }
  if (isRoundDone(state, pending, model.round)) {
    return renderComplete({
      round: model.round, info: roundInfo(state, model.round), table: state.table,
      boards: roundBoards(state, pending, model.round), next: nextRound(state, model.round),
      unsent: unsent(state, pending).length,
    }, {
      next() {
        model.round = nextRound(state, model.round);
        model.selected = null;
        render();
        scrollTo(0, 0);
      },
    });
  }
  return renderRound();
}

function render() {
  if (!token) {
    root.replaceChildren(h("section", { class: "fatal" }, h("p", {}, t("app.no_token"))));
    return;
  }
  if (model.refused) {
    root.replaceChildren(h("section", { class: "fatal", "data-testid": "refused" },
      h("h1", {}, t("app.refused")),
      h("p", { class: "reason" }, model.refused),
      h("p", {}, t("app.refused_help")),
      h("button", { type: "button", class: "primary", onclick: () => location.reload() }, t("app.retry"))));
    return;
  }
  if (!model.state) {
    root.replaceChildren(
      h("section", { class: "loading" }, h("p", {}, t("app.loading"))),
      h("span", { hidden: true, "data-testid": "connection", "data-state": model.online ? "online" : "offline" }));
    return;
  }
  settleRound();
  const { state } = model;
  const pending = outbox.pending();
  root.replaceChildren(
    renderHeader({
      state, info: roundInfo(state, model.round),
      round: model.round, online: model.online, unsent: unsent(state, pending).length,
      offset_ms: model.offset_ms, chooseLanguage: useLanguage,
    }),
    h("main", {},
      model.noStorage && h("p", { class: "warning" }, t("app.no_storage")),
      model.problem && h("p", { class: "warning" }, model.problem),
      renderRejected(outbox.rejected(), (op_id) => outbox.dismiss(op_id).then(render)),
      renderMain()));
}

async function confirm() {
  if (model.saving) return;
  model.saving = true;
  const { board, round, contract, declarer, tricks, lead = null, ns_score } = model.confirming;
  const entry = { op_id: newOpId(), board, round, contract, declarer, tricks, lead, ns_score, created_ms: Date.now() };
  try {
    await outbox.add(entry); // stored before anything else happens
  } catch (error) {
    model.problem = String(error?.message ?? error);
    model.saving = false;
    render();
    return;
  }
  model.saving = false;
  model.problem = null;
  model.confirming = null;
  model.selected = null;
  render();
  scrollTo(0, 0);
  flush();
}

function flush() {
  if (!connection) return;
  outbox.flush(
    ({ op_id, board, round, contract, declarer, tricks, lead }) =>
      connection.submit({ op_id, board, round, contract, declarer, tricks, ...(lead ? { lead } : {}) }),
    {
      onAccepted(entry, ack) {
        model.state = withResult(model.state, entry, ack.ns_score ?? entry.ns_score);
        store.set(stateKey, model.state).catch(() => {});
        render();
      },
      onRejected: render,
    },
  ).then((outcome) => {
    render();
    if (outcome.stopped && connection.connected) setTimeout(flush, RETRY_MS);
  });
}

function receiveState(state) {
  model.state = state;
  model.offset_ms = offsetFrom(state.now_ms, Date.now());
  store.set(stateKey, state).catch(() => {});
  store.set(offsetKey, model.offset_ms).catch(() => {});
  render();
}

function receiveClock(clock) {
  if (!model.state) return;
  model.offset_ms = offsetFrom(clock.now_ms, Date.now());
  const { round, deadline_ms, running, remaining_ms } = clock;
  model.state = { ...model.state, clock: { round, deadline_ms, running, remaining_ms } };
  store.set(stateKey, model.state).catch(() => {});
  render();
}

function tick() {
  const shown = root.querySelector('[data-testid="clock"]');
  if (shown && model.state) shown.replaceWith(renderClock(model.state.clock, model.offset_ms));
}

function useLanguage(code) {
  const language = setLanguage(code);
  remember(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  document.title = t("app.title");
  render();
}

async function start() {
  const chosen = remembered(LANGUAGE_KEY);
  const language = setLanguage(chooseLanguage([chosen, ...(navigator.languages ?? [navigator.language])].filter(Boolean)));
  document.documentElement.lang = language;
  document.title = t("app.title");
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  }
  if (!token) return render();
  try {
    const disk = idbStore();
    await disk.get(stateKey); // some private modes have indexedDB but refuse to open it
    store = disk;
    outbox = createOutbox(store, `outbox:${token}`);
    navigator.storage?.persist?.().catch(() => {}); // ask the browser not to evict the outbox
  } catch (error) {
    model.noStorage = true;
  }
  await outbox.load();
  const saved = await store.get(stateKey);
  if (saved && !model.state) {
    model.state = saved;
    model.offset_ms = (await store.get(offsetKey)) ?? 0;
  }
  render();
  connection = connect(token, {
    online(up) {
      if (model.online === up) return;
      model.online = up;
      render();
      if (up) flush();
    },
    refused(reason) {
      model.refused = reason;
      render();
    },
    state: receiveState,
    clock: receiveClock,
  });
  setInterval(tick, 1000);
}

start();
