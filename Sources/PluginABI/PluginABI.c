/* The plugin ABI is header-only; this file gives SwiftPM a C target to compile. */
