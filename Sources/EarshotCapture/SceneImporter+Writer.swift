import EarshotCore

/// The scene's document, written from the walked items, each value at the capture node it
/// came from.
extension SceneImporter {
    /// Builds the scene's nodes, each at the capture node it came from.
    struct Writer {
        let file: String
        var count = 0
        var ids: Set<String> = []
        /// Presentation ids by their presenter's capture location.
        var presents: [SourceLocation: String] = [:]
        /// The text entry the keyboard types into, and its Return key's type.
        var editing: SourceLocation?
        var returnKey: String?

        init(file: String) { self.file = file }

        /// An element's mapping. `frames`: each item's frame by placed identity (a presentation's,
        /// relative to it), its capture frame where absent; nil writes no frames (alerts, laid
        /// out by Earshot). `extra` is added last (an alert button's role and effect).
        mutating func element(_ item: Item, frames: [String: Frame]? = [:], placements: [String: String] = [:],
                              extra: [(ElementKey, String)] = []) -> DocumentNode {
            let node = item.node
            let at = node.location
            func word(_ text: String) -> DocumentNode { .scalar(text, at: at) }
            func text(_ text: String) -> DocumentNode { .scalar(text, .doubleQuoted, at: at) }
            var keys: [(String, DocumentNode)] = [(item.role.rawValue, text(item.label))]
            func add(_ key: ElementKey, _ value: DocumentNode) { keys.append((key.rawValue, value)) }
            if item.role == .group {
                if item.isTabBar { add(.tabBar, word("true")) }
                if item.isOrdered { add(.ordered, word("true")) }
                if item.isSeries { add(.series, word("true")) }
                // A scroll view is read where it is on screen, not where its first element is
                // scrolled to.
                if !item.isTabBar, !item.placedByMembers, let frames {
                    add(.frame, Self.frame(frames[item.placedIdentity] ?? item.frame, at: at))
                }
                var children: [DocumentNode] = []
                for tab in item.tabs { children.append(element(tab, frames: frames, placements: placements)) }
                add(.children, .list(children, at: at))
                return .mapping(keys, at: at, comment: comment(node))
            }
            if let id = node.identifier, id != item.label, ids.insert(id).inserted { add(.id, text(id)) }
            for (key, value) in valueKeys(node, role: item.role, label: item.label) { add(key, value) }
            if let hint = node.hint { add(.hint, text(hint)) }
            if !item.traits.isEmpty { add(.traits, .list(item.traits.map(word), at: at, flow: true)) }
            if node.location == editing, item.role.isTextEntry {
                add(.editing, word("true"))
                if let returnKey, ElementKey.returnKey.applies(to: item.role) { add(.returnKey, word(returnKey)) }
            }
            if !node.enabled { add(.enabled, word("false")) }
            // Selected, whichever way the tool says it: an attribute, a trait, or a tab's value "1".
            if node.selected || node.traits.contains(where: { $0.lowercased() == "selected" })
                || item.role == .tab && node.value == "1" {
                add(.selected, word("true"))
            }
            if let placement = placements[item.placedIdentity] { add(.placement, word(placement)) }
            if item.isAccessory, ElementKey.accessory.applies(to: item.role) { add(.accessory, word("true")) }
            if let presented = presents[node.location] {
                add(.activate, .mapping([("present", text(presented))], at: at, flow: true))
            }
            if !node.customActions.isEmpty {
                add(.actions, .list(node.customActions.map { .mapping([("name", text($0))], at: at) }, at: at))
            }
            if let frames { add(.frame, Self.frame(frames[item.placedIdentity] ?? item.frame, at: at)) }
            for (key, value) in extra { add(key, word(value)) }
            count += 1
            return .mapping(keys, at: at, comment: comment(node))
        }

        mutating func presentation(_ built: BuiltPresentation) -> DocumentNode {
            let at = built.location
            func word(_ text: String) -> DocumentNode { .scalar(text, at: at) }
            var keys: [(PresentationKey, DocumentNode)] = [(.style, word(built.style))]
            if built.style == "popover" { keys.append((.adaptation, word("none"))) }
            if !built.detents.isEmpty {
                let detents = built.detents.map { detent in
                    detent.fraction.map { .mapping([(DetentKey.id.rawValue, word(detent.id)), (DetentKey.fraction.rawValue, word(number($0)))], at: at, flow: true) }
                        ?? word(detent.id)
                }
                keys.append((.detents, .list(detents, at: at, flow: true)))
            }
            if let selected = built.selected, built.detents.count > 1 { keys.append((.selected, word(selected))) }
            if let toolkit = built.toolkit { keys.append((.toolkit, word(toolkit))) }
            if built.grabber { keys.append((.grabber, word("true"))) }
            if let undimmed = built.undimmed { keys.append((.undimmed, word(undimmed))) }
            if let title = built.title {
                keys.append((.title, .scalar(title.label, .doubleQuoted, at: title.node.location, comment: comment(title.node))))
            }
            var content: [DocumentNode] = []
            for item in built.items {
                if ["alert", "actionSheet"].contains(built.style), item.role == .button {
                    // An alert's or action sheet's buttons dismiss it; the system's Cancel has the
                    // cancel role and cancels.
                    let cancels = item.label == "Cancel"
                    var extra: [(ElementKey, String)] = cancels ? [(.buttonRole, "cancel")] : []
                    if presents[item.node.location] == nil { extra.append((.activate, cancels ? "cancel" : "dismiss")) }
                    content.append(element(item, frames: nil, extra: extra))
                    continue
                }
                content.append(element(item, frames: built.frames, placements: built.placements))
            }
            keys.append((.content, .list(content, at: at)))
            return .mapping(keys.map { ($0.0.rawValue, $0.1) }, at: at, comment: built.files.joined(separator: ", "))
        }

        /// The `value:` key (and `unit: percent` for a percent), if the node has a value to keep.
        private func valueKeys(_ node: CaptureNode, role: Role, label: String) -> [(ElementKey, DocumentNode)] {
            guard var value = node.value, !value.isEmpty else { return [] }
            let at = node.location
            func word(_ text: String) -> DocumentNode { .scalar(text, at: at) }
            switch role {
            case .switch:
                // XCUITest reports a switch's value as "1" / "0".
                return [(.value, word(["1", "on", "true"].contains(value.lowercased()) ? "on" : "off"))]
            case .slider, .stepper:
                let percent = value.hasSuffix("%")
                if percent { value.removeLast() }
                guard let number = Double(value.trimmingCharacters(in: .whitespaces)), number.isFinite else { return [] }
                var keys: [(ElementKey, DocumentNode)] = [(.value, word(SceneImporter.number(number)))]
                if percent { keys += [(.min, word("0")), (.max, word("100")), (.unit, word("percent"))] }
                else { keys += [(.min, word(SceneImporter.number(min(0, number)))), (.max, word(SceneImporter.number(max(100, number))))] }
                return keys
            case .text where value == label, .heading where value == label:
                return []   // a title's value is its label
            case .tab where ["0", "1"].contains(value):
                return []   // a tab's "1" says it is selected (the trait does too); a badge ("2 unread") is its value
            case _ where node.type == "ActivityIndicator":
                return []   // its label says it ("In progress", "Progress halted"); its value is 1 or 0
            default:
                if value == node.placeholder { return [] }   // an empty field reports its placeholder
                return [(.value, .scalar(value, .doubleQuoted, at: at))]
            }
        }

        /// `[x, y, width, height]` on one line.
        static func frame(_ frame: Frame, at location: SourceLocation) -> DocumentNode {
            numbers([frame.x, frame.y, frame.width, frame.height], at: location)
        }

        static func numbers(_ values: [Double], at location: SourceLocation) -> DocumentNode {
            .list(values.map { .scalar(number($0), at: location) }, at: location, flow: true)
        }

        /// `LINE:COLUMN Type`, with the capture file first when it is not the parent capture. The
        /// writer escapes what would end the comment (a line break let the rest be read as YAML).
        private func comment(_ node: CaptureNode) -> String {
            let file = node.location.file == self.file ? "" : "\(node.location.file):"
            return "\(file)\(node.location.line):\(node.location.column) \(node.type)"
        }
    }
}
