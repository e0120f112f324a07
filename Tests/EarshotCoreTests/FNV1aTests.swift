import EarshotCore
import Testing

/// The one FNV-1a: the published test vectors (64-bit FNV-1a of "" and "a"), and the word step
/// the speech worker's checksum mixes is one multiply of the xor, as a byte's is.
@Suite("FNV-1a")
struct FNV1aTests {
    @Test func thePublishedVectors() {
        #expect(FNV1a().value == 0xcbf2_9ce4_8422_2325)
        var a = FNV1a()
        a.mix("a")
        #expect(a.value == 0xaf63_dc4c_8601_ec8c)
        var foobar = FNV1a()
        foobar.mix("foobar")
        #expect(foobar.value == 0x8594_4171_f739_67e8)
        #expect(TextMatching.stableHash("foobar") == foobar.value)
    }

    @Test func aWordIsMixedAsOneStep() {
        var word = FNV1a(), byte = FNV1a()
        word.mix(word: 0x61)
        byte.mix([0x61])
        #expect(word.value == byte.value)
    }
}
