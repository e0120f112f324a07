import EarshotCore

extension SceneDecoder {
    static let effectNames = ["present", "dismiss", "cancel", "dismissAll", "detent", "set", "state", "announce",
                              "screenChanged", "layoutChanged", "navigate"]
    static let conditionNames = ["filled", "unsaved", "state", "all", "any", "not"]

    /// An effect: one action, or a list of effects run in order (docs/format.md).
    func effect(_ node: DocumentNode, depth: Int, presentation: String?) -> Effect {
        var actions: [EffectAction] = []
        effectActions(node, depth: depth, presentation: presentation, into: &actions)
        return Effect(actions)
    }

    private func effectActions(_ node: DocumentNode, depth: Int, presentation: String?,
                               into actions: inout [EffectAction]) {
        if depth > Self.maximumDepth {
            error("effects nested deeper than \(Self.maximumDepth) levels", at: node,
                  expected: "at most \(Self.maximumDepth) levels of effect lists")
            return
        }
        let here = node.location
        switch node.content {
        case .list(let sequence):
            for item in sequence { effectActions(item, depth: depth + 1, presentation: presentation, into: &actions) }
        case .scalar:
            guard let name = string(node, "an effect") else { return }
            switch name {
            case "dismiss": actions.append(EffectAction(.dismiss, at: here))
            case "cancel": actions.append(EffectAction(.cancel, at: here))
            case "dismissAll": actions.append(EffectAction(.dismissAll, at: here))
            case "screenChanged": actions.append(EffectAction(.screenChanged(nil), at: here))
            case "layoutChanged": actions.append(EffectAction(.layoutChanged(nil), at: here))
            default:
                error("unknown effect '\(name)'", at: node, expected: "one of: \(Self.effectNames.joined(separator: ", "))",
                      suggestion: TextMatching.nearest(to: name, in: Self.effectNames))
            }
        case .mapping:
            guard let entries = mapping(node, "an effect") else { return }
            guard entries.count == 1, let entry = entries.first else {
                error("an effect mapping has \(entries.count) keys", at: node,
                      expected: "one effect per mapping; a list runs several in order")
                return
            }
            if let kind = effectKind(entry.key, keyNode: entry.keyNode, value: entry.value, presentation: presentation) {
                actions.append(EffectAction(kind, at: here))
            }
        }
    }

    private func effectKind(_ key: String, keyNode: DocumentNode, value: DocumentNode, presentation: String?) -> EffectAction.Kind? {
        switch key {
        case "present":
            guard let id = string(value, "present") else { return nil }
            pendingPresentations.append((id, value, "present:"))
            return .present(id)
        case "dismiss", "cancel":
            error("'\(key)' takes no value", at: keyNode, expected: "'- \(key)' on its own")
            return nil
        case "dismissAll":
            guard bool(value, "dismissAll") != nil else { return nil }
            return .dismissAll
        case "detent":
            guard let name = string(value, "detent") else { return nil }
            switch name {
            case "next": return .detent(.next)
            case "previous": return .detent(.previous)
            default:
                pendingDetents.append((name, value, presentation))
                return .detent(.to(name))
            }
        case "set":
            guard let entries = mapping(value, "set") else { return nil }
            var changes: [ElementChange] = []
            for entry in entries {
                guard let ref = reference(entry.keyNode, "set:"), let fields = mapping(entry.value, "the changes to '\(entry.key)'")
                else { continue }
                checkKeys(fields, allowed: ElementKey.settable.map(\.rawValue), in: "set: \(entry.key)")
                var change = ElementChange(element: ref)
                for field in fields {
                    guard let key = ElementKey(rawValue: field.key), ElementKey.settable.contains(key) else { continue }
                    switch key {
                    case .value: change.value = string(field.value, "value", allowNull: true)
                    case .label: change.label = string(field.value, "label", allowNull: true)
                    case .enabled: change.enabled = bool(field.value, "enabled")
                    case .hidden: change.hidden = bool(field.value, "hidden")
                    case .selected: change.selected = bool(field.value, "selected")
                    case .traits: change.traits = traits(field.value)
                    default: preconditionFailure("'\(key.rawValue)' is settable but not decoded")
                    }
                }
                changes.append(change)
            }
            return .set(changes)
        case "state":
            guard let entries = mapping(value, "state") else { return nil }
            return .state(entries.compactMap { entry in
                stateValue(entry.value).map { StateAssignment(name: entry.key, value: $0) }
            })
        case "announce":
            if case .mapping = value.content, let fields = mapping(value, "announce") {
                checkKeys(fields, allowed: ["text", "priority", "delay"], in: "announce")
                guard let textNode = fields.first(where: { $0.key == "text" })?.value else {
                    error("announce has no text", at: value, expected: "{ text: TEXT, priority: low | default | high, delay: SECONDS }")
                    return nil
                }
                let text = string(textNode, "the announcement") ?? ""
                let priority = fields.first { $0.key == "priority" }.flatMap { word($0.value, "priority", as: SpeechPriority.self) }
                var delay = 0.0
                if let node = fields.first(where: { $0.key == "delay" })?.value, let seconds = number(node, "delay") {
                    if (0...maximumSeconds).contains(seconds) {
                        delay = seconds
                    } else {
                        error("delay is \(NumberText.canonical(seconds))", at: node,
                              expected: "seconds from 0 to a day (\(NumberText.canonical(maximumSeconds)))")
                    }
                }
                return .announce(Announcement(text: text, priority: priority ?? .default, delay: delay))
            }
            guard let text = string(value, "the announcement") else { return nil }
            return .announce(Announcement(text: text))
        case "screenChanged", "layoutChanged":
            if case .mapping = value.content, let fields = mapping(value, key) {
                checkKeys(fields, allowed: ["text"], in: key)
                guard let textNode = fields.first(where: { $0.key == "text" })?.value,
                      let text = string(textNode, "the text \(key) speaks") else {
                    error("\(key) has no text", at: value, expected: "\(key): ID, or \(key): { text: TEXT }")
                    return nil
                }
                return .postText(key == "screenChanged" ? .screenChanged : .layoutChanged, text)
            }
            let target = value.isNull ? nil : reference(value, "\(key):")
            return key == "screenChanged" ? .screenChanged(target) : .layoutChanged(target)
        case "navigate":
            guard let page = string(value, "navigate") else { return nil }
            pendingPages.append((page, value, presentation))
            return .navigate(page)
        default:
            error("unknown effect '\(key)'", at: keyNode, expected: "one of: \(Self.effectNames.joined(separator: ", "))",
                  suggestion: TextMatching.nearest(to: key, in: Self.effectNames))
            return nil
        }
    }

    /// A state value as a canonical string: `true` / `false`, numbers as written canonically, text as is.
    func stateValue(_ node: DocumentNode) -> String? {
        guard let text = string(node, "a state value", allowNull: true) else { return nil }
        if node.style == .plain, let number = Double(text), number.isFinite {
            return NumberText.canonical(number)
        }
        return text
    }

    /// A condition (docs/format.md): `filled: ID`, `unsaved`, `state: { NAME: value }`, `all`, `any`, `not`.
    func condition(_ node: DocumentNode, depth: Int, presentation: String?) -> Condition? {
        if depth > Self.maximumDepth {
            error("conditions nested deeper than \(Self.maximumDepth) levels", at: node,
                  expected: "at most \(Self.maximumDepth) levels")
            return nil
        }
        if case .scalar = node.content {
            guard let name = string(node, "a condition") else { return nil }
            if name == "unsaved" { return .unsaved }
            error("unknown condition '\(name)'", at: node, expected: "one of: \(Self.conditionNames.joined(separator: ", "))",
                  suggestion: TextMatching.nearest(to: name, in: Self.conditionNames))
            return nil
        }
        guard let entries = mapping(node, "a condition") else { return nil }
        guard entries.count == 1, let entry = entries.first else {
            error("a condition mapping has \(entries.count) keys", at: node, expected: "one condition; combine with all: [...]")
            return nil
        }
        switch entry.key {
        case "filled":
            return reference(entry.value, "filled:", textEntry: true).map { .filled($0) }
        case "unsaved":
            guard let flag = bool(entry.value, "unsaved") else { return nil }
            return flag ? .unsaved : .not(.unsaved)
        case "state":
            guard let pairs = mapping(entry.value, "state") else { return nil }
            let checks: [Condition] = pairs.compactMap { pair in
                stateValue(pair.value).map { .state(name: pair.key, value: $0) }
            }
            return checks.count == 1 ? checks[0] : .all(checks)
        case "all", "any":
            guard let items = list(entry.value, entry.key) else { return nil }
            var conditions: [Condition] = []
            for item in items {
                if let condition = condition(item, depth: depth + 1, presentation: presentation) { conditions.append(condition) }
            }
            return entry.key == "all" ? .all(conditions) : .any(conditions)
        case "not":
            return condition(entry.value, depth: depth + 1, presentation: presentation).map { .not($0) }
        default:
            error("unknown condition '\(entry.key)'", at: entry.keyNode,
                  expected: "one of: \(Self.conditionNames.joined(separator: ", "))",
                  suggestion: TextMatching.nearest(to: entry.key, in: Self.conditionNames))
            return nil
        }
    }
}
