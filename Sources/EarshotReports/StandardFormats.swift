import EarshotAudit
import EarshotScenario
import Foundation

// The formats Earshot started with, each a thin adapter over the module that writes it:
// `Reports` (EarshotScenario), `AuditFormats` (EarshotAudit), `HTMLReport` (here).

/// `text`: the audit as `earshot audit` prints it by default (``AuditFormats/text(_:)-(AuditResult)``).
struct TextFormat: AuditOutputFormat {
    let id = OutputFormats.ID.text
    let destination = OutputDestination.file(extension: "txt")
    var isForPeople: Bool { true }

    func render(_ result: AuditResult) throws -> String { AuditFormats.text(result) + "\n" }
}

/// `junit`: JUnit XML of a run, one testcase per scenario (``Reports/junit(_:jobs:)``).
struct JUnitFormat: RunOutputFormat {
    let id = OutputFormats.ID.junit
    let destination = OutputDestination.file(extension: "xml")

    func render(_ run: RunOutput) throws -> String { Reports.junit(run.results, jobs: run.jobs) }
}

/// `json`: a run's steps and events per scenario (``Reports/json(_:)``), or an audit's scenes
/// and findings (``AuditFormats/json(_:)-(AuditResult)``).
struct JSONFormat: RunOutputFormat, AuditOutputFormat {
    let id = OutputFormats.ID.json
    let destination = OutputDestination.file(extension: "json")

    func render(_ run: RunOutput) throws -> String { try Reports.json(run.results, jobs: run.jobs) }
    func render(_ result: AuditResult) throws -> String { try AuditFormats.json(result) }
}

/// `sarif`: SARIF 2.1.0 for code-scanning upload, of an audit or of a run's audit steps.
struct SARIFFormat: RunOutputFormat, AuditOutputFormat {
    let id = OutputFormats.ID.sarif
    let destination = OutputDestination.file(extension: "sarif")

    func render(_ run: RunOutput) throws -> String {
        try AuditFormats.sarif(Finding.grouped(run.results.flatMap(\.findings)))
    }
    func render(_ result: AuditResult) throws -> String { try AuditFormats.sarif(result) }
}

/// `html`: the HTML report, a folder with `index.html` (``HTMLReport``); printed, its index page.
struct HTMLFormat: RunOutputFormat, AuditOutputFormat {
    let id = OutputFormats.ID.html
    let destination = OutputDestination.folder

    func render(_ run: RunOutput) throws -> String { HTMLReport.index(run.results) }
    func write(_ run: RunOutput, to target: URL) throws {
        try HTMLReport.write(run.results, to: target, audioFolder: run.audioFolder, jobs: run.jobs)
    }

    func render(_ result: AuditResult) throws -> String { HTMLReport.auditPage(result) }
    func write(_ result: AuditResult, to target: URL) throws { try HTMLReport.writeAudit(result, to: target) }
}
