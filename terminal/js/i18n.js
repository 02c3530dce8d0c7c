// Every string a player reads goes through t(key, params). Dictionaries are
// plain objects, one per language, with the same keys (a test checks that
// every language has every key and that no key is unused). Placeholders look
// like {name}. A value may be an object of plural forms ({one, few, many,
// other}, as Intl.PluralRules names them), chosen by the `count` parameter.
// Numbers are written as the language writes them (formatNumber).

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
  "header.language": "Language",
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
  "suit.S": "Spades",
  "suit.H": "Hearts",
  "suit.D": "Diamonds",
  "suit.C": "Clubs",
  "strain.nt": "NT",
  "entry.title": "Board {board}",
  "entry.who": "North-South: enter the result",
  "entry.level": "Level",
  "entry.strain": "Suit",
  "entry.double": "X",
  "entry.redouble": "XX",
  "entry.double_name": "Doubled",
  "entry.redouble_name": "Redoubled",
  "entry.passout": "Passed out",
  "entry.partscore": "Partscore",
  "entry.game": "Game",
  "entry.declarer": "Declarer",
  "entry.lead": "Opening lead",
  "entry.lead_optional": "Opening lead (if you know it)",
  "entry.lead_required": "Opening lead",
  "entry.lead_missing": "Choose the opening lead",
  "entry.result": "Result",
  "entry.show_tricks": "Enter tricks taken",
  "entry.show_difference": "Enter = / + / −",
  "entry.result_hint": "Choose the contract first",
  "entry.enter": "Enter",
  "entry.incomplete": "Choose contract, declarer and result",
  "score.ns": "NS +{points}",
  "score.ew": "EW +{points}",
  "score.zero": "0",
  "contract.passout": "Passed out",
  "contract.by": "{contract} by {declarer}",
  "result.tricks": { one: "{count} trick", other: "{count} tricks" },
  "confirm.title": "East-West: please confirm",
  "confirm.board": "Board",
  "confirm.contract": "Contract",
  "confirm.declarer": "Declarer",
  "confirm.lead": "Lead",
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
  "complete.waiting": {
    one: "{count} result is still waiting to be sent. Keep this page open.",
    other: "{count} results are still waiting to be sent. Keep this page open.",
  },
  "rejected.title": "Not accepted by the scorer",
  "rejected.help": "Enter the board again, or call the director.",
  "rejected.dismiss": "OK",
};

const id = {
  "app.title": "Meja Traveller",
  "app.loading": "Menghubungkan ke komputer skor…",
  "app.no_token": "Halaman ini perlu tautan meja. Pindai kode QR pada kartu meja.",
  "app.refused": "Tautan meja ini tidak berlaku.",
  "app.refused_help": "Pindai lagi kode QR pada kartu meja, atau panggil direktur.",
  "app.retry": "Coba lagi",
  "app.no_storage": "Peramban ini tidak mengizinkan terminal menyimpan hasil di perangkat. Tetaplah daring, atau pakai peramban lain.",
  "header.section": "Seksi {section}",
  "header.table": "Meja",
  "header.round": "Ronde",
  "header.ns": "NS",
  "header.ew": "EW",
  "header.unsent": "Belum terkirim",
  "header.online": "Daring",
  "header.offline": "Luring",
  "header.language": "Bahasa",
  "clock.paused": "dijeda",
  "clock.late": "terlambat {minutes} menit",
  "boards.board": "Papan {board}",
  "boards.dealer": "Dealer {seat}",
  "boards.vul": "Vul: {vulnerability}",
  "boards.open": "Belum dimainkan",
  "boards.pending": "Belum terkirim",
  "boards.scored": "Tercatat",
  "vul.None": "Tidak ada",
  "vul.NS": "NS",
  "vul.EW": "EW",
  "vul.Both": "Semua",
  "seat.N": "Utara",
  "seat.E": "Timur",
  "seat.S": "Selatan",
  "seat.W": "Barat",
  "suit.S": "Sekop",
  "suit.H": "Hati",
  "suit.D": "Wajik",
  "suit.C": "Keriting",
  "strain.nt": "NT",
  "entry.title": "Papan {board}",
  "entry.who": "Utara-Selatan: masukkan hasil",
  "entry.level": "Level",
  "entry.strain": "Warna",
  "entry.double": "X",
  "entry.redouble": "XX",
  "entry.double_name": "Dobel",
  "entry.redouble_name": "Redobel",
  "entry.passout": "Pas",
  "entry.partscore": "Partscore",
  "entry.game": "Game",
  "entry.declarer": "Deklarer",
  "entry.lead": "Kartu pembuka",
  "entry.lead_optional": "Kartu pembuka (jika tahu)",
  "entry.lead_required": "Kartu pembuka",
  "entry.lead_missing": "Pilih kartu pembuka",
  "entry.result": "Hasil",
  "entry.show_tricks": "Masukkan jumlah trik",
  "entry.show_difference": "Masukkan = / + / −",
  "entry.result_hint": "Pilih kontrak dulu",
  "entry.enter": "Masukkan",
  "entry.incomplete": "Pilih kontrak, deklarer dan hasil",
  "score.ns": "NS +{points}",
  "score.ew": "EW +{points}",
  "score.zero": "0",
  "contract.passout": "Pas",
  "contract.by": "{contract} oleh {declarer}",
  "result.tricks": { other: "{count} trik" },
  "confirm.title": "Timur-Barat: mohon periksa dan setujui",
  "confirm.board": "Papan",
  "confirm.contract": "Kontrak",
  "confirm.declarer": "Deklarer",
  "confirm.lead": "Lead",
  "confirm.result": "Hasil",
  "confirm.score": "Skor",
  "confirm.confirm": "Setuju",
  "confirm.correct": "Kembali / Koreksi",
  "complete.title": "Ronde {round} selesai",
  "complete.ns": "Pasangan Utara-Selatan {pair}: tetap di meja ini.",
  "complete.ew": "Pasangan Timur-Barat {pair}: pindah ke meja {table}.",
  "complete.ew_stay": "Pasangan Timur-Barat {pair}: tetap di meja ini.",
  "complete.boards": "Papan {boards}: berikan ke meja {table}.",
  "complete.next": "Ronde berikutnya",
  "complete.finished": "Semua ronde di meja ini sudah dimainkan. Terima kasih!",
  "complete.waiting": { other: "{count} hasil masih menunggu dikirim. Biarkan halaman ini terbuka." },
  "rejected.title": "Ditolak oleh komputer skor",
  "rejected.help": "Masukkan papan ini lagi, atau panggil direktur.",
  "rejected.dismiss": "OK",
};

const pl = {
  "app.title": "Traveller – stół",
  "app.loading": "Łączenie z komputerem sędziego…",
  "app.no_token": "Ta strona wymaga linku stołu. Zeskanuj kod QR z karty stołu.",
  "app.refused": "Ten link stołu nie działa.",
  "app.refused_help": "Zeskanuj ponownie kod QR z karty stołu albo zawołaj sędziego.",
  "app.retry": "Spróbuj ponownie",
  "app.no_storage": "Ta przeglądarka nie pozwala zapisywać wyników na urządzeniu. Nie rozłączaj się z siecią albo użyj innej przeglądarki.",
  "header.section": "Sektor {section}",
  "header.table": "Stół",
  "header.round": "Runda",
  "header.ns": "NS",
  "header.ew": "EW",
  "header.unsent": "Niewysłane",
  "header.online": "Połączony",
  "header.offline": "Bez sieci",
  "header.language": "Język",
  "clock.paused": "wstrzymany",
  "clock.late": "{minutes} min spóźnienia",
  "boards.board": "Rozdanie {board}",
  "boards.dealer": "Rozdaje {seat}",
  "boards.vul": "{vulnerability}",
  "boards.open": "Do rozegrania",
  "boards.pending": "Niewysłane",
  "boards.scored": "Zapisane",
  "vul.None": "przed partią",
  "vul.NS": "NS po partii",
  "vul.EW": "EW po partii",
  "vul.Both": "obie po partii",
  "seat.N": "Północ",
  "seat.E": "Wschód",
  "seat.S": "Południe",
  "seat.W": "Zachód",
  "suit.S": "Piki",
  "suit.H": "Kiery",
  "suit.D": "Kara",
  "suit.C": "Trefle",
  "strain.nt": "BA",
  "entry.title": "Rozdanie {board}",
  "entry.who": "Linia NS: wpiszcie wynik",
  "entry.level": "Wysokość",
  "entry.strain": "Kolor",
  "entry.double": "X",
  "entry.redouble": "XX",
  "entry.double_name": "Kontra",
  "entry.redouble_name": "Rekontra",
  "entry.passout": "Pas",
  "entry.partscore": "Częściówka",
  "entry.game": "Końcówka",
  "entry.declarer": "Rozgrywający",
  "entry.lead": "Wist",
  "entry.lead_optional": "Wist (jeśli pamiętacie)",
  "entry.lead_required": "Wist",
  "entry.lead_missing": "Wybierzcie kartę wistu",
  "entry.result": "Wynik",
  "entry.show_tricks": "Wpisz liczbę lew",
  "entry.show_difference": "Wpisz = / + / −",
  "entry.result_hint": "Najpierw wybierzcie kontrakt",
  "entry.enter": "Dalej",
  "entry.incomplete": "Wybierzcie kontrakt, rozgrywającego i wynik",
  "score.ns": "NS +{points}",
  "score.ew": "EW +{points}",
  "score.zero": "0",
  "contract.passout": "Pas",
  "contract.by": "{contract}, gra {declarer}",
  "result.tricks": { one: "{count} lewa", few: "{count} lewy", many: "{count} lew", other: "{count} lewy" },
  "confirm.title": "Linia EW: sprawdźcie i zatwierdźcie",
  "confirm.board": "Rozdanie",
  "confirm.contract": "Kontrakt",
  "confirm.declarer": "Rozgrywający",
  "confirm.lead": "Wist",
  "confirm.result": "Wynik",
  "confirm.score": "Zapis",
  "confirm.confirm": "Zatwierdź",
  "confirm.correct": "Wróć / Popraw",
  "complete.title": "Runda {round} zakończona",
  "complete.ns": "Para NS nr {pair}: zostaje przy tym stole.",
  "complete.ew": "Para EW nr {pair}: przechodzi do stołu {table}.",
  "complete.ew_stay": "Para EW nr {pair}: zostaje przy tym stole.",
  "complete.boards": "Rozdania {boards}: przekażcie do stołu {table}.",
  "complete.next": "Następna runda",
  "complete.finished": "Wszystkie rundy przy tym stole rozegrane. Dziękujemy!",
  "complete.waiting": {
    one: "{count} wynik czeka na wysłanie. Nie zamykajcie tej strony.",
    few: "{count} wyniki czekają na wysłanie. Nie zamykajcie tej strony.",
    many: "{count} wyników czeka na wysłanie. Nie zamykajcie tej strony.",
    other: "{count} wyniku czeka na wysłanie. Nie zamykajcie tej strony.",
  },
  "rejected.title": "Wynik nie przyjęty przez komputer",
  "rejected.help": "Wpiszcie rozdanie jeszcze raz albo zawołajcie sędziego.",
  "rejected.dismiss": "OK",
};

const dictionaries = { en, id, pl };

/** Each language's name in itself, for the chooser. */
export const LANGUAGE_NAMES = { en: "English", id: "Bahasa Indonesia", pl: "Polski" };

let current = "en";

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
  current = code in dictionaries ? code : "en";
  return current;
}

export function language() {
  return current;
}

export function hasKey(key, code = "en") {
  return key in (dictionaries[code] ?? {});
}

export function keys(code = "en") {
  return Object.keys(dictionaries[code] ?? {});
}

/** The dictionary value of a key in one language (for the completeness tests). */
export function raw(key, code) {
  return dictionaries[code]?.[key];
}

/** 1234 as the language writes it: "1,234", "1.234", "1234". */
export function formatNumber(value) {
  return new Intl.NumberFormat(current).format(value);
}

function pluralForm(forms, count) {
  const form = new Intl.PluralRules(current).select(Number(count ?? 0));
  return forms[form] ?? forms.other;
}

export function t(key, params = {}) {
  let text = dictionaries[current]?.[key] ?? en[key];
  // A missing key shows itself rather than breaking the table; a test checks none is missing.
  if (text === undefined) return key;
  if (typeof text === "object") text = pluralForm(text, params.count);
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
