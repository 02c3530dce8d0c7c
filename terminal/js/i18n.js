// Every string a player reads goes through t(key, params). Dictionaries are
// plain objects, one per language; English is complete and the fallback for
// any key another language lacks. Add Indonesian ("id") and Polish ("pl") by
// adding dictionaries with the same keys. Placeholders look like {name}.

const en = {
  "app.title": "Traveller table",
  "app.loading": "Connecting to the scorer…",
  "app.no_token": "This page needs the table link. Scan the QR code on the table card.",
  "app.refused": "This table link does not work.",
  "app.refused_help": "Scan the QR code on the table card again, or call the director.",
  "app.retry": "Try again",
  "app.no_storage": "This browser does not let the terminal keep results on the device. Stay online, or use another browser.",
  "header.section": "Section {section}",
  "header.table": "Table",
  "header.round": "Round",
  "header.ns": "NS",
  "header.ew": "EW",
  "header.unsent": "Unsent",
  "header.online": "Online",
  "header.offline": "Offline",
  "clock.paused": "paused",
  "clock.late": "{minutes} min late",
  "boards.board": "Board {board}",
  "boards.dealer": "Dealer {seat}",
  "boards.vul": "Vul: {vulnerability}",
  "boards.open": "To play",
  "boards.pending": "Not sent",
  "boards.scored": "Scored",
  "vul.None": "None",
  "vul.NS": "NS",
  "vul.EW": "EW",
  "vul.Both": "Both",
  "seat.N": "North",
  "seat.E": "East",
  "seat.S": "South",
  "seat.W": "West",
  "entry.title": "Board {board}",
  "entry.who": "North-South: enter the result",
  "entry.level": "Level",
  "entry.strain": "Suit",
  "entry.double": "X",
  "entry.redouble": "XX",
  "entry.passout": "Passed out",
  "entry.declarer": "Declarer",
  "entry.result": "Result",
  "entry.result_hint": "Choose the contract first",
  "entry.enter": "Enter",
  "entry.incomplete": "Choose contract, declarer and result",
  "score.ns": "NS +{points}",
  "score.ew": "EW +{points}",
  "score.zero": "0",
  "contract.passout": "Passed out",
  "contract.by": "{contract} by {declarer}",
  "result.tricks": "{tricks} tricks",
  "confirm.title": "East-West: please confirm",
  "confirm.board": "Board",
  "confirm.contract": "Contract",
  "confirm.declarer": "Declarer",
  "confirm.result": "Result",
  "confirm.score": "Score",
  "confirm.confirm": "Confirm",
  "confirm.correct": "Back / Correct",
  "complete.title": "Round {round} complete",
  "complete.ns": "North-South pair {pair}: stay at this table.",
  "complete.ew": "East-West pair {pair}: go to table {table}.",
  "complete.ew_stay": "East-West pair {pair}: stay at this table.",
  "complete.boards": "Boards {boards}: pass them to table {table}.",
  "complete.next": "Next round",
  "complete.finished": "All rounds at this table are played. Thank you!",
  "complete.waiting": "{count} results are still waiting to be sent. Keep this page open.",
  "rejected.title": "Not accepted by the scorer",
  "rejected.help": "Enter the board again, or call the director.",
  "rejected.dismiss": "OK",
};

const dictionaries = { en };

let language = "en";

/** The languages shipped, for a picker. */
export function languages() {
  return Object.keys(dictionaries);
}

/** Picks the first of the wanted languages (e.g. navigator.languages) that ships. */
export function chooseLanguage(wanted = []) {
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in dictionaries) return base;
  }
  return "en";
}

export function setLanguage(code) {
  language = code in dictionaries ? code : "en";
  return language;
}

export function hasKey(key) {
  return key in en;
}

export function keys() {
  return Object.keys(en);
}

export function t(key, params = {}) {
  const text = dictionaries[language]?.[key] ?? en[key];
  // A missing key shows itself rather than breaking the table; a test checks none is missing.
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
