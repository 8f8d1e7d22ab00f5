# Builds and installs linkstr: the program and the two it runs from its folder (linkstr-demo,
# linkstr-storage-conformance), liblinkstr.so with its C headers and pkg-config file,
# the C plugin test harness (liblinkstr-plugin-test.a, linkstr_plugin_test.h, pkg-config
# linkstr-plugin), the plugins, the Swift runtime they share, shell completions, the man page and the desktop file.
#
#   make install                      # release build, into /usr/local
#   make install PREFIX=$HOME/.local  # for one user
#   make install DESTDIR=/tmp/stage   # staged, for packaging (paths inside files still say PREFIX)
#   make uninstall PREFIX=…           # removes exactly what install put there
#   make deps                         # prints the import graph of the modules
#
# CONFIG=debug installs a debug build; BUILD=0 installs what `swift build` already built (the tests
# do this with BUILD_DIR=<their build folder>). Needs patchelf (scripts/bootstrap.sh installs it).

PREFIX ?= /usr/local
DESTDIR ?=
CONFIG ?= release
BUILD ?= 1
# The toolchain of scripts/bootstrap.sh when `swift` is not on the PATH (as under sudo).
SWIFT ?= $(or $(shell command -v swift 2>/dev/null),$(wildcard /opt/swift/usr/bin/swift),swift)
BUILD_DIR ?= .build/$(CONFIG)

bindir      := $(PREFIX)/bin
libdir      := $(PREFIX)/lib
includedir  := $(PREFIX)/include
datadir     := $(PREFIX)/share
mandir      := $(datadir)/man
pkglibdir   := $(libdir)/linkstr
plugindir   := $(pkglibdir)/plugins
runtimedir  := $(pkglibdir)/swift
bashcompdir := $(datadir)/bash-completion/completions
zshcompdir  := $(datadir)/zsh/site-functions
fishcompdir := $(datadir)/fish/vendor_completions.d
appsdir     := $(datadir)/applications
icondir     := $(datadir)/icons/hicolor/scalable/apps
metainfodir := $(datadir)/metainfo

# Every plugin product of Package.swift (a dynamic library named "linkstr-plugin-<name>").
PLUGINS := $(shell grep -o 'name: "linkstr-plugin-[a-z0-9-]*"' Package.swift | sed -e 's/.*linkstr-plugin-//' -e 's/"//')
PLUGIN_FILES := $(foreach plugin,$(PLUGINS),liblinkstr-plugin-$(plugin).so)
HEADERS := Sources/CLinkstr/include/linkstr.h Sources/PluginABI/include/linkstr_plugin.h Plugins/TestHarness/linkstr_plugin_test.h
# The programs `linkstr` runs from its own folder (`linkstr demo`, `linkstr plugins conformance`).
HELPER_PROGRAMS := linkstr-demo linkstr-storage-conformance
PRODUCTS := linkstr $(HELPER_PROGRAMS) Linkstr $(foreach plugin,$(PLUGINS),linkstr-plugin-$(plugin)) generate-manual
BUILT_FILES := $(BUILD_DIR)/linkstr $(addprefix $(BUILD_DIR)/,$(HELPER_PROGRAMS)) $(BUILD_DIR)/libLinkstr.so $(BUILD_DIR)/generate-manual $(addprefix $(BUILD_DIR)/,$(PLUGIN_FILES))

# The built program, run to print its completions, man page and desktop file, never with the
# caller's LINKSTR_HOME (which would end up inside the installed files).
LINKSTR := env -u LINKSTR_HOME $(BUILD_DIR)/linkstr

# The storage plugin written in C (Plugins/Storage/CMemory), built with cc from linkstr_plugin.h alone.
# Not part of `install`: it keeps nothing on disk. `make c-storage-plugin C_STORAGE_PLUGIN=<file>`
# chooses where the library goes.
C_STORAGE_PLUGIN ?= $(BUILD_DIR)/liblinkstr-plugin-c-memory.so

# The C test harness of plugin authors (Plugins/TestHarness), a static library built with cc.
PLUGIN_TEST_HARNESS := $(BUILD_DIR)/liblinkstr-plugin-test.a

.PHONY: all build install uninstall c-storage-plugin plugin-test-harness deps

all: build

build:
ifeq ($(BUILD),1)
	@for product in $(PRODUCTS); do \
	  echo "$(SWIFT) build -c $(CONFIG) --product $$product"; \
	  $(SWIFT) build -c $(CONFIG) --product $$product || exit 1; \
	done
endif
	@for file in $(BUILT_FILES); do \
	  [ -f "$$file" ] || { echo "make: $$file is missing; build it with \`$(SWIFT) build -c $(CONFIG) --product <name>\` or run make without BUILD=0" >&2; exit 1; }; \
	done

# The import graph of the modules as the sources are now: `Module -> the package's modules it
# imports`, one line each (scripts/deps.py; `scripts/deps.py --tests` adds the test targets).
deps:
	@scripts/deps.py

c-storage-plugin:
	@mkdir -p $(dir $(C_STORAGE_PLUGIN))
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden -pthread \
	  -I Sources/PluginABI/include Plugins/Storage/CMemory/memory_store.c -o $(C_STORAGE_PLUGIN)

plugin-test-harness:
	@mkdir -p $(BUILD_DIR)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -fPIC -pthread -I Sources/PluginABI/include \
	  -c Plugins/TestHarness/linkstr_plugin_test.c -o $(PLUGIN_TEST_HARNESS:.a=.o)
	$(AR) rcs $(PLUGIN_TEST_HARNESS) $(PLUGIN_TEST_HARNESS:.a=.o)

install: build plugin-test-harness
	install -d -m 755 $(DESTDIR)$(bindir) $(DESTDIR)$(libdir)/pkgconfig $(DESTDIR)$(plugindir) \
	  $(DESTDIR)$(includedir)/linkstr $(DESTDIR)$(mandir)/man1 $(DESTDIR)$(bashcompdir) $(DESTDIR)$(zshcompdir) \
	  $(DESTDIR)$(fishcompdir) $(DESTDIR)$(appsdir)
	install -m 755 $(BUILD_DIR)/linkstr $(DESTDIR)$(bindir)/linkstr
	install -m 755 $(addprefix $(BUILD_DIR)/,$(HELPER_PROGRAMS)) $(DESTDIR)$(bindir)/
	install -m 755 $(BUILD_DIR)/libLinkstr.so $(DESTDIR)$(libdir)/liblinkstr.so
	install -m 644 $(PLUGIN_TEST_HARNESS) $(DESTDIR)$(libdir)/liblinkstr-plugin-test.a
	install -m 755 $(addprefix $(BUILD_DIR)/,$(PLUGIN_FILES)) $(DESTDIR)$(plugindir)/
	scripts/bundle-swift-runtime.sh $(DESTDIR)$(runtimedir) $(DESTDIR)$(bindir)/linkstr \
	  $(addprefix $(DESTDIR)$(bindir)/,$(HELPER_PROGRAMS)) $(DESTDIR)$(libdir)/liblinkstr.so \
	  $(addprefix $(DESTDIR)$(plugindir)/,$(PLUGIN_FILES))
	install -m 644 $(HEADERS) $(DESTDIR)$(includedir)/linkstr/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e "s|@VERSION@|$$($(LINKSTR) --version)|" packaging/linkstr.pc.in > $(DESTDIR)$(libdir)/pkgconfig/linkstr.pc
	sed -e 's|@PREFIX@|$(PREFIX)|' -e "s|@VERSION@|$$($(LINKSTR) --version)|" packaging/linkstr-plugin.pc.in > $(DESTDIR)$(libdir)/pkgconfig/linkstr-plugin.pc
	chmod 644 $(DESTDIR)$(libdir)/pkgconfig/linkstr.pc $(DESTDIR)$(libdir)/pkgconfig/linkstr-plugin.pc
	$(LINKSTR) --generate-completion-script bash > $(DESTDIR)$(bashcompdir)/linkstr
	$(LINKSTR) --generate-completion-script zsh > $(DESTDIR)$(zshcompdir)/_linkstr
	$(LINKSTR) --generate-completion-script fish > $(DESTDIR)$(fishcompdir)/linkstr.fish
	env -u LINKSTR_HOME $(BUILD_DIR)/generate-manual $(BUILD_DIR)/linkstr --output-directory $(DESTDIR)$(mandir)/man1
	$(LINKSTR) desktop install --no-register --applications-dir $(DESTDIR)$(appsdir) --exec $(bindir)/linkstr > /dev/null
	@echo "installed linkstr into $(DESTDIR)$(PREFIX); try: $(bindir)/linkstr plugins"

uninstall:
	rm -f $(DESTDIR)$(bindir)/linkstr $(addprefix $(DESTDIR)$(bindir)/,$(HELPER_PROGRAMS)) $(DESTDIR)$(libdir)/liblinkstr.so $(DESTDIR)$(libdir)/pkgconfig/linkstr.pc
	rm -f $(DESTDIR)$(libdir)/liblinkstr-plugin-test.a $(DESTDIR)$(libdir)/pkgconfig/linkstr-plugin.pc
	rm -f $(addprefix $(DESTDIR)$(plugindir)/,$(PLUGIN_FILES))
	rm -rf $(DESTDIR)$(runtimedir)
	rm -f $(addprefix $(DESTDIR)$(includedir)/linkstr/,$(notdir $(HEADERS)))
	rm -f $(DESTDIR)$(mandir)/man1/linkstr.1 $(DESTDIR)$(bashcompdir)/linkstr $(DESTDIR)$(zshcompdir)/_linkstr \
	  $(DESTDIR)$(fishcompdir)/linkstr.fish $(DESTDIR)$(appsdir)/linkstr.desktop $(DESTDIR)$(appsdir)/linkstr-signer.desktop \
	  $(DESTDIR)$(icondir)/linkstr.svg $(DESTDIR)$(metainfodir)/org.linkstr.linkstr.metainfo.xml
	@# Folders only linkstr uses go when empty (a plugin someone added keeps its folder).
	rmdir $(DESTDIR)$(plugindir) $(DESTDIR)$(pkglibdir) $(DESTDIR)$(includedir)/linkstr 2>/dev/null || true
