// A competition's projector: the page is drawn by the server; each `projector` push of the
// /results namespace carries a `version`, and a version other than the page's reloads it. While
// the socket is down, or socket.io cannot be loaded, it asks every half minute instead.
const POLL_MS = 30000;
const shown = document.body.dataset.version;

function follow(data) {
  if (data && data.version && data.version !== shown) location.reload();
}

async function fetchOnce() {
  try {
    const response = await fetch("/results/api/projector", { headers: { Accept: "application/json" } });
    const data = await response.json();
    if (data.ok) follow(data);
  } catch {
    // The server is unreachable: try again at the next tick.
  }
}

let timer = null;

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
  const socket = io("/results");
  socket.on("projector", follow);
  socket.on("connect", listen);
  socket.on("disconnect", poll);
  socket.on("connect_error", poll);
} catch {
  poll();
}
