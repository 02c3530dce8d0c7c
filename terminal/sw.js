// The terminal's service worker, served at /sw.js with scope "/". It keeps
// the app shell in a cache named after VERSION so a table page opens with no
// network at all: navigation to /t/<token> tries the network briefly and
// falls back to the cached shell; shell files come from the cache first.
// Nothing else is touched: /socket.io/, /director and the rest go straight
// to the network. The server replaces VERSION with a digest of the shell's
// files when it serves this file, so any change to the terminal installs anew.

const VERSION = "traveller-terminal-v1";

const SHELL = [
  "/terminal/index.html",
  "/terminal/app.css",
  "/terminal/js/app.js",
  "/terminal/js/boardlist.js",
  "/terminal/js/boards.js",
  "/terminal/js/calls.js",
  "/terminal/js/clock.js",
  "/terminal/js/complete.js",
  "/terminal/js/confirm.js",
  "/terminal/js/contract.js",
  "/terminal/js/devices.js",
  "/terminal/js/dom.js",
  "/terminal/js/eastwest.js",
  "/terminal/js/entry.js",
  "/terminal/js/ewview.js",
  "/terminal/js/format.js",
  "/terminal/js/hand.js",
  "/terminal/js/header.js",
  "/terminal/js/i18n.js",
  "/terminal/js/id.js",
  "/terminal/js/names.js",
  "/terminal/js/offline.js",
  "/terminal/js/outbox.js",
  "/terminal/js/patch.js",
  "/terminal/js/players.js",
  "/terminal/js/rejected.js",
  "/terminal/js/score.js",
  "/terminal/js/socket.js",
  "/terminal/js/store.js",
  "/terminal/js/table.js",
  "/terminal/js/teams.js",
  "/terminal/js/teamsview.js",
  "/terminal/js/traveller.js",
  "/vendor/socket.io.esm.min.js",
  "/static/favicon.svg",
];

const NAVIGATION_TIMEOUT_MS = 2500;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(VERSION);
    await cache.addAll(SHELL);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name !== VERSION).map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error) => { clearTimeout(timer); reject(error); },
    );
  });
}

async function tablePage(request) {
  const cache = await caches.open(VERSION);
  try {
    const response = await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS);
    if (response.ok) {
      await cache.put("/terminal/index.html", response.clone());
      return response;
    }
    // A server error or an unknown path: the cached shell can still show the table.
    return (await cache.match("/terminal/index.html")) ?? response;
  } catch {
    const shell = await cache.match("/terminal/index.html");
    if (shell) return shell;
    throw new Error("offline and no cached terminal");
  }
}

async function shellFile(request) {
  const cache = await caches.open(VERSION);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/t/")) {
    event.respondWith(tablePage(request));
  } else if (url.pathname.startsWith("/terminal/") || url.pathname.startsWith("/vendor/")
             || SHELL.includes(url.pathname)) {
    event.respondWith(shellFile(request));
  }
});
