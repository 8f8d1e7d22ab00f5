import PluginTesting
import StorageConformance

/// The storage tests build records with the same helpers as the conformance checks.
typealias Records = StorageTestRecords
