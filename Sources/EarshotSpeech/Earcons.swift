import EarshotCore
import Foundation

extension Earcon {
    /// The bracketed WebVTT cue text: `[screen changed]`.
    public var cueText: String {
        switch self {
        case .boundary: "[boundary]"
        case .screenChanged: "[screen changed]"
        case .layoutChanged: "[layout changed]"
        case .failure: "[failure]"
        }
    }

    /// The tone's samples at a rate: each of its ``Earcon/notes`` as a sine with a short
    /// fade in and out so it does not click (made once per earcon and rate).
    ///
    /// ```swift
    /// Earcon.boundary.samples(sampleRate: 22050).count   // 1543: 70 ms
    /// ```
    public func samples(sampleRate: Int) -> [Int16] {
        Tones.made.samples(self, sampleRate: sampleRate)
    }
}

/// Tones already made, by earcon and rate.
private final class Tones: @unchecked Sendable {
    static let made = Tones()

    private let lock = NSLock()
    private var tones: [String: [Int16]] = [:]

    func samples(_ earcon: Earcon, sampleRate: Int) -> [Int16] {
        let key = "\(earcon.rawValue) \(sampleRate)"
        lock.lock()
        defer { lock.unlock() }
        if let known = tones[key] { return known }
        let samples = Self.make(earcon, sampleRate: sampleRate)
        tones[key] = samples
        return samples
    }

    private static func make(_ earcon: Earcon, sampleRate: Int) -> [Int16] {
        var result: [Int16] = []
        for note in earcon.notes where note.milliseconds > 0 {
            let count = Int(Double(sampleRate) * note.milliseconds / 1000)
            let fade = max(1, min(count / 4, sampleRate / 200))
            for index in 0..<count {
                let envelope = min(1, Double(min(index, count - 1 - index)) / Double(fade))
                let value = sin(2 * Double.pi * note.frequency * Double(index) / Double(sampleRate)) * envelope * 0.35
                result.append(Int16(value * Double(Int16.max)))
            }
        }
        return result
    }
}
