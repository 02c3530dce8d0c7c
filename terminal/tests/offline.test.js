import { test } from "node:test";
import assert from "node:assert/strict";
import { guardReloads, reloadIsSafe } from "../js/offline.js";

test("15.5: a reload is safe online, or anywhere a service worker runs", () => {
  assert.equal(reloadIsSafe({ secure: true, online: false }), true);
  assert.equal(reloadIsSafe({ secure: false, online: true }), true);
  assert.equal(reloadIsSafe({ secure: false, online: false }), false);
});

function fakeWindow(secure) {
  const listeners = {};
  return {
    isSecureContext: secure,
    navigator: secure ? { serviceWorker: {} } : {},
    document: { documentElement: { style: {} } },
    addEventListener: (name, fn) => { listeners[name] = fn; },
    listeners,
  };
}

test("15.5: over plain http, leaving offline asks first and pull-to-refresh is off", () => {
  const win = fakeWindow(false);
  let online = false;
  guardReloads(win, () => online);
  assert.equal(win.document.documentElement.style.overscrollBehaviorY, "contain");
  const offline = { prevented: false, preventDefault() { this.prevented = true; } };
  win.listeners.beforeunload(offline);
  assert.equal(offline.prevented, true);
  online = true;
  const back = { prevented: false, preventDefault() { this.prevented = true; } };
  win.listeners.beforeunload(back);
  assert.equal(back.prevented, false);
});

test("15.5: on a secure origin the service worker answers reloads: no guard", () => {
  const win = fakeWindow(true);
  guardReloads(win, () => false);
  assert.deepEqual(win.listeners, {});
});
