import EarshotCapture
import EarshotCore
import EarshotScenario
import Foundation

/// `earshot import` on a generated capture in each format: reading it, writing its scene and
/// loading that scene, as the command does.
///
/// ```swift
/// let seconds = try ImportBench(elements: 5_000).seconds(.idb, rounds: 3)
/// ```
struct ImportBench {
    /// Accessibility elements in the capture (switches, buttons and texts in table cells, four
    /// to a row; every fourth cell is one element holding a text, as UIKit's cells are).
    let elements: Int

    /// The best of `rounds` imports of the capture in `format`.
    func seconds(_ format: CaptureFormat, rounds: Int) throws -> Double {
        let text = capture(format)
        var best = Double.infinity
        for _ in 0..<max(rounds, 1) {
            let start = ContinuousClock.now
            let capture = try Capture.read(text, file: "bench")
            let imported = try SceneImporter.scene(from: capture)
            let scene = try SceneLoader.load(document: imported.document)
            let elapsed = ContinuousClock.now - start
            // The scene's own elements: not the groups that keep a table's rows together, nor the keyboard's keys.
            let own = scene.elements.filter { $0.role != .group && $0.surface != .keyboard }.count
            guard imported.elementCount == elements, own == elements else {
                throw BenchError("the \(format.title) import made \(imported.elementCount) elements, not \(elements)")
            }
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }

    /// One element of the capture: its type, label, value and frame.
    private func element(_ index: Int) -> (type: String, label: String, value: String?, frame: Frame) {
        let frame = Frame(x: Double(index % 4) * 98, y: 100 + Double(index / 4) * 44, width: 96, height: 44)
        switch index % 4 {
        case 0: return ("Switch", "Setting \(index)", index % 8 == 0 ? "1" : "0", frame)
        case 1: return ("Button", "Action \(index)", nil, frame)
        case 2: return ("StaticText", "Detail \(index) \u{201C}quoted\u{201D} & more", nil, frame)
        default: return ("Cell", "Row \(index)", nil, frame)
        }
    }

    private var screen: Frame { Frame(x: 0, y: 0, width: 393, height: 200 + Double(elements / 4 + 1) * 44) }

    func capture(_ format: CaptureFormat) -> String {
        var text = ""
        text.reserveCapacity(elements * 300)
        let screen = self.screen
        switch format {
        case .webDriverAgent:
            func frame(_ f: Frame) -> String { "x=\"\(Int(f.x))\" y=\"\(Int(f.y))\" width=\"\(Int(f.width))\" height=\"\(Int(f.height))\"" }
            text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT>\n"
            text += "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" name=\"Bench\" label=\"Bench\" enabled=\"true\" visible=\"true\" accessible=\"false\" \(frame(screen))>\n"
            text += "<XCUIElementTypeTable type=\"XCUIElementTypeTable\" enabled=\"true\" visible=\"true\" accessible=\"false\" \(frame(screen))>\n"
            for index in 0..<elements {
                let e = element(index)
                let label = e.label.replacingOccurrences(of: "&", with: "&amp;")
                let value = e.value.map { " value=\"\($0)\"" } ?? ""
                let leaf = "type=\"XCUIElementType\(e.type)\" name=\"e\(index)\" label=\"\(label)\"\(value) enabled=\"true\" visible=\"true\" accessible=\"true\" \(frame(e.frame))"
                if e.type == "Cell" {
                    text += "<XCUIElementTypeCell \(leaf)><XCUIElementTypeStaticText type=\"XCUIElementTypeStaticText\" label=\"\(label)\" enabled=\"true\" visible=\"true\" accessible=\"false\" \(frame(e.frame))/></XCUIElementTypeCell>\n"
                } else {
                    text += "<XCUIElementType\(e.type) \(leaf)/>\n"
                }
            }
            text += "</XCUIElementTypeTable>\n</XCUIElementTypeApplication>\n</AppiumAUT>\n"
        case .idb:
            func object(_ type: String, _ role: String, _ label: String, _ value: String?, _ id: String?, _ f: Frame, subrole: String? = nil) -> String {
                let quoted = { (s: String?) in s.map { "\"\($0.replacingOccurrences(of: "\"", with: "\\\""))\"" } ?? "null" }
                return "{\"AXFrame\":\"{{\(Int(f.x)), \(Int(f.y))}, {\(Int(f.width)), \(Int(f.height))}}\",\"AXUniqueId\":\(quoted(id)),"
                    + "\"frame\":{\"y\":\(Int(f.y)),\"x\":\(Int(f.x)),\"width\":\(Int(f.width)),\"height\":\(Int(f.height))},"
                    + "\"role_description\":\"\(role.lowercased())\",\"AXLabel\":\(quoted(label)),\"content_required\":false,"
                    + "\"type\":\"\(type)\",\"title\":null,\"help\":null,\"custom_actions\":[],\"AXValue\":\(quoted(value)),"
                    + "\"enabled\":true,\"role\":\"AX\(type)\",\"subrole\":\(quoted(subrole)),\"pid\":1}"
            }
            var objects = [object("Application", "application", "Bench", nil, nil, screen)]
            for index in 0..<elements {
                let e = element(index)
                switch e.type {
                case "Switch": objects.append(object("CheckBox", "switch", e.label, e.value, "e\(index)", e.frame, subrole: "AXSwitch"))
                case "Cell": objects.append(object("Button", "button", e.label, nil, "e\(index)", e.frame))
                default: objects.append(object(e.type, e.type == "Button" ? "button" : "text", e.label, nil, "e\(index)", e.frame))
                }
            }
            text = "[" + objects.joined(separator: ",") + "]\n"
        case .debugDescription:
            func frame(_ f: Frame) -> String { "{{\(f.x), \(f.y)}, {\(f.width), \(f.height)}}" }
            text += "Attributes: Application, pid: 1, label: 'Bench'\nElement subtree:\n"
            text += " →Application, 0x1, pid: 1, \(frame(screen)), label: 'Bench'\n    Table, 0x2, \(frame(screen))\n"
            for index in 0..<elements {
                let e = element(index)
                let value = e.value.map { ", value: \($0)" } ?? ""
                text += "      \(e.type), 0x\(String(index + 16, radix: 16)), \(frame(e.frame)), identifier: 'e\(index)', label: '\(e.label)'\(value)\n"
                if e.type == "Cell" { text += "        StaticText, 0x0, \(frame(e.frame)), label: '\(e.label)'\n" }
            }
        case .uiAutomator:
            // At one pixel a point, the screen's width given by the hierarchy.
            func bounds(_ f: Frame) -> String { "[\(Int(f.x)),\(Int(f.y))][\(Int(f.x + f.width)),\(Int(f.y + f.height))]" }
            text += "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\" width=\"412\">\n"
            text += "<node class=\"android.widget.FrameLayout\" text=\"\" content-desc=\"\" bounds=\"\(bounds(screen))\">\n"
            text += "<node class=\"androidx.recyclerview.widget.RecyclerView\" scrollable=\"true\" bounds=\"\(bounds(screen))\">\n"
            for index in 0..<elements {
                let e = element(index)
                let label = e.label.replacingOccurrences(of: "&", with: "&amp;")
                let (className, checked) = switch e.type {
                case "Switch": ("android.widget.Switch", " checkable=\"true\" checked=\"\(e.value == "1")\"")
                case "Button", "Cell": ("android.widget.Button", "")
                default: ("android.widget.TextView", "")
                }
                text += "<node class=\"\(className)\" resource-id=\"bench:id/e\(index)\" text=\"\(label)\" content-desc=\"\"\(checked) clickable=\"\(e.type != "StaticText")\" enabled=\"true\" bounds=\"\(bounds(e.frame))\" />\n"
            }
            text += "</node>\n</node>\n</hierarchy>\n"
        }
        return text
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
