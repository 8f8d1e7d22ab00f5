/// The providers linkstr recognises, in the order hosts are checked.
///
/// The raw value is the short lowercase name a classification reports (`lkh_media_classification.provider`)
/// and the link type the iPhone app stores locally.
public enum MediaProvider: String, Sendable, CaseIterable {
    case tiktok, instagram, facebook, youtube, rumble, twitter, generic
}
