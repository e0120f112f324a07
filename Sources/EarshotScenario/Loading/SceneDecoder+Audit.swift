import EarshotAudit
import EarshotCore

extension SceneDecoder {
    /// Reads a suppression: the scene's `audit: { skip: [RULE, …], reason: TEXT }` (`listKey`
    /// `skip`), or `auditSkip: { rules: [RULE, …], reason: TEXT }` on an element or a
    /// presentation (`listKey` `rules`). Every rule id must be one `earshot audit` knows, and
    /// the reason must say something: a suppression nobody can explain is bad input.
    func auditSkip(_ node: DocumentNode, key: String, listKey: String) -> AuditSkip? {
        let shape = "\(key): { \(listKey): [RULE, …], reason: TEXT }"
        guard case .mapping = node.content, let entries = mapping(node, "'\(key)'") else {
            error("'\(key)' is \(describe(node))", at: node, expected: shape)
            return nil
        }
        let before = diagnostics.count
        checkKeys(entries, allowed: [listKey, "reason"], in: "'\(key)'")
        let value = { (name: String) in entries.first { $0.key == name }?.value }

        var rules: [String] = []
        if let listNode = value(listKey) {
            if let items = list(listNode, "'\(key)' \(listKey)") {
                if items.isEmpty { error("'\(key)' names no rule", at: listNode, expected: "\(listKey): [RULE, …]") }
                for item in items {
                    guard let id = string(item, "a rule id") else { continue }
                    guard Rule.named(id) != nil else {
                        let known = Rule.all.map(\.id)
                        error("unknown rule '\(id)'", at: item, expected: "one of: \(known.joined(separator: ", "))",
                              suggestion: TextMatching.nearest(to: id, in: known))
                        continue
                    }
                    if !rules.contains(id) { rules.append(id) }
                }
            }
        } else {
            error("'\(key)' has no '\(listKey)'", at: node, expected: shape)
        }

        var reason = ""
        if let reasonNode = value("reason") {
            reason = string(reasonNode, "the reason", allowNull: true) ?? ""
            if reason.allSatisfy(\.isWhitespace), case .scalar = reasonNode.content {
                error("the reason is empty", at: reasonNode, expected: "why these findings are accepted")
            }
        } else {
            error("'\(key)' has no 'reason'", at: node, expected: "reason: TEXT (why these findings are accepted)")
        }
        guard diagnostics.count == before else { return nil }
        return AuditSkip(rules: rules, reason: reason, location: node.location)
    }
}
