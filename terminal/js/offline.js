// A reload with no network. On a secure origin (https with the venue's
// certificate, or localhost) the service worker answers it from its cache.
// Over plain http there is no service worker: a reload while the server is out
// of reach shows the browser's error page until the network is back (the
// results stay safe in IndexedDB all the same). So there, while nothing could
// answer a reload, the terminal keeps players from reloading by accident:
// pull-to-refresh is off, and reloading or leaving the page asks first.

/**
 * Whether a reload now would open the terminal again.
 * @param {{secure: boolean, online: boolean}} now
 */
export function reloadIsSafe({ secure, online }) {
  return secure || online;
}

/**
 * @param {Window} win
 * @param {() => boolean} online whether the terminal reaches the server now
 */
export function guardReloads(win, online) {
  const secure = Boolean(win.isSecureContext && "serviceWorker" in win.navigator);
  if (secure) return;
  // CSSOM, not a style attribute: the Content-Security-Policy allows no inline style.
  win.document.documentElement.style.overscrollBehaviorY = "contain";
  win.addEventListener("beforeunload", (event) => {
    if (reloadIsSafe({ secure, online: online() })) return;
    event.preventDefault();
    event.returnValue = ""; // older browsers ask only when this is set
  });
}
