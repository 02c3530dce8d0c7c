// The queue of results confirmed at the table but not yet acknowledged by the
// server. Each entry is written to the store before anyone calls it sent;
// flush() sends them oldest first, one at a time, waiting for each ack. The
// server keeps every op_id once, so resending after a lost ack is harmless.
// An ack with ok: false is final: the entry moves to the rejected list with
// the server's sentence, for the players to see and enter again. The
// exceptions keep the entry first in line, to be tried again later: a server
// fault (status 500 and up) or a table past its message budget (429), which say
// nothing about the entry, and a refusal
// the caller says the table can lift (`hooks.hold(ack)`: D2.1's line-up not
// given yet), so an entry is never lost to it.
//
// An acknowledged entry is not forgotten at once: the last ACKED_KEEP stay in
// `acked`, so that a server taken over from a backup (which may miss what was
// acknowledged after it was made) gets them again. requeue() puts those the
// server's state no longer holds back at the head of the queue, in their first
// order; the op_id makes the resend harmless. A resent entry the server calls a
// duplicate is settled for good (it has it, or the director removed it), so a
// state that lacks it never makes it go round again.
//
// The store is injected ({get, set}), so this module runs under node's test
// runner with memoryStore() as well as in the browser with idbStore().

/**
 * @typedef {{op_id: string, board: number, round: number|null, contract: string,
 *            declarer: string|null, tricks: number, ns_score: number}} Entry
 * @typedef {Entry & {error: string, code: string}} Rejection
 */

/** Acknowledged entries kept for a take-over: more than a session's boards at one table. */
export const ACKED_KEEP = 200;

export function createOutbox(store, key) {
  /** @type {{entries: Entry[], rejected: Rejection[], acked: Entry[]} | null} */
  let data = null;
  let writes = Promise.resolve();
  let running = null;
  let again = false;

  async function load() {
    if (data === null) {
      const saved = await store.get(key);
      data = { entries: saved?.entries ?? [], rejected: saved?.rejected ?? [], acked: saved?.acked ?? [] };
    }
    return data;
  }

  // Changes run one after another so an add during a flush is never lost,
  // and memory follows the store only after the store has the change.
  function change(update) {
    const run = writes.then(async () => {
      const next = update(await load());
      await store.set(key, next);
      data = next;
    });
    writes = run.catch(() => {});
    return run;
  }

  async function drain(send, hooks) {
    let sent = 0;
    for (;;) {
      const entry = (await load()).entries[0];
      if (!entry) return { sent, stopped: null };
      let ack;
      try {
        ack = await send(entry);
      } catch (error) {
        return { sent, stopped: error };
      }
      // A server fault, or a table past its message budget (429): not the entry's fault,
      // it stays first in line and goes again a moment later.
      if (ack && !ack.ok && (ack.status >= 500 || ack.status === 429)) {
        return { sent, stopped: Object.assign(new Error(ack.error ?? "server error"), { ack }) };
      }
      if (ack && !ack.ok && hooks.hold?.(ack, entry)) {
        return { sent, stopped: Object.assign(new Error(ack.error ?? "held"), { ack, held: true }) };
      }
      if (ack && ack.ok) {
        // Kept for a take-over unless this was a resend the server already had.
        const { replay, ...kept } = entry;
        const keep = !(replay && ack.duplicate);
        await change((d) => ({
          ...d,
          entries: d.entries.filter((e) => e.op_id !== entry.op_id),
          acked: keep ? [...d.acked.filter((e) => e.op_id !== entry.op_id), kept].slice(-ACKED_KEEP) : d.acked,
        }));
        sent += 1;
        hooks.onAccepted?.(entry, ack);
      } else {
        const rejection = {
          ...entry,
          code: ack?.code ?? "rejected",
          error: ack?.error ?? "The server refused this result.",
        };
        await change((d) => ({
          ...d,
          entries: d.entries.filter((e) => e.op_id !== entry.op_id),
          rejected: [...d.rejected, rejection],
        }));
        hooks.onRejected?.(rejection);
      }
    }
  }

  return {
    /** Read the saved queue; call once before pending()/rejected(). */
    async load() {
      await load();
    },
    /** Entries waiting for an ack, oldest first. */
    pending() {
      return data ? [...data.entries] : [];
    },
    rejected() {
      return data ? [...data.rejected] : [];
    },
    /** Acknowledged entries kept for a take-over, oldest first. */
    acked() {
      return data ? [...data.acked] : [];
    },
    /**
     * Acknowledged entries for which `held(entry)` is false (the server's state
     * lacks them: it was restored from a backup) go back to the head of the
     * queue, in their first order, marked as resends; flush() then sends them.
     * @returns {Promise<Entry[]>} the entries queued again
     */
    async requeue(held) {
      const lost = (await load()).acked.filter((e) => !held(e));
      if (!lost.length) return [];
      let back = [];
      await change((d) => {
        back = d.acked.filter((e) => !held(e));
        const ids = new Set(back.map((e) => e.op_id));
        return {
          ...d,
          entries: [...back.map((e) => ({ ...e, replay: true })), ...d.entries.filter((e) => !ids.has(e.op_id))],
          acked: d.acked.filter((e) => !ids.has(e.op_id)),
        };
      });
      return back;
    },
    /** Resolves once the entry is durably stored. */
    add(entry) {
      return change((d) => ({ ...d, entries: [...d.entries, entry] }));
    },
    /** The players have read a rejection; forget it. */
    dismiss(op_id) {
      return change((d) => ({ ...d, rejected: d.rejected.filter((r) => r.op_id !== op_id) }));
    },
    /**
     * Send everything pending, in order. `send(entry)` resolves to the ack or
     * rejects when the connection failed (the entry then stays, for the next
     * flush); `hooks.hold(ack, entry)` true keeps a refused entry queued and
     * stops there. A flush asked for while one runs joins it and runs once more.
     * @returns {Promise<{sent: number, stopped: unknown}>}
     */
    flush(send, hooks = {}) {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = 0;
        let outcome;
        try {
          do {
            again = false;
            outcome = await drain(send, hooks);
            total += outcome.sent;
          } while (again);
        } finally {
          running = null;
        }
        return { sent: total, stopped: outcome.stopped };
      })();
      return running;
    },
  };
}
