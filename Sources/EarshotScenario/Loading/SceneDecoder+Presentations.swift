import EarshotCore

extension SceneDecoder {
    static let customDetentKeys = DetentKey.allCases.map(\.rawValue)
    static let presentationKeys = PresentationKey.allCases.map(\.rawValue)

    func decodePresentation(id: String, keyNode: DocumentNode, node: DocumentNode) -> Presentation? {
        guard let entries = mapping(node, "presentation '\(id)'") else { return nil }
        let values = keyed(entries, PresentationKey.self, in: "presentation '\(id)'")
        let value = { (key: PresentationKey) in values[key] }

        var presentation = Presentation(id: id, style: .sheet, location: keyNode.location)
        if let node = value(.style) { presentation.style = word(node, "style", as: PresentationStyle.self) ?? .sheet }
        presentation.writtenStyle = presentation.style
        presentation.appearance = presentation.style
        if let node = value(.persistent), let persistent = bool(node, "persistent") {
            if persistent, !presentation.style.isResizable {
                error("'\(presentation.style.rawValue)' cannot be persistent", at: node,
                      expected: "persistent on a sheet, formSheet or pageSheet")
            }
            presentation.persistent = persistent
        }
        if let node = value(.adaptation), let adaptation = word(node, "adaptation", as: Adaptation.self) {
            if presentation.style != .popover {
                error("'\(presentation.style.rawValue)' does not adapt", at: node, expected: "adaptation on a popover")
            }
            presentation.adaptation = adaptation
        }
        if let node = value(.detents) {
            if !presentation.style.isResizable {
                error("'\(presentation.style.rawValue)' has no detents", at: node,
                      expected: "detents on a sheet, formSheet or pageSheet")
            }
            presentation.detents = detents(node)
        }
        let detentIDs = presentation.detents.map(\.id)
        presentation.selected = presentation.detents.first?.id ?? "large"
        if let node = value(.selected), let name = string(node, "selected") {
            if detentIDs.contains(name) {
                presentation.selected = name
            } else {
                error("selected detent '\(name)' is not among the detents", at: node,
                      expected: "one of: \(detentIDs.joined(separator: ", "))", suggestion: TextMatching.nearest(to: name, in: detentIDs))
            }
        }
        if let node = value(.grabber) { presentation.grabber = bool(node, "grabber") ?? false }
        if let node = value(.undimmed), let name = string(node, "undimmed") {
            if name == "none" {
                presentation.undimmed = nil
            } else if detentIDs.contains(name) {
                presentation.undimmed = name
            } else {
                error("undimmed detent '\(name)' is not among the detents", at: node,
                      expected: "none or one of: \(detentIDs.joined(separator: ", "))",
                      suggestion: TextMatching.nearest(to: name, in: detentIDs + ["none"]))
            }
        }
        if let node = value(.dismissible) { presentation.dismissible = bool(node, "dismissible") ?? true }
        if let node = value(.confirm), let name = string(node, "confirm") {
            presentation.confirm = name
            pendingPresentations.append((name, node, "confirm:"))
        }
        if let node = value(.escape) { presentation.escape = word(node, "escape", as: EscapeHandling.self) }
        if let node = value(.title) { presentation.title = string(node, "title", allowNull: true) }
        if let node = value(.toolkit), let name = string(node, "toolkit") {
            // Checked against the profile's toolkits once the scene's profile is known.
            presentation.toolkit = name
            pendingToolkits.append((name, node))
        }
        if let node = value(.auditSkip) { presentation.auditSkip = auditSkip(node, key: "auditSkip", listKey: "rules") }

        switch (value(.content), value(.pages)) {
        case (let content?, nil):
            let refs = elementList(content, "content", surface: .presentation(id, page: 0))
            presentation.pages = [Page(id: "main", title: nil, content: refs, location: content.location)]
        case (nil, let pagesNode?):
            presentation.isMultiPage = true
            presentation.pages = pages(pagesNode, presentation: id)
        case (_?, let pagesNode?):
            error("presentation '\(id)' has both 'content' and 'pages'", at: pagesNode, expected: "one of them")
        case (nil, nil):
            error("presentation '\(id)' has no 'content' or 'pages'", at: node, expected: "content: [ELEMENT, …]")
        }
        if let node = value(.initialFocus) {
            presentation.initialFocus = reference(node, "initialFocus", inside: id)
        }
        return presentation
    }

    private func elementList(_ node: DocumentNode, _ what: String, surface: Surface) -> [ElementRef] {
        if node.isNull { return [] }
        guard let items = list(node, what) else { return [] }
        var refs: [ElementRef] = []
        for item in items {
            if let ref = element(item, depth: 1, surface: surface) { refs.append(ref) }
        }
        return refs
    }

    private func pages(_ node: DocumentNode, presentation id: String) -> [Page] {
        guard let items = list(node, "pages") else { return [] }
        if items.isEmpty { error("pages is empty", at: node, expected: "at least one page") }
        var pages: [Page] = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            guard let entries = mapping(item, "a page") else { continue }
            let values = keyed(entries, PageKey.self, in: "a page")
            let value = { (key: PageKey) in values[key] }
            guard let idNode = value(.id), let pageID = string(idNode, "the page id") else {
                if value(.id) == nil { error("a page has no id", at: item, expected: "{ id: NAME, content: [...] }") }
                continue
            }
            if !seen.insert(pageID).inserted {
                error("duplicate page id '\(pageID)'", at: idNode, expected: "page ids unique in the presentation")
            }
            let title = value(.title).flatMap { string($0, "title", allowNull: true) }
            var content: [ElementRef] = []
            if let contentNode = value(.content) {
                content = elementList(contentNode, "content", surface: .presentation(id, page: index))
            } else {
                error("page '\(pageID)' has no content", at: item, expected: "content: [ELEMENT, …]")
            }
            pages.append(Page(id: pageID, title: title, content: content, location: item.location))
        }
        return pages
    }

    /// `[medium, large]` or custom `{ id, fraction }`, sorted by height.
    private func detents(_ node: DocumentNode) -> [Detent] {
        let items: [DocumentNode]
        if case .scalar = node.content { items = [node] } else { items = list(node, "detents") ?? [] }
        var detents: [Detent] = []
        for item in items {
            switch item.content {
            case .scalar:
                guard let name = string(item, "a detent") else { continue }
                if name == "medium" || name == "large" {
                    detents.append(Detent(id: name))
                } else {
                    error("unknown detent '\(name)'", at: item, expected: "medium, large or { id: NAME, fraction: 0…1 }",
                          suggestion: TextMatching.nearest(to: name, in: ["medium", "large"]))
                }
            default:
                guard let entries = mapping(item, "a custom detent") else { continue }
                let values = keyed(entries, DetentKey.self, in: "a custom detent")
                guard let idNode = values[.id], let fractionNode = values[.fraction] else {
                    error("a custom detent needs an id and a fraction", at: item, expected: "{ id: NAME, fraction: 0…1 }")
                    continue
                }
                guard let id = string(idNode, "the detent id"), let fraction = number(fractionNode, "fraction") else { continue }
                if id == "medium" || id == "large" {
                    error("a custom detent is named '\(id)'", at: idNode, expected: "a name other than medium and large")
                } else if fraction <= 0 || fraction > 1 {
                    error("fraction \(NumberText.canonical(fraction)) is out of range", at: fractionNode,
                          expected: "a number greater than 0 and at most 1")
                } else {
                    detents.append(Detent(id: id, fraction: fraction))
                }
            }
        }
        var unique: [Detent] = []
        for detent in detents where !unique.contains(where: { $0.id == detent.id }) { unique.append(detent) }
        if unique.isEmpty {
            if items.isEmpty { error("detents is empty", at: node, expected: "at least one detent") }
            return [.large]
        }
        return unique.sorted { $0.relativeHeight < $1.relativeHeight }
    }
}
