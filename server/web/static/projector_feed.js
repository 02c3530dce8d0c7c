// What every projector listens to: each `projector` push of the /results namespace, and while
// the socket is down (or socket.io cannot be loaded) the same JSON every half minute.
// `body[data-live]` says which ("socket" or "polling").
const POLL_MS = 30000;

/** Calls `show(data)` with every projector the server pushes or answers. */
export async function follow(show) {
  let socket = null;
  let timer = null;

  async function fetchOnce() {
    try {
      const response = await fetch("/results/api/projector", { headers: { Accept: "application/json" } });
      const data = await response.json();
      if (!data.ok) return;
      show(data);
      // Refused while the results were unpublished: now that they answer, listen again.
      if (socket && !socket.connected && !socket.active) socket.connect();
    } catch {
      // The server is unreachable: try again at the next tick.
    }
  }

  function poll() {
    document.body.dataset.live = "polling";
    if (timer === null) timer = setInterval(fetchOnce, POLL_MS);
  }

  function listen() {
    document.body.dataset.live = "socket";
    clearInterval(timer);
    timer = null;
  }

  try {
    const { io } = await import("/vendor/socket.io.esm.min.js");
    socket = io("/results");
    socket.on("projector", show);
    socket.on("connect", listen);
    socket.on("disconnect", poll);
    socket.on("connect_error", poll);
  } catch {
    poll();
  }
}
