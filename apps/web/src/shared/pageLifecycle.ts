/**
 * Whether this page is being left (a reload, a navigation away, the tab closing). Its requests still in flight are
 * then cancelled by the browser: a failure seen now is not the server's answer and must not be acted on as one
 * (logging out because the permissions "could not be loaded" while the user pressed F5 ended a live session).
 */
let leaving = false;
let stay: ReturnType<typeof setTimeout> | undefined;

/** beforeunload also fires for a link that turns out to be a download: the page then stays, and so does this. */
const STILL_HERE_MS = 1_000;

if (typeof window !== 'undefined') {
  // beforeunload comes first, before the browser cancels anything; if the page is still here a second later, the
  // navigation did not replace it. pagehide is the page really going (or into the back/forward cache).
  window.addEventListener('beforeunload', () => {
    leaving = true;
    clearTimeout(stay);
    stay = setTimeout(() => {
      leaving = false;
    }, STILL_HERE_MS);
  });
  window.addEventListener('pagehide', () => {
    clearTimeout(stay);
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export function pageIsLeaving(): boolean {
  return leaving;
}
