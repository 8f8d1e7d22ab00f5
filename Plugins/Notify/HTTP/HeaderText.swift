import Foundation

/// Text for an HTTP header value: ASCII stays as it is (control characters become spaces), anything
/// else becomes an RFC 2047 encoded word (`=?UTF-8?B?…?=`), which ntfy decodes.
enum HeaderText {
    static func encode(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.isASCII }) {
            return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
        }
        return "=?UTF-8?B?\(Data(text.utf8).base64EncodedString())?="
    }
}
