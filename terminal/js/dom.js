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

/** The visible form of a contract code: suit symbols, red hearts and diamonds. */
export function contractNode(symbols) {
  return h("span", { class: "contract" },
    ...symbols.split(/([♣♦♥♠])/).filter(Boolean).map((part) =>
      /[♣♦♥♠]/.test(part) ? h("span", { class: /[♦♥]/.test(part) ? "suit red" : "suit" }, part) : part));
}
