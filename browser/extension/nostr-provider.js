// Runs in the page: window.nostr (NIP-07). Each call is posted to the content script, which adds
// nothing the page could forge: the extension attaches the page's origin itself.
(() => {
  if (window.nostr) return;
  const pending = new Map();
  let next = 0;

  window.addEventListener("message", (event) => {
    if (event.source !== window || !event.data || event.data.linkstr !== "reply") return;
    const call = pending.get(event.data.id);
    if (!call) return;
    pending.delete(event.data.id);
    if (event.data.error !== undefined) call.reject(new Error(event.data.error));
    else call.resolve(event.data.result);
  });

  function request(method, params) {
    const id = `linkstr-${++next}`;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      window.postMessage({ linkstr: "request", id, method, params }, window.location.origin);
    });
  }

  window.nostr = {
    getPublicKey: () => request("getPublicKey", {}),
    signEvent: (event) => request("signEvent", { event }),
    getRelays: () => request("getRelays", {}),
    nip44: {
      encrypt: (pubkey, plaintext) => request("nip44.encrypt", { pubkey, plaintext }),
      decrypt: (pubkey, ciphertext) => request("nip44.decrypt", { pubkey, ciphertext }),
    },
  };
})();
