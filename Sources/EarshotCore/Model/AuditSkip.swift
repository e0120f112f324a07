/// Audit rules a scene file turns off for one part of itself, and why: the scene's
/// `audit: { skip: [RULE, …], reason: … }`, or `auditSkip: { rules: [RULE, …], reason: … }`
/// on an element or a presentation.
///
/// ```yaml
/// - button: Back
///   auditSkip: { rules: [sheet-button-labels], reason: "design review 2024-05: the wizard needs Back" }
/// ```
///
/// Findings of these rules there are still reported, as suppressed, with the reason.
public struct AuditSkip: Hashable, Sendable {
    /// Rule ids, as `earshot audit` names them.
    public var rules: [String]
    /// Why the findings are accepted; never empty.
    public var reason: String
    public var location: SourceLocation

    public init(rules: [String], reason: String, location: SourceLocation) {
        self.rules = rules
        self.reason = reason
        self.location = location
    }
}
