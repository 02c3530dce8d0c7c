import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const TERMINAL = fileURLToPath(new URL("../", import.meta.url));
const source = readFileSync(TERMINAL + "sw.js", "utf8");
const shell = JSON.parse(source.match(/const SHELL = (\[[^\]]*\]);/)[1].replace(/,\s*\]/, "]"));

test("the service worker precaches every module, the page, the style and socket.io", () => {
  const modules = readdirSync(TERMINAL + "js").filter((f) => f.endsWith(".js")).map((f) => `/terminal/js/${f}`);
  const missing = [...modules, "/terminal/index.html", "/terminal/app.css", "/vendor/socket.io.esm.min.js"]
    .filter((path) => !shell.includes(path));
  assert.deepEqual(missing, []);
});

test("the service worker names its cache with a VERSION constant", () => {
  assert.match(source, /const VERSION = "[^"]+";/);
});

test("the page loads only absolute paths the server serves", () => {
  const page = readFileSync(TERMINAL + "index.html", "utf8");
  for (const ref of page.matchAll(/(?:src|href)="(\/[^"]*)"/g)) {
    assert.ok(shell.includes(ref[1]), `${ref[1]} is not precached`);
  }
});
