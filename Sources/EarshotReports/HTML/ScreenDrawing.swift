import EarshotCore
import EarshotScenario

/// The screen as inline SVG, from the layout Earshot computed and a state the reader left: the
/// parent view's elements, each presentation at its frame (a sheet at its detent, an alert
/// centred, a popover below its presenter) with its grabber, the screen dimmed under a modal one,
/// and the VoiceOver focus ring on the focused element.
///
/// Every element drawn is `<g class="element" data-role="ROLE" data-label="LABEL">` holding a
/// `<rect>` at its frame and a `<text>` with its role and label; a presentation's elements sit in
/// `<g class="presentation" data-id="ID" data-detent="DETENT">`, moved to where it is on screen
/// (their frames are relative to its top-left corner). Nothing is worked out again that the reader
/// decided: the state and cursor are those a step left. Only what is on the screen is drawn: an
/// element whose frame lies wholly outside it is left out (a container's children are still
/// looked at), so a drawing of a 100,000-element scene holds the few hundred one can see.
///
/// A scenario page draws each distinct screen once (``drawShared(_:id:into:)``, in a hidden
/// `<svg class="screens">`) and each step as a `<use>` of it with its own focus ring
/// (``drawStep(_:cursor:description:shared:into:)``): the page grows with the elements and the
/// steps, not with their product.
struct ScreenDrawing {
    let scene: Scene

    /// The labels' size in points: 11 on a phone, larger in proportion on wider screens (an
    /// iPad's or a Mac's drawing is shown as wide as a phone's, and its labels would shrink).
    private var fontSize: Double { 11 * max(1, scene.screen.width / 393) }

    /// Average width of a character of the labels, to shorten labels that would run past their
    /// element (measured on the sans-serif fonts of Chromium and Safari: 6.2 at 11 points).
    private var characterWidth: Double { fontSize * 6.2 / 11 }

    /// Appends `<svg class="screen" role="img" aria-label="…">` drawing the state.
    func draw(_ state: SceneState, cursor: ElementRef?, description: String, into html: inout HTMLText) {
        openScreen(description: description, into: &html)
        var drawn = Set<ElementRef>()
        drawContent(state, cursor: cursor, drawn: &drawn, into: &html)
        html.raw("</svg>")
    }

    /// A screen drawn once for the steps that show it, without focus: `<g id="ID" class="screen">`,
    /// for `<svg class="screens">`. Returns the elements it draws (where a step's ring can go).
    @discardableResult
    func drawShared(_ state: SceneState, id: String, into html: inout HTMLText) -> Set<ElementRef> {
        html.raw("<g id=\"")
        html.text(id)
        html.raw("\" class=\"screen\">")
        var drawn = Set<ElementRef>()
        drawContent(state, cursor: nil, drawn: &drawn, into: &html)
        html.raw("</g>")
        return drawn
    }

    /// A step's `<svg class="screen" role="img" aria-label="…">`: the shared drawing of its screen
    /// (`<use href="#ID"/>`) and the focus ring on the focused element when that drawing shows it.
    func drawStep(_ state: SceneState, cursor: ElementRef?, description: String, shared: (id: String, drawn: Set<ElementRef>),
                  into html: inout HTMLText) {
        openScreen(description: description, into: &html)
        html.raw("<use href=\"#")
        html.text(shared.id)
        html.raw("\"/>")
        if let cursor, shared.drawn.contains(cursor) {
            let frame = scene.absoluteFrame(of: cursor, in: state)
            html.raw("<rect class=\"focus-ring\" x=\"\(HTMLText.number(frame.x - 2))\" y=\"\(HTMLText.number(frame.y - 2))\" width=\"\(HTMLText.number(frame.width + 4))\" height=\"\(HTMLText.number(frame.height + 4))\" rx=\"6\"/>")
        }
        html.raw("</svg>")
    }

    private func openScreen(description: String, into html: inout HTMLText) {
        let width = HTMLText.number(scene.screen.width), height = HTMLText.number(scene.screen.height)
        html.raw("<svg class=\"screen\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" font-size=\"\(HTMLText.number(fontSize))\" aria-label=\"")
        html.text(description)
        html.raw("\">")
    }

    /// The screen's backdrop, the parent view and each presentation shown; `drawn` gets every
    /// element drawn.
    private func drawContent(_ state: SceneState, cursor: ElementRef?, drawn: inout Set<ElementRef>, into html: inout HTMLText) {
        let width = HTMLText.number(scene.screen.width), height = HTMLText.number(scene.screen.height)
        html.raw("<rect class=\"backdrop\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" rx=\"24\"/>")
        html.raw("<g class=\"root\">")
        drawTree(scene.layout.surfaceOrder[.root] ?? [], origin: (0, 0), state: state, cursor: cursor, drawn: &drawn, into: &html)
        html.raw("</g>")
        for index in state.stack.indices {
            let shown = state.stack[index]
            guard let presentation = scene.presentations[shown.id] else { continue }
            // UIKit dims the screen under a modal sheet, alert or cover; a popover does not dim.
            if scene.isModal(shown), !presentation.isPopover {
                html.raw("<rect class=\"dimming\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" rx=\"24\"/>")
            }
            if let dismiss = presentation.dismissElement, scene.dismissElementShows(at: index, in: state) {
                // The dimming view (or a popover's dismiss region) is an element too, in screen points.
                drawElement(dismiss, frame: scene.absoluteFrame(of: dismiss, in: state), extraClass: "dismiss", state: state,
                            cursor: cursor, into: &html)
                html.raw("</g>")
                drawn.insert(dismiss)
            }
            let frame = scene.frame(of: shown, in: state)
            html.raw("<g class=\"presentation\" data-id=\"")
            html.text(shown.id)
            html.raw("\" data-detent=\"")
            html.text(presentation.style.isResizable ? shown.detent : "")
            html.raw("\" data-style=\"\(presentation.appearance.rawValue)\" transform=\"translate(\(HTMLText.number(frame.x)) \(HTMLText.number(frame.y)))\">")
            html.raw("<rect class=\"surface \(presentation.appearance.rawValue)\" x=\"0\" y=\"0\" width=\"\(HTMLText.number(frame.width))\" height=\"\(HTMLText.number(frame.height))\" rx=\"\(presentation.style.isSheet ? 12 : 10)\"/>")
            if let grabber = presentation.grabberElement, scene.grabberShows(at: index, in: state) {
                let band = scene.layout.frames[grabber.index]
                drawElement(grabber, frame: band, extraClass: "grabber", state: state, cursor: cursor, into: &html)
                // The grabber's pill, 36 by 4 points, at the top of its band (its text below it).
                html.raw("<rect class=\"grabber-bar\" x=\"\(HTMLText.number(band.x + band.width / 2 - 18))\" y=\"\(HTMLText.number(band.y + 2))\" width=\"36\" height=\"4\" rx=\"2\"/></g>")
                drawn.insert(grabber)
            }
            drawTree(scene.layout.surfaceOrder[.presentation(shown.id, page: shown.page)] ?? [], origin: (frame.x, frame.y),
                     state: state, cursor: cursor, drawn: &drawn, into: &html)
            html.raw("</g>")
        }
    }

    /// Draws the elements under these, depth first, leaving out hidden ones and what they hold,
    /// and those whose frame (relative to `origin`, on screen) lies wholly outside the screen: a
    /// container left out is not drawn, but its children are looked at in its place.
    private func drawTree(_ topLevel: [ElementRef], origin: (x: Double, y: Double), state: SceneState, cursor: ElementRef?,
                          drawn: inout Set<ElementRef>, into html: inout HTMLText) {
        let screen = scene.screen
        func onScreen(_ frame: Frame) -> Bool {
            let x = frame.x + origin.x, y = frame.y + origin.y
            return x < screen.width && x + frame.width > 0 && y < screen.height && y + frame.height > 0
        }
        var pending: [(ref: ElementRef, closes: Bool)] = topLevel.reversed().map { ($0, false) }
        while let (ref, closes) = pending.popLast() {
            if closes {
                // A container's text comes after its children, so that their frames do not cover it.
                appendText(ref, frame: scene.layout.frames[ref.index], container: true, state: state, into: &html)
                html.raw("</g>")
                continue
            }
            if state.isHidden(ref, in: scene) { continue }
            let frame = scene.layout.frames[ref.index]
            let children = scene.layout.orderedChildren[ref.index]
            guard onScreen(frame) else {
                pending += children.reversed().map { ($0, false) }
                continue
            }
            drawElement(ref, frame: frame, extraClass: nil, state: state, cursor: cursor, into: &html)
            drawn.insert(ref)
            if children.isEmpty {
                html.raw("</g>")
            } else {
                // A container's children are drawn inside its group, so the tree shows in the markup too.
                pending.append((ref, true))
                pending += children.reversed().map { ($0, false) }
            }
        }
    }

    /// Opens the element's `<g>` and draws its frame, its text (a container's comes after its
    /// children) and, when focused, the focus ring; the caller closes the group.
    private func drawElement(_ ref: ElementRef, frame: Frame, extraClass: String?, state: SceneState, cursor: ElementRef?,
                             into html: inout HTMLText) {
        let element = scene[ref]
        let focused = ref == cursor
        let container = !scene.layout.orderedChildren[ref.index].isEmpty
        var classes = "element"
        if let extraClass { classes += " " + extraClass }
        if container { classes += " container" }
        if focused { classes += " focused" }
        html.raw("<g class=\"\(classes)\" data-role=\"\(element.role.rawValue)\" data-label=\"")
        html.text(state.label(of: ref, in: scene))
        html.raw("\"><rect x=\"\(HTMLText.number(frame.x))\" y=\"\(HTMLText.number(frame.y))\" width=\"\(HTMLText.number(frame.width))\" height=\"\(HTMLText.number(frame.height))\"/>")
        if !container { appendText(ref, frame: frame, container: false, state: state, into: &html) }
        if focused {
            // Drawn just outside the frame, as VoiceOver's cursor is.
            html.raw("<rect class=\"focus-ring\" x=\"\(HTMLText.number(frame.x - 2))\" y=\"\(HTMLText.number(frame.y - 2))\" width=\"\(HTMLText.number(frame.width + 4))\" height=\"\(HTMLText.number(frame.height + 4))\" rx=\"6\"/>")
        }
    }

    /// The element's role and label, and a control's value at its trailing edge (a switch's `On`,
    /// a slider's `50%`): a row's at its leading edge, wrapped onto as many lines as its frame
    /// holds; a container's on one line at its bottom trailing corner, out of the way of its
    /// children's. A label that still does not fit ends in `…`, and the whole of it is the
    /// text's `<title>`.
    private func appendText(_ ref: ElementRef, frame: Frame, container: Bool, state: SceneState, into html: inout HTMLText) {
        let role = scene[ref].role.rawValue
        let label = state.label(of: ref, in: scene)
        let value = container ? nil : shownValue(ref, in: state)
        let valueRoom = value.map { Double($0.count + 1) * characterWidth } ?? 0
        let perLine = max(Int((frame.width - 12 - valueRoom) / characterWidth), 1)
        let lineHeight = fontSize * 1.25
        let room = container ? 1 : max(Int((frame.height - 4) / lineHeight), 1)
        let (lines, cut) = Self.wrap(label, first: perLine - role.count - 1, then: perLine, lines: room)
        let x = container ? frame.maxX - 4 : frame.x + 6
        // One line sits where it always has; several are centred in the frame together.
        let y = container ? frame.maxY - 3
            : lines.count == 1 ? frame.y + min(frame.height / 2 + fontSize * 0.35, fontSize * 16 / 11)
            : frame.y + (frame.height - Double(lines.count) * lineHeight) / 2 + fontSize
        html.raw("<text x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y))\"\(container ? " text-anchor=\"end\"" : "")>")
        if cut {
            html.raw("<title>")
            html.text(label)
            html.raw("</title>")
        }
        html.raw("<tspan class=\"role\">\(role)</tspan> ")
        for (index, line) in lines.enumerated() {
            if index == 0 {
                html.text(line)
            } else {
                html.raw("<tspan x=\"\(HTMLText.number(x))\" dy=\"\(HTMLText.number(lineHeight))\">")
                html.text(line)
                html.raw("</tspan>")
            }
        }
        html.raw("</text>")
        if let value {
            html.raw("<text class=\"value\" x=\"\(HTMLText.number(frame.maxX - 6))\" y=\"\(HTMLText.number(y))\" text-anchor=\"end\">")
            html.text(value)
            html.raw("</text>")
        }
    }

    /// Text broken at spaces into lines of at most `first` characters, then `then`, at most
    /// `lines` of them (a word that fits only a later line starts there, leaving the first
    /// empty; a word longer than a line is broken within it); whether it had to be cut, its last
    /// line then ending in `…`.
    static func wrap(_ text: String, first: Int, then: Int, lines limit: Int) -> (lines: [String], cut: Bool) {
        var lines: [String] = []
        var line = ""
        for whole in text.split(separator: " ") {
            var word = whole
            while !word.isEmpty {
                let width = max(lines.isEmpty ? first : then, 1)
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if candidate.count <= width {
                    line = candidate
                    break
                }
                if line.isEmpty, lines.isEmpty, word.count <= then, lines.count + 1 < limit {
                    // A word that fits a whole line but not the first (after the role) starts the second.
                    lines.append("")
                } else if line.isEmpty {
                    lines.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                } else {
                    lines.append(line)
                    line = ""
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        guard lines.count > limit else { return (lines, false) }
        var kept = Array(lines.prefix(max(limit, 1)))
        let room = max(kept.count == 1 ? first : then, 1)
        kept[kept.count - 1] = String(kept[kept.count - 1].prefix(room - 1)) + "…"
        return (kept, true)
    }

    /// A control's value as the drawing shows it: a switch's `On`, `Off` or `Mixed`, a slider's
    /// number with its `%`, a secure field's length in bullets, another's text; nil for none.
    private func shownValue(_ ref: ElementRef, in state: SceneState) -> String? {
        let element = scene[ref]
        guard element.system != .grabber, let value = state.value(of: ref, in: scene), !value.isEmpty else { return nil }
        if element.role == .switch || element.traits.contains(.switchButton) {
            return value.prefix(1).uppercased() + value.dropFirst()
        }
        if element.traits.contains(.secure) { return String(repeating: "•", count: min(value.count, 12)) }
        if element.unit == .percent { return value + "%" }
        return value.count > 24 ? String(value.prefix(23)) + "…" : value
    }

    /// What the drawing shows, in words: for its `aria-label` and caption.
    func describe(_ state: SceneState, cursor: ElementRef?) -> String {
        var parts: [String] = []
        if state.stack.isEmpty {
            parts.append("the parent view")
        }
        for shown in state.stack {
            guard let presentation = scene.presentations[shown.id] else { continue }
            var text = "\(presentation.appearance.rawValue) \(shown.id)"
            if presentation.style.isResizable { text += " at \(shown.detent)" }
            if scene.isModal(shown), !presentation.isPopover { text += ", dimming what is below it" }
            parts.append(text)
        }
        let focus = cursor.map { ref -> String in
            guard ref.index < scene.elements.count else { return "VoiceOver focus on nothing" }
            let value = shownValue(ref, in: state).map { " (\($0))" } ?? ""
            return "VoiceOver focus on \(scene[ref].role.rawValue) “\(state.label(of: ref, in: scene))”\(value)"
        } ?? "no VoiceOver focus"
        return parts.joined(separator: "; ") + "; " + focus
    }
}
