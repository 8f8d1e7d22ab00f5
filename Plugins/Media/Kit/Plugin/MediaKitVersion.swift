/// The version of the built-in media plugins (they ship with linkstr and share its version).
public enum MediaKitVersion {
    public static let string = "0.1.0"
}
