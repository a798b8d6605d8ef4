import Testing
@testable import TaskBoard

/// Names are checked for control characters by code point (fast, at every
/// start); that must be exactly Unicode's category Cc.
struct ControlCharacterRuleTests {
    @Test func theCheckByValueIsUnicodesControlCategory() {
        for value in UInt32(0)...0x3_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(NameRules.isControl(scalar) == (scalar.properties.generalCategory == .control), "U+\(String(value, radix: 16))")
        }
    }

    @Test func namesWithAndWithoutControlCharacters() {
        for name in ["Aino", "Väinö", "美羽", "🦊 Leo", "Ällä-Öhman", "a\u{A0}b"] {
            #expect(!NameRules.hasControlCharacters(name), "\(name)")
        }
        for name in ["A\u{1B}[31mino", "Leo\n", "Eero\u{7F}", "Mio\u{85}", "\u{9F}x", "\u{0}"] {
            #expect(NameRules.hasControlCharacters(name))
        }
        #expect(NameRules.escapingControlCharacters("A\u{1B}b\u{85}") == "A\\u{1B}b\\u{85}")
    }
}
