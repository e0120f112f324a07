/// Frames and reading order of a scene, worked out once when the scene is made.
///
/// Frames of root elements are in screen points; frames of a presentation's
/// elements are relative to the presentation's top-left corner, so they do
/// not change with the detent and reading order never has to be re-sorted
/// while a screen reader walks the scene (docs/format.md).
public struct Layout: Sendable {
    /// Each element's frame (given, or made by the auto layout), by element index.
    public private(set) var frames: [Frame] = []
    /// Each element's children in reading order, by element index.
    public private(set) var orderedChildren: [[ElementRef]] = []
    /// Each surface's top-level elements in reading order.
    public private(set) var surfaceOrder: [Surface: [ElementRef]] = [:]
    /// The height of each presentation page's content, for styles "as tall as their rows".
    public private(set) var contentHeight: [Surface: Double] = [:]

    init() {}

    init(scene: Scene) {
        frames = scene.elements.map { $0.frame ?? Frame(x: 0, y: 0, width: 0, height: 0) }
        orderedChildren = Array(repeating: [], count: scene.elements.count)
        var builder = Builder(scene: scene, layout: self)
        builder.layOut(.root, width: scene.screen.width, top: scene.profile.geometry.safeTop, presentation: nil)
        for id in scene.presentationOrder {
            guard let presentation = scene.presentations[id] else { continue }
            let width = scene.width(of: presentation)
            if let grabber = presentation.grabberElement {
                builder.layout.frames[grabber.index] = Frame(x: width / 2 - 50, y: 0, width: 100,
                                                             height: scene.profile.geometry.grabberBand)
            }
            for index in presentation.pages.indices {
                builder.layOut(.presentation(id, page: index), width: width,
                               top: scene.profile.geometry.grabberBand, presentation: presentation)
            }
        }
        self = builder.layout
    }

    /// The reading order of siblings as Android's framework gives them to TalkBack (ViewGroup's
    /// children for accessibility, sorted by `ViewLocationHolder` with the stripe strategy): one
    /// before another when it ends at or above the other's top; siblings that overlap vertically
    /// by `x` (descending under rtl), then by top; ties in document order. Inserted one by one
    /// before the first placed sibling that should follow it, so that a comparison that is not
    /// transitive (three frames that overlap in a chain) still gives one order.
    public static func stripeOrder(_ items: [(ref: ElementRef, frame: Frame)], direction: LayoutDirection) -> [ElementRef] {
        func before(_ a: Frame, _ b: Frame) -> Bool {
            if a.y + a.height <= b.y { return true }
            if a.y >= b.y + b.height { return false }
            if a.x != b.x { return direction == .rtl ? a.x > b.x : a.x < b.x }
            return a.y < b.y
        }
        var placed: [(ref: ElementRef, frame: Frame)] = []
        for item in items {
            let at = placed.firstIndex { before(item.frame, $0.frame) } ?? placed.count
            placed.insert(item, at: at)
        }
        return placed.map(\.ref)
    }

    /// The reading order of a set of siblings with frames (docs/decisions.md): rows
    /// top to bottom, a child joining the current row while its `y` is less
    /// than `threshold` below the row's first child; within a row by `x`
    /// (descending under rtl); ties in document order.
    public static func rowOrder(_ items: [(ref: ElementRef, frame: Frame)], threshold: Double,
                                direction: LayoutDirection) -> [ElementRef] {
        let byY = items.enumerated().sorted {
            $0.element.frame.y != $1.element.frame.y ? $0.element.frame.y < $1.element.frame.y : $0.offset < $1.offset
        }
        var rows: [[(offset: Int, element: (ref: ElementRef, frame: Frame))]] = []
        var rowTop = -Double.infinity
        for item in byY {
            if rows.isEmpty || item.element.frame.y - rowTop >= threshold {
                rows.append([item])
                rowTop = item.element.frame.y
            } else {
                rows[rows.count - 1].append(item)
            }
        }
        return rows.flatMap { row in
            row.sorted { a, b in
                let ax = a.element.frame.x, bx = b.element.frame.x
                if ax != bx { return direction == .rtl ? ax > bx : ax < bx }
                return a.offset < b.offset
            }.map(\.element.ref)
        }
    }

    private struct Builder {
        let scene: Scene
        var layout: Layout
        var geometry: Profile.Geometry { scene.profile.geometry }

        /// Lays out one surface: frames where the file gives none, then reading order.
        mutating func layOut(_ surface: Surface, width: Double, top: Double, presentation: Presentation?) {
            if usesGivenFrames(scene.topLevel(of: surface).filter { scene[$0].system == nil }) {
                layOutGiven(surface, width: width)
            } else {
                layOutAuto(surface, width: width, top: top, presentation: presentation)
            }
        }

        /// Whether the file gives frames in this surface (the loader makes sure it is all or none).
        private func usesGivenFrames(_ refs: [ElementRef]) -> Bool {
            var stack = refs
            while let ref = stack.popLast() {
                let element = scene[ref]
                if element.frame != nil { return true }
                stack.append(contentsOf: element.children)
            }
            return false
        }

        // MARK: Given frames

        private mutating func layOutGiven(_ surface: Surface, width: Double) {
            var bar: [ElementRef] = []   // Earshot's own elements: a Back button and a title sit in the bar
            var content: [ElementRef] = []
            for ref in scene.topLevel(of: surface) {
                if scene[ref].system != nil { bar.append(ref) } else { content.append(ref) }
            }
            for ref in bar {
                let isBack = scene[ref].system == .back
                let x = isBack ? (scene.direction == .rtl ? width - geometry.barInset - geometry.barButtonWidth : geometry.barInset)
                               : width / 2 - geometry.barButtonWidth
                layout.frames[ref.index] = Frame(x: x, y: geometry.grabberBand, width: isBack ? geometry.barButtonWidth : geometry.barButtonWidth * 2,
                                                 height: geometry.barHeight)
            }
            let order = sortGiven(bar.filter { scene[$0].system == .back } + bar.filter { scene[$0].system != .back } + content)
            layout.surfaceOrder[surface] = order
            layout.contentHeight[surface] = order.map { layout.frames[$0.index].maxY }.max() ?? 0
        }

        /// Sorts siblings by rows and, recursively, their children; returns the siblings in order.
        private mutating func sortGiven(_ refs: [ElementRef]) -> [ElementRef] {
            // Post-order without recursion: children are sorted before the group that is placed by its first element.
            var visit: [(ElementRef, Bool)] = refs.reversed().map { ($0, false) }
            while let (ref, childrenDone) = visit.popLast() {
                let element = scene[ref]
                if element.children.isEmpty { continue }
                if childrenDone {
                    layout.orderedChildren[ref.index] = element.ordered ? element.children : sortSiblings(element.children)
                    if element.frame == nil { layout.frames[ref.index] = union(of: ref) }
                } else {
                    visit.append((ref, true))
                    visit.append(contentsOf: element.children.reversed().map { ($0, false) })
                }
            }
            return sortSiblings(refs)
        }

        private func sortSiblings(_ refs: [ElementRef]) -> [ElementRef] {
            let items = refs.map { ($0, placementFrame($0)) }
            if geometry.order == .stripes { return Layout.stripeOrder(items, direction: scene.direction) }
            return Layout.rowOrder(items, threshold: geometry.rowThreshold, direction: scene.direction)
        }

        /// A group without a frame of its own is placed by its first element.
        private func placementFrame(_ ref: ElementRef) -> Frame {
            var current = ref
            while scene[current].frame == nil, let first = layout.orderedChildren[current.index].first {
                current = first
            }
            return layout.frames[current.index]
        }

        private func union(of ref: ElementRef) -> Frame {
            let frames = layout.orderedChildren[ref.index].map { layout.frames[$0.index] }
            guard let first = frames.first else { return layout.frames[ref.index] }
            return frames.dropFirst().reduce(first) { $0.union($1) }
        }

        // MARK: Auto layout

        /// Full-width rows 44 points tall in document order; a presentation's
        /// top bar first, leading to trailing (on macOS the bar is at the bottom and reads last).
        private mutating func layOutAuto(_ surface: Surface, width: Double, top topY: Double, presentation: Presentation?) {
            let refs = scene.topLevel(of: surface)
            var barButtons: [ElementRef] = []
            var title: ElementRef?
            var rows: [ElementRef] = []
            let barAtBottom = geometry.barPlacement == .bottom
            for ref in refs {
                let element = scene[ref]
                if element.system == .title, presentation.map({ $0.style != .alert && $0.style != .actionSheet }) ?? false {
                    title = ref
                } else if element.placement != nil, presentation != nil {
                    barButtons.append(ref)
                } else {
                    rows.append(ref)
                }
            }
            // Bar buttons nested in groups are pulled into the bar too.
            var nestedBar: [ElementRef] = []
            if presentation != nil { collectNestedBarButtons(rows, into: &nestedBar) }
            barButtons += nestedBar

            // The top bar holds top placements; bottom placements, and every bar button on
            // macOS (where the bar is at the bottom), sit in a bar below the rows and read last.
            let scene = self.scene
            let topBar = barButtons.filter { !barAtBottom && (scene[$0].placement?.isTop ?? false) }
            let bottomBar = barButtons.filter { !topBar.contains($0) }
            func split(_ bar: [ElementRef]) -> (leading: [ElementRef], trailing: [ElementRef]) {
                var leading = bar.filter { scene[$0].placement?.isLeading ?? false }
                if let back = leading.firstIndex(where: { scene[$0].system == .back }) {
                    leading.insert(leading.remove(at: back), at: 0)
                }
                return (leading, bar.filter { !(scene[$0].placement?.isLeading ?? false) })
            }
            let top = split(topBar), bottom = split(bottomBar)
            let titleInBar = title != nil && !barAtBottom
            var y = topY
            if !topBar.isEmpty || titleInBar { y += geometry.barHeight }
            if !titleInBar, let title {
                layout.frames[title.index] = Frame(x: 0, y: y, width: width, height: geometry.rowHeight)
                y += geometry.rowHeight
            }
            let dialogRows = orderDialogActions(rows, presentation: presentation)
            for row in dialogRows {
                if row.count == 1 {
                    y = layOutRow(row[0], y: y, x: 0, width: width)
                } else {
                    // Side by side: alert actions in one row, in the given order (leading first).
                    let cell = width / Double(row.count)
                    var rowBottom = y
                    for (i, ref) in row.enumerated() {
                        let column = scene.direction == .rtl ? row.count - 1 - i : i
                        rowBottom = max(rowBottom, layOutRow(ref, y: y, x: cell * Double(column), width: cell))
                    }
                    y = rowBottom
                }
            }
            layOutBar(leading: top.leading, trailing: top.trailing, title: titleInBar ? title : nil, y: topY, width: width)
            if !bottomBar.isEmpty {
                layOutBar(leading: bottom.leading, trailing: bottom.trailing, title: nil, y: y, width: width)
                y += geometry.barHeight
            }
            let titleRef = title.map { [$0] } ?? []
            let order = top.leading + (titleInBar ? titleRef : []) + top.trailing + (titleInBar ? [] : titleRef)
                + dialogRows.flatMap { $0 } + bottom.leading + bottom.trailing
            layout.surfaceOrder[surface] = order
            layout.contentHeight[surface] = y
        }

        private func collectNestedBarButtons(_ refs: [ElementRef], into bar: inout [ElementRef]) {
            var stack = Array(refs.reversed())
            while let ref = stack.popLast() {
                for child in scene[ref].children.reversed() { stack.append(child) }
                if scene[ref].parent != nil, scene[ref].placement != nil { bar.append(ref) }
            }
        }

        /// Alerts with exactly two buttons set them side by side, cancel-role leading;
        /// other alerts and action sheets stack their buttons with the cancel-role one last.
        private func orderDialogActions(_ rows: [ElementRef], presentation: Presentation?) -> [[ElementRef]] {
            guard let style = presentation?.style, style == .alert || style == .actionSheet else {
                return rows.map { [$0] }
            }
            let buttons = rows.filter { scene[$0].role == .button }
            let others = rows.filter { scene[$0].role != .button }
            let cancel = buttons.filter { scene[$0].buttonRole == .cancel }
            let rest = buttons.filter { scene[$0].buttonRole != .cancel }
            if style == .alert && buttons.count == 2 {
                return others.map { [$0] } + [cancel + rest]
            }
            return (others + rest + cancel).map { [$0] }
        }

        /// One row per leaf, depth first; returns the y below the element.
        private mutating func layOutRow(_ ref: ElementRef, y: Double, x: Double, width: Double) -> Double {
            var y = y
            var stack: [(ElementRef, Bool)] = [(ref, false)]
            while let (current, done) = stack.popLast() {
                let element = scene[current]
                if element.placement != nil, element.parent != nil, scene.presentation(of: current) != nil {
                    continue // in the bar
                }
                if element.children.isEmpty {
                    if element.role == .group {
                        layout.frames[current.index] = Frame(x: x, y: y, width: width, height: 0)
                    } else {
                        layout.frames[current.index] = Frame(x: x, y: y, width: width, height: geometry.rowHeight)
                        y += geometry.rowHeight
                    }
                } else if done {
                    let children = element.children.filter {
                        !(scene[$0].placement != nil && scene.presentation(of: $0) != nil)
                    }
                    layout.orderedChildren[current.index] = children
                    let frames = children.map { layout.frames[$0.index] }
                    layout.frames[current.index] = frames.dropFirst().reduce(frames.first ?? Frame(x: x, y: y, width: width, height: 0)) { $0.union($1) }
                } else {
                    stack.append((current, true))
                    stack.append(contentsOf: element.children.reversed().map { ($0, false) })
                }
            }
            return y
        }

        private mutating func layOutBar(leading: [ElementRef], trailing: [ElementRef], title: ElementRef?, y: Double, width: Double) {
            let w = geometry.barButtonWidth, inset = geometry.barInset
            let rtl = scene.direction == .rtl
            for (i, ref) in leading.enumerated() {
                let offset = inset + Double(i) * w
                layout.frames[ref.index] = Frame(x: rtl ? width - offset - w : offset, y: y, width: w, height: geometry.barHeight)
            }
            for (i, ref) in trailing.reversed().enumerated() {
                let offset = inset + Double(i) * w
                layout.frames[ref.index] = Frame(x: rtl ? offset : width - offset - w, y: y, width: w, height: geometry.barHeight)
            }
            if let title {
                layout.frames[title.index] = Frame(x: width / 2 - w, y: y, width: 2 * w, height: geometry.barHeight)
            }
        }
    }
}
