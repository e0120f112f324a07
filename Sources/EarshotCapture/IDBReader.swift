import EarshotCore

/// Reads idb's `ui describe-all` JSON, flat (the default) or `--nested` (`--format nested`), which
/// AXe's `describe-ui` shares (always nested, pretty-printed). A single object (`describe-point`,
/// `describe`) and the element array of `--format complete` are read too.
///
/// Each element is an object of accessibility attributes; an attribute idb was not asked for is
/// absent and one with no value is `null`:
/// - `type`: the macOS accessibility role without its `AX` (`Button`, `StaticText`, `CheckBox`,
///   `RadioButton`, `TextField`, `Group`, `Heading`, `Application`); idb's in-simulator backend
///   writes XCUIElement.ElementType names (`Switch`, `SearchField`, `Tab`, `Cell`) instead;
/// - `role` (`AXButton`), `subrole` (`AXSwitch`, `AXSearchField`, `AXSecureTextField`,
///   `AXTabButton`) and `role_description` (what VoiceOver calls it: "switch", "tab",
///   "search text field"): together they tell a switch from a check box, a tab from a radio
///   button and a search field from a text field;
/// - `AXLabel` (else `title`): the label; `AXValue`: the value, a string or a number (a switch's
///   `0` / `1`, a selected tab's `1`); `help`: the hint; `AXUniqueId` (AXe: `AXIdentifier`): the
///   accessibilityIdentifier; `placeholder`;
/// - `frame` (`{"x", "y", "width", "height"}` in points), or `AXFrame`, the same rectangle as a
///   string `"{{x, y}, {width, height}}"`;
/// - `enabled`, `hidden`, `custom_actions` (names; objects with a `name` are read too), `traits`
///   (UIAccessibilityTraits names: `Button`, `Header`, `Selected`, `NotEnabled`, `TabBar`, …);
/// - `children` (nested form only).
///
/// idb lists accessibility elements, not views: every element is one VoiceOver stops on, except
/// the application and containers (a `Group` with children, a tab bar, a navigation bar). The
/// flat form is the same depth-first walk without `children`: its first element is the
/// application, which is given the others back, and each container the elements that follow it
/// within its frame (the walk lists a container's descendants right after it).
enum IDBReader {
    static func read(_ text: String, file: String) throws(CaptureError) -> [CaptureNode] {
        try read(LocatedJSON.parse(text, file: file), file: file)
    }

    /// The elements of JSON already parsed (a tool's wrapping, read once).
    static func read(_ document: LocatedJSON, file: String) throws(CaptureError) -> [CaptureNode] {
        let elements: [LocatedJSON]
        switch document.content {
        case .array(let items):
            elements = items
        case .object:
            if document["type"] == nil, document["AXLabel"] == nil, let inner = document["elements"], let items = inner.items {
                elements = items   // --format complete
            } else if !isElement(document), let found = wrapped(in: document) {
                elements = found   // a tool's own object around the elements ({"result": [...]})
            } else {
                elements = [document]
            }
        case .null:
            elements = []          // describe-point with nothing under the point
        default:
            throw CaptureError("the capture is \(document.kindName)", at: document.location(in: file),
                               expected: "a JSON array of element objects, as idb ui describe-all prints")
        }
        var nodes: [CaptureNode] = []
        var nested = false
        for element in elements {
            nodes.append(try node(element, file: file))
            if element["children"] != nil { nested = true }
        }
        if !nested { nodes = try rebuilt(nodes, file: file) }
        for index in nodes.indices { settle(&nodes[index]) }
        return nodes
    }

    /// Whether an object is an element: it has one of the keys every element has.
    private static func isElement(_ json: LocatedJSON) -> Bool {
        ["type", "AXLabel", "AXFrame", "frame", "role", "role_description"].contains { json[$0] != nil }
    }

    /// The elements a tool's object holds under a key of its own, a few levels down at most:
    /// the first array of element objects, or element object, met.
    private static func wrapped(in document: LocatedJSON) -> [LocatedJSON]? {
        // idb's own elements (AX keys) first: a tool may list its simpler ones beside them.
        for accept in [isAXElement, isElement] {
            var level = [document]
            for _ in 0..<4 {
                var next: [LocatedJSON] = []
                for value in level {
                    for member in value.members ?? [] {
                        if let items = member.value.items, let first = items.first, accept(first) { return items }
                        if member.value.members != nil {
                            if accept(member.value) { return [member.value] }
                            next.append(member.value)
                        }
                    }
                }
                level = next
            }
        }
        return nil
    }

    /// Whether JSON holds elements this reader reads: an array of them, or one under a tool's keys.
    static func holdsElements(_ json: LocatedJSON) -> Bool {
        if let first = json.items?.first { return isElement(first) }
        return isElement(json) || wrapped(in: json) != nil
    }

    /// An element with idb's accessibility keys.
    private static func isAXElement(_ json: LocatedJSON) -> Bool {
        ["AXLabel", "AXFrame", "role_description"].contains { json[$0] != nil }
    }

    /// One element object, its children included.
    private static func node(_ json: LocatedJSON, file: String) throws(CaptureError) -> CaptureNode {
        guard let members = json.members else {
            throw CaptureError("an element that is \(json.kindName)", at: json.location(in: file),
                               expected: "an element object such as {\"type\": \"Button\", \"AXLabel\": …, \"frame\": …}")
        }
        var type: String?, role: String?, subrole: String?, roleDescription: String?
        var label: String?, title: String?, plainLabel: String?
        var identifier: String?, otherIdentifier: String?
        var value: String?, plainValue: String?, frame: Frame?, axFrame: LocatedJSON?
        var enabled: Bool?, hidden: Bool?
        var traits: [String] = [], customActions: [String] = [], children: [CaptureNode] = []
        var placeholder: String?, hint: String?
        let reader = Values(file: file)
        for member in members {
            let json = member.value, key = member.key
            switch key {
            case "type": type = try reader.text(json, of: key)
            case "role": role = try reader.text(json, of: key)
            case "subrole": subrole = try reader.text(json, of: key)
            case "role_description": roleDescription = try reader.text(json, of: key)
            case "AXLabel": label = try reader.text(json, of: key)
            case "title": title = try reader.text(json, of: key)
            case "AXUniqueId": identifier = try reader.text(json, of: key)
            case "AXIdentifier": otherIdentifier = try reader.text(json, of: key)
            case "AXValue": value = try reader.scalar(json, of: key)
            // --format complete names them plainly.
            case "label": plainLabel = try reader.text(json, of: key)
            case "identifier", "uniqueId": otherIdentifier = try reader.text(json, of: key)
            // Tools built on idb list states as words: `selected`, `disabled`, `value="…"`.
            case "states":
                for state in try reader.names(json, of: key) {
                    switch state {
                    case "selected": traits.append("Selected")
                    case "disabled", "notEnabled", "dimmed": enabled = false
                    case _ where state.hasPrefix("value=\"") && state.hasSuffix("\"") && state.count >= 8:
                        plainValue = String(state.dropFirst(7).dropLast())
                    default: break
                    }
                }
            case "value": plainValue = try reader.scalar(json, of: key)
            case "help": hint = try reader.text(json, of: key)
            case "placeholder": placeholder = try reader.text(json, of: key)
            case "frame": frame = try reader.frame(json)
            case "AXFrame": axFrame = json   // read only where there is no frame object
            case "enabled": enabled = try reader.flag(json, of: key)
            case "hidden": hidden = try reader.flag(json, of: key)
            case "traits": traits = try reader.names(json, of: key)
            case "custom_actions": customActions = try reader.names(json, of: key)
            case "children":
                if json.isNull { continue }
                guard let items = json.items else {
                    throw CaptureError("children is \(json.kindName)", at: json.location(in: file),
                                       expected: "an array of element objects")
                }
                for item in items { children.append(try node(item, file: file)) }
            default: break
            }
        }
        value = value ?? plainValue
        var node = CaptureNode(type: elementType(type: type, role: role, subrole: subrole, roleDescription: roleDescription, traits: traits),
                               location: json.location(in: file))
        node.label = label ?? title ?? plainLabel
        node.identifier = identifier ?? otherIdentifier
        node.value = value
        node.hint = hint
        node.placeholder = placeholder
        node.frame = frame
        if frame == nil, let axFrame { node.frame = try reader.frameString(axFrame) }
        node.enabled = enabled ?? !traits.contains("NotEnabled")
        if let hidden { node.visible = !hidden }
        node.traits = traits
        node.customActions = customActions
        node.children = children
        node.selected = traits.contains("Selected") || (node.type == "Tab" && value == "1")
        // An empty field reports its placeholder as its value, with no label (newer runtimes copy it
        // to the label): VoiceOver speaks it as the field's name.
        if fields.contains(node.type),
           let shown = node.value, node.label == nil || node.label == shown, node.placeholder == nil || node.placeholder == shown {
            node.placeholder = shown
            node.label = shown
        }
        return node
    }

    private static let fields: Set<String> = ["TextField", "SearchField", "SecureTextField", "TextView"]

    /// The XCUIElement.ElementType name the importer knows, from what idb says of an element.
    static func elementType(type: String?, role: String?, subrole: String?, roleDescription: String?, traits: [String]) -> String {
        let base = type ?? role.map(withoutAX) ?? "Other"
        let sub = subrole.map(withoutAX)
        let described = roleDescription?.lowercased() ?? ""
        switch base {
        case "CheckBox":
            return sub == "Switch" || sub == "Toggle" || described.contains("switch") || described.contains("toggle") ? "Switch" : "CheckBox"
        case "RadioButton", "Button":
            if sub == "TabButton" || described == "tab" { return "Tab" }
            return base
        case "TextField":
            if sub == "SearchField" || described.contains("search") { return "SearchField" }
            if sub == "SecureTextField" || described.contains("secure") { return "SecureTextField" }
            return "TextField"
        case "TextArea": return "TextView"
        case "Incrementor": return "Stepper"
        case "ScrollArea": return "ScrollView"
        case "List", "Outline": return "Table"
        case "Group", "Unknown":
            if traits.contains("TabBar") || described.contains("tab bar") { return "TabBar" }
            if described.contains("nav bar") || described.contains("navigation bar") { return "NavigationBar" }
            if described == "toolbar" { return "Toolbar" }
            if described == "alert" { return "Alert" }
            if described == "action sheet" { return "Sheet" }
            return "Other"
        // The SimulatorBridge types idb once derived from traits.
        case "Text": return "StaticText"
        // AXe's name for an element of no particular kind (the status bar's items), unless its
        // subrole says what it is (LINE's search field: `AXGenericElement`, `AXSearchField`).
        case "GenericElement":
            if let sub, fields.contains(sub) { return sub }
            if sub == "Switch" || sub == "Toggle" { return "Switch" }
            return "Other"
        case "TextEntry": return "TextField"
        default: return base
        }
    }

    private static func withoutAX(_ role: String) -> String {
        role.hasPrefix("AX") ? String(role.dropFirst(2)) : role
    }

    /// Types that hold the elements after them in the flat form.
    private static let holders = SceneImporter.containers.union(["TabBar"]).subtracting(["Application"])

    /// The flat form's elements put back in their containers: everything after the application is
    /// its descendant, and a container holds the elements that follow it within its frame.
    /// Containers nest at most ``Capture/maximumDepth`` deep (a flat list of 100,000 groups, each
    /// inside the last, made a tree that overflowed the stack of everything that walked it).
    private static func rebuilt(_ flat: [CaptureNode], file: String) throws(CaptureError) -> [CaptureNode] {
        guard let first = flat.first, first.type == "Application" else { return flat }
        var stack = [first]
        // A container that reaches the bottom of the screen holds what follows it below the
        // screen too: its content scrolled away (a sheet's last rows).
        let bottom = first.frame.map(\.maxY) ?? .infinity
        func close(to count: Int) {
            while stack.count > count {
                let done = stack.removeLast()
                stack[stack.count - 1].children.append(done)
            }
        }
        for node in flat.dropFirst() {
            if let frame = node.frame {
                var keep = stack.count
                while keep > 1, !(stack[keep - 1].frame.map { contains($0, frame, bottom: bottom) } ?? false) { keep -= 1 }
                close(to: keep)
            }
            if holders.contains(node.type) {
                guard stack.count < Capture.maximumDepth else {
                    throw CaptureError("an element nested deeper than \(Capture.maximumDepth) levels", at: node.location,
                                       expected: "elements at most \(Capture.maximumDepth) levels deep")
                }
                stack.append(node)
            } else {
                stack[stack.count - 1].children.append(node)
            }
        }
        close(to: 1)
        return stack
    }

    private static func contains(_ outer: Frame, _ inner: Frame, bottom: Double) -> Bool {
        let slack = 0.5
        let reachesBottom = outer.maxY >= bottom - slack
        return inner.x >= outer.x - slack && inner.y >= outer.y - slack
            && inner.maxX <= outer.maxX + slack && (inner.maxY <= outer.maxY + slack || reachesBottom)
    }

    /// Which nodes are accessibility elements, now that each container has its children: the
    /// application and containers are not; a group of tabs is a tab bar; a labelled group
    /// without children is an element, as is a cell without children.
    private static func settle(_ node: inout CaptureNode) {
        for index in node.children.indices { settle(&node.children[index]) }
        if node.type == "Other", !node.children.isEmpty, node.children.allSatisfy({ $0.type == "Tab" }) { node.type = "TabBar" }
        switch node.type {
        case "Other": node.accessible = node.children.isEmpty && (node.label != nil || node.value != nil)
        case "Cell": node.accessible = node.children.isEmpty
        default: node.accessible = !SceneImporter.containers.contains(node.type) && node.type != "TabBar"
        }
    }

    /// Reads attribute values, throwing at the value that has the wrong type.
    private struct Values {
        let file: String

        /// A string or null; an empty string is no value.
        func text(_ json: LocatedJSON, of key: String) throws(CaptureError) -> String? {
            switch json.content {
            case .string(let text): return text.isEmpty ? nil : text
            case .null: return nil
            default:
                throw CaptureError("\(key) is \(json.kindName)", at: json.location(in: file), expected: "a string or null")
            }
        }

        /// `AXValue`: a string, or a number or flag written as it is (`1`, `0.5`); null is no value.
        func scalar(_ json: LocatedJSON, of key: String) throws(CaptureError) -> String? {
            switch json.content {
            case .string(let text): return text.isEmpty ? nil : text
            case .number(_, let text): return text
            case .bool(let flag): return flag ? "1" : "0"
            case .null: return nil
            default:
                throw CaptureError("\(key) is \(json.kindName)", at: json.location(in: file), expected: "a string, a number or null")
            }
        }

        func flag(_ json: LocatedJSON, of key: String) throws(CaptureError) -> Bool? {
            switch json.content {
            case .bool(let flag): return flag
            case .null: return nil
            default:
                throw CaptureError("\(key) is \(json.kindName)", at: json.location(in: file), expected: "true or false")
            }
        }

        /// An array of names (`traits`, `custom_actions`): strings, or objects with a `name`.
        func names(_ json: LocatedJSON, of key: String) throws(CaptureError) -> [String] {
            if json.isNull { return [] }
            guard let items = json.items else {
                throw CaptureError("\(key) is \(json.kindName)", at: json.location(in: file), expected: "an array of names")
            }
            var names: [String] = []
            for item in items {
                if let name = item.string ?? item["name"]?.string {
                    if !name.isEmpty { names.append(name) }
                } else {
                    throw CaptureError("an item of \(key) that is \(item.kindName)", at: item.location(in: file),
                                       expected: "a name, or an object with a \"name\"")
                }
            }
            return names
        }

        /// `frame`: `{"x", "y", "width", "height"}`, numbers in points; null is no frame.
        func frame(_ json: LocatedJSON) throws(CaptureError) -> Frame? {
            if json.isNull { return nil }
            let expected = "{\"x\": …, \"y\": …, \"width\": …, \"height\": …} in points"
            guard json.members != nil else {
                throw CaptureError("frame is \(json.kindName)", at: json.location(in: file), expected: expected)
            }
            var numbers: [Double] = []
            for key in ["x", "y", "width", "height"] {
                guard let part = json[key] else {
                    throw CaptureError("a frame without \(key)", at: json.location(in: file), expected: expected)
                }
                guard let number = part.number, number.isFinite else {
                    throw CaptureError("the frame's \(key) is \(part.kindName)", at: part.location(in: file), expected: "a number")
                }
                if key == "width" || key == "height", number < 0 {
                    throw CaptureError("the frame's \(key) is negative", at: part.location(in: file), expected: "a size of 0 or more")
                }
                numbers.append(number)
            }
            return Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }

        /// `AXFrame`: `"{{x, y}, {width, height}}"`, as NSStringFromRect writes it; null is no frame.
        func frameString(_ json: LocatedJSON) throws(CaptureError) -> Frame? {
            if json.isNull { return nil }
            let expected = "\"{{x, y}, {width, height}}\""
            guard let text = json.string else {
                throw CaptureError("AXFrame is \(json.kindName)", at: json.location(in: file), expected: expected)
            }
            let parts = text.split(whereSeparator: { $0 == "{" || $0 == "}" || $0 == "," || $0 == " " })
            let numbers = parts.compactMap { Double($0) }.filter(\.isFinite)
            let shape = text.filter { $0 == "{" || $0 == "}" || $0 == "," }
            guard parts.count == 4, numbers.count == 4, shape == "{{,},{,}}", numbers[2] >= 0, numbers[3] >= 0 else {
                throw CaptureError("an AXFrame that is not {{x, y}, {width, height}}", at: json.location(in: file), expected: expected)
            }
            return Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
    }
}
