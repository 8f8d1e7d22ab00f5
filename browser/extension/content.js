// Carries the calls of window.nostr (nostr-provider.js, which the browser runs in the page's own
// world: the extension exposes no file a page could load to detect it) to the background worker.
// Only the method and its parameters come from the page; the background worker takes the origin
// from the sender the browser reports.
const api = globalThis.browser ?? globalThis.chrome;

window.addEventListener("message", async (event) => {
  if (event.source !== window || !event.data || event.data.linkstr !== "request") return;
  const { id, method, params } = event.data;
  let reply;
  try {
    reply = await api.runtime.sendMessage({ method, params });
  } catch (error) {
    reply = { error: `the linkstr extension could not reach its background worker: ${error.message}` };
  }
  window.postMessage({ linkstr: "reply", id, ...reply }, window.location.origin);
});
