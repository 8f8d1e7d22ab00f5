/// A C plugin skeleton as `linkstr plugins new` writes it: the plugin, its unit test on the C test
/// harness, a Makefile that builds both with `pkg-config linkstr-plugin`, and a README.
struct PluginTemplate {
    enum Kind: String, CaseIterable {
        case media, notifier, storage

        /// The capability the skeleton provides.
        var capability: String {
            switch self {
            case .media: "org.linkstr.media-provider/1"
            case .notifier: "org.linkstr.notifier/1"
            case .storage: "org.linkstr.storage/1"
            }
        }
    }

    let kind: Kind
    /// Lowercase letters, digits and dashes; names the files and the library.
    let name: String
    /// Reverse-DNS plugin id.
    let id: String

    /// Whether `name` can name a plugin: [a-z0-9-]+, starting with a letter.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLowercase else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
    }

    /// The files, by name, in the order they are written.
    var files: [(name: String, text: String)] {
        [
            ("\(name).c", fill(kind.pluginSource)), ("test_\(name).c", fill(kind.testSource)), ("Makefile", makefile),
            ("README.md", readme),
        ]
    }

    private func fill(_ text: String) -> String {
        text.replacingOccurrences(of: "@NAME@", with: name).replacingOccurrences(of: "@ID@", with: id)
    }

    private var makefile: String {
        """
        # Builds liblinkstr-plugin-\(name).so and runs its unit test. Needs linkstr's C plugin kit:
        # `pkg-config linkstr-plugin` (installed by linkstr's `make install`).
        PKG_CONFIG ?= pkg-config
        CFLAGS ?= -O2
        CFLAGS += -std=c11 -Wall -Wextra -Werror -pthread $(shell $(PKG_CONFIG) --cflags linkstr-plugin)
        LDLIBS += $(shell $(PKG_CONFIG) --libs linkstr-plugin)
        PLUGIN_DIR ?= $(HOME)/.local/share/linkstr/plugins

        all: liblinkstr-plugin-\(name).so

        liblinkstr-plugin-\(name).so: \(name).c
        \t$(CC) $(CFLAGS) -shared -fPIC -fvisibility=hidden $< -o $@

        test_\(name): \(name).c test_\(name).c
        \t$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

        test: test_\(name)
        \t./test_\(name)

        install: liblinkstr-plugin-\(name).so
        \tinstall -d -m 700 $(PLUGIN_DIR)
        \tinstall -m 755 liblinkstr-plugin-\(name).so $(PLUGIN_DIR)/

        clean:
        \trm -f liblinkstr-plugin-\(name).so test_\(name)

        .PHONY: all test install clean

        """
    }

    private var readme: String {
        """
        # \(name)

        A linkstr \(kind.rawValue) plugin in C (`\(id)`, capability `\(kind.capability)`), made by
        `linkstr plugins new \(kind.rawValue) \(name)`. Everything it may do is in `linkstr_plugin.h`.

        ```sh
        make test        # its unit test on linkstr's C test harness (linkstr_plugin_test.h), no linkstr running
        make             # liblinkstr-plugin-\(name).so
        linkstr plugins check ./liblinkstr-plugin-\(name).so      # loads in a child process, stage by stage
        linkstr plugins validate ./liblinkstr-plugin-\(name).so   # exercises every call: crashes, hangs, a second done, garbage
        make install     # into ~/.local/share/linkstr/plugins, where linkstr finds it
        ```

        Change the id (`PLUGIN_ID` in `\(name).c`) to a reverse-DNS name of your own. Settings come from
        `[plugins."\(id)"]` of linkstr's config.toml, read with `host->config_get`.

        """
    }
}
