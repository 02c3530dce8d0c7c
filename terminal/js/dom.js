// One helper to build elements: h("button", {class: "big", onclick}, "Text").
// Attributes named on* become listeners; null/false attributes and children
// are skipped, so views can write `cond && h(...)`.

export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "class") element.className = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

/**
 * Puts new content into `root` through `replace()`, keeping the text field being typed in:
 * the field with the same data-testid in the new content gets the focus and the caret back.
 * A state pushed while a player types (the other room's line-up, say) thus neither closes the
 * phone's keyboard nor sends the next keystrokes nowhere. The new field shows the model's
 * value, which every keystroke updates; `doc` is the document (a stand-in in tests).
 */
export function keepingFocus(root, replace, doc = globalThis.document) {
  const field = doc?.activeElement;
  const id = field?.dataset?.testid;
  const typing = Boolean(id) && /^(INPUT|TEXTAREA)$/.test(field.tagName ?? "") && root.contains(field);
  let caret = null;
  if (typing) {
    try {
      caret = [field.selectionStart, field.selectionEnd, field.selectionDirection];
    } catch {
      caret = null; // a field without a caret (a number input, say)
    }
  }
  replace();
  if (!typing || field.isConnected) return;
  const again = root.querySelector(`[data-testid="${id}"]`);
  if (!again || again.disabled || !/^(INPUT|TEXTAREA)$/.test(again.tagName ?? "")) return;
  again.focus({ preventScroll: true });
  if (caret?.[0] == null) return;
  try {
    again.setSelectionRange(...caret);
  } catch {
    /* no caret to put back */
  }
}

/**
 * A screen built anew between a button's press and its release takes the button from under
 * the pointer, and the click goes nowhere. While a button in `root` is pressed, hold(render)
 * keeps `render` for later and says true; the release runs it, in a task of its own (`later`)
 * so that it comes after the click the release makes, not before. `win` hears the release
 * wherever the pointer went.
 */
export function holdingWhilePressed(root, win, later = (run) => setTimeout(run, 0)) {
  let down = false;
  let held = null;
  root.addEventListener("pointerdown", (event) => {
    down = Boolean(event.target?.closest?.("button"));
  }, true);
  const released = () => {
    if (!down) return;
    down = false;
    const run = held;
    held = null;
    if (run) later(run);
  };
  for (const type of ["pointerup", "pointercancel"]) win.addEventListener(type, released, true);
  win.addEventListener("blur", released);
  return {
    hold(render) {
      if (!down) return false;
      held = render;
      return true;
    },
  };
}

/** The visible form of a contract code: suit symbols, red hearts and diamonds. */
export function contractNode(symbols) {
  return h("span", { class: "contract" },
    ...symbols.split(/([♣♦♥♠])/).filter(Boolean).map((part) =>
      /[♣♦♥♠]/.test(part) ? h("span", { class: /[♦♥]/.test(part) ? "suit red" : "suit" }, part) : part));
}
