/// Query parameters that only track where a click came from. They are dropped from every canonical URL
/// (named providers keep even less: each keeps only the parameters that select the content).
enum TrackingParameters {
    /// True for `utm_*` and the click ids of the big ad and social networks (`fbclid`, `gclid`,
    /// `igsh`, `si`, …). Keys compare case-sensitively, as servers do, except the `utm_` prefix.
    static func contains(_ bytes: URLBytes, _ key: Range<Int>) -> Bool {
        if bytes.hasPrefixIgnoringCase(key, "utm_") { return true }
        switch key.count {
        case 2: return bytes.equals(key, "si")
        case 4: return bytes.equals(key, "igsh") || bytes.equals(key, "_hsi")
        case 5:
            return bytes.equals(key, "gclid") || bytes.equals(key, "dclid") || bytes.equals(key, "yclid")
                || bytes.equals(key, "_hsmi")
        case 6:
            return bytes.equals(key, "fbclid") || bytes.equals(key, "igshid") || bytes.equals(key, "gbraid")
                || bytes.equals(key, "wbraid") || bytes.equals(key, "mc_cid") || bytes.equals(key, "mc_eid")
                || bytes.equals(key, "twclid") || bytes.equals(key, "ttclid") || bytes.equals(key, "_hsenc")
        case 7: return bytes.equals(key, "msclkid") || bytes.equals(key, "mkt_tok")
        default: return false
        }
    }
}
