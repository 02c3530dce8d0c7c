// Calling the director: the reasons a table can pick, the calls it has made
// (the server's `state.calls` merged with calls still waiting in the call
// queue, so a call made offline shows at once) and the director's answers.
// Calls travel through their own outbox (see app.js): stored first, sent on
// reconnect, and a replayed op_id is the same call on the server.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { boardNumber } from "./names.js";

/** The preset reasons, in the order the picker shows them; "other" takes free text. */
export const REASONS = ["revoke", "insufficient", "lead", "claim", "board", "other"];

/** The reason as sent to the director, in the table's language; null when "other" has no text. */
export function reasonText(reason, text = "") {
  if (reason === "other") return text.trim() ? text.trim().slice(0, 200) : null;
  return t(`call.reason.${reason}`);
}

/** The reason of a call asking the director to correct a confirmed result. */
export function correctionReason(board) {
  return t("call.correction", { board: boardNumber(board) });
}

/** The calls to show, newest first: the server's, queued and refused ones, minus dismissed ones. */
export function callsToShow(serverCalls = [], queued = [], refused = [], dismissed = []) {
  const hidden = new Set(dismissed);
  const known = new Set(serverCalls.map((c) => c.op_id));
  const shown = [
    ...serverCalls.map((c) => ({
      op_id: c.op_id, reason: c.reason, answer: c.answer ?? null, error: null,
      state: c.answer ? "answered" : "waiting", at: c.called_ms ?? 0,
    })),
    ...queued.filter((q) => !known.has(q.op_id)).map((q) => ({
      op_id: q.op_id, reason: q.reason, answer: null, error: null, state: "queued", at: q.created_ms ?? 0,
    })),
    ...refused.map((r) => ({
      op_id: r.op_id, reason: r.reason, answer: null, error: r.error, state: "refused", at: r.created_ms ?? 0,
    })),
  ];
  return shown.filter((c) => !hidden.has(c.op_id)).sort((a, b) => b.at - a.at)
    .map(({ at, ...call }) => call);
}

/** Puts a call the server sent (director_answer) into a list of calls, by id. */
export function withCall(calls = [], call) {
  const at = calls.findIndex((c) => c.id === call.id || (call.op_id && c.op_id === call.op_id));
  if (at === -1) return [...calls, call];
  return calls.map((c, i) => (i === at ? { ...c, ...call } : c));
}

/** The table's calls and their answers; answered and refused ones can be dismissed. */
export function renderCalls(calls, dismiss) {
  return h("section", { class: "calls", "data-testid": "calls", hidden: calls.length === 0 },
    h("ul", {}, calls.map((c) => h("li", { class: `call ${c.state}`, "data-testid": "call-item", "data-state": c.state },
      h("p", { class: "reason" }, c.reason),
      c.state === "queued" && h("p", { class: "status" }, t("call.queued")),
      c.state === "waiting" && h("p", { class: "status" }, t("call.waiting")),
      c.state === "answered" && h("p", { class: "answer", "data-testid": "call-answer" }, t("call.answer", { answer: c.answer })),
      c.state === "refused" && h("p", { class: "error" }, t("call.refused", { error: c.error })),
      (c.state === "answered" || c.state === "refused") && h("button", {
        type: "button", class: "secondary small", "data-testid": "call-dismiss", onclick: () => dismiss(c.op_id),
      }, t("call.dismiss"))))));
}

/** The "Call the director" button. */
export function renderCallButton(open) {
  return h("button", { type: "button", class: "call-button", "data-testid": "call-director", onclick: open },
    t("call.button"));
}

/** The "Call the director" button, or, once tapped, the reasons to pick from. */
export function renderCallPicker(picker, actions) {
  if (!picker.open) return h("div", { class: "call-bar" }, renderCallButton(actions.open));
  const ready = picker.reason && reasonText(picker.reason, picker.text) !== null;
  return h("section", { class: "call-picker", "data-testid": "call-picker" },
    h("h2", {}, t("call.title")),
    h("div", { class: "reasons" }, REASONS.map((reason) => h("button", {
      type: "button", class: "key", "data-testid": `reason-${reason}`,
      "aria-pressed": picker.reason === reason ? "true" : "false", onclick: () => actions.choose(reason),
    }, t(`call.reason.${reason}`)))),
    picker.reason === "other" && h("input", {
      type: "text", class: "call-text", "data-testid": "call-text", maxlength: 200,
      placeholder: t("call.other_hint"), "aria-label": t("call.other_hint"), value: picker.text,
      oninput: (event) => {
        actions.text(event.target.value);
        // No redraw while typing (it would drop the keyboard): only the Call button follows.
        const send = event.target.closest("section")?.querySelector('[data-testid="call-send"]');
        if (send) send.disabled = !event.target.value.trim();
      },
    }),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "primary", "data-testid": "call-send", disabled: !ready,
        onclick: actions.send }, t("call.send")),
      h("button", { type: "button", class: "secondary", "data-testid": "call-cancel", onclick: actions.cancel },
        t("call.cancel"))));
}
