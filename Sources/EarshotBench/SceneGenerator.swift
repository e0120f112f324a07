import EarshotCore

/// Makes large scenes for the benchmark: a parent view of nested groups and
/// a nonmodal sheet over part of it, with exactly as many elements as asked.
///
/// ```swift
/// let scene = try SceneGenerator(elements: 10_000).scene()
/// scene.elements.count // 10_001: the 10,000 asked for and the sheet's grabber
/// ```
///
/// The parent view is a heading, the button that presents the sheet, then
/// sections (labelled groups) of rows (groups) of leaves whose roles cycle
/// through buttons, text, switches, sliders, text fields, links and images,
/// so descriptions take every path of docs/decisions.md. The sheet (`filters`) rests
/// at its medium detent, which is also its `undimmed` detent, so it is
/// nonmodal: the parent stays in scope except the rows the sheet covers.
/// Everything is laid out by Earshot (44-point rows), as in a file without frames.
public struct SceneGenerator: Sendable {
    /// Elements in the scene as written (groups included; Earshot's grabber not counted).
    public var elements: Int
    /// Leaves per row group.
    public var leavesPerRow = 8
    /// Rows per section.
    public var rowsPerSection = 10

    /// The presenting button's id.
    public static let presenterID = "open"
    /// The sheet's id.
    public static let sheetID = "filters"

    public init(elements: Int) {
        self.elements = max(elements, 16)
    }

    /// Elements that go into the sheet: one in a hundred, at least eight.
    public var sheetElements: Int { max(8, elements / 100) }

    public func scene() throws -> Scene {
        var builder = Builder()
        let heading = builder.leaf(.heading, "Library")
        var presenter = Element(role: .button, label: "Filters", location: .code(Self.file))
        presenter.id = Self.presenterID
        presenter.behaviours[.activate] = Effect([EffectAction(.present(Self.sheetID), at: .code(Self.file))])
        let open = builder.add(presenter)
        var root = [heading, open]

        // The sheet: a Done button, then rows of leaves in one group.
        let sheetBudget = sheetElements
        var done = Element(role: .button, label: "Done", location: .code(Self.file))
        done.behaviours[.activate] = Effect([EffectAction(.dismiss, at: .code(Self.file))])
        let doneRef = builder.add(done)
        var sheetChildren: [ElementRef] = []
        for index in 0..<(sheetBudget - 2) { sheetChildren.append(builder.leaf(kind: index, number: index)) }
        let options = builder.group("Options", children: sheetChildren)
        var sheet = Presentation(id: Self.sheetID, style: .sheet, location: .code(Self.file))
        sheet.detents = [.medium, .large]
        sheet.selected = "medium"
        sheet.undimmed = "medium"
        sheet.grabber = true
        sheet.initialFocus = doneRef
        sheet.pages = [Page(id: "main", title: nil, content: [doneRef, options], location: .code(Self.file))]

        // The parent: sections of rows of leaves until the budget is spent.
        var remaining = elements - builder.count
        var number = 0
        var section = 0
        while remaining > 0 {
            section += 1
            remaining -= 1   // the section group
            var rows: [ElementRef] = []
            var row = 0
            while remaining > 0, row < rowsPerSection {
                row += 1
                remaining -= 1   // the row group
                var leaves: [ElementRef] = []
                while remaining > 0, leaves.count < leavesPerRow {
                    leaves.append(builder.leaf(kind: number, number: number))
                    number += 1
                    remaining -= 1
                }
                rows.append(builder.group("", children: leaves))
            }
            root.append(builder.group("Section \(section)", children: rows))
        }
        return Scene(name: "Generated \(elements)", profile: try Profile.bundled(.ios), elements: builder.elements,
                     root: root, presentations: [sheet], location: .code(Self.file))
    }

    static let file = "<generated>"

    /// Collects elements in one array, as the loader does.
    private struct Builder {
        var elements: [Element] = []
        var count: Int { elements.count }

        mutating func add(_ element: Element) -> ElementRef {
            elements.append(element)
            return ElementRef(elements.count - 1)
        }

        mutating func leaf(_ role: Role, _ label: String) -> ElementRef {
            add(Element(role: role, label: label, location: .code(SceneGenerator.file)))
        }

        mutating func group(_ label: String, children: [ElementRef]) -> ElementRef {
            var group = Element(role: .group, label: label, location: .code(SceneGenerator.file))
            group.children = children
            return add(group)
        }

        /// A leaf whose role and state cycle with `kind`, so descriptions vary.
        mutating func leaf(kind: Int, number: Int) -> ElementRef {
            var element: Element
            switch kind % 8 {
            case 0:
                element = Element(role: .button, label: "Item \(number)", location: .code(SceneGenerator.file))
                element.hint = "Opens item \(number)."
            case 1:
                element = Element(role: .text, label: "Detail \(number), updated today", location: .code(SceneGenerator.file))
            case 2:
                element = Element(role: .switch, label: "Option \(number)", location: .code(SceneGenerator.file))
                element.value = .constant(number % 3 == 0 ? "on" : "off")
            case 3:
                element = Element(role: .slider, label: "Level \(number)", location: .code(SceneGenerator.file))
                element.value = .constant(String(number % 101))
                element.unit = .percent
            case 4:
                element = Element(role: .textField, label: "Note \(number)", location: .code(SceneGenerator.file))
            case 5:
                element = Element(role: .link, label: "More about \(number)", location: .code(SceneGenerator.file))
            case 6:
                element = Element(role: .button, label: "Archive \(number)", location: .code(SceneGenerator.file))
                element.enabled = .constant(false)
            default:
                element = Element(role: .image, label: "Picture \(number)", location: .code(SceneGenerator.file))
            }
            return add(element)
        }
    }
}
