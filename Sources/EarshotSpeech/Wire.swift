import CEarshotWire

/// The speech worker's messages as `earshot_wire.h` (Sources/CEarshotWire) defines them, the
/// header `earshot-speech` is compiled with: kinds, statuses and layouts are read from there,
/// never retyped.
enum Wire {
    static let magic = UInt32(EARSHOT_WIRE_MAGIC)
    /// What the worker's reading step does, part of the utterance cache's key.
    static let readingsRevision = Int(EARSHOT_WIRE_READINGS_REVISION)

    /// A message's kind as the letter that names it.
    static func letter(_ kind: earshot_wire_kind) -> Character {
        Character(Unicode.Scalar(UInt8(kind.rawValue)))
    }

    static let hello = letter(EARSHOT_WIRE_HELLO)
    static let voice = letter(EARSHOT_WIRE_VOICE)
    static let answer = letter(EARSHOT_WIRE_ANSWER)
    static let text = letter(EARSHOT_WIRE_TEXT)
    static let result = letter(EARSHOT_WIRE_RESULT)
    static let batch = letter(EARSHOT_WIRE_BATCH)
    static let batchResult = letter(EARSHOT_WIRE_BATCH_RESULT)

    /// A status as the worker sends it.
    static func status(_ status: earshot_wire_status) -> Int32 { Int32(truncatingIfNeeded: status.rawValue) }

    static let headSize = MemoryLayout<earshot_wire_head>.size
    static let helloSize = MemoryLayout<earshot_wire_hello>.size
    static let resultSize = MemoryLayout<earshot_wire_result>.size
    static let wordSize = MemoryLayout<earshot_wire_word>.size
    static let batchResultSize = MemoryLayout<earshot_wire_batch_result>.size
}
