import Testing
@testable import TaskBoard

/// Names are checked for control characters by code point (fast, at every
/// start); that must be exactly Unicode's category Cc, and the bidirectional
/// controls exactly Unicode's Bidi_Control.
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

    @Test func theBidiCheckByValueIsUnicodesBidiControlProperty() {
        for value in UInt32(0)...0x3_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(NameRules.isBidiControl(scalar) == scalar.properties.isBidiControl, "U+\(String(value, radix: 16))")
            // The first pass over bytes lets none of them through.
            let refused = scalar.properties.generalCategory == .control || scalar.properties.isBidiControl
            #expect(NameRules.hasControlCharacters(String(Character(scalar))) == refused, "U+\(String(value, radix: 16))")
        }
    }

    /// U+202E and its kin reverse or reorder the rest of a printed line: a
    /// name may hold none of them, and printed text has them written out.
    @Test func namesWithBidirectionalControlsAreRefusedAndWrittenOut() {
        let bidi: [Unicode.Scalar] = ["\u{61C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
                                      "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]
        for scalar in bidi {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let name = "Ai" + String(Character(scalar)) + "no"
            #expect(NameRules.hasControlCharacters(name), "U+\(hex)")
            for kind in [NameKind.group, .child, .task] {
                #expect(throws: TaskBoardError.nameHasControlCharacters(kind)) { try NameRules.validate(name, kind: kind) }
            }
            #expect(NameRules.escapingControlCharacters(name) == "Ai\\u{" + hex + "}no")
        }
        #expect(NameRules.escapingControlCharacters("Ai\u{202E}on\u{200F} \u{1B}") == "Ai\\u{202E}on\\u{200F} \\u{1B}")
        // Right-to-left scripts, dashes and ellipses (first bytes 0xD8, 0xE2) are names like any other.
        for name in ["مريم", "שרה", "Aino–Eero…", "Leo ‹3›"] {
            #expect(!NameRules.hasControlCharacters(name), "\(name)")
            #expect(NameRules.escapingControlCharacters(name) == name)
        }
    }
}
