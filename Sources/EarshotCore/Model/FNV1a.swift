/// FNV-1a, 64 bits: the same in every process and on every platform (unlike `Hasher`). The one
/// implementation behind the audit's fingerprints, the speech data's digests and the speech
/// worker's checksum (which mixes 64-bit words, as the worker's C does).
///
/// ```swift
/// var hash = FNV1a()
/// hash.mix("Send")
/// hash.value   // the same number on every machine
/// ```
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    public init() {}

    /// One step: a byte (as a number) or a whole 64-bit word.
    @inline(__always)
    public mutating func mix(word: UInt64) { value = (value ^ word) &* Self.prime }

    public mutating func mix(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { mix(word: UInt64(byte)) }
    }

    public mutating func mix(_ text: String) { mix(text.utf8) }
}
