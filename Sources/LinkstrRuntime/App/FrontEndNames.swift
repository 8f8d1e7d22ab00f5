import LinkstrEngine
import LinkstrHost
import NostrCore

// The types of the lower modules that the front ends (the command line, the C API, the coming app)
// name, so that they import `LinkstrRuntime` only. `Module::Name` is the module's own type: the host
// module has a type of its own name, which a plain `LinkstrHost.Name` would look in.

// The host: the application object's parts, settings, paths and plugins.
public typealias LinkstrHost = LinkstrHost::LinkstrHost
public typealias LinkstrPaths = LinkstrHost::LinkstrPaths
public typealias LinkstrVersion = LinkstrHost::LinkstrVersion
public typealias HostError = LinkstrHost::HostError
public typealias HostLog = LinkstrHost::HostLog
public typealias PrintableText = LinkstrHost::PrintableText
public typealias SetupVirtualEnvironment = LinkstrHost::SetupVirtualEnvironment
public typealias BunkerPermission = LinkstrHost::BunkerPermission
public typealias RelayURL = LinkstrHost::RelayURL
public typealias ConfigurationError = LinkstrHost::ConfigurationError
public typealias NotificationSenders = LinkstrHost::NotificationSenders
public typealias MediaClassification = LinkstrHost::MediaClassification
public typealias PluginRegistry = LinkstrHost::PluginRegistry
public typealias PluginDiscovery = LinkstrHost::PluginDiscovery
public typealias LoadedImage = LinkstrHost::LoadedImage
public typealias CapabilityID = LinkstrHost::CapabilityID
public typealias PluginCall = LinkstrHost::PluginCall
public typealias PluginError = LinkstrHost::PluginError
public typealias LKHStatus = LinkstrHost::LKHStatus

// The engine: a session's id and what changed in it.
public typealias SessionID = LinkstrEngine::SessionID
public typealias EngineChange = LinkstrEngine::EngineChange

// The Nostr core: keys and a rumor's id.
public typealias PublicKey = NostrCore::PublicKey
public typealias SecretKey = NostrCore::SecretKey
public typealias RumorID = NostrCore::RumorID
