import EarshotCore

extension SceneDecoder {
    static let roleKeys = Role.allCases.map(\.rawValue)
    static let commonKeys = ["id", "label", "value", "hint", "traits", "enabled", "selected", "hidden", "frame",
                             "placement", "role", "required", "actions", "auditSkip"] + Behaviour.common.map(\.rawValue)

    /// Keys only some roles take.
    static func roleSpecificKeys(_ role: Role) -> [String] {
        switch role {
        case .heading: ["level"]
        case .slider, .stepper: ["min", "max", "step", "unit"]
        case .group: ["children", "modal", "tabBar", "focusable", "ordered", "series", "container"]
        case .textField, .secureField, .searchField: ["editing", "returnKey", "submit"]
        case .textArea: ["editing", "submit"]
        case .button: ["accessory"]
        default: []
        }
    }

    /// Each key once, in the order the roles first take it (an error lists them).
    static let allRoleSpecificKeys: [String] = {
        var seen = Set<String>()
        return Role.allCases.flatMap { roleSpecificKeys($0) }.filter { seen.insert($0).inserted }
    }()

    /// `returnKey:` values: UIReturnKeyType's, those whose titles are in the public record.
    static let returnKeyTypes = ["default", "go", "google", "join", "next", "route", "search", "send", "yahoo", "done"]

    /// Reads one element and its subtree; returns its reference, or nil when it is unusable.
    func element(_ node: DocumentNode, depth: Int, surface: Surface) -> ElementRef? {
        guard let entries = mapping(node, "an element") else { return nil }
        if depth > Self.maximumDepth {
            error("elements nested deeper than \(Self.maximumDepth) levels", at: node,
                  expected: "at most \(Self.maximumDepth) levels of children")
            return nil
        }
        let roles = entries.filter { Self.roleKeys.contains($0.key) }
        guard let roleEntry = roles.first, let role = Role(rawValue: roleEntry.key) else {
            let misspelt = entries.contains { TextMatching.nearest(to: $0.key, in: Self.roleKeys) != nil
                && !Self.commonKeys.contains($0.key) && !Self.allRoleSpecificKeys.contains($0.key) }
            if misspelt {
                checkKeys(entries, allowed: Self.commonKeys + Self.allRoleSpecificKeys, in: "an element",
                          alsoSuggest: Self.roleKeys)
            } else {
                error("an element has no role key", at: node, expected: "one of: \(Self.roleKeys.joined(separator: ", "))")
            }
            return nil
        }
        if roles.count > 1 {
            error("an element has two role keys, '\(roles[0].key)' and '\(roles[1].key)'", at: roles[1].keyNode,
                  expected: "exactly one role key per element")
        }
        let allowed = Self.roleKeys + Self.commonKeys + Self.roleSpecificKeys(role)
        for entry in entries where !allowed.contains(entry.key) {
            if Self.allRoleSpecificKeys.contains(entry.key) {
                let owners = Role.allCases.filter { Self.roleSpecificKeys($0).contains(entry.key) }.map(\.rawValue)
                error("'\(entry.key)' does not apply to a \(role.rawValue)", at: entry.keyNode,
                      expected: "'\(entry.key)' on a \(owners.joined(separator: " or "))")
            } else {
                error("unknown key '\(entry.key)' in a \(role.rawValue)", at: entry.keyNode,
                      expected: "one of: \(allowed.filter { !Self.roleKeys.contains($0) }.joined(separator: ", "))",
                      suggestion: TextMatching.nearest(to: entry.key, in: allowed))
            }
        }

        var element = Element(role: role, label: string(roleEntry.value, "the \(role.rawValue)'s label", allowNull: true) ?? "",
                              location: node.location)
        element.surface = surface
        let presentation = surface.presentationID
        var childNodes: [DocumentNode] = []
        for entry in entries where allowed.contains(entry.key) && !Self.roleKeys.contains(entry.key) {
            let value = entry.value
            switch entry.key {
            case "id":
                if let id = string(value, "id") {
                    if let first = explicitIDs[id] {
                        error("duplicate id '\(id)' (first used at \(first.line):\(first.column))", at: value,
                              expected: "ids unique in the scene")
                    } else {
                        explicitIDs[id] = value.location
                        element.id = id
                    }
                }
            case "label": element.label = string(value, "label", allowNull: true) ?? element.label
            case "value": element.value = self.value(value, role: role, presentation: presentation)
            case "hint": element.hint = string(value, "hint", allowNull: true)
            case "traits": element.extraTraits = traits(value)
            case "enabled": element.enabled = flag(value, "enabled", presentation: presentation)
            case "selected": element.selected = bool(value, "selected") ?? false
            case "hidden": element.hidden = flag(value, "hidden", presentation: presentation)
            case "frame": element.frame = frame(value)
            case "placement": element.placement = word(value, "placement", as: Placement.self)
            case "role": element.buttonRole = word(value, "role", as: ButtonRole.self)
            case "required": element.required = bool(value, "required") ?? false
            case "actions": element.actions = customActions(value, depth: depth, presentation: presentation)
            case "auditSkip": element.auditSkip = auditSkip(value, key: "auditSkip", listKey: "rules")
            case "level":
                if let level = number(value, "level") {
                    if level >= 1, level <= 6, level == level.rounded() { element.level = Int(level) }
                    else { error("level \(NumberText.canonical(level)) is out of range", at: value, expected: "1…6") }
                }
            case "min": element.minimum = number(value, "min")
            case "max": element.maximum = number(value, "max")
            case "step":
                if let step = number(value, "step") {
                    if step > 0 { element.step = step } else { error("step is not positive", at: value, expected: "a number greater than 0") }
                }
            case "unit": element.unit = word(value, "unit", as: ValueUnit.self)
            case "children": childNodes = list(value, "children") ?? []
            case "modal": element.modal = bool(value, "modal") ?? false
            case "tabBar": element.tabBar = bool(value, "tabBar") ?? false
            case "focusable": element.focusable = bool(value, "focusable") ?? false
            case "accessory": element.accessory = bool(value, "accessory") ?? false
            case "ordered": element.ordered = bool(value, "ordered") ?? false
            case "series": element.series = bool(value, "series") ?? false
            case "container": element.container = word(value, "container", as: ContainerType.self)
            case "returnKey":
                if let type = string(value, "returnKey") {
                    if Self.returnKeyTypes.contains(type) { element.returnKey = type }
                    else {
                        error("unknown return key '\(type)'", at: value, expected: "one of: \(Self.returnKeyTypes.joined(separator: ", "))",
                              suggestion: TextMatching.nearest(to: type, in: Self.returnKeyTypes))
                    }
                }
            case "editing":
                element.editing = bool(value, "editing") ?? false
                if element.editing {
                    if let first = firstResponders[surface] {
                        error("two text entries are editing in one view", at: value,
                              expected: "one `editing: true` per presentation page or parent view (the first is at \(first.line):\(first.column))")
                    } else {
                        firstResponders[surface] = value.location
                    }
                }
            default:
                // The keys checked above are the lists' (roleKeys, commonKeys, roleSpecificKeys):
                // one listed there and decoded nowhere here would be dropped without a word.
                guard let behaviour = Behaviour(rawValue: entry.key) else {
                    preconditionFailure("element key '\(entry.key)' is allowed but not decoded")
                }
                element.behaviours[behaviour] = effect(value, depth: 1, presentation: presentation)
            }
        }
        checkAdjustable(&element, node: node)
        if role == .switch, case .constant(nil) = element.value { element.value = .constant("off") }
        let ref = append(element)
        var children: [ElementRef] = []
        for child in childNodes {
            if let childRef = self.element(child, depth: depth + 1, surface: surface) {
                elements[childRef.index].parent = ref
                children.append(childRef)
            }
        }
        elements[ref.index].children = children
        return ref
    }

    /// `min ≤ max`, and a value within them; the value defaults to `min`, the step to a tenth of the range.
    private func checkAdjustable(_ element: inout Element, node: DocumentNode) {
        guard element.role.isAdjustable else { return }
        let minimum = element.minimum ?? 0, maximum = element.maximum ?? 100
        if minimum > maximum {
            error("min \(NumberText.canonical(minimum)) is greater than max \(NumberText.canonical(maximum))", at: node,
                  expected: "min ≤ max")
            return
        }
        element.minimum = minimum
        element.maximum = maximum
        if element.step == nil { element.step = maximum > minimum ? (maximum - minimum) / 10 : 1 }
        if case .constant(nil) = element.value { element.value = .constant(NumberText.canonical(minimum)) }
    }

    /// `value:` as text, `on`/`off` for a switch, a number for a slider or stepper, or conditional.
    private func value(_ node: DocumentNode, role: Role, presentation: String?) -> Conditional<String?> {
        func text(_ node: DocumentNode) -> String? {
            guard let text = string(node, "value", allowNull: true) else { return nil }
            switch role {
            case .switch:
                guard text == "on" || text == "off" || text == "mixed" else {
                    error("a switch value is '\(text)'", at: node, expected: "on or off (or mixed)",
                          suggestion: TextMatching.nearest(to: text, in: ["on", "off"]))
                    return nil
                }
            case .slider, .stepper:
                guard let number = Double(text), number.isFinite else {
                    error("a \(role.rawValue) value is '\(text)'", at: node, expected: "a number")
                    return nil
                }
                return NumberText.canonical(number)
            default: break
            }
            return text
        }
        guard case .mapping = node.content else { return .constant(text(node)) }
        if let entries = mapping(node, "value"), entries.contains(where: { $0.key == "when" }) {
            checkKeys(entries, allowed: ["when", "then", "else"], in: "a conditional value")
            let get = { (key: String) in entries.first { $0.key == key }?.value }
            let condition = self.condition(get("when")!, depth: 1, presentation: presentation)
            return .when(condition ?? .all([]), then: get("then").flatMap(text), else: get("else").flatMap(text))
        }
        // A bare condition: `on` while it holds, `off` otherwise.
        let condition = self.condition(node, depth: 1, presentation: presentation)
        return .when(condition ?? .all([]), then: "on", else: "off")
    }

    /// `enabled:` / `hidden:`: true or false, a bare condition, or `{ when, then, else }`.
    private func flag(_ node: DocumentNode, _ what: String, presentation: String?) -> Conditional<Bool> {
        guard case .mapping = node.content else { return .constant(bool(node, what) ?? (what == "enabled")) }
        if let entries = mapping(node, what), entries.contains(where: { $0.key == "when" }) {
            checkKeys(entries, allowed: ["when", "then", "else"], in: "a conditional \(what)")
            let get = { (key: String) in entries.first { $0.key == key }?.value }
            let condition = self.condition(get("when")!, depth: 1, presentation: presentation)
            let then = get("then").flatMap { bool($0, "then") } ?? true
            let otherwise = get("else").flatMap { bool($0, "else") } ?? !then
            return .when(condition ?? .all([]), then: then, else: otherwise)
        }
        let condition = self.condition(node, depth: 1, presentation: presentation)
        return .when(condition ?? .all([]), then: true, else: false)
    }

    func traits(_ node: DocumentNode) -> Traits {
        let items: [DocumentNode]
        if case .scalar = node.content { items = [node] } else { items = list(node, "traits") ?? [] }
        var traits: Traits = []
        let names = Traits.names.map(\.name)
        for item in items {
            guard let name = string(item, "a trait") else { continue }
            if let trait = Traits.named(name) {
                traits.insert(trait)
            } else {
                error("unknown trait '\(name)'", at: item, expected: "one of: \(names.joined(separator: ", "))",
                      suggestion: TextMatching.nearest(to: name, in: names))
            }
        }
        return traits
    }

    private func frame(_ node: DocumentNode) -> Frame? {
        guard case .list(let sequence) = node.content, sequence.count == 4 else {
            error("frame is \(describe(node))\(node.items.map { " of \($0.count) items" } ?? "")", at: node,
                  expected: "four numbers [x, y, width, height]")
            return nil
        }
        let numbers = sequence.compactMap { number($0, "a frame value") }
        guard numbers.count == 4 else { return nil }
        guard numbers[2] >= 0, numbers[3] >= 0 else {
            error("frame has a negative size", at: node, expected: "width and height of 0 or more")
            return nil
        }
        return Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    private func customActions(_ node: DocumentNode, depth: Int, presentation: String?) -> [CustomAction] {
        guard let items = list(node, "actions") else { return [] }
        var result: [CustomAction] = []
        for item in items {
            guard let entries = mapping(item, "a custom action") else { continue }
            checkKeys(entries, allowed: ["name", "do"], in: "a custom action")
            guard let nameNode = entries.first(where: { $0.key == "name" })?.value else {
                error("a custom action has no name", at: item, expected: "{ name: NAME, do: EFFECT }")
                continue
            }
            let name = string(nameNode, "the action name") ?? ""
            let effect = entries.first(where: { $0.key == "do" }).map { entry in
                self.effect(entry.value, depth: 1, presentation: presentation)
            } ?? Effect([])
            result.append(CustomAction(name: name, effect: effect, location: item.location))
        }
        return result
    }
}
