import Foundation

/// The four earcons as short synthesized tones (SPEC §4.6), each at most
/// 150 ms and distinct in pitch and shape, so a listener tells them apart.
public enum EarconTone: String, CaseIterable, Hashable, Sendable {
    case boundary, screenChanged, layoutChanged, failure

    /// The bracketed WebVTT cue text.
    public var cueText: String {
        switch self {
        case .boundary: "[boundary]"
        case .screenChanged: "[screen changed]"
        case .layoutChanged: "[layout changed]"
        case .failure: "[failure]"
        }
    }

    /// Notes as (frequency in Hz, milliseconds).
    var notes: [(Double, Double)] {
        switch self {
        case .boundary: [(196, 70)]                            // one low thud
        case .screenChanged: [(660, 60), (990, 80)]            // rising pair
        case .layoutChanged: [(880, 50), (880, 0), (1175, 50)] // two quick high notes
        case .failure: [(330, 70), (220, 80)]                  // falling pair
        }
    }

    /// The tone's samples at a rate, with a short fade in and out so it does not click
    /// (made once per tone and rate).
    public func samples(sampleRate: Int) -> [Int16] {
        Self.made.samples(self, sampleRate: sampleRate)
    }

    private static let made = Made()

    /// Tones already made, by tone and rate.
    private final class Made: @unchecked Sendable {
        private let lock = NSLock()
        private var tones: [String: [Int16]] = [:]

        func samples(_ tone: EarconTone, sampleRate: Int) -> [Int16] {
            let key = "\(tone.rawValue) \(sampleRate)"
            lock.lock()
            defer { lock.unlock() }
            if let known = tones[key] { return known }
            let samples = tone.make(sampleRate: sampleRate)
            tones[key] = samples
            return samples
        }
    }

    private func make(sampleRate: Int) -> [Int16] {
        var result: [Int16] = []
        for (frequency, milliseconds) in notes where milliseconds > 0 {
            let count = Int(Double(sampleRate) * milliseconds / 1000)
            let fade = max(1, min(count / 4, sampleRate / 200))
            for index in 0..<count {
                let envelope = min(1, Double(min(index, count - 1 - index)) / Double(fade))
                let value = sin(2 * Double.pi * frequency * Double(index) / Double(sampleRate)) * envelope * 0.35
                result.append(Int16(value * Double(Int16.max)))
            }
        }
        return result
    }
}
