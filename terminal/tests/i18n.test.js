import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chooseLanguage, formatNumber, hasKey, keys, languages, raw, setLanguage, startLanguage, t } from "../js/i18n.js";
import { cardText, contractText, scoreText } from "../js/format.js";

const JS = fileURLToPath(new URL("../js/", import.meta.url));

// Keys built at run time from a template, with every value the code can put in.
const TEMPLATES = {
  "seat.${": ["N", "E", "S", "W"],
  "vul.${": ["None", "NS", "EW", "Both"],
  "vul_short.${": ["None", "NS", "EW", "Both"],
  "boards.${": ["open", "pending", "scored", "adjusted", "locked", "awaiting"],
  "suit.${": ["S", "H", "D", "C"],
  "rank.${": ["A", "K", "Q", "J"],
  "call.reason.${": ["revoke", "insufficient", "lead", "claim", "board", "other"],
};

function usedKeys() {
  const used = new Set();
  for (const file of readdirSync(JS).filter((f) => f.endsWith(".js"))) {
    const source = readFileSync(JS + file, "utf8");
    for (const call of source.matchAll(/\bt\(([^()]*?)(?:,|\))/g)) {
      const argument = call[1];
      for (const literal of argument.matchAll(/"([^"]+)"/g)) used.add(literal[1]);
      for (const template of argument.matchAll(/`([^`]+)`/g)) {
        const head = template[1].slice(0, template[1].indexOf("${") + 2);
        assert.ok(head in TEMPLATES, `${file}: unknown key template ${template[1]}`);
        for (const value of TEMPLATES[head]) used.add(head.slice(0, -2) + value);
      }
    }
  }
  return used;
}

test("every key the code uses exists in the English dictionary", () => {
  const used = usedKeys();
  assert.ok(used.size > 40, `found only ${used.size} keys: the scan is broken`);
  const missing = [...used].filter((key) => !hasKey(key));
  assert.deepEqual(missing, []);
});

test("every English key is used somewhere", () => {
  const used = usedKeys();
  assert.deepEqual(keys().filter((key) => !used.has(key)), []);
});

test("placeholders are filled and unknown ones left visible", () => {
  setLanguage("en");
  assert.equal(t("boards.board", { board: 7 }), "Board 7");
  assert.equal(t("boards.board"), "Board {board}");
});

test("a missing key shows itself instead of breaking the page", () => {
  assert.equal(t("no.such.key"), "no.such.key");
});

test("the language is the first wanted one that ships, else English", () => {
  assert.equal(chooseLanguage(["xx-YY", "en-GB"]), "en");
  assert.equal(chooseLanguage([]), "en");
  assert.equal(setLanguage("zz"), "en");
});

const placeholders = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const forms = (value) => (typeof value === "object" ? Object.values(value) : [value]);

test("English, Indonesian and Polish ship", () => {
  assert.deepEqual(languages(), ["en", "id", "pl"]);
});

test("every language has exactly the English keys", () => {
  for (const code of languages()) {
    assert.deepEqual(keys(code).filter((key) => !hasKey(key)), [], `${code} has keys English lacks`);
    assert.deepEqual(keys().filter((key) => !hasKey(key, code)), [], `${code} lacks keys`);
  }
});

test("every translation keeps the English placeholders and none is empty", () => {
  for (const code of languages()) {
    for (const key of keys()) {
      const wanted = placeholders(forms(raw(key, "en"))[0]);
      for (const text of forms(raw(key, code))) {
        assert.ok(String(text).trim(), `${code} ${key} is empty`);
        assert.deepEqual(placeholders(text), wanted, `${code} ${key}: ${text}`);
      }
      if (typeof raw(key, "en") === "object") assert.ok("other" in raw(key, code), `${code} ${key}: no "other" form`);
    }
  }
});

test("the words are the ones bridge players use", () => {
  setLanguage("pl");
  assert.equal(t("boards.board", { board: 7 }), "Rozdanie 7");
  assert.equal(t("confirm.score"), "Zapis");
  assert.equal(t("entry.declarer"), "Rozgrywający");
  assert.equal(t("entry.lead"), "Wist");
  assert.equal(t("entry.passout"), "Pas");
  assert.equal(contractText("3N"), "3BA");
  assert.equal(contractText("4SX"), "4♠X");
  setLanguage("id");
  assert.equal(t("boards.board", { board: 7 }), "Papan 7");
  assert.equal(t("header.table"), "Meja");
  assert.equal(t("header.round"), "Ronde");
  assert.equal(t("confirm.contract"), "Kontrak");
  assert.equal(t("confirm.score"), "Skor");
  assert.equal(contractText("3N"), "3NT");
  setLanguage("en");
});

test("plural forms follow each language's rules", () => {
  setLanguage("pl");
  assert.equal(t("result.tricks", { count: 1 }), "1 lewa");
  assert.equal(t("result.tricks", { count: 3 }), "3 lewy");
  assert.equal(t("result.tricks", { count: 10 }), "10 lew");
  assert.equal(t("result.tricks", { count: 12 }), "12 lew");
  setLanguage("en");
  assert.equal(t("result.tricks", { count: 1 }), "1 trick");
  assert.equal(t("result.tricks", { count: 9 }), "9 tricks");
  setLanguage("id");
  assert.equal(t("result.tricks", { count: 9 }), "9 trik");
  setLanguage("en");
});

test("7 a label naming boards says board or boards by their number, in every language", () => {
  setLanguage("en");
  assert.equal(t("lineup.boards", { boards: "4", count: 1 }), "Board 4");
  assert.equal(t("lineup.boards", { boards: "4–6", count: 3 }), "Boards 4–6");
  assert.equal(t("complete.boards", { boards: "7", count: 1, table: 2 }), "Board 7: pass it to table 2.");
  setLanguage("pl");
  assert.equal(t("lineup.boards", { boards: "4", count: 1 }), "Rozdanie 4");
  assert.equal(t("lineup.boards", { boards: "4–6", count: 3 }), "Rozdania 4–6");
  assert.equal(t("lineup.boards", { boards: "1–5", count: 5 }), "Rozdania 1–5");
  assert.equal(t("complete.boards_rest", { boards: "3", count: 1, round: 2 }).split(":")[0], "Rozdanie 3");
  setLanguage("id");
  assert.equal(t("lineup.boards", { boards: "4", count: 1 }), "Papan 4");
  assert.equal(t("lineup.boards", { boards: "4–6", count: 3 }), "Papan 4–6");
  setLanguage("en");
});

test("numbers are written as each language writes them", () => {
  setLanguage("en");
  assert.equal(scoreText(1100), "NS +1,100");
  setLanguage("id");
  assert.equal(formatNumber(2210), "2.210");
  assert.equal(scoreText(-1100), "EW +1.100");
  setLanguage("pl");
  assert.equal(scoreText(7600), "NS +7600"); // Polish groups only from five digits
  setLanguage("en");
});

test("a lead reads with its suit symbol, the ten as 10", () => {
  assert.equal(cardText("SA"), "♠A");
  assert.equal(cardText("HT"), "♥10");
  assert.equal(cardText("H10"), "♥10");
  assert.equal(cardText("c2"), "♣2");
});

test("the chooser's default is the browser's language", () => {
  assert.equal(chooseLanguage(["pl-PL", "en"]), "pl");
  assert.equal(chooseLanguage(["id"]), "id");
  assert.equal(chooseLanguage(["in-ID", "id-ID"]), "id");
});

test("7 the link's ?lang= comes first, then the device's choice, then the browser's", () => {
  assert.equal(startLanguage("?lang=pl", "id", ["en-US"]), "pl");
  assert.equal(startLanguage("?lang=PL-pl", null, []), "pl");
  assert.equal(startLanguage("?other=1&lang=id", "pl", ["en"]), "id");
  assert.equal(startLanguage("?lang=xx", "id", ["pl-PL"]), "id", "a language that does not ship is passed over");
  assert.equal(startLanguage("", null, ["pl-PL", "en"]), "pl");
  assert.equal(startLanguage("", null, []), "en");
});
