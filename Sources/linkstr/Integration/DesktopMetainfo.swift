import Foundation

/// linkstr's AppStream metainfo file (`<data>/metainfo/org.linkstr.linkstr.metainfo.xml`), written by
/// `desktop install` next to the launcher so software centres describe the app; it passes
/// `appstreamcli validate` (AppStream 0.16, Debian 12).
enum DesktopMetainfo {
    /// The AppStream component id.
    static let componentID = "org.linkstr.linkstr"
    static let fileName = componentID + ".metainfo.xml"
    /// The first line of every metainfo file linkstr writes; `desktop uninstall` removes only such files.
    static let marker = "<!-- Written by `linkstr desktop install`; `linkstr desktop uninstall` removes it. -->"

    /// Where the file goes for a launcher in `applicationsFolder`: `metainfo` of the same XDG data
    /// folder; nil when the folder is not an `applications` folder of a data folder.
    static func path(forApplicationsFolder applicationsFolder: String) -> String? {
        IntegrationFile.dataFolder(ofApplicationsFolder: applicationsFolder).map { $0 + "/metainfo/" + fileName }
    }

    /// Writes the file to `path`, unless a file linkstr did not write is there (said as a note);
    /// returns whether it wrote it.
    static func install(at path: String) throws(CLIFailure) -> Bool {
        if let existing = try IntegrationFile.read(path), !existing.hasPrefix(marker) {
            Terminal.say("note: \(path) was not written by linkstr; left as it is")
            return false
        }
        try IntegrationFile.write(text, to: path)
        return true
    }

    /// Removes the file at `path` if linkstr wrote it; returns whether it did.
    static func remove(at path: String) throws(CLIFailure) -> Bool {
        try IntegrationFile.removeIfWritten(path, marker: marker)
    }

    /// The component: a desktop application launched by linkstr.desktop. No XML declaration, so the
    /// marker is the first line (UTF-8 is XML's default).
    static let text = """
        \(marker)
        <component type="desktop-application">
          <id>\(componentID)</id>
          <metadata_license>CC0-1.0</metadata_license>
          <name>linkstr</name>
          <summary>Share links and videos privately over Nostr</summary>
          <description>
            <p>linkstr shares links and videos in private sessions with the people you choose, encrypted end to end over Nostr relays, and works with the linkstr iPhone app.</p>
            <p>Its app shows your sessions, their posts and reactions, a composer and your contacts in a window served by linkstr on this computer only; the same account works from the command line.</p>
          </description>
          <launchable type="desktop-id">\(DesktopEntry.fileName)</launchable>
          <developer_name>The linkstr developers</developer_name>
          <categories>
            <category>Network</category>
            <category>Chat</category>
          </categories>
          <provides>
            <binary>linkstr</binary>
          </provides>
          <content_rating type="oars-1.1"/>
        </component>

        """
}
