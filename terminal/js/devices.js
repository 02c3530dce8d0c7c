// One terminal per side of a table. A device that opens the table while another
// device is already its terminal is warned before it enters anything (two
// devices entering the same boards make conflicting entries for the director):
// it may take over, and the other device is then told so, or step back. A
// device that has been the table's terminal is remembered and not warned again
// when it reconnects; one that was taken over forgets it.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { resultLine } from "./format.js";
import { boardNumber } from "./names.js";

const key = (token) => `traveller:terminal:${token}`;

function read(token) {
  try {
    return localStorage.getItem(key(token));
  } catch {
    return null; // storage refused (private mode): the device is asked on every visit
  }
}

function write(token, value) {
  try {
    if (value === null) localStorage.removeItem(key(token));
    else localStorage.setItem(key(token), value);
  } catch {
    /* see read() */
  }
}

/** Whether this device has been the table's terminal (it entered, or took over). */
export function isMine(token) {
  return read(token) === "mine";
}

export function markMine(token) {
  write(token, "mine");
}

export function forget(token) {
  write(token, null);
}

/**
 * What the device shows after the server counted the table's other devices on
 * its side: null (nothing: it is the terminal) or "warn".
 */
export function noticeFor(token, others) {
  if (others > 0 && !isMine(token)) return "warn";
  markMine(token);
  return null;
}

/**
 * The screen instead of the table while another device is the terminal:
 * "warn" (before entering), "stepped_back" (this device chose not to), "taken"
 * (another device took over).
 */
export function renderDeviceNotice(kind, { takeOver, stepBack, table = null }) {
  const [title, help] = {
    warn: () => [t("device.warn_title"), t("device.warn_help")],
    stepped_back: () => [t("device.stepped_back_title"), t("device.stepped_back_help")],
    taken: () => [t("device.taken_title"), t("device.taken_help")],
  }[kind]();
  return h("section", { class: "device-notice", role: "alertdialog", "data-testid": "device-notice", "data-kind": kind },
    table !== null && h("p", { class: "where", "data-testid": "device-table" }, `${t("header.table")} ${table}`),
    h("h1", {}, title),
    h("p", {}, help),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "primary", "data-testid": "device-take-over", onclick: takeOver },
        t("device.take_over")),
      kind === "warn" && h("button", { type: "button", class: "secondary", "data-testid": "device-step-back",
        onclick: stepBack }, t("device.step_back"))));
}

/**
 * A refused entry's reason and advice in the table's language. A board the
 * table has already scored (another device entered it first) names the stored
 * result and says what to do; other refusals keep the server's sentence.
 * @returns {{error: string, help: string|null}}
 */
export function explainRejection(rejection, state) {
  if (rejection.code !== "already_scored") return { error: rejection.error, help: null };
  const stored = (state?.results ?? []).find((r) => r.board === rejection.board);
  if (!stored) return { error: t("device.already_scored", { board: boardNumber(rejection.board) }), help: t("device.ask_director") };
  const same = stored.contract === rejection.contract && (stored.declarer ?? null) === (rejection.declarer ?? null)
    && stored.tricks === rejection.tricks;
  return {
    error: t("device.already_scored_as", { board: boardNumber(rejection.board), result: resultLine(stored) }),
    help: same ? t("device.same_result") : t("device.kept_for_director"),
  };
}
