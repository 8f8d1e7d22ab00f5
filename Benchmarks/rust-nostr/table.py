"""Prints the side-by-side table of scripts/bench-nostr.sh from the BENCHDATA / BENCHINFO lines of
its runs (linkstr-nostr-bench, Benchmarks/rust-nostr/bench.py and, optionally, the profile
of each rust-nostr operation).

    python3 Benchmarks/rust-nostr/table.py OUTPUT...
"""
import sys

# operation, linkstr key, rust-nostr key, floor key, rust-nostr note
ROWS = [
    ("BIP-340 sign, 32-byte id", "linkstr.sign", "sign", "floor.sign", ""),
    ("BIP-340 verify, 32-byte id", "linkstr.verify", "verify", "floor.verify", ""),
    ("event sign (kind 1: id + signature)", "linkstr.event-sign", "event-sign", "floor.sign", ""),
    ("event verify (kind 1: id + signature)", "linkstr.event-verify", "event-verify", "floor.verify", ""),
    ("ECDH + HKDF (conversation key)", "linkstr.conversation-key", None, "floor.ecdh", ""),
    ("NIP-44 encrypt 134 B, key derived", "linkstr.nip44-encrypt", "nip44-encrypt", "floor.ecdh", ""),
    ("NIP-44 decrypt 134 B, key derived", "linkstr.nip44-decrypt", "nip44-decrypt", "floor.ecdh", ""),
    ("NIP-44 encrypt 134 B, cached key", "linkstr.nip44-encrypt-known", None, None, ""),
    ("NIP-44 decrypt 134 B, cached key", "linkstr.nip44-decrypt-known", None, None, ""),
    ("gift wrap, new recipient (2 ECDH)", "linkstr.wrap-new", "wrap", "floor.wrap-new", ""),
    ("gift wrap, known recipient (1 ECDH)", "linkstr.wrap-known", "wrap", "floor.wrap-known", "*"),
    ("gift unwrap, new sender (2 ECDH)", "linkstr.unwrap-new", "unwrap", "floor.unwrap-new", ""),
    ("gift unwrap, known sender (1 ECDH)", "linkstr.unwrap-known", "unwrap", "floor.unwrap-known", "*"),
    ("gift unwrap from relay JSON, new sender", "linkstr.unwrap-json", "unwrap-json", "floor.unwrap-new", ""),
]


def read(paths):
    data, info = {}, []
    for path in paths:
        with open(path, encoding="utf-8") as file:
            for line in file:
                if line.startswith("BENCHDATA "):
                    _, key, value = line.split()
                    data[key] = float(value)
                elif line.startswith("BENCHINFO "):
                    info.append(line[len("BENCHINFO "):].rstrip())
    return data, info


def number(value):
    return "—" if value is None or value <= 0 else f"{value:,.0f}"


def main():
    data, info = read(sys.argv[1:])
    native_available = any(key.startswith("rust-share.") for key in data)
    header = ["operation (one core)", "linkstr", "rust-nostr", "rust-nostr native (est.)", "libsecp256k1 floor",
              "linkstr / floor", "linkstr / rust-nostr native"]
    rows = []
    for name, ours_key, rust_key, floor_key, note in ROWS:
        ours = data.get(ours_key)
        rust = data.get(f"rust.{rust_key}") if rust_key else None
        share = data.get(f"rust-share.{rust_key}") if rust_key else None
        native = rust / share if rust and share else None
        floor = data.get(floor_key) if floor_key else None
        rows.append([
            name,
            number(ours),
            number(rust) + (note if rust else ""),
            number(native) + (note if native else ""),
            number(floor),
            f"{100 * ours / floor:.0f} %" if ours and floor else "—",
            f"{ours / native:.1f}×" if ours and native else "—",
        ])
    widths = [max(len(str(row[column])) for row in rows + [header]) for column in range(len(header))]

    def line(cells):
        return "| " + " | ".join(str(cell).ljust(widths[0]) if index == 0 else str(cell).rjust(widths[index])
                                 for index, cell in enumerate(cells)) + " |"

    print("Operations per second on one core, best of interleaved rounds, all measured in this run.")
    print()
    print(line(header))
    print("|" + "|".join("-" * (width + 2) for width in widths) + "|")
    for row in rows:
        print(line(row))
    print()
    for key, label in (("unwrap-new", "new sender: 2 verify + 2 ECDH"), ("unwrap-known", "known sender: 2 verify + 1 ECDH")):
        ours, floor = data.get(f"linkstr.{key}"), data.get(f"floor.{key}")
        if ours and floor:
            verdict = "meets" if ours >= 0.8 * floor else "BELOW"
            print(f"unwrap at {100 * ours / floor:.0f} % of the libsecp256k1 floor ({label}); aim ≥ 80 %: {verdict}")
    print()
    print("linkstr: NostrCore, release build (NIP-59 unwrap with every check: wrap id + signature, seal id +")
    print("  signature, seal kind 13 without tags, rumor unsigned, rumor pubkey = seal pubkey, rumor id).")
    print("  'known' = the peer's NIP-44 conversation key is in the signer's cache; 'new' = it is not.")
    print("libsecp256k1 floor: the library's own calls timed in the same process (schnorrsig_sign32,")
    print("  schnorrsig_verify, ecdh returning x, keypair_create) on pre-parsed keys; an unwrap is 2 verify")
    print("  + 1 or 2 ECDH, a gift wrap a one-time key pair + 2 signatures + 1 or 2 ECDH.")
    for text in info:
        print(text)
    print("  Its unwrap here = Event.verify of the wrap + UnwrappedGift.from_gift_wrap (which verifies the")
    print("  seal); it makes fewer checks than linkstr's unwrap (issue 3 counts four that it misses).")
    print("  * nostr-sdk keeps no conversation-key cache: 'known' does the same work as 'new'.")
    calls = data.get("rust.binding-call")
    strings = data.get("rust.binding-string")
    if calls and strings:
        print(f"  Python binding cost: a trivial call {1e6 / calls:.1f} µs, a call returning 134 B {1e6 / strings:.1f} µs;")
        print("  strings cross by Python code, byte by byte, so the binding dominates string-heavy calls.")
    if native_available:
        print("rust-nostr native (est.): its ops/s divided by the share of CPU time spent inside the Rust")
        print("  library (libnostr_sdk_ffi.so, from perf while that operation alone ran): what is left once")
        print("  Python and ctypes are taken away. An optimistic estimate: Rust's own time in libc (malloc)")
        print("  counts as binding, and nostr-sdk carries its own, newer libsecp256k1 (0.5, through secp256k1-sys")
        print("  0.10), so it may beat the floor.")
    else:
        print("rust-nostr native (est.): not measured (needs `perf`; see scripts/bench-nostr.sh).")


if __name__ == "__main__":
    main()
