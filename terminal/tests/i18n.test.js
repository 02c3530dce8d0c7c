import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chooseLanguage, hasKey, keys, setLanguage, t } from "../js/i18n.js";

const JS = fileURLToPath(new URL("../js/", import.meta.url));

// Keys built at run time from a template, with every value the code can put in.
const TEMPLATES = {
  "seat.${": ["N", "E", "S", "W"],
  "vul.${": ["None", "NS", "EW", "Both"],
  "boards.${": ["open", "pending", "scored"],
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
