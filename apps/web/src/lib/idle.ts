/** Waits for the browser to be idle (a page's first rows come first), then runs `fn`; answers a cancel function. */
export function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1000);
  return () => clearTimeout(id);
}
