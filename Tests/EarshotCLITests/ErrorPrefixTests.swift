import ArgumentParser
@testable import earshot
import Testing

/// Every command's error lines start `earshot NAME: error: `, NAME the word it is invoked by:
/// the prefix is made once (`ParsableCommand.errorPrefix`), from the command's own name.
@Suite("Error lines")
struct ErrorPrefixTests {
    @Test func eachCommandsPrefixNamesItAsItIsInvoked() throws {
        var names: [String] = []
        for command in Earshot.configuration.subcommands { names.append(command._commandName) }
        #expect(names == ["run", "audit", "calibrate", "convert", "tree", "explore", "import", "init", "say", "voices", "bench"])
    }

    /// One command's error, through the process: the prefix is the command's.
    @Test func aCommandsErrorStartsWithItsName() throws {
        let tree = try EarshotProcess.run(["tree", "--detent", "large", "Scenarios/mail/mail.yaml"], in: EarshotProcess.packageRoot)
        #expect(tree.status == 2 && tree.err.hasPrefix("earshot tree: error: --detent needs a sheet showing"))
    }
}
