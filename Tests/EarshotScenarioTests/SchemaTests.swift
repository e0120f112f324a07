import EarshotAudit
import EarshotCore
import EarshotReader
@testable import EarshotScenario
import Foundation
import Testing

/// docs/schema/scene.schema.json and scenario.schema.json let editors complete and check
/// scene and scenario files. They are written by hand, so these tests hold them to the
/// loader's own tables: every name a decoder accepts is in the schema at its place, and the
/// schema names nothing the decoder rejects there.
@Suite("The JSON Schemas")
struct SchemaTests {
    // MARK: Keys

    @Test func sceneKeys() throws {
        try expectNames(Schema.scene.properties("$defs", "scene"), SceneDecoder.sceneKeys + SceneLoader.baseKeys, "scene keys")
    }

    @Test func presentationKeys() throws {
        try expectNames(Schema.scene.properties("$defs", "presentationKeys"), SceneDecoder.presentationKeys, "presentation keys")
    }

    @Test func elementKeys() throws {
        try expectNames(Schema.scene.properties("$defs", "elementKeys"),
                        SceneDecoder.roleKeys + SceneDecoder.commonKeys + SceneDecoder.allRoleSpecificKeys, "element keys")
    }

    /// An element has exactly one role key: the schema's `oneOf` names each role once.
    @Test func anElementHasOneRoleKey() throws {
        let alternatives = try #require(Schema.scene.value("$defs", "element", "oneOf") as? [[String: Any]])
        let roles = alternatives.compactMap { ($0["required"] as? [String])?.first }
        #expect(roles == SceneDecoder.roleKeys, "the element's oneOf names \(roles)")
    }

    /// `level` needs a heading, `min` a slider or stepper, `children` a group: each
    /// role-specific key depends on the roles the loader allows it on, and no others.
    @Test(arguments: ElementKey.roleSpecific)
    func roleSpecificKeyNeedsItsRoles(_ key: ElementKey) throws {
        let dependency = try #require(Schema.scene.value("$defs", "element", "dependentSchemas", key.rawValue) as? [String: Any],
                                      "the element schema has no dependentSchemas entry for '\(key.rawValue)'")
        let alternatives = (dependency["anyOf"] as? [[String: Any]]) ?? [dependency]
        let roles = alternatives.flatMap { $0["required"] as? [String] ?? [] }
        let owners = (key.roles ?? []).map(\.rawValue)
        #expect(roles.sorted() == owners.sorted(), "'\(key.rawValue)' depends on \(roles) in the schema, on \(owners) in the loader")
    }

    @Test func roleSpecificKeysHaveDependencies() throws {
        let dependent = try #require(Schema.scene.value("$defs", "element", "dependentSchemas") as? [String: Any])
        #expect(Set(dependent.keys) == Set(SceneDecoder.allRoleSpecificKeys))
    }

    /// An effect is a key of a one-key mapping or a bare word; together they are the
    /// loader's effect names, and the bare words are those the loader takes bare.
    @Test func effects() throws {
        let keys = try Schema.scene.properties("$defs", "effect")
        let bare = try #require(Schema.scene.value("$defs", "effect", "then", "enum") as? [String])
        try expectNames(keys + bare, SceneDecoder.effectNames, "effect names")
        let loaderBare = SceneDecoder.effectNames.filter { name in
            (try? SceneLoader.load(yaml: "scene: S\nroot:\n  - button: A\n    activate: \(name)\n")) != nil
        }
        #expect(bare.sorted() == loaderBare.sorted(), "bare effects: the schema takes \(bare), the loader \(loaderBare)")
        for key in keys {
            #expect(!["dismiss", "cancel"].contains(key), "the loader rejects '\(key):' with a value")
        }
    }

    @Test func conditions() throws {
        try expectNames(Schema.scene.properties("$defs", "condition"), SceneDecoder.conditionNames, "condition names")
        let bare = try #require(Schema.scene.value("$defs", "condition", "then", "enum") as? [String])
        let loaderBare = SceneDecoder.conditionNames.filter { name in
            (try? SceneLoader.load(yaml: "scene: S\nroot:\n  - text: A\n    value: { when: \(name), then: x, else: y }\n")) != nil
        }
        #expect(bare.sorted() == loaderBare.sorted(), "bare conditions: the schema takes \(bare), the loader \(loaderBare)")
    }

    @Test func scenarioKeys() throws {
        try expectNames(Schema.scenario.properties(), ScenarioDecoder.scenarioKeys, "scenario keys")
    }

    /// A step is a bare name (`- doubleTap`) or a one-key mapping (`- touch: compose`).
    @Test func steps() throws {
        let bare = try #require(Schema.scenario.value("$defs", "step", "then", "enum") as? [String])
        try expectNames(bare, Array(ScenarioDecoder.plainSteps.keys), "bare steps")
        try expectNames(Schema.scenario.properties("$defs", "step"), ScenarioDecoder.valueSteps, "steps with a value")
    }

    @Test func expectations() throws {
        try expectNames(Schema.scenario.properties("$defs", "expectations"), ScenarioDecoder.expectationKeys + [ScenarioDecoder.configurationKey], "expectation keys")
    }

    /// A scenario's `scene:` is a path, or a scene written in place by the scene schema.
    @Test func aScenariosSceneIsAPathOrAScene() throws {
        let scene = try #require(Schema.scenario.value("properties", "scene") as? [String: Any])
        #expect(scene["type"] as? [String] == ["string", "object"])
        #expect(Schema.scenario.value("properties", "scene", "then", "$ref") as? String == "scene.schema.json#/$defs/scene")
    }

    // MARK: Fixed words

    /// Where the loader takes one of a closed set of words, the schema has that set as its enum.
    @Test(arguments: FixedWords.all)
    func fixedWords(_ words: FixedWords) throws {
        let schema = words.scenario ? Schema.scenario : Schema.scene
        let values = try #require(schema.value(words.path) as? [String], "no enum at \(words.path.joined(separator: "/"))")
        #expect(values == words.loader, "\(words.path.joined(separator: "/")): the schema has \(values), the loader \(words.loader)")
    }

    /// `os:` takes the versions the scene's platform knows (iOS when no platform is given).
    @Test(arguments: Platform.allCases)
    func osVersions(_ platform: Platform) throws {
        let branches = try #require(Schema.scene.value("$defs", "osVersions", "allOf") as? [[String: Any]])
        let branch = try #require(branches.first { branch in
            let condition = branch["if"] as? [String: Any]
            let platformSchema = (condition?["properties"] as? [String: Any])?["platform"] as? [String: Any]
            return platformSchema?["const"] as? String == platform.rawValue
        }, "no os branch for \(platform.rawValue)")
        let then = try #require(branch["then"] as? [String: Any])
        let os = (then["properties"] as? [String: Any])?["os"] as? [String: Any]
        let versions = try Profile.bundled(platform).os.versions
        #expect(os?["enum"] as? [String] == versions)
        // Only the default platform's branch may apply without `platform:`.
        let required = (branch["if"] as? [String: Any])?["required"] as? [String]
        #expect((required == nil) == (platform == .ios))
    }

    private func expectNames(_ schema: [String], _ loader: [String], _ what: String,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let missing = Set(loader).subtracting(schema).sorted()
        let extra = Set(schema).subtracting(loader).sorted()
        #expect(missing.isEmpty, "\(what) the loader accepts and the schema lacks: \(missing)", sourceLocation: sourceLocation)
        #expect(extra.isEmpty, "\(what) the schema names and the loader rejects: \(extra)", sourceLocation: sourceLocation)
    }
}

/// A closed set of words: its place in a schema (a path of keys to an `enum`) and the loader's set.
struct FixedWords: Sendable, CustomTestStringConvertible {
    var path: [String]
    var loader: [String]
    var scenario = false

    var testDescription: String { path.last(where: { !["enum", "properties", "then", "items"].contains($0) }) ?? path.joined() }

    static func scene(_ path: String, _ loader: [String]) -> FixedWords {
        FixedWords(path: path.split(separator: "/").map(String.init), loader: loader)
    }

    static func scenario(_ path: String, _ loader: [String]) -> FixedWords {
        FixedWords(path: path.split(separator: "/").map(String.init), loader: loader, scenario: true)
    }

    static let all: [FixedWords] = [
        .scene("$defs/scene/properties/platform/enum", Platform.allCases.map(\.rawValue)),
        .scene("$defs/scene/properties/language/enum", Profile.languages),
        .scene("$defs/scene/properties/direction/enum", LayoutDirection.allCases.map(\.rawValue)),
        .scene("$defs/rule/enum", Rule.all.map(\.id)),
        .scene("$defs/trait/enum", Traits.names.map(\.name)),
        .scene("$defs/elementKeys/properties/placement/enum", Placement.allCases.map(\.rawValue)),
        .scene("$defs/elementKeys/properties/role/enum", ButtonRole.allCases.map(\.rawValue)),
        .scene("$defs/elementKeys/properties/unit/enum", ValueUnit.allCases.map(\.rawValue)),
        .scene("$defs/presentationKeys/properties/style/enum", PresentationStyle.allCases.map(\.rawValue)),
        .scene("$defs/presentationKeys/properties/escape/enum", EscapeHandling.allCases.map(\.rawValue)),
        .scene("$defs/presentationKeys/properties/adaptation/enum", Adaptation.allCases.map(\.rawValue)),
        .scene("$defs/presentation/dependentSchemas/detents/properties/style/enum",
               PresentationStyle.allCases.filter(\.isResizable).map(\.rawValue)),
        .scene("$defs/presentation/dependentSchemas/persistent/properties/style/enum",
               PresentationStyle.allCases.filter(\.isResizable).map(\.rawValue)),
        .scene("$defs/effect/properties/announce/anyOf/1/properties/priority/enum", SpeechPriority.allCases.map(\.rawValue)),
        .scenario("$defs/step/properties/rotor/enum", ScreenReader.Rotor.allCases.map(\.rawValue)),
        .scenario("$defs/step/properties/vo/enum", ScreenReader.VOKey.allCases.map(\.rawValue)),
        .scenario("$defs/step/properties/key/enum", ScreenReader.Key.allCases.map(\.rawValue)),
        .scenario("$defs/expectations/properties/earcon/enum", Earcon.allCases.map(\.rawValue)),
    ]
}

/// One of the schema files, read as JSON.
struct Schema {
    let json: [String: Any]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/schema").standardized

    static var scene: Schema { Schema(file: "scene.schema.json") }
    static var scenario: Schema { Schema(file: "scenario.schema.json") }

    init(file: String) {
        let data = (try? Data(contentsOf: Self.folder.appendingPathComponent(file))) ?? Data()
        json = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }

    /// The value at a path of keys (and list indexes, written as numbers).
    func value(_ path: String...) -> Any? { value(path) }

    func value(_ path: [String]) -> Any? {
        var current: Any? = json
        for key in path {
            if let list = current as? [Any], let index = Int(key) {
                current = list.indices.contains(index) ? list[index] : nil
            } else {
                current = (current as? [String: Any])?[key]
            }
        }
        return current
    }

    /// The property names of the object schema at the path.
    func properties(_ path: String...) throws -> [String] {
        let properties = try #require(value(path + ["properties"]) as? [String: Any],
                                      "no properties at \(path.joined(separator: "/"))")
        return Array(properties.keys)
    }
}
