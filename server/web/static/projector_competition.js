// A competition's projector: the page is drawn by the server; each projector the feed brings
// (a push, or while the socket is down the JSON every half minute) carries a `version`, and a
// version other than the page's reloads it.
import { follow } from "./projector_feed.js";

const shown = document.body.dataset.version;

follow((data) => {
  if (data && data.version && data.version !== shown) location.reload();
});
