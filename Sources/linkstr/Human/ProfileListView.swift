import LinkstrRuntime
import LinkstrTerminal

/// `profile list` for people: one line per profile, the active one marked with `*`.
enum ProfileListView {
    static func line(_ profile: HomeProfile, style: Style) -> String {
        let mark = profile.active ? style.paint("*", Palette.green, bold: true) : " "
        let backup = profile.backedUp ? "" : style.paint("  (not backed up)", Palette.comment)
        return "\(mark) \(profile.name)  \(profile.npub)\(backup)"
    }
}
