// Forwards window.nostr calls to the linkstr native host (`linkstr browser host`) and hands back
// its answers. The origin sent to the host is the one the browser reports for the calling tab.
const api = globalThis.browser ?? globalThis.chrome;
const hostName = "org.linkstr.browser";

let port = null;
const pending = new Map();
let next = 0;

function connect() {
  port = api.runtime.connectNative(hostName);
  port.onMessage.addListener((message) => {
    const reply = pending.get(message.id);
    if (!reply) return;
    pending.delete(message.id);
    reply(message.error !== undefined ? { error: message.error } : { result: message.result });
  });
  port.onDisconnect.addListener(() => {
    const reason = api.runtime.lastError?.message ?? "it exited";
    for (const reply of pending.values()) {
      reply({ error: `linkstr is not reachable (${reason}); run \`linkstr browser install\`` });
    }
    pending.clear();
    port = null;
  });
}

api.runtime.onMessage.addListener((message, sender, sendResponse) => {
  const origin = sender.origin ?? (sender.url ? new URL(sender.url).origin : null);
  if (!origin) {
    sendResponse({ error: "linkstr refused: the request has no origin" });
    return false;
  }
  if (!port) connect();
  const id = ++next;
  pending.set(id, sendResponse);
  port.postMessage({ id, origin, method: message.method, params: message.params ?? {} });
  return true;
});
