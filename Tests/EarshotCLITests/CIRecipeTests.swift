import Foundation
import Testing
import Yams

/// docs/ci.md's recipes and Earshot's own release workflow, held to what they run: every shell
/// command parses, every package they install is the one list's (scripts/debian-packages.txt),
/// and the GitHub and GitLab jobs' commands run, in a folder laid out as a team's repository,
/// on the tarball `make dist` packs (downloaded there, unpacked here).
@Suite("CI recipes")
struct CIRecipeTests {
    /// A recipe's shell commands, job by job: GitHub's `run:` steps, GitLab's `before_script:`
    /// and `script:` lines.
    struct Recipe {
        var name: String
        var jobs: [(name: String, commands: [String])]
    }

    static func recipes() throws -> [Recipe] {
        let text = try VersionTests.text("docs/ci.md")
        var recipes: [Recipe] = []
        for block in text.components(separatedBy: "```yaml\n").dropFirst() {
            let yaml = block.components(separatedBy: "\n```").first ?? ""
            let name = String(yaml.prefix { $0 != "\n" })
            recipes.append(try recipe(name, yaml))
        }
        recipes.append(try recipe("release.yml", VersionTests.text(".github/workflows/release.yml")))
        return recipes
    }

    static func recipe(_ name: String, _ yaml: String) throws -> Recipe {
        let document = try #require(try Yams.load(yaml: yaml) as? [String: Any], "\(name) is not a YAML mapping")
        var jobs: [(String, [String])] = []
        if let github = document["jobs"] as? [String: Any] {
            for (job, value) in github.sorted(by: { $0.key < $1.key }) {
                let steps = (value as? [String: Any])?["steps"] as? [[String: Any]] ?? []
                jobs.append((job, steps.compactMap { $0["run"] as? String }))
            }
        } else {
            let template = (document[".earshot"] as? [String: Any])?["before_script"] as? [String] ?? []
            for (name, value) in document.sorted(by: { $0.key < $1.key }) {
                guard let job = value as? [String: Any], let script = job["script"] as? [String] else { continue }
                let before = job["extends"] as? String == ".earshot" ? template : []
                jobs.append((name, before + script))
            }
        }
        return Recipe(name: name, jobs: jobs)
    }

    /// A GitHub expression (`${{ matrix.shard }}`) is not shell: a word stands for it.
    static func shell(_ command: String) -> String {
        command.replacing(/\$\{\{[^}]*\}\}/, with: "1")
    }

    /// The packages of the groups named; a group the list lacks fails.
    static func packagesScript(_ arguments: [String]) throws -> [String] {
        let result = try EarshotProcess.run(arguments, tool: EarshotProcess.packageRoot.appendingPathComponent("scripts/packages.sh").path)
        #expect(result.status == 0, "scripts/packages.sh \(arguments): \(result.err)")
        return result.out.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test func theDocsHaveTheGitHubAndGitLabRecipesAndTheReleaseWorkflow() throws {
        let recipes = try Self.recipes()
        #expect(recipes.map(\.name) == ["# .github/workflows/voiceover.yml", "# .gitlab-ci.yml", "# .github/workflows/voiceover-swift.yml",
                                         "release.yml"])
        #expect(recipes[0].jobs.map(\.name) == ["audit", "scenarios", "spoken"])
        #expect(recipes[1].jobs.map(\.name) == ["audit", "scenarios", "spoken"])
        #expect(recipes[2].jobs.map(\.name) == ["swift-tests"] && recipes[2].jobs[0].commands.contains { $0.hasPrefix("swift test") })
        #expect(recipes[3].jobs.flatMap(\.commands).contains("make dist"))
    }

    @Test func everyCommandParses() throws {
        for recipe in try Self.recipes() {
            for job in recipe.jobs {
                for command in job.commands {
                    let parsed = try EarshotProcess.run(["-n", "-c", Self.shell(command)], tool: "bash")
                    #expect(parsed.status == 0, "\(recipe.name) \(job.name): \(command)\n\(parsed.err)")
                }
            }
        }
    }

    /// An `apt-get install` installs one of the list's groups, by `scripts/packages.sh` or by
    /// the tarball's `install-deps.sh`; never a package named by hand that the list lacks.
    @Test func everyPackageInstalledIsTheListsOwn() throws {
        let groups = try ["build", "run", "cli", "browser", "fetch"].map { try Set(Self.packagesScript([$0])) }
        var installs = 0
        for recipe in try Self.recipes() {
            for job in recipe.jobs {
                for command in job.commands {
                    for match in command.matches(of: /apt-get install -y ([^\n&;|]+)/) {
                        installs += 1
                        let words = String(match.1).trimmingCharacters(in: .whitespaces)
                        if let group = words.firstMatch(of: /^\$\(scripts\/packages\.sh ([a-z ]+)\)$/) {
                            #expect(!(try Self.packagesScript(String(group.1).split(separator: " ").map(String.init))).isEmpty)
                        } else {
                            #expect(groups.contains(Set(words.split(separator: " ").map(String.init))),
                                    "\(recipe.name) \(job.name) installs \(words), not a group of scripts/debian-packages.txt")
                        }
                    }
                    if command.contains("install-deps.sh") { installs += 1 }
                }
            }
        }
        #expect(installs >= 6)
        #expect(groups[1].contains("libespeak-ng1") && groups[0].contains("make"))
    }

    /// Each job's commands, run as the CI would in a folder laid out as a team's repository, the
    /// download of the release replaced by the tarball packed from this build and the system
    /// packages left alone (they are here; installing them needs the network).
    @Test(arguments: ["# .github/workflows/voiceover.yml", "# .gitlab-ci.yml"])
    func theJobsRunOnTheTarball(_ name: String) throws {
        let recipe = try #require(try Self.recipes().first { $0.name == name })
        let tarball = try DistTests.packed.get().tarball
        let version = try VersionTests.version
        for job in recipe.jobs where job.name != "spoken" {
            let repository = try EarshotProcess.temporaryFolder()
            for folder in ["notes", "share"] {
                try FileManager.default.copyItem(at: EarshotProcess.packageRoot.appendingPathComponent("Scenarios/" + folder),
                                                 to: repository.appendingPathComponent("Scenarios/" + folder))
            }
            var script = ["set -e", "export EARSHOT_VERSION=\(version) GITHUB_STEP_SUMMARY=\(repository.path)/summary.md",
                          "export CI_NODE_INDEX=1 CI_NODE_TOTAL=4", "mkdir -p build"]
            for command in job.commands {
                let local = Self.shell(command)
                    .replacing(/curl -fsSL "[^"]+" \| tar -xz/, with: "tar -xzf '\(tarball.path)'")
                    .replacing(/(sudo )?([.\w\/]*)install-deps\.sh/, with: { "\($0.2)install-deps.sh --print" })
                guard !local.hasPrefix("apt-get") else { continue }
                script.append(local)
            }
            let result = try EarshotProcess.run(["-c", script.joined(separator: "\n")], in: repository, tool: "bash")
            #expect(result.status == 0, "\(name) \(job.name):\n\(script.joined(separator: "\n"))\n\(result.out)\(result.err)")
            if job.name == "scenarios" {
                let built = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("build").path)
                #expect(built.contains { $0.hasSuffix(".xml") }, "\(built)")
            } else {
                let sarif = repository.appendingPathComponent(name.contains("gitlab") ? "gl-earshot-audit.sarif" : "earshot-audit.sarif")
                #expect(try String(contentsOf: sarif, encoding: .utf8).contains("\"version\""))
            }
        }
    }
}
