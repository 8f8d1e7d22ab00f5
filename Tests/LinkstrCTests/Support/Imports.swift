// The helpers shared with the other test targets that start programs (ProcessRunner, TestScratch,
// TestRelay, ExternalProcess, …), visible in every file of this target.
@_exported import TestSupport
