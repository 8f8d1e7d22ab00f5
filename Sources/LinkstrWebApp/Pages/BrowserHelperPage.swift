/// The browser helper's questions on the signer page: which site (its origin) asks what as which
/// profile, in words, with allow once / always allow / deny.
enum BrowserHelperPage {
    static func questions(_ questions: [SignerView.SiteQuestionRow], now: Int64, csrf: String) -> String {
        guard !questions.isEmpty else { return "" }
        let forms: [String] = questions.map { question in
            let headline = "\(question.origin) asks, as profile '\(question.profile)', to:"
            return """
                <form method="post" action="/signer/site-answer" class="question site-question" aria-label="\(HTML.escape(headline))">
                \(HTML.csrfField(csrf))<input type="hidden" name="id" value="\(HTML.escape(question.id))">
                <p><strong class="origin">\(HTML.escape(question.origin))</strong> asks, as profile <strong>\(HTML.escape(question.profile))</strong>, to:</p>
                <ul class="grants"><li><code>\(HTML.escape(question.request))</code>: \(HTML.escape(question.meaning))</li></ul>
                \(SignerPage.answers)
                <p class="hint">Asked \(HTML.relativeTime(question.askedAt, now: now)). “Allow once” answers this request only; “Always allow” and “Deny” are
                remembered for this site as this profile. Nobody answering within a minute is a no, and the site is not asked again for ten minutes.</p>
                </form>
                """
        }
        return """
            <section class="group signer-questions" aria-labelledby="sites-title">
            <h2 id="sites-title">Websites asking in your browser</h2>
            \(forms.joined())
            </section>
            """
    }
}
