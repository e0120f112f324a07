import EarshotAudit
import EarshotCalibration
import EarshotScenario
import Foundation

// Each subject's reports, format by format: thin adapters over the code that writes them
// (`Reports` here and in EarshotScenario, `AuditFormats` in EarshotAudit, `HTMLReport`,
// `MarkdownFormat`, `GitHubFormat`, `CalibrationFormats`). Each switch names every format, so a
// new one is asked for in each.

extension RunOutput: ReportSubject {
    public static let subject = OutputSubject.run

    public static func reporting(_ id: OutputFormats.ID) -> Reporting<RunOutput>? {
        switch id {
        case .text: nil
        case .junit: Reporting(id) { Reports.junit($0.results, jobs: $0.jobs) }
        case .json: Reporting(id) { try Reports.json($0.results, jobs: $0.jobs) }
        // The run's audit steps' findings.
        case .sarif: Reporting(id) { try AuditFormats.sarif(Finding.grouped($0.results.flatMap(\.findings))) }
        case .html:
            Reporting(id, render: { HTMLReport.index($0.results) },
                      write: { try HTMLReport.write($0.results, to: $1, audioFolder: $0.audioFolder, jobs: $0.jobs) })
        case .markdown: Reporting(id, render: MarkdownFormat.run)
        case .github: Reporting(id, render: GitHubFormat.run)
        }
    }
}

extension AuditResult: ReportSubject {
    public static let subject = OutputSubject.audit

    public static func reporting(_ id: OutputFormats.ID) -> Reporting<AuditResult>? {
        switch id {
        // What `earshot audit` prints by default.
        case .text: Reporting(id) { AuditFormats.text($0) + "\n" }
        case .junit: nil
        case .json: Reporting(id) { try AuditFormats.json($0) }
        case .sarif: Reporting(id) { try AuditFormats.sarif($0) }
        case .html: Reporting(id, render: HTMLReport.auditPage, write: { try HTMLReport.writeAudit($0, to: $1) })
        case .markdown: Reporting(id, render: MarkdownFormat.audit)
        case .github: Reporting(id, render: GitHubFormat.audit)
        }
    }
}

extension CalibrationRun: ReportSubject {
    public static let subject = OutputSubject.calibration

    public static func reporting(_ id: OutputFormats.ID) -> Reporting<CalibrationRun>? {
        switch id {
        case .text: Reporting(id, render: CalibrationFormats.text)
        case .json: Reporting(id) { try CalibrationFormats.json($0) }
        case .markdown: Reporting(id, render: CalibrationFormats.markdown)
        // The page, written as the folder's index.html.
        case .html: Reporting(id, render: CalibrationFormats.html)
        case .junit, .sarif, .github: nil
        }
    }
}
