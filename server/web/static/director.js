// The director's live grid: redraws the table cells and the alerts queue on every `grid` push,
// and runs each table's clock from the server's deadlines, corrected for this laptop's offset.
import { io } from "/vendor/socket.io.esm.min.js";
import { followState } from "/terminal/js/patch.js";

const grid = document.getElementById("grid");
const clockEl = document.getElementById("clock");
const live = document.getElementById("live");
const alertsEl = document.getElementById("alerts");
const conflictsEl = document.getElementById("conflicts");
const idleEl = document.getElementById("idle-tables");
// Text in the page's language: the page's JSON block #console-catalog (English keys; a data
// block, not a script, so the Content-Security-Policy needs no inline script).
const CATALOG = JSON.parse(document.getElementById("console-catalog")?.textContent || "{}");
const T = (s, v = {}) => (CATALOG[s] || s).replace(/%\((\w+)\)s/g, (_, k) => v[k] ?? "");
// A text the server built ({text_key, values}; a value may be a message or a list of them),
// in the page's language; a text without a key (what a table typed) as it is.
const say = (m) => Array.isArray(m) ? m.map(say).join(", ")
  : m && typeof m === "object" && typeof m.text_key === "string"
    ? T(m.text_key, Object.fromEntries(Object.entries(m.values || {}).map(([k, v]) => [k, say(v)])))
    : String(m ?? "");
const alertText = (a) => a.text_key ? say(a) : a.text;
const num = (v) => (v === "" || v === undefined ? null : Number(v));
// A round as the room names it (the grid's round_name, clock_names): "semi-final · line 1",
// "final · round 3/13"; outside a competition "Round 4".
const roundNameText = (n) => (n.stage
  ? [n.stage, n.match && n.match !== n.stage ? n.match : "",
    n.sessions > 1 && n.session ? T("session %(session)s", { session: n.session }) : "",
    n.match ? "" : T("round %(round)s/%(rounds)s", { round: n.number, rounds: n.rounds })].filter(Boolean).join(" · ")
  : T("Round %(round)s", { round: n.number }));
// A teams event names its tables by room ("Open 1", "Closed 1") and shows the teams seated.
const rooms = grid.dataset.rooms ? JSON.parse(grid.dataset.rooms) : null;
const tableName = (section, table) => (rooms ? `${rooms[section] ?? section} ${table}` : `${section}${table}`);
let clock = { round: num(clockEl.dataset.round), deadline_ms: num(clockEl.dataset.deadline),
              remaining_ms: num(clockEl.dataset.remaining),
              running: clockEl.dataset.running === "true" };
let offset = clockEl.dataset.now ? Number(clockEl.dataset.now) - Date.now() : 0;
let clockName = clockEl.dataset.name || "";
let tables = [...grid.children].map((c) => ({
  el: c, clock: { round: num(c.dataset.clockRound), deadline_ms: num(c.dataset.deadline),
                  remaining_ms: num(c.dataset.remaining), running: !!c.dataset.deadline },
  round: num(c.dataset.round), offline_since_ms: num(c.dataset.offlineSince),
}));

const now = () => Date.now() + offset;
// Whole seconds rounded up, as the terminals count (0:00 is the deadline itself), so a table's
// terminal and its cell here read the same second.
const mmss = (ms) => {
  const seconds = Math.ceil(Math.abs(ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};
// Minutes over time as the terminals say it: at least 1 once the deadline has passed.
const minutesLate = (ms) => Math.max(1, Math.floor(-ms / 60000));
const left = (c) => (c.running && c.deadline_ms ? c.deadline_ms - now() : c.remaining_ms);

// An entry East-West has not confirmed yet is the table's last, marked as such.
const WAITING = { awaiting: ` · ${T("awaiting East-West")}`, not_agreed: ` · ${T("East-West did not agree")}` };

function cell(t) {
  const div = document.createElement("div");
  // A table done with its rounds needs no terminal: its devices leaving is no alarm.
  div.className = "table-cell" + (t.finished ? " finished" : "") + (t.offline_since_ms && !t.finished ? " offline" : "");
  div.dataset.table = t.table;
  div.dataset.section = t.section;
  div.dataset.connected = t.connected ? "true" : "false";
  const entry = t.last_entry;
  div.dataset.sig = `${t.round}/${t.boards_done}/${t.connected}/${entry ? `${entry.op_id}${entry.status ?? ""}` : ""}`;
  const last = entry ? `${T("last: b%(board)s %(contract)s", { board: entry.board_number ?? entry.board, contract: entry.contract })}${WAITING[entry.status] ?? ""}` : "";
  const n = t.round_name;
  const parts = [
    ["num", tableName(t.section, t.table)],
    ...(rooms && t.ns_pair ? [["teams", T("Teams %(home)s v %(away)s", { home: t.ns_pair, away: t.ew_pair })]] : []),
    ...(n && n.stage ? [["stage", [n.stage, n.match && n.match !== n.stage ? n.match : "",
      n.sessions > 1 && n.session ? T("session %(session)s", { session: n.session }) : ""].filter(Boolean).join(" · ")]] : []),
    ["round", t.finished ? T("finished") : n && n.match ? T("match")
      : T("round %(round)s/%(rounds)s", n ? { round: n.number, rounds: n.rounds } : { round: t.round, rounds: t.rounds })],
    ["done", t.finished ? "✓" : `${t.boards_done}/${t.boards_in_round}`],
    ["time", ""],
    ["conn", t.connected ? T("online") : t.finished ? T("no terminal needed")
      : t.offline_since_ms ? T("offline %(time)s", { time: mmss(now() - t.offline_since_ms) })
      : T("no terminal yet")],
    ["last", last],
  ];
  for (const [cls, text] of parts) {
    const el = document.createElement("div");
    el.className = cls;
    el.textContent = text;
    if (cls === "time") el.dataset.testid = "table-time";
    if (cls === "teams") el.dataset.testid = "table-teams";
    if (cls === "stage") el.dataset.testid = "table-stage";
    if (cls === "conn") el.dataset.testid = "table-connection";
    if (cls === "num" && t.own_clock) {
      el.append(" ", Object.assign(document.createElement("span"),
        { className: "own", textContent: T("own clock"), title: T("this table has its own clock") }));
    }
    div.append(el);
  }
  return div;
}

function draw(data) {
  // Flash a table whose play changed; the first push after the page's own drawing has no sig.
  const before = new Map([...grid.children].map((c) => [c.dataset.table, c.dataset.sig]));
  // Tables that sit out the stage in play are counted, not drawn.
  const idle = data.tables.filter((t) => t.idle).length;
  if (idleEl) {
    idleEl.hidden = idle === 0;
    idleEl.textContent = T("%(count)s tables sit out the stage in play (not shown).", { count: idle });
  }
  tables = data.tables.filter((t) => !t.idle).map((t) => ({ ...t, el: cell(t) }));
  grid.replaceChildren(...tables.map((t) => t.el));
  tick();
  for (const c of grid.children) {
    const was = before.get(c.dataset.table);
    if (was && was !== c.dataset.sig) c.classList.add("flash");
  }
  setClock(data.clock);
  clockName = (data.clock_names || []).map(roundNameText).join(" / ");
  drawAlerts(data.alerts || []);
  drawConflicts((data.alerts || []).filter((a) => a.kind === "conflict"));
}

// Conflicting entries head the page, counted, each one tap from the page that settles it.
function drawConflicts(list) {
  if (!conflictsEl) return;
  conflictsEl.hidden = list.length === 0;
  conflictsEl.querySelector(".count").textContent =
    T("Conflicting entries: %(count)s. Open each and keep one result.", { count: list.length });
  conflictsEl.querySelector("ul").replaceChildren(...list.map((a) => {
    const link = Object.assign(document.createElement("a"), {
      href: `/director/conflicts/${a.conflict_id}`,
      textContent: T("Table %(table)s, board %(board)s", { table: tableName(a.section, a.table), board: a.board }),
    });
    link.dataset.testid = "conflict-link";
    link.dataset.key = a.key;
    const item = document.createElement("li");
    item.append(link);
    return item;
  }));
}

const KIND = { call: T("Call"), late: T("Late"), offline: T("Offline"), printer: T("Printer"), conflict: T("Conflict") };

function drawAlerts(list) {
  // An alert already on screen keeps its form, so an answer being typed survives the redraw.
  const shown = new Map([...alertsEl.children].map((form) => [form.dataset.key, form]));
  for (const a of list) {
    const text = shown.get(a.key)?.querySelector(".text");
    if (text) text.textContent = alertText(a);
  }
  const same = list.length === shown.size && list.every((a, i) => alertsEl.children[i].dataset.key === a.key);
  // Same queue: leave the forms where they are (moving one would take the typing cursor away).
  if (!same) alertsEl.replaceChildren(...list.map((a) => shown.get(a.key) ?? alertForm(a)));
}

function alertForm(a) {
  const csrf = alertsEl.dataset.csrf;
  {
    const form = document.createElement("form");
    form.className = `alert ${a.kind}`;
    form.method = "post";
    form.dataset.key = a.key;
    form.action = a.kind === "call" ? `/director/calls/${a.call_id}/answer` : "/director/alerts/ack";
    const hidden = (name, value) => Object.assign(document.createElement("input"),
      { type: "hidden", name, value });
    const kind = Object.assign(document.createElement("span"), { className: "kind", textContent: KIND[a.kind] });
    const who = Object.assign(document.createElement("strong"), { textContent: !a.table ? T("Console") : rooms ? tableName(a.section, a.table) : T("Table %(table)s", { table: `${a.section}${a.table}` }) });
    const text = Object.assign(document.createElement("span"), { className: "text", textContent: alertText(a) });
    form.append(hidden("csrf_token", csrf), kind, who, text);
    if (a.kind === "conflict") {
      form.append(Object.assign(document.createElement("a"),
        { className: "button", href: `/director/conflicts/${a.conflict_id}`, textContent: T("Fix") }));
    }
    if (a.kind === "call") {
      form.append(Object.assign(document.createElement("input"),
        { name: "answer", placeholder: T("Answer for the table"), required: true }));
      form.append(Object.assign(document.createElement("button"), { type: "submit", textContent: T("Answer") }));
    } else {
      form.append(hidden("key", a.key),
        Object.assign(document.createElement("button"), { type: "submit", textContent: T("Acknowledge") }));
    }
    return form;
  }
}

function setClock(c) {
  if (!c) return;
  clock = c;
  if (typeof c.now_ms === "number") offset = c.now_ms - Date.now();
}

function tick() {
  if (clock.round) {
    const ms = left(clock);
    const paused = !clock.running ? ` ${T("(paused)")}` : "";
    const at = { round: clock.round, time: ms === null ? "" : mmss(ms) };
    // The round as the room names it ("semi-final · line 1"), else its number.
    const named = clockName ? `${clockName}: ` : `${T("Round %(round)s", at)}: `;
    clockEl.textContent = ms === null ? named.replace(/: $/, "")
      : named + (ms >= 0 ? T("%(time)s left", at) : T("%(time)s over", at)) + paused;
    clockEl.classList.toggle("late", ms !== null && ms < 0);
  }
  for (const t of tables) {
    const time = t.el.querySelector(".time");
    const conn = t.el.querySelector(".conn");
    if (t.offline_since_ms && !t.finished && conn) conn.textContent = T("offline %(time)s", { time: mmss(now() - t.offline_since_ms) });
    if (!time || t.finished || !t.clock || t.clock.round !== t.round) continue;
    const ms = left(t.clock);
    if (ms === null || ms === undefined) continue;
    time.textContent = ms >= 0 ? T("%(time)s left", { time: mmss(ms) })
      : T("%(minutes)s min late", { minutes: minutesLate(ms) });
    if (!t.clock.running) time.textContent += ` ${T("(paused)")}`;
    t.el.classList.toggle("late", ms < 0);
  }
}

// The grid as the server last sent it: whole at connect, then each change as a `grid_patch`
// at its version (a patch this grid is not at the base of: the whole grid asked again).
let served = null;

function receiveGrid(data) {
  served = data;
  draw(data);
}

function receivePatch(change) {
  const next = followState(served, change);
  if (next) receiveGrid(next);
  else socket.emit("get_grid", {}, (ack) => { if (ack?.ok) receiveGrid(ack.grid); });
}

async function refresh() {
  // Offline and late alerts appear with time alone, not with a change: ask now and then.
  if (socket.connected) {
    socket.emit("refresh_grid", {});
    return;
  }
  try {
    const response = await fetch("/director/api/grid", { headers: { Accept: "application/json" } });
    if (response.ok) receiveGrid(await response.json());
  } catch { /* the socket's own state shows the connection */ }
}

const socket = io("/director", { transports: ["websocket"], auth: { patches: true } });
socket.on("connect", () => { live.dataset.state = "online"; live.textContent = T("live"); });
socket.on("disconnect", () => { live.dataset.state = "offline"; live.textContent = T("reconnecting…"); });
socket.on("connect_error", (err) => { live.dataset.state = "offline"; live.textContent = err.message; });
socket.on("grid", receiveGrid);
socket.on("grid_patch", receivePatch);
socket.on("clock", setClock);
setInterval(tick, 1000);
setInterval(refresh, 15000);
tick();
