// The table terminal: reads the table's token from the URL, shows the last
// known state at once from IndexedDB, connects, and wires the screens (board
// list + pad, East-West's confirmation, round complete) to the outbox. All
// changing data lives in `model`; render() redraws the page from it.
//
// Stable test hooks (Playwright relies on these data-testid values; keep them):
//   connection      header light, data-state="online" | "offline"
//   unsent          count of results not yet acknowledged (text is the number)
//   table, round ("2 / 7"), ns-pair, ew-pair, clock (data-late="true" once over time)
//   board-<n>       the round's boards (tabs above the pad), data-status="open" |
//                   "pending" | "scored"; a tab that is not open shows "played-board"
//                   (what was entered, traveller-<n>, correction-<n>) instead of the pad,
//                   and "played-board-back" to the next board to play
//   language        the language chooser (a <select>: en, id, pl); the page's ?lang=
//                   chooses it too, and follows the choice
//   level-<1..7>, strain-<C|D|H|S|N>, double, redouble, passout, declarer-<N|E|S|W>
//   mini-part, mini-game   mini bridge's Partscore / Game (instead of levels and X/XX)
//   lead-suit-<S|H|D|C>, lead-rank-<A|K|Q|J|T|9..2>   the opening lead picker
//   result-eq, result-plus-<n>, result-minus-<n>   (buttons carry aria-pressed)
//   result-mode     toggles the result keys between =/+n/−n and tricks-<0..13>
//                   (result-hint holds their place until a level is chosen)
//   score-preview, preview-contract, enter
//   confirm-screen, confirm-lead, confirm, correct
//   round-complete, next-round; "moves" lists the moves after the round:
//                   move-ns, move-ew (data-action = "stay" | "switch" | "go" |
//                   "sit_out"), move-boards (data-action="rest" on a relay or
//                   bye stand), move-idle (nobody plays here next round)
//   rejected        list of entries the server refused; items "rejected-item",
//                   each with a "dismiss" button
//   refused         the screen shown when the server does not know the token
//   traveller-<n>, correction-<n>   on a scored board (list and round summary):
//                   its traveller (only when state.event.show_traveller), and a
//                   call asking the director to correct it
//   traveller       the traveller screen; rows "traveller-line" with
//                   data-this-table="true" on this table's; "traveller-own"
//                   (this table's MP and %); "traveller-close" back to the pad
//   hand            the traveller's hand diagram (only with hand records), with
//                   data-dealer (N|E|S|W) and data-vulnerability (None|NS|EW|Both);
//                   "hand-<N|E|S|W>" each seat's four suit lines
//   clock-warning   the 10 / 5 / 0 minute banner (data-minutes), "clock-warning-dismiss"
//   call-director   (on the pad's last row while the pad shows) opens "call-picker": reason-<revoke|insufficient|lead|claim|
//                   board|other>, call-text (other), call-send, call-cancel
//   calls           the table's calls, items "call-item" with data-state =
//                   "queued" | "waiting" | "answered" | "refused", "call-answer",
//                   "call-dismiss"
//   players-form    at the table's first round: player-<north|south|east|west>
//                   inputs, player-name-<seat> (the name, or "not on the list"),
//                   players-save, players-skip, players-error (refused by the
//                   server); players-warning (mixed event, K6.2) with
//                   "players-warning-dismiss" once saved; ns-names, ew-names
//                   in the header
//   East-West's own terminal (state.side "ew", state.event.ew_terminal):
//   ew-confirm-screen  North-South's entry (data-board): ew-board, ew-score,
//                   ew-score-ew, ew-confirm, ew-not-agreed; then ew-reasons with
//                   ew-reason-<contract|declarer|tricks|lead|other>, ew-note,
//                   ew-send, ew-send-call, ew-cancel
//   ew-waiting      no entry to answer; ew-refused (answers the server refused),
//                   items ew-refused-item with ew-refused-dismiss
//   board-<n>       data-status="awaiting": entered, East-West to confirm
//   on North-South's terminal: ns-waiting (every board with East-West),
//   not-agreed      items not-agreed-item (data-board), not-agreed-correct
//   teams events (state.event.kind "teams"):
//   teams-bar       the room bar, in the header's second row: teams-room
//                   (data-room="open"|"closed"), teams-match, teams-ns,
//                   teams-ew, teams-to-play (hidden: the tabs show it)
//   board-<n>       data-status="locked" for a K12.1 lock, with locked-reason-<n>
//   match-summary   the running score under the pad (not beside the pad on a
//                   screen under 740 px high), "match-open" opens the
//                   panel, "match-close" goes back
//   match-panel     rows match-board-<n> (data-state = "played" | "waiting" |
//                   "locked" | "adjusted"), match-imps-home, match-imps-away,
//                   match-progress, match-vp (once complete)
//   match-confirm   the captains' confirmation (KD1), data-round; items
//                   captain-<team> (data-state = "waiting" | "queued" |
//                   "confirmed" | "stale") with captain-confirm-<team>;
//                   match-confirm-done, match-confirm-other,
//                   match-confirm-refused + match-confirm-dismiss
//   lineup-form     the line-up of a segment (D8.2), data-round, data-segment:
//                   lineup-segment, player-<seat>, player-name-<seat>,
//                   lineup-roster (D2.1, while typing), lineup-error (refused),
//                   lineup-save, lineup-skip; lineup-warning with
//                   lineup-warning-dismiss once saved off the roster
//   round-complete  in teams: waiting-other-room, next-match, waiting-pairing (Swiss)

import { t, setLanguage, startLanguage } from "./i18n.js";
import { idbStore, memoryStore } from "./store.js";
import { createOutbox } from "./outbox.js";
import { connect } from "./socket.js";
import { offsetFrom, reading, warn } from "./clock.js";
import { newOpId } from "./id.js";
import { nsScore } from "./score.js";
import {
  boardToEnter, currentRound, isHeld, isRoundDone, movesAfter, nextRound, roundBoards, roundInfo, rounds, unsent,
  withResult,
} from "./table.js";
import { h, holdingWhilePressed, keepingFocus } from "./dom.js";
import { emptyPad, padEntry, renderPad } from "./entry.js";
import { renderHeader, renderClock } from "./header.js";
import { renderBoardTabs, renderBoardView, renderBoards } from "./boardlist.js";
import { renderConfirm } from "./confirm.js";
import { renderComplete } from "./complete.js";
import { renderRejected } from "./rejected.js";
import {
  callsToShow, correctionReason, reasonText, renderCallButton, renderCallPicker, renderCalls, withCall,
} from "./calls.js";
import { explainRejection, forget, markMine, noticeFor, renderDeviceNotice } from "./devices.js";
import { guardReloads } from "./offline.js";
import { renderTraveller } from "./traveller.js";
import { boardNumber, learnNames, roundName, segmentOf } from "./names.js";
import {
  answerFor, answerMessage, awaiting, confirmedEntries, isEastWest, notAgreed, padFrom, sendsToEastWest, withAnswer,
  withEntry,
} from "./eastwest.js";
import { renderAnswersRefused, renderEwConfirm, renderEwWaiting, renderNotAgreed, renderNsWaiting } from "./ewview.js";
import {
  learnPlayers, mixedProblems, needsPlayers, pairNames, renderPlayers, renderSeatWarning, seatsEntered, toLookUp, withSeated,
} from "./players.js";
import { followState } from "./patch.js";
import {
  awaitingPairing, confirmationCurrent, isTeams, lineupByPart, lineupDue, lineupMissing, matchOf, matchPanel,
  partBoards, partCount, partOf, rosterProblems, roundsPlanned, seatingRights,
  segmentBoards, segmentCount, sides, swsNotices, teamName, toConfirm, withConfirmations, withKeptMatches, withLineup,
} from "./teams.js";
import {
  renderConfirmStep, renderLineup, renderLineupWarning, renderMatchPanel, renderMatchSummary, renderRoomBar,
  renderSwsNotices, renderTeamsComplete, rosterText,
} from "./teamsview.js";

const RETRY_MS = 3000;
const STATE_WAIT_MS = 5000;
// A number typed at the first round is looked up once the typing pauses this long.
const NAMES_WAIT_MS = 250;
const LANGUAGE_KEY = "traveller:language";
const MODE_KEY = "traveller:result-mode";
const DISMISSED_KEY = "traveller:dismissed-calls";
const VIBRATE_MS = [200, 100, 200];
const LOCK_MARGIN_MS = 1000; // K12.1: ask for the locks just after the deadline, as the server sees it

function remembered(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode): the choice lasts this page only
  }
}

function rememberedList(key) {
  try {
    const list = JSON.parse(remembered(key) ?? "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
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
let callbox = createOutbox(store, `calls:${token}`); // calls to the director, sent like results
let seatbox = createOutbox(store, `players:${token}`); // who sits where, sent like results
let answerbox = createOutbox(store, `answers:${token}`); // East-West's answers to North-South's entries
let confirmbox = createOutbox(store, `confirms:${token}`); // captains' confirmations (KD1), sent like results

const model = {
  state: null,
  served: null, // the server's last state as sent (this connection's), the base of its next patch
  namesTimer: null, // the pause after typing a player number before its name is asked for
  offset_ms: 0,
  online: false,
  refused: null,
  round: null, // the round on screen; may run ahead of the server while offline
  selected: null, // the board the players tapped
  padBoard: null,
  segmentView: null, // a long match: the segment whose boards the tabs show, when not the board's
  pad: emptyPad(),
  confirming: null, // the entry East-West is looking at
  saving: false,
  problem: null, // a failure to store the confirmed entry
  noStorage: false, // IndexedDB refused: results live in memory only
  resultMode: remembered(MODE_KEY) === "tricks" ? "tricks" : "difference",
  traveller: null, // {board, status: "loading"|"shown"|"offline"|"error", data, error}
  picker: { open: false, reason: null, text: "" },
  warned: { round: null, raised: null }, // the last clock warning raised, per round
  warning: null, // the clock warning on screen: minutes left (10, 5, 0)
  dismissedCalls: rememberedList(DISMISSED_KEY), // calls whose answer the players have read
  players: { form: {}, error: null }, // the player numbers being typed at the first round
  skippedPlayers: [], // rounds whose players the table chose to enter later (this page only)
  seatWarning: null, // the mixed-seating problems of the last saved seating (K6.2)
  dispute: { entry: null, reason: null, note: "" }, // East-West's "Not agreed" form
  matchView: null, // teams: the round whose match panel is open on its own screen
  skippedLineups: [], // teams: "round:segment" line-ups put off (this page only)
  lineupWarning: null, // teams: the roster warning (D2.1) of the last saved line-up
  held: null, // D2.1: the server's refusal that keeps the results queued until the line-up
  lockAsked: null, // teams: the deadline after which a fresh state was asked for (K12.1)
  awaitingState: false, // connected, the server's first state not read yet: results wait for it
  padShown: false, // the pad is on screen (the director's call then sits on it)
  device: null, // another device is the table's terminal: "warn" | "stepped_back" | "taken" (devices.js)
};

let connection = null;

// A render asked for while a button is pressed (a state pushed mid-click) waits for the
// release, so the click reaches the button it started on (see holdingWhilePressed).
const pressing = holdingWhilePressed(root, globalThis);

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
    model.segmentView = null;
    model.pad = emptyPad();
  }
  // A board no longer open that the players tapped: what was entered, its traveller, a correction.
  const viewed = boards.find((b) => b.board === model.selected && b.status !== "open");
  const chosen = !viewed && boards.find((b) => b.board === board);
  model.padShown = Boolean(chosen);
  // A long match shows a segment at a time: the board on screen's, or the one chosen.
  const onScreen = boards.find((b) => b.board === (viewed ? viewed.board : board)) ?? boards[0];
  const segment = model.segmentView ?? onScreen?.segment?.segment ?? null;
  const tabs = segment === null ? boards : boards.filter((b) => b.segment?.segment === segment);
  return [
    renderNotAgreed(notAgreed(state, model.round), correctEntry),
    !chosen && !viewed && boards.some((b) => b.status === "awaiting") && renderNsWaiting(),
    renderBoardTabs(tabs, viewed ? viewed.board : board, (n) => {
      model.selected = n;
      model.segmentView = null;
      render();
    }, segment === null ? null : {
      ...(boards.find((b) => b.segment?.segment === segment)?.segment ?? { segment, segments: segment }),
      go(n) {
        model.segmentView = n === onScreen?.segment?.segment ? null : n;
        render();
      },
    }),
    viewed && renderBoardView(viewed, boardActionsFor(state)),
    viewed && board !== null && h("button", {
      type: "button", class: "primary", "data-testid": "played-board-back", onclick() {
        model.selected = null;
        render();
      },
    }, t("traveller.back")),
    chosen && renderPad(model.pad, chosen, {
      change(pad) {
        model.pad = pad;
        render();
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
        if (sendsToEastWest(state)) return confirm(); // East-West confirms on its own terminal
        render();
        scrollTo(0, 0);
      },
    }, {
      rules: state.event ?? {}, mode: model.resultMode,
      // The director's call sits on the pad's last row while its reasons are closed.
      call: model.picker.open ? null : renderCallButton(callActions.open),
    }),
  ];
}

/** What a scored board offers: its traveller (if the event shows them) and a correction call. */
function boardActionsFor(state) {
  return {
    traveller: state.event?.show_traveller ? openTraveller : undefined,
    correction(board) {
      sendCall(correctionReason(board));
    },
  };
}

function openTraveller(board) {
  if (!connection?.connected) {
    model.traveller = { board, status: "offline" };
    render();
    scrollTo(0, 0);
    return;
  }
  model.traveller = { board, status: "loading" };
  render();
  scrollTo(0, 0);
  const shown = (view) => {
    if (model.traveller?.board !== board) return; // the players went back meanwhile
    model.traveller = { board, ...view };
    render();
  };
  connection.traveller(board).then((ack) => {
    if (ack?.ok) shown({ status: "shown", data: ack });
    else if (ack?.code === "not_played_yet") shown({ status: "error", error: t("traveller.not_played", { board: boardNumber(board) }) });
    else if (ack?.code === "traveller_hidden") shown({ status: "error", error: t("traveller.hidden") });
    else shown({ status: "error", error: t("traveller.failed", { error: ack?.error ?? "?" }) });
  }, () => shown({ status: "offline" }));
}

function renderMain() {
  const { state } = model;
  const pending = outbox.pending();
  if (model.traveller) {
    return renderTraveller(model.traveller, {
      back() {
        model.traveller = null;
        model.selected = null; // back to the next board to play
        render();
        scrollTo(0, 0);
      },
    });
  }
  if (isEastWest(state)) return renderEastWest();
  if (model.confirming) {
    return renderConfirm(model.confirming, {
      confirm,
      correct() {
        model.confirming = null;
        render();
      },
    });
  }
  if (isTeams(state)) return renderTeamsMain();
  if (!isRoundDone(state, pending, model.round)
      && needsPlayers(state, seatbox.pending(), model.round, model.skippedPlayers, pending)) {
    return renderPlayers({ ...model.players, online: model.online }, state, {
      change: changePlayer,
      save: savePlayers,
      skip() {
        model.skippedPlayers = [...model.skippedPlayers, model.round];
        render();
      },
    });
  }
  if (isRoundDone(state, pending, model.round)) {
    return renderComplete({
      round: model.round, moves: movesAfter(state, model.round),
      boards: roundBoards(state, pending, model.round), next: nextRound(state, model.round),
      unsent: unsent(state, pending).length,
    }, {
      board: boardActionsFor(state),
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

/** A player number typed at the players' (or the line-up's) form. */
function changePlayer(key, value) {
  model.players.form = { ...model.players.form, [key]: value };
  render(); // only the names, the warnings and the button change; the field keeps its focus
  clearTimeout(model.namesTimer);
  model.namesTimer = setTimeout(askNames, NAMES_WAIT_MS);
}

/** Online, asks the server for the names of the numbers typed that this terminal lacks. */
function askNames() {
  const ids = toLookUp(model.state, model.players.form).slice(0, 8);
  if (!ids.length || !connection?.connected) return;
  connection.lookup(ids).then((ack) => {
    if (!ack?.ok) return;
    learnPlayers(ack.players, ack.unknown);
    render();
  }, () => {});
}

/** Teams: the line-up to ask for now (due, or refused by the server), or null. */
function lineupTarget() {
  const { state } = model;
  let { round } = model;
  let segment;
  let part = null;
  if (model.players.error && model.players.target) {
    ({ round, segment, part = null } = model.players.target);
    if (segment == null && part != null) segment = firstSegmentOf(state, part);
  } else {
    // D2.1: results entered before a required line-up wait for it, so it is asked for still.
    if (isRoundDone(state, outbox.pending(), round) && !lineupMissing(state, seatbox.pending(), round)) return null;
    segment = lineupDue(state, seatbox.pending(), round,
      { pending: unsent(state, outbox.pending()), skipped: model.skippedLineups });
  }
  const info = roundInfo(state, round);
  const here = sides(state, round);
  if (segment == null || !info || !here) return null;
  const segments = state.teams.segments ?? 1;
  const count = segmentCount(info.boards, segments);
  // D3.6: where the event asks once a part of a longer match, the line-up stands for the part.
  if (lineupByPart(state) && partCount(state) > 1) part = partOf(state, segment);
  else part = null;
  const units = part == null ? [segment]
    : Array.from({ length: count }, (_, i) => i + 1).filter((s) => partOf(state, s) === part);
  const rules = state.teams.lineup_rules ?? {};
  return {
    round, segment: part == null ? segment : null, segments: count, part, parts: partCount(state),
    match: state.table,
    boards: part == null ? segmentBoards(info.boards, segment, segments) : partBoards(state, info.boards, part, segments),
    sides: here,
    problems: rosterProblems(state, round, model.players.form), rosters: state.teams.rosters,
    required: lineupMissing(state, seatbox.pending(), round),
    systems: Boolean(rules.systems), sws: rules.sws_notice_minutes != null, sws_minutes: rules.sws_notice_minutes ?? null,
    rights: seatingRights(state, round, units),
    teamName: (team) => teamName(state, team),
  };
}

/** The first segment of a part of this round's match (D3.6). */
function firstSegmentOf(state, part) {
  const at = (state.teams.parts ?? []).indexOf(part);
  return at < 0 ? 1 : at + 1;
}

function renderConfirmFor(panel, options) {
  return renderConfirmStep(panel, { queued: confirmbox.pending(), rejected: confirmbox.rejected() }, {
    confirm: (team) => confirmMatch(team, panel.round),
    dismiss: (op_id) => confirmbox.dismiss(op_id).then(render),
  }, options);
}

function renderTeamsMain() {
  const { state } = model;
  const pending = outbox.pending();
  if (model.matchView !== null) {
    const shown = matchPanel(state, pending, model.matchView);
    return h("section", { class: "match-screen" },
      renderMatchPanel(shown, { online: model.online }),
      renderConfirmFor(shown),
      h("button", { type: "button", class: "primary", "data-testid": "match-close", onclick() {
        model.matchView = null;
        render();
        scrollTo(0, 0);
      } }, t("teams.close_panel")));
  }
  // D3.4: the highly artificial systems the teams announced, before their boards are played.
  const sws = renderSwsNotices(swsNotices(state, pending, model.round), (team) => teamName(state, team));
  const lineup = lineupTarget();
  if (lineup) {
    return [sws, renderLineup({ ...model.players, online: model.online }, state, lineup, {
      change: changePlayer,
      save: savePlayers,
      skip() {
        const first = lineup.part == null ? lineup.segment : firstSegmentOf(state, lineup.part);
        model.skippedLineups = [...model.skippedLineups, `${lineup.round}:${first}`];
        model.players = { form: {}, error: null };
        render();
      },
    })];
  }
  // A match of an earlier round still waiting for its captains (KD1) stays on top.
  const earlier = toConfirm(state).filter((m) => m.round !== model.round)
    .map((m) => renderConfirmFor(matchPanel(state, pending, m.round), { round: true }));
  const panel = matchPanel(state, pending, model.round);
  if (isRoundDone(state, pending, model.round)) {
    const next = nextRound(state, model.round);
    const nextInfo = next === null ? null : roundInfo(state, next);
    return [earlier, renderTeamsComplete({
      panel, match: state.table, online: model.online, unsent: unsent(state, pending).length,
      next: nextInfo && { round: next, ns: teamName(state, nextInfo.ns_pair), ew: teamName(state, nextInfo.ew_pair) },
      pairing: next === null && awaitingPairing(state, model.round),
      confirm: renderConfirmFor(panel),
    }, {
      next() {
        model.round = next;
        model.selected = null;
        render();
        scrollTo(0, 0);
      },
    })];
  }
  return [earlier, sws, renderRound(), renderMatchSummary(panel, () => {
    model.matchView = model.round;
    render();
    scrollTo(0, 0);
  })];
}

/** A rejected entry's reason in the table's language where the code says more than the sentence. */
function rejectionsShown() {
  return outbox.rejected().map((r) => (r.code === "board_locked"
    ? { ...r, error: t("teams.board_locked", { board: boardNumber(r.board) }) } : { ...r, ...explainRejection(r, model.state) }));
}

/** This device becomes the table's terminal: the other devices of its side are told. */
function takeOver() {
  markMine(token);
  model.device = null;
  connection?.takeOver().catch(() => {});
  render();
}

function render() {
  if (pressing.hold(render)) return;
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
  if (model.device) {
    const where = model.state ? `${model.state.section ?? ""}${model.state.table ?? ""}` : null;
    root.replaceChildren(renderDeviceNotice(model.device, {
      takeOver,
      table: where,
      stepBack() {
        model.device = "stepped_back";
        render();
      },
    }), h("span", { hidden: true, "data-testid": "connection", "data-state": model.online ? "online" : "offline" }));
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
  const info = roundInfo(state, model.round);
  model.padShown = false; // renderRound says whether the pad is on screen
  // Every render builds the screen anew, a state push too: the field being typed in keeps
  // its focus and caret (see keepingFocus).
  keepingFocus(root, () => root.replaceChildren(
    renderHeader({
      state: isTeams(state) ? { ...state, rounds: roundsPlanned(state) } : state, info, names: {
        ns: pairNames(state, seatbox.pending(), info?.ns_pair),
        ew: pairNames(state, seatbox.pending(), info?.ew_pair),
      },
      round: model.round, online: model.online, unsent: unsent(state, pending).length + answerbox.pending().length,
      roundName: model.round === null ? null : roundName(model.round),
      segment: segmentOf(model.selected ?? boardToEnter(state, pending, model.round, null)),
      offset_ms: model.offset_ms, chooseLanguage: useLanguage,
      // A teams table's room and teams in the header's second row, so the pad fits a phone.
      roomBar: isTeams(state) && !model.confirming && !model.traveller ? renderRoomBar({
        room: state.teams.room, match: state.table, sides: sides(state, model.round),
        toPlay: roundBoards(state, pending, model.round).filter((b) => b.status === "open").length,
      }) : null,
    }),
    h("main", {},
      model.noStorage && h("p", { class: "warning" }, t("app.no_storage")),
      model.problem && h("p", { class: "warning" }, model.problem),
      renderWarning(),
      renderSeatWarning(model.seatWarning, () => {
        model.seatWarning = null;
        render();
      }),
      renderLineupWarning(model.lineupWarning, () => {
        model.lineupWarning = null;
        render();
      }),
      model.held && outbox.pending().length > 0
        && h("p", { class: "warning", role: "alert", "data-testid": "results-held" }, t("lineup.held")),
      renderCalls(callsToShow(state.calls ?? [], callbox.pending(), callbox.rejected(), model.dismissedCalls),
        dismissCall),
      renderRejected(rejectionsShown(), (op_id) => outbox.dismiss(op_id).then(render)),
      renderMain(),
      !model.confirming && !(model.padShown && !model.picker.open) && renderCallPicker(model.picker, callActions))));
}

/** What the director's call does: open its reasons, choose one, send it, or close it. */
const callActions = {
  open() {
    model.picker = { open: true, reason: null, text: "" };
    render();
    root.querySelector('[data-testid="call-picker"]')?.scrollIntoView({ block: "nearest" });
  },
  choose(reason) {
    model.picker = { ...model.picker, reason };
    render();
    root.querySelector('[data-testid="call-text"]')?.focus();
  },
  text(value) {
    model.picker.text = value;
  },
  send() {
    const reason = reasonText(model.picker.reason, model.picker.text);
    if (reason === null) return;
    model.picker = { open: false, reason: null, text: "" };
    sendCall(reason);
  },
  cancel() {
    model.picker = { open: false, reason: null, text: "" };
    render();
  },
};

function renderWarning() {
  if (model.warning === null) return null;
  const minutes = model.warning;
  return h("section", {
    class: `clock-warning ${minutes === 0 ? "time-up" : ""}`.trim(), role: "alert",
    "data-testid": "clock-warning", "data-minutes": minutes,
  },
  h("span", {}, minutes === 0 ? t("clock.time_up") : t("clock.warning", { count: minutes })),
  h("button", { type: "button", class: "secondary small", "data-testid": "clock-warning-dismiss",
    onclick: () => {
      model.warning = null;
      render();
    } }, t("clock.dismiss")));
}

/** Stores the call first (so it survives a reload offline), then sends what is queued. */
async function sendCall(reason) {
  try {
    await callbox.add({ op_id: newOpId(), reason, created_ms: Date.now() });
  } catch (error) {
    model.problem = String(error?.message ?? error);
  }
  render();
  flushCalls();
}

/**
 * Sends a box's entries in order (results, calls, line-ups, confirmations, answers), each
 * only after the one before is acknowledged; while the connection is up, a box that stopped
 * on a failure is tried again after RETRY_MS.
 */
function drain(box, send, handlers) {
  box.flush(send, handlers).then((outcome) => {
    render();
    if (outcome.stopped && connection?.connected) setTimeout(() => drain(box, send, handlers), RETRY_MS);
  });
}

function flushCalls() {
  if (!connection) return;
  drain(callbox, ({ op_id, reason }) => connection.call({ op_id, reason }), {
    onAccepted(entry, ack) {
      // Shown as "Director called" until the next state brings the server's own record.
      const call = { id: ack.call_id, op_id: entry.op_id, reason: entry.reason, called_ms: entry.created_ms, answer: null };
      model.state = { ...model.state, calls: withCall(model.state?.calls, call) };
      render();
    },
    onRejected: render,
  });
}

function dismissCall(op_id) {
  model.dismissedCalls = [...model.dismissedCalls, op_id].slice(-50);
  remember(DISMISSED_KEY, JSON.stringify(model.dismissedCalls));
  if (callbox.rejected().some((c) => c.op_id === op_id)) callbox.dismiss(op_id).then(render);
  else render();
}

function receiveAnswer(call) {
  if (!model.state) return;
  model.state = { ...model.state, calls: withCall(model.state.calls, call) };
  store.set(stateKey, model.state).catch(() => {});
  render();
  navigator.vibrate?.(VIBRATE_MS);
}

/** Stores the seating first (so it survives a reload offline), then sends what is queued. */
async function savePlayers() {
  const seats = seatsEntered(model.players.form);
  if (!seats) return;
  const problems = mixedProblems(model.state, seats);
  // Teams: a line-up is for one segment of the match (D8.2), checked against the rosters (D2.1).
  const lineup = isTeams(model.state) ? lineupTarget() : null;
  const where = lineup ? { round: lineup.round, segment: lineup.segment, part: lineup.part } : { round: model.round };
  // D3.3, D3.4: each pair's bidding system and highly artificial system, where the form asks.
  const { form } = model.players;
  const said = {};
  for (const side of ["ns", "ew"]) {
    const system = String(form[`${side}_system`] ?? "").trim();
    if (lineup?.systems && system) said[`${side}_system`] = system;
    if (lineup?.sws && form[`${side}_sws`]) said[`${side}_sws`] = true;
  }
  try {
    await seatbox.add({ op_id: newOpId(), ...where, ...seats, ...said, created_ms: Date.now() });
  } catch (error) {
    model.problem = String(error?.message ?? error);
    render();
    return;
  }
  model.players = { form: {}, error: null };
  if (lineup?.problems.length && lineup.rosters === "warn") model.lineupWarning = rosterText(lineup.problems, lineup.teamName);
  model.seatWarning = problems.length ? problems : null;
  render();
  scrollTo(0, 0);
  flushSeats();
}

/** Why the server refused a seating: a teams line-up's reason in the table's language. */
function refusalText(rejection) {
  if (!isTeams(model.state)) return rejection.error;
  if (rejection.code === "not_on_roster") return t("lineup.refused_roster");
  if (rejection.code === "team_ineligible") return t("lineup.team_ineligible");
  return t("lineup.refused", { error: rejection.error });
}

function flushSeats() {
  if (!connection) return;
  drain(seatbox, ({ op_id, round, segment = null, part = null, north, south, east, west, ...said }) =>
    connection.players({
      op_id, round, ...(segment === null ? {} : { segment }), ...(part === null ? {} : { part }), north, south, east, west,
      ...Object.fromEntries(["ns_system", "ew_system", "ns_sws", "ew_sws"].filter((k) => said[k]).map((k) => [k, said[k]])),
    }), {
    onAccepted(entry, ack) {
      // The names of numbers this terminal did not know come back with the seating.
      const byId = {};
      for (const seat of ["north", "south", "east", "west"]) {
        if (ack.names?.[seat]) byId[entry[seat]] = { name: ack.names[seat], gender: "" };
      }
      learnPlayers(byId, ack.unknown);
      model.state = withLineup(withSeated(model.state, entry), entry);
      // The server may know a gender this terminal did not have yet.
      if (ack.mixed?.length) model.seatWarning = ack.mixed;
      // ...or a roster this terminal did not have yet (D2.1).
      if (ack.roster?.length) {
        const local = rosterProblems(model.state, entry.round, entry);
        model.lineupWarning = local.length ? rosterText(local, (team) => teamName(model.state, team)) : ack.roster.join(" ");
      }
      store.set(stateKey, model.state).catch(() => {});
      render();
      if (model.held) flush(); // D2.1: the results that waited for this line-up go now
    },
    onRejected(rejection) {
      // Asked again, with the server's reason and the numbers as typed.
      const { north, south, east, west, ns_system, ew_system, ns_sws, ew_sws } = rejection;
      model.players = {
        form: { north, south, east, west, ns_system, ew_system, ns_sws, ew_sws }, error: refusalText(rejection),
        target: { round: rejection.round, segment: rejection.segment ?? null, part: rejection.part ?? null },
      };
      seatbox.dismiss(rejection.op_id).then(render);
    },
  });
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
  if (!connection || model.awaitingState) return;
  drain(outbox,
    ({ op_id, board, round, contract, declarer, tricks, lead }) =>
      connection.submit({ op_id, board, round, contract, declarer, tricks, ...(lead ? { lead } : {}) }),
    {
      // D2.1: a result refused for want of the line-up stays queued until the line-up is given.
      hold(ack) {
        if (ack.code !== "lineup_required") return false;
        model.held = { error: ack.error };
        return true;
      },
      onAccepted(entry, ack) {
        model.held = null;
        // With East-West terminals the entry waits for East-West; else it is the result.
        model.state = ack.pending ? withEntry(model.state, { ...entry, ns_score: ack.ns_score ?? entry.ns_score })
          : withResult(model.state, entry, ack.ns_score ?? entry.ns_score);
        store.set(stateKey, model.state).catch(() => {});
        render();
      },
      onRejected(rejection) {
        // K12.1: the server locked the board; its fresh state shows the lock.
        if (rejection.code === "board_locked") refreshState();
        render();
      },
    },
  );
}

/** KD1: a captain confirms the match of `round`; stored first, sent like a result. */
async function confirmMatch(team, round) {
  const match = matchOf(model.state, round);
  if (!match) return;
  try {
    await confirmbox.add({
      op_id: newOpId(), round: match.round, team, home_imps: match.home_imps, away_imps: match.away_imps,
      created_ms: Date.now(),
    });
  } catch (error) {
    model.problem = String(error?.message ?? error);
  }
  render();
  flushConfirms();
}

function flushConfirms() {
  if (!connection) return;
  drain(confirmbox, (entry) => {
    // Confirmed at one score, the match now shows another (a correction meanwhile): ask again.
    if (!confirmationCurrent(model.state, entry)) {
      return Promise.resolve({ ok: false, code: "score_changed", error: t("teams.score_changed") });
    }
    return connection.confirmMatch({ op_id: entry.op_id, round: entry.round, team: entry.team,
                                     home_imps: entry.home_imps, away_imps: entry.away_imps });
  }, {
    onAccepted(entry, ack) {
      model.state = withConfirmations(model.state, entry.round, ack.confirmations);
      store.set(stateKey, model.state).catch(() => {});
      render();
    },
    onRejected: render,
  });
}

/** Asks the server for a fresh state now (teams: the K12.1 locks once time is up). */
function refreshState() {
  if (!connection?.connected) return;
  connection.refresh().then((ack) => {
    if (ack?.ok && ack.state) receiveState(ack.state);
  }, () => {});
}

/** K12.1: once the round's time is up, the server locks the boards not started: fetch them. */
function checkLocks() {
  const { state } = model;
  if (!isTeams(state) || !connection?.connected) return;
  const now = reading(state.clock, model.offset_ms, Date.now());
  if (!now?.running || now.remaining_ms > -LOCK_MARGIN_MS) return;
  const key = `${state.clock.round}:${state.clock.deadline_ms}`;
  if (model.lockAsked === key) return;
  model.lockAsked = key;
  refreshState();
}

/** East-West's own terminal: North-South's entries to confirm, else the round's boards. */
function renderEastWest() {
  const { state } = model;
  const answers = answerbox.pending();
  const confirmed = confirmedEntries(answers); // count as entered while they wait to be sent
  const refused = renderAnswersRefused(answerbox.rejected(), (op_id) => answerbox.dismiss(op_id).then(render));
  const waiting = awaiting(state, answers);
  const closed = { entry: null, reason: null, note: "" };
  if (waiting.length) {
    return [refused, renderEwConfirm(waiting[0], model.dispute, waiting.length - 1, {
      confirm: (entry) => answerEntry(entry, "confirm"),
      open(entry) {
        model.dispute = { ...closed, entry: entry.op_id };
        render();
        root.querySelector('[data-testid="ew-reasons"]')?.scrollIntoView({ block: "nearest" });
      },
      reason(reason) {
        model.dispute = { ...model.dispute, reason };
        render();
      },
      note(text) {
        model.dispute.note = text;
      },
      reject: (entry, call) => answerEntry(entry, "reject", call),
      cancel() {
        model.dispute = closed;
        render();
      },
    })];
  }
  const boards = roundBoards(state, confirmed, model.round);
  if (isRoundDone(state, confirmed, model.round)) {
    return [refused, renderComplete({
      round: model.round, moves: movesAfter(state, model.round), boards,
      next: nextRound(state, model.round), unsent: answers.length,
    }, {
      board: boardActionsFor(state),
      next() {
        model.round = nextRound(state, model.round);
        render();
        scrollTo(0, 0);
      },
    })];
  }
  return [refused, renderEwWaiting(), renderBoards(boards, null, () => {}, boardActionsFor(state))];
}

/** East-West's answer to an entry: stored first (it survives a reload offline), then sent. */
async function answerEntry(entry, decision, call = false) {
  if (model.saving) return;
  model.saving = true;
  const answer = answerFor(entry, decision, newOpId(), { ...model.dispute, call_director: call });
  try {
    await answerbox.add(answer);
  } catch (error) {
    model.problem = String(error?.message ?? error);
    model.saving = false;
    render();
    return;
  }
  model.saving = false;
  model.problem = null;
  model.dispute = { entry: null, reason: null, note: "" };
  render();
  scrollTo(0, 0);
  flushAnswers();
}

function flushAnswers() {
  if (!connection) return;
  drain(answerbox, (answer) => {
    const { event, payload } = answerMessage(answer);
    return connection.answer(event, payload);
  }, {
    onAccepted(answer) {
      model.state = withAnswer(model.state, answer);
      store.set(stateKey, model.state).catch(() => {});
      render();
    },
    onRejected: render,
  });
}

/** North-South corrects an entry East-West did not agree with: the pad holds it again. */
function correctEntry(entry) {
  model.selected = entry.board;
  model.padBoard = entry.board;
  model.pad = padFrom(entry, model.state?.event ?? {});
  render();
  root.querySelector('[data-testid="enter"]')?.scrollIntoView({ block: "nearest" });
}

/** A change of the server's state: applied when this terminal has its base, else the whole state is asked for. */
function receivePatch(change) {
  const next = followState(model.served, change);
  if (next) receiveState(next);
  else refreshState();
}

function receiveState(incoming) {
  model.served = incoming; // the server's state as sent, which its next patch changes
  const state = withKeptMatches(model.state, incoming);
  model.state = state;
  learnNames(state);
  model.offset_ms = offsetFrom(state.now_ms, Date.now());
  store.set(stateKey, state).catch(() => {});
  store.set(offsetKey, model.offset_ms).catch(() => {});
  render();
  // Sent only after a state: a confirmation is checked against the score the server shows now.
  if (isTeams(state)) flushConfirms();
  replayLost(state);
}

/**
 * A server taken over from a backup lacks what was acknowledged after the backup: those
 * entries go back to the queue ahead of the unsent ones, and the results are sent after the
 * first state of each connection, so a replay always comes before the later rounds' entries.
 */
function replayLost(state) {
  outbox.requeue((entry) => isHeld(state, entry)).then((back) => {
    if (back.length) render();
    if (back.length || model.awaitingState) {
      model.awaitingState = false;
      flush();
    }
  }, () => {});
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
  checkWarning();
  checkLocks();
}

/** Raises the 10, 5 and 0 minute warnings, once each per round, with a short buzz. */
function checkWarning() {
  const clock = model.state?.clock;
  const now = reading(clock, model.offset_ms, Date.now());
  if (!now || !now.running) return;
  if (model.warned.round !== clock.round) model.warned = { round: clock.round, raised: null };
  const step = warn(now.remaining_ms, model.warned.raised);
  model.warned.raised = step.raised;
  if (step.raise === null) return;
  model.warning = step.raise;
  try {
    navigator.vibrate?.(VIBRATE_MS);
  } catch {
    /* no vibration here */
  }
  render();
}

/**
 * Shows the terminal in a language and keeps it: on the device, and in the address as
 * `?lang=`, so a reload, a bookmark or a link passed on opens it in the same language.
 */
function keepLanguage(language) {
  remember(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  document.title = t("app.title");
  const url = new URL(location.href);
  if (url.searchParams.get("lang") !== language) {
    url.searchParams.set("lang", language);
    history.replaceState(history.state, "", url);
  }
}

function useLanguage(code) {
  keepLanguage(setLanguage(code));
  render();
}

async function start() {
  const browser = navigator.languages ?? [navigator.language];
  keepLanguage(setLanguage(startLanguage(location.search, remembered(LANGUAGE_KEY), browser)));
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  }
  guardReloads(globalThis, () => model.online);
  if (!token) return render();
  try {
    const disk = idbStore();
    await disk.get(stateKey); // some private modes have indexedDB but refuse to open it
    store = disk;
    outbox = createOutbox(store, `outbox:${token}`);
    callbox = createOutbox(store, `calls:${token}`);
    seatbox = createOutbox(store, `players:${token}`);
    answerbox = createOutbox(store, `answers:${token}`);
    confirmbox = createOutbox(store, `confirms:${token}`);
    navigator.storage?.persist?.().catch(() => {}); // ask the browser not to evict the outbox
  } catch (error) {
    model.noStorage = true;
  }
  await outbox.load();
  await callbox.load();
  await seatbox.load();
  await answerbox.load();
  await confirmbox.load();
  const saved = await store.get(stateKey);
  if (saved && !model.state) {
    model.state = saved;
    learnNames(saved);
    model.offset_ms = (await store.get(offsetKey)) ?? 0;
  }
  render();
  connection = connect(token, {
    online(up) {
      if (model.online === up) return;
      model.online = up;
      render();
      // Results wait for the server's first state (see replayLost).
      model.awaitingState = up;
      if (up) {
        // A server that sends no state on connecting still gets the results, a little later.
        setTimeout(() => {
          if (model.awaitingState && connection?.connected) {
            model.awaitingState = false;
            flush();
          }
        }, STATE_WAIT_MS);
        flushCalls();
        flushSeats();
        flushAnswers();
        askNames();
      }
    },
    refused(reason) {
      model.refused = reason;
      render();
    },
    state: receiveState,
    patch: receivePatch,
    clock: receiveClock,
    answer: receiveAnswer,
    terminals({ others }) {
      const notice = noticeFor(token, others);
      // A device that stepped back or was taken over says so still after a reconnect.
      model.device = notice === "warn" && model.device ? model.device : notice;
      render();
    },
    takenOver() {
      forget(token);
      model.device = "taken";
      render();
    },
  });
  setInterval(tick, 1000);
}

start();
