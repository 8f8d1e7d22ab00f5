import LinkstrPluginKit

/// How a link is played: the plugin kit's `MediaMode`, the one Swift copy of `LKH_MEDIA_MODE_*`
/// the host reads back.
public typealias MediaLinkMode = LinkstrPluginKit.MediaMode
