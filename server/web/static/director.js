// The director's live grid: redraws the table cells on every `grid` push and runs the round
// clock from the server's deadline, corrected for this laptop's clock offset.
import { io } from "/vendor/socket.io.esm.min.js";

const grid = document.getElementById("grid");
const clockEl = document.getElementById("clock");
const live = document.getElementById("live");
let clock = { round: clockEl.dataset.round ? Number(clockEl.dataset.round) : null,
              deadline_ms: clockEl.dataset.deadline ? Number(clockEl.dataset.deadline) : null,
              running: !!clockEl.dataset.deadline };
let offset = clockEl.dataset.now ? Number(clockEl.dataset.now) - Date.now() : 0;

function cell(t) {
  const div = document.createElement("div");
  div.className = "table-cell" + (t.finished ? " finished" : "");
  div.dataset.table = t.table;
  div.dataset.section = t.section;
  div.dataset.connected = t.connected ? "true" : "false";
  const parts = [
    ["num", `${t.section}${t.table}`],
    ["round", t.finished ? "finished" : `round ${t.round}/${t.rounds}`],
    ["done", t.finished ? "✓" : `${t.boards_done}/${t.boards_in_round}`],
    ["conn", t.connected ? "online" : "offline"],
  ];
  for (const [cls, text] of parts) {
    const el = document.createElement("div");
    el.className = cls;
    el.textContent = text;
    div.append(el);
  }
  return div;
}

function draw(data) {
  const before = new Map([...grid.children].map((c) => [c.dataset.table, c.textContent]));
  grid.replaceChildren(...data.tables.map(cell));
  for (const c of grid.children) {
    if (before.has(c.dataset.table) && before.get(c.dataset.table) !== c.textContent) {
      c.classList.add("flash");
    }
  }
  setClock(data.clock);
  drawCalls(data.calls);
}

const calls = document.getElementById("calls");

function drawCalls(list) {
  const csrf = calls.dataset.csrf;
  calls.replaceChildren(...(list || []).map((c) => {
    const form = document.createElement("form");
    form.className = "call";
    form.method = "post";
    form.action = `/director/calls/${c.id}/answer`;
    form.dataset.call = c.id;
    const token = Object.assign(document.createElement("input"),
      { type: "hidden", name: "csrf_token", value: csrf });
    const who = document.createElement("strong");
    who.textContent = `Table ${c.section}${c.table_number}`;
    const answer = Object.assign(document.createElement("input"),
      { name: "answer", placeholder: "Answer for the table", required: true });
    const button = Object.assign(document.createElement("button"), { type: "submit", textContent: "Answer" });
    form.append(token, who, document.createTextNode(` calls: ${c.reason} `), answer, button);
    return form;
  }));
}

function setClock(c) {
  if (!c) return;
  clock = c;
  if (typeof c.now_ms === "number") offset = c.now_ms - Date.now();
}

function tick() {
  if (!clock.round) return;
  if (!clock.running || !clock.deadline_ms) {
    clockEl.textContent = `Round ${clock.round}: paused`;
    return;
  }
  const left = clock.deadline_ms - (Date.now() + offset);
  const abs = Math.abs(left);
  const mm = Math.floor(abs / 60000), ss = Math.floor((abs % 60000) / 1000);
  const text = `${mm}:${String(ss).padStart(2, "0")}`;
  clockEl.textContent = left >= 0 ? `Round ${clock.round}: ${text} left` : `Round ${clock.round}: ${text} over`;
  clockEl.classList.toggle("late", left < 0);
}

const socket = io("/director", { transports: ["websocket"] });
socket.on("connect", () => { live.dataset.state = "online"; live.textContent = "live"; });
socket.on("disconnect", () => { live.dataset.state = "offline"; live.textContent = "reconnecting…"; });
socket.on("connect_error", (err) => { live.dataset.state = "offline"; live.textContent = err.message; });
socket.on("grid", draw);
socket.on("clock", setClock);
setInterval(tick, 1000);
tick();
