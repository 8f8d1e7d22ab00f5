import CLinkstr
import LinkstrRuntime

extension LKHStatus {
    /// `LINKSTR_E_NO_ACCOUNT`: the home has no account (the command line's exit status 3).
    static let noAccount = LKHStatus(rawValue: LINKSTR_E_NO_ACCOUNT)
}
