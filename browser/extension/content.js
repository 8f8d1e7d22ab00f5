// Injects window.nostr into the page and carries its calls to the background worker. Only the
// method and its parameters come from the page; the background worker takes the origin from the
// sender the browser reports.
const api = globalThis.browser ?? globalThis.chrome;

const script = document.createElement("script");
script.src = api.runtime.getURL("nostr-provider.js");
script.onload = () => script.remove();
(document.head || document.documentElement).appendChild(script);

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
