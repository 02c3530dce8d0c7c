// The projector (K4.3: the ranking after every round): redrawn from each `projector` push of
// the /results namespace. While the socket is down, or socket.io cannot be loaded, it asks for
// the ranking every half minute instead, so a screen left on never goes stale.
const POLL_MS = 30000;
// Text in the page's language: the page's JSON block #console-catalog (English keys; a data
// block, not a script, so the Content-Security-Policy needs no inline script).
const CATALOG = JSON.parse(document.getElementById("console-catalog")?.textContent || "{}");
const T = (s, v = {}) => (CATALOG[s] || s).replace(/%\((\w+)\)s/g, (_, k) => v[k] ?? "");
const TITLES = { NS: T("North-South"), EW: T("East-West") };
const roundEl = document.querySelector("[data-testid=projector-round]");
const main = document.getElementById("standings");

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

function field(direction, rows) {
  const head = el("tr", {}, ...["#", T("Pair"), "%", "", T("Places by round")].map((t) => el("th", { textContent: t })));
  const body = el("tbody");
  for (const r of rows) {
    const moved = r.moved || 0;
    const tr = el("tr", {},
      el("td", { textContent: r.rank }),
      el("td", { className: "pair", textContent: r.pair }),
      el("td", { className: "pct", textContent: r.percentage.toFixed(2) }),
      el("td", { className: moved > 0 ? "up" : moved < 0 ? "down" : "same",
                 textContent: moved > 0 ? `▲${moved}` : moved < 0 ? `▼${-moved}` : "•" }),
      el("td", { className: "places", textContent: (r.places || []).join(" → ") }));
    tr.dataset.pair = r.pair;
    body.append(tr);
  }
  const table = el("table", {}, el("caption", { textContent: TITLES[direction] || T("All pairs") }),
                   el("thead", {}, head), body);
  table.dataset.testid = `projector-${direction}`;
  return table;
}

function render(data) {
  roundEl.textContent = !data.round ? T("Waiting for the first round to finish")
    : data.rounds ? T("After round %(round)s of %(rounds)s", { round: data.round, rounds: data.rounds })
    : T("After round %(round)s", { round: data.round });
  if (!data.round) {
    main.replaceChildren(el("p", { className: "empty",
      textContent: T("The ranking appears here as soon as every table has finished round 1.") }));
    return;
  }
  const fields = el("div", { className: "fields" });
  for (const [direction, rows] of Object.entries(data.standings)) fields.append(field(direction, rows));
  main.replaceChildren(fields);
}

let socket = null;
let timer = null;

async function fetchOnce() {
  try {
    const response = await fetch("/results/api/projector", { headers: { Accept: "application/json" } });
    const data = await response.json();
    if (!data.ok) return;
    render(data);
    // Refused while the results were unpublished: now that they answer, listen again.
    if (socket && !socket.connected && !socket.active) socket.connect();
  } catch {
    // The server is unreachable: try again at the next tick.
  }
}

function poll() {
  document.body.dataset.live = "polling";
  if (timer === null) timer = setInterval(fetchOnce, POLL_MS);
}

function listen() {
  document.body.dataset.live = "socket";
  clearInterval(timer);
  timer = null;
}

try {
  const { io } = await import("/vendor/socket.io.esm.min.js");
  socket = io("/results");
  socket.on("projector", render);
  socket.on("connect", listen);
  socket.on("disconnect", poll);
  socket.on("connect_error", poll);
} catch {
  poll();
}
