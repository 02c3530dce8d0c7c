import { test } from "node:test";
import assert from "node:assert/strict";
import { holdingWhilePressed, keepingFocus } from "../js/dom.js";

/** A stand-in for the few DOM parts keepingFocus touches: fields in a root, one focused. */
function page() {
  const doc = { activeElement: null };
  const root = {
    children: [],
    contains: (el) => root.children.includes(el),
    querySelector(selector) {
      const id = /^\[data-testid="(.*)"\]$/.exec(selector)[1];
      return root.children.find((el) => el.dataset.testid === id) ?? null;
    },
    replaceChildren(...children) {
      root.children = children;
      if (!children.includes(doc.activeElement)) doc.activeElement = null; // the focus drops
    },
  };
  const field = (testid, tagName = "INPUT", extra = {}) => {
    const el = {
      tagName, dataset: { testid }, selectionStart: 0, selectionEnd: 0, selectionDirection: "none",
      get isConnected() {
        return root.children.includes(el);
      },
      focus() {
        doc.activeElement = el;
      },
      setSelectionRange(start, end, direction) {
        Object.assign(el, { selectionStart: start, selectionEnd: end, selectionDirection: direction });
      },
      ...extra,
    };
    return el;
  };
  return { doc, root, field };
}

test("a field being typed in keeps its focus and caret when the screen is built anew", () => {
  const { doc, root, field } = page();
  const old = field("player-north");
  root.replaceChildren(old, field("player-south"));
  old.focus();
  old.setSelectionRange(2, 2, "forward");
  const fresh = field("player-north");
  keepingFocus(root, () => root.replaceChildren(fresh, field("player-south")), doc);
  assert.equal(doc.activeElement, fresh);
  assert.deepEqual([fresh.selectionStart, fresh.selectionEnd, fresh.selectionDirection], [2, 2, "forward"]);
});

test("a selection (all of it, as a tap and select does) comes back whole", () => {
  const { doc, root, field } = page();
  const old = field("call-text", "INPUT");
  root.replaceChildren(old);
  old.focus();
  old.setSelectionRange(0, 5, "none");
  const fresh = field("call-text", "INPUT");
  keepingFocus(root, () => root.replaceChildren(fresh), doc);
  assert.deepEqual([fresh.selectionStart, fresh.selectionEnd], [0, 5]);
});

test("nothing is focused when no field was, when it is gone, disabled, or not a field", () => {
  const { doc, root, field } = page();
  keepingFocus(root, () => root.replaceChildren(field("player-north")), doc);
  assert.equal(doc.activeElement, null, "no focus before, none after");

  const old = field("player-north");
  root.replaceChildren(old);
  old.focus();
  keepingFocus(root, () => root.replaceChildren(field("board-1")), doc);
  assert.equal(doc.activeElement, null, "the form is gone (saved)");

  root.replaceChildren(old);
  old.focus();
  keepingFocus(root, () => root.replaceChildren(field("player-north", "INPUT", { disabled: true })), doc);
  assert.equal(doc.activeElement, null, "a disabled field is not focused");

  const button = field("lineup-save", "BUTTON");
  root.replaceChildren(button);
  button.focus();
  keepingFocus(root, () => root.replaceChildren(field("lineup-save", "BUTTON")), doc);
  assert.equal(doc.activeElement, null, "a tapped button is not focused again");
});

test("a field still on screen is left alone, and one without a caret gets the focus only", () => {
  const { doc, root, field } = page();
  const kept = field("player-north");
  root.replaceChildren(kept);
  kept.focus();
  let moved = false;
  kept.setSelectionRange = () => { moved = true; };
  keepingFocus(root, () => {}, doc);
  assert.equal(doc.activeElement, kept);
  assert.equal(moved, false);

  const number = field("minutes", "INPUT", { selectionStart: null, selectionEnd: null });
  root.replaceChildren(number);
  number.focus();
  const fresh = field("minutes", "INPUT", { setSelectionRange() { throw new Error("no caret"); } });
  keepingFocus(root, () => root.replaceChildren(fresh), doc);
  assert.equal(doc.activeElement, fresh);
});

/** A stand-in event target: listeners by type, fired by hand. */
function target() {
  const listeners = {};
  return {
    addEventListener(type, listener) {
      (listeners[type] ??= []).push(listener);
    },
    fire(type, event = {}) {
      for (const listener of listeners[type] ?? []) listener(event);
    },
  };
}

const onButton = { target: { closest: (selector) => (selector === "button" ? {} : null) } };
const offButton = { target: { closest: () => null } };

test("a render asked for while a button is pressed runs after the release, once, in a task of its own", () => {
  const root = target();
  const win = target();
  const tasks = [];
  const pressing = holdingWhilePressed(root, win, (run) => tasks.push(run));
  let renders = 0;
  const render = () => { renders += 1; };
  assert.equal(pressing.hold(render), false, "nothing pressed: render now");
  root.fire("pointerdown", onButton);
  assert.equal(pressing.hold(render), true, "pressed: held");
  assert.equal(pressing.hold(render), true);
  assert.equal(tasks.length, 0);
  win.fire("pointerup");
  assert.equal(tasks.length, 1, "one render for all those held");
  assert.equal(renders, 0, "not before the click the release makes");
  tasks[0]();
  assert.equal(renders, 1);
  assert.equal(pressing.hold(render), false, "released: render now");
});

test("a press off any button holds nothing; a cancelled press or a lost window lets go too", () => {
  const root = target();
  const win = target();
  const tasks = [];
  const pressing = holdingWhilePressed(root, win, (run) => tasks.push(run));
  root.fire("pointerdown", offButton);
  assert.equal(pressing.hold(() => {}), false, "a press on a field or the page");
  root.fire("pointerdown", onButton);
  win.fire("pointercancel"); // the finger scrolled the page instead
  assert.equal(pressing.hold(() => {}), false);
  root.fire("pointerdown", onButton);
  pressing.hold(() => {});
  win.fire("blur");
  assert.equal(tasks.length, 1, "the held render runs when the window loses the pointer");
  win.fire("pointerup");
  assert.equal(tasks.length, 1, "a release with nothing pressed does nothing");
});
