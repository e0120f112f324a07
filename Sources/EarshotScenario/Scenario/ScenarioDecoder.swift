import EarshotCore
import EarshotReader

/// Reads a scenario's steps and expectations (docs/format.md), with "did you mean" for misspelt names.
final class ScenarioDecoder: NodeReader {
    static let scenarioKeys = ["scenario", "scene", "voice", "rate", "hints", "configurations", "steps"]
    /// Steps written on their own (`- swipeRight`): the gestures that take no value, and `audit`.
    static let plainSteps: [String: ScenarioStep.Action] = Dictionary(uniqueKeysWithValues:
        Gesture.Kind.all.filter { $0.takes == .nothing }.map { ($0.name, .gesture(Gesture($0))) } + [("audit", .audit)])
    /// Steps that take a value (`touch: compose`): the gestures that do, and `expect`.
    static let valueSteps = Gesture.Kind.all.filter { $0.takes != .nothing }.map(\.name) + ["expect"]
    static var stepNames: [String] { plainSteps.keys.sorted() + valueSteps }
    static let expectationKeys = Expectation.Kind.all.map(\.name)
    /// The key of an `expect:` that names the configurations its checks are made in.
    static let configurationKey = "configuration"

    func steps(_ node: DocumentNode) -> [ScenarioStep] {
        guard let items = list(node, "steps") else { return [] }
        return items.compactMap(step)
    }

    func step(_ node: DocumentNode) -> ScenarioStep? {
        let here = node.location
        switch node.content {
        case .scalar(let name, _):
            if let action = Self.plainSteps[name] { return ScenarioStep(action, written: name, source: render(node), location: here) }
            if Self.valueSteps.contains(name) {
                error("step '\(name)' needs a value", at: node, expected: "'\(name): …'")
            } else {
                unknownStep(name, at: node)
            }
            return nil
        case .mapping(let mapping):
            guard mapping.count == 1, let (keyNode, value) = mapping.first.map({ ($0.key, $0.value) }),
                  let name = keyNode.text else {
                error("a step mapping has \(mapping.count) keys", at: node, expected: "one step per list item")
                return nil
            }
            if name == "expect" {
                let source = render(keyNode) + ": " + render(value)
                return expectations(value).map { expectations in
                    var step = ScenarioStep(.expect(expectations), written: source, source: source, location: here)
                    if let node = value.entries?.first(where: { $0.name == Self.configurationKey })?.value {
                        step.configurations = configurationNames(node)
                        step.configurationsLocation = node.location
                    }
                    return step
                }
            }
            guard let kind = Gesture.Kind.named(name), kind.takes != .nothing else {
                if Self.plainSteps[name] != nil {
                    error("step '\(name)' takes no value", at: keyNode, expected: "'- \(name)' on its own")
                } else {
                    unknownStep(name, at: keyNode)
                }
                return nil
            }
            // Written back as the gesture writes itself, as the transcript records it (`tap: [10, 20]`).
            return gestureValue(kind, value).flatMap { Gesture(name: name, value: $0) }
                .map { ScenarioStep(.gesture($0), written: $0.written, source: render(keyNode) + ": " + render(value), location: here) }
        default:
            error("a step is \(describe(node))", at: node, expected: "a step name, or a mapping with one step")
            return nil
        }
    }

    private func unknownStep(_ name: String, at node: DocumentNode) {
        error("unknown step '\(name)'", at: node, expected: "one of: \(Self.stepNames.joined(separator: ", "))",
              suggestion: TextMatching.nearest(to: name, in: Self.stepNames))
    }

    /// A gesture's value, read as its kind takes it (``Gesture/Takes``).
    private func gestureValue(_ kind: Gesture.Kind, _ value: DocumentNode) -> Gesture.Value? {
        let name = kind.name
        switch kind.takes {
        case .nothing:
            return Gesture.Value.none
        case .text(let emptyAllowed):
            return string(value, name, allowNull: emptyAllowed).map { .text($0) }
        case .word(let what):
            return word(value, what, in: kind.words).map { .word($0) }
        case .point:
            guard case .list(let items) = value.content, items.count == 2 else {
                error("\(name) is \(describe(value))", at: value, expected: "[x, y]")
                return nil
            }
            guard let x = number(items[0], "x"), let y = number(items[1], "y") else { return nil }
            return .point(x: x, y: y)
        case .seconds:
            guard let text = string(value, name) else { return nil }
            let digits = text.hasSuffix("s") ? String(text.dropLast()) : text
            guard let seconds = Double(digits), seconds >= 0, seconds.isFinite else {
                error("\(name) '\(text)' is not a duration", at: value, expected: "seconds, e.g. 1.5s")
                return nil
            }
            guard seconds <= Gesture.maximumSeconds else {
                error("\(name) '\(text)' is longer than a day", at: value,
                      expected: "at most \(NumberText.canonical(Gesture.maximumSeconds)) seconds")
                return nil
            }
            return .seconds(seconds)
        }
    }

    private func expectations(_ node: DocumentNode) -> [Expectation]? {
        if case .scalar = node.content { return string(node, "expect").map { [.speech($0)] } }
        guard let entries = mapping(node, "expect") else { return nil }
        checkKeys(entries, allowed: Self.expectationKeys + [Self.configurationKey], in: "expect")
        var result: [Expectation] = []
        for entry in entries {
            guard let kind = Expectation.Kind.named(entry.key) else { continue }
            let value = entry.value
            let read: Expectation.Value?
            switch kind.takes {
            case .text(let emptyAllowed): read = string(value, kind.name, allowNull: emptyAllowed).map { .text($0) }
            case .flag: read = bool(value, kind.name).map { .flag($0) }
            case .word(let what): read = word(value, what, in: kind.words).map { .text($0) }
            case .texts:
                let items = list(value, kind.name) ?? []
                let texts = items.compactMap { string($0, "a spoken text", allowNull: true) }
                read = texts.count == items.count ? .texts(texts) : nil
            }
            if let read { result.append(Expectation(kind, read)) }
        }
        return result
    }

    /// `configuration: NAME` or a list of names (`default`, `os26`, `de`, `os18-ja`).
    private func configurationNames(_ node: DocumentNode) -> [String] {
        let items = node.items ?? [node]
        return items.compactMap { string($0, "a configuration's name") }
    }

    /// A value as written, in YAML flow style: a scalar in the quotes it was written in (a block
    /// scalar, `|` or `>`, double-quoted), so that the text reads back as the same value.
    func render(_ node: DocumentNode) -> String {
        switch node.content {
        case .scalar(let text, let style):
            switch style {
            case .singleQuoted: "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
            case .doubleQuoted, .literal, .folded: YAMLText.quoted(text)
            case .plain: text
            }
        case .list(let items): "[" + items.map(render).joined(separator: ", ") + "]"
        case .mapping(let entries): "{ " + entries.map { render($0.key) + ": " + render($0.value) }.joined(separator: ", ") + " }"
        }
    }
}
