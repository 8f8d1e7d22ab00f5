import Hummingbird

/// A request's context: Hummingbird's core, and the form the guard read and checked (a POST's).
struct AppRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var form = Form()

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
