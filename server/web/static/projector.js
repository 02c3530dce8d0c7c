// The projector (K4.3: the ranking after every round): redrawn from each `projector` push of
// the /results namespace. While the socket is down, or socket.io cannot be loaded, it asks for
// the ranking every half minute instead, so a screen left on never goes stale.
import { follow } from "./projector_feed.js";

// Text in the page's language: the page's JSON block #console-catalog (English keys; a data
// block, not a script, so the Content-Security-Policy needs no inline script).
const CATALOG = JSON.parse(document.getElementById("console-catalog")?.textContent || "{}");
const T = (s, v = {}) => (CATALOG[s] || s).replace(/%\((\w+)\)s/g, (_, k) => v[k] ?? "");
const TITLES = { NS: T("North-South"), EW: T("East-West") };
const roundEl = document.querySelector("[data-testid=projector-round]");
const basisEl = document.querySelector("[data-testid=projector-basis]");
const main = document.getElementById("standings");

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

function field(direction, rows) {
  const head = el("tr", {}, ...["#", T("Pair"), "%", T("Boards"), "", T("Places by round")].map((t) => el("th", { textContent: t })));
  const body = el("tbody");
  for (const r of rows) {
    const moved = r.moved || 0;
    const tr = el("tr", {},
      // Level pairs share a place: "3=".
      el("td", { className: "rank", textContent: `${r.rank}${r.shared ? "=" : ""}` }),
      el("td", { className: "pair", textContent: r.pair }),
      el("td", { className: "pct", textContent: r.top ? r.percentage.toFixed(2) : "–" }),
      el("td", { className: "boards", textContent: r.boards }),
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
  if (basisEl) {
    basisEl.textContent = !data.round ? ""
      : `${T("%(shown)s of %(total)s boards played at every table.", { shown: data.boards_shown, total: data.boards_total })} ${T("A board counts the average (50%) until every table has played it; its results show then.")}`;
  }
  if (!data.round) {
    main.replaceChildren(el("p", { className: "empty",
      textContent: T("The ranking appears here as soon as every table has finished round 1.") }));
    return;
  }
  const fields = el("div", { className: "fields" });
  for (const [direction, rows] of Object.entries(data.standings)) fields.append(field(direction, rows));
  main.replaceChildren(fields);
}

follow(render);
