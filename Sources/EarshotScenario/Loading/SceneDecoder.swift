import EarshotCore

/// Turns a scene mapping into a ``Scene``, checking it completely (docs/format.md).
///
/// Elements get provisional negative references while the file is read;
/// once every element exists, references by id or label are resolved and
/// rewritten, and presentation, page and detent names are checked.
final class SceneDecoder: NodeReader {
    static let maximumDepth = 200

    static let sceneKeys = SceneKey.allCases.map(\.rawValue)

    var elements: [Element] = []
    var explicitIDs: [String: SourceLocation] = [:]
    /// Where each surface's `editing: true` text entry is, so that a second one is an error.
    var firstResponders: [Surface: SourceLocation] = [:]
    /// Element references waiting for every element to exist.
    var pendingElements: [PendingReference] = []
    var pendingPresentations: [(id: String, node: DocumentNode, what: String)] = []
    var pendingDetents: [(id: String, node: DocumentNode, presentation: String?)] = []
    var pendingPages: [(id: String, node: DocumentNode, presentation: String?)] = []
    /// `toolkit:` names, checked against the profile once it is known.
    var pendingToolkits: [(name: String, node: DocumentNode)] = []
    var presentations: [Presentation] = []

    struct PendingReference {
        var name: String
        var node: DocumentNode
        var what: String
        /// A `filled:` target must be a text entry.
        var mustBeTextEntry = false
        /// An `initialFocus` must be inside this presentation.
        var insidePresentation: String?
    }

    /// A provisional reference, resolved by ``resolveReferences()``.
    func reference(_ node: DocumentNode, _ what: String, textEntry: Bool = false, inside presentation: String? = nil) -> ElementRef? {
        guard let name = string(node, what) else { return nil }
        pendingElements.append(PendingReference(name: name, node: node, what: what, mustBeTextEntry: textEntry,
                                                insidePresentation: presentation))
        return ElementRef(-pendingElements.count)
    }

    func append(_ element: Element) -> ElementRef {
        elements.append(element)
        return ElementRef(elements.count - 1)
    }

    // MARK: The scene

    func decodeScene(_ node: DocumentNode, defaultName: String? = nil) -> Scene? {
        guard let entries = mapping(node, "the scene") else { return nil }
        let values = keyed(entries, SceneKey.self, in: "the scene")
        let value = { (key: SceneKey) in values[key] }

        var name = defaultName ?? ""
        if let node = value(.scene) {
            name = string(node, "the scene name") ?? name
        } else if defaultName == nil {
            error("the scene has no 'scene' name", at: node, expected: "scene: NAME")
        }
        var platform = Platform.ios
        if let node = value(.platform) { platform = word(node, "platform", as: Platform.self) ?? .ios }
        var language = "en"
        if let node = value(.language), let text = string(node, "language") {
            let known = Profile.languages(for: platform)
            if known.contains(text) {
                language = text
            } else if Profile.languages.contains(text) {
                error("no '\(text)' profile for \(platform.rawValue)", at: node, expected: "one of: \(known.joined(separator: ", "))")
            } else {
                error("unknown language '\(text)'", at: node, expected: "one of: \(known.joined(separator: ", "))",
                      suggestion: TextMatching.nearest(to: text, in: Profile.languages))
            }
        }
        var direction = LayoutDirection.ltr
        if let node = value(.direction) { direction = word(node, "direction", as: LayoutDirection.self) ?? .ltr }
        var screen: (Double, Double)?
        if let node = value(.screen) { screen = size(node) }
        var restoreFocus = true
        if let node = value(.restoreFocus) { restoreFocus = bool(node, "restoreFocus") ?? true }
        var os: String?
        if let node = value(.os) { os = osVersion(node, platform: platform, language: language) }

        // Presentation ids first: effects anywhere may name them.
        var presentationNodes: [(id: String, keyNode: DocumentNode, value: DocumentNode)] = []
        if let node = value(.presentations) {
            if node.isNull {
                // `presentations:` with nothing after it: none.
            } else if let entries = mapping(node, "presentations") {
                presentationNodes = entries.map { ($0.key, $0.keyNode, $0.value) }
            }
        }

        var root: [ElementRef] = []
        if let node = value(.root) {
            if let items = list(node, "root") {
                for item in items { if let ref = element(item, depth: 1, surface: .root) { root.append(ref) } }
            }
        } else {
            error("the scene has no 'root' list", at: node, expected: "root: [ELEMENT, …]")
        }
        var magicTap: Effect?
        if let node = value(.magicTap) { magicTap = effect(node, depth: 1, presentation: nil) }

        for entry in presentationNodes {
            if let presentation = decodePresentation(id: entry.id, keyNode: entry.keyNode, node: entry.value) {
                presentations.append(presentation)
            }
        }

        var opening: [String] = []
        if let node = value(.presented) { opening = presented(node) }
        var auditSkip: AuditSkip?
        if let node = value(.audit) { auditSkip = self.auditSkip(node, key: "audit", listKey: "skip") }

        let transform = resolveReferences()
        checkNames()
        checkFrames(root: root)
        guard diagnostics.isEmpty else { return nil }
        let profile: Profile
        do {
            profile = try Profile.bundled(platform, language: language, os: os)
        } catch {
            // Earshot's own profile damaged is the machine's problem, said at no line of the scene.
            if (error as? ProfileError)?.isDamage == true {
                environmentError("\(error)")
            } else {
                self.error("\(error)", at: node)
            }
            return nil
        }
        checkToolkits(profile)
        guard diagnostics.isEmpty else { return nil }
        elements = elements.map { $0.mapElementRefs(transform) }
        presentations = presentations.map { presentation in
            var presentation = presentation
            presentation.initialFocus = presentation.initialFocus.map(transform)
            return presentation
        }
        return Scene(name: name, profile: profile, direction: direction, screen: screen, restoreFocus: restoreFocus,
                     magicTap: magicTap?.mapElementRefs(transform), elements: elements, root: root,
                     presentations: presentations, presented: opening, auditSkip: auditSkip, location: node.location)
    }

    /// Each `toolkit:` is one the profile knows.
    private func checkToolkits(_ profile: Profile) {
        let known = (profile.toolkits ?? [:]).keys.sorted()
        for (name, node) in pendingToolkits where profile.toolkits?[name] == nil {
            if known.isEmpty {
                error("\(profile.platform.rawValue) has no toolkits", at: node, expected: "no 'toolkit' key on \(profile.platform.rawValue)")
            } else {
                error("unknown toolkit '\(name)'", at: node, expected: "one of: \(known.joined(separator: ", "))",
                      suggestion: TextMatching.nearest(to: name, in: known))
            }
        }
    }

    /// `os: "17"`: a version the platform's profile knows.
    private func osVersion(_ node: DocumentNode, platform: Platform, language: String) -> String? {
        guard let text = string(node, "os") else { return nil }
        let known: [String]
        do {
            known = try Profile.bundled(platform, language: language).os.versions
        } catch let error as ProfileError where error.isDamage {
            environmentError("\(error)")
            return nil
        } catch {
            known = []
        }
        guard known.contains(text) else {
            error("unknown \(platform.rawValue) version '\(text)'", at: node,
                  expected: "one of: \(known.joined(separator: ", "))", suggestion: TextMatching.nearest(to: text, in: known))
            return nil
        }
        return text
    }

    /// `presented: ID` or `[ID, …]`, bottom first: presentations showing when the scene opens.
    private func presented(_ node: DocumentNode) -> [String] {
        let items: [DocumentNode]
        if case .scalar = node.content { items = [node] } else { items = list(node, "presented") ?? [] }
        var ids: [String] = []
        for item in items {
            guard let id = string(item, "presented") else { continue }
            if ids.contains(id) {
                error("presentation '\(id)' is presented twice", at: item, expected: "each presentation once")
                continue
            }
            ids.append(id)
            pendingPresentations.append((id, item, "presented:"))
        }
        return ids
    }

    private func size(_ node: DocumentNode) -> (Double, Double)? {
        guard let items = list(node, "screen") else { return nil }
        guard items.count == 2 else {
            error("screen has \(items.count) numbers", at: node, expected: "[width, height]")
            return nil
        }
        guard let width = number(items[0], "the screen width"), let height = number(items[1], "the screen height")
        else { return nil }
        guard width > 0, height > 0 else {
            error("the screen size is not positive", at: node, expected: "[width, height] greater than 0")
            return nil
        }
        return (width, height)
    }

    // MARK: References

    /// Resolves provisional references by explicit id, then by a label no other element has.
    private func resolveReferences() -> (ElementRef) -> ElementRef {
        var ids: [String: Int] = [:]
        var labels: [String: [Int]] = [:]
        for (index, element) in elements.enumerated() {
            if let id = element.id, ids[id] == nil { ids[id] = index }
            labels[element.label, default: []].append(index)
        }
        var resolved: [Int] = []
        for pending in pendingElements {
            var target: Int?
            if let index = ids[pending.name] {
                target = index
            } else if let matches = labels[pending.name], !matches.isEmpty {
                if matches.count == 1 {
                    target = matches[0]
                } else {
                    let places = matches.prefix(3).map { "\(elements[$0].location.line):\(elements[$0].location.column)" }
                    error("\(pending.what) '\(pending.name)' is ambiguous: \(matches.count) elements have this label (at \(places.joined(separator: ", ")))",
                          at: pending.node, expected: "an explicit id")
                }
            } else {
                let names = Array(ids.keys) + labels.keys.filter { !$0.isEmpty }
                error("\(pending.what) '\(pending.name)' names no element", at: pending.node,
                      expected: "an element's id or its exact label",
                      suggestion: TextMatching.nearest(to: pending.name, in: names))
            }
            if let index = target {
                if pending.mustBeTextEntry, !elements[index].role.isTextEntry {
                    error("\(pending.what) '\(pending.name)' is a \(elements[index].role.rawValue)", at: pending.node,
                          expected: "a text entry (textField, secureField, textArea, searchField)")
                }
                if let inside = pending.insidePresentation, elements[index].surface.presentationID != inside {
                    error("\(pending.what) '\(pending.name)' is not in presentation '\(inside)'", at: pending.node,
                          expected: "an element of '\(inside)'")
                }
            }
            resolved.append(target ?? 0)
        }
        return { ref in ref.index < 0 ? ElementRef(resolved[-ref.index - 1]) : ref }
    }

    /// Presentation, page and detent names used by effects.
    private func checkNames() {
        let byID = Dictionary(presentations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ids = presentations.map(\.id)
        for pending in pendingPresentations where byID[pending.id] == nil {
            error("\(pending.what) '\(pending.id)' names no presentation", at: pending.node,
                  expected: ids.isEmpty ? "a presentation under 'presentations'" : "one of: \(ids.joined(separator: ", "))",
                  suggestion: TextMatching.nearest(to: pending.id, in: ids))
        }
        for pending in pendingDetents {
            let candidates: [Presentation] = pending.presentation.flatMap { byID[$0] }.map { [$0] } ?? presentations
            let names = Set(candidates.flatMap { $0.detents.map(\.id) })
            if !names.contains(pending.id) {
                let known = names.sorted()
                error("detent '\(pending.id)' is not a detent of \(pending.presentation.map { "'\($0)'" } ?? "any presentation")",
                      at: pending.node,
                      expected: "one of: \((known + ["next", "previous"]).joined(separator: ", "))",
                      suggestion: TextMatching.nearest(to: pending.id, in: known))
            }
        }
        for pending in pendingPages {
            guard let id = pending.presentation, let presentation = byID[id], presentation.isMultiPage else {
                error("navigate is used outside a multi-page sheet", at: pending.node,
                      expected: "navigate inside a presentation with 'pages'")
                continue
            }
            let pages = presentation.pages.map(\.id)
            if !pages.contains(pending.id) {
                error("navigate: '\(pending.id)' names no page of '\(id)'", at: pending.node,
                      expected: "one of: \(pages.joined(separator: ", "))",
                      suggestion: TextMatching.nearest(to: pending.id, in: pages))
            }
        }
    }

    /// A surface's elements either all have frames or none do (groups are placed by their first element).
    private func checkFrames(root: [ElementRef]) {
        var surfaces: [[ElementRef]] = [root]
        for presentation in presentations { surfaces += presentation.pages.map(\.content) }
        for surface in surfaces {
            var leaves: [ElementRef] = []
            var stack = Array(surface.reversed())
            while let ref = stack.popLast() {
                let element = elements[ref.index]
                if element.role == .group && !element.children.isEmpty {
                    stack.append(contentsOf: element.children.reversed())
                } else if element.role != .group {
                    leaves.append(ref)
                }
            }
            let framed = leaves.filter { elements[$0.index].frame != nil }
            guard !framed.isEmpty, framed.count != leaves.count,
                  let first = leaves.first(where: { elements[$0.index].frame == nil }) else { continue }
            let example = elements[framed[0].index].location
            error("this element has no frame, but others beside it do (at \(example.line):\(example.column))",
                  at: elements[first.index].location, expected: "a frame on every element of the root or presentation, or on none")
        }
    }
}
