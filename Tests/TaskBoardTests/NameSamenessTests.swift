import Testing
import TaskBoard

@Suite("One rule for when two names are the same")
struct NameSamenessTests {
    @Test(arguments: [
        ("Aino", "aino"), ("ÄLLÄ Öhman", "ällä öhman"), ("Mio 美羽", "MIO 美羽"), ("Lapsi 7 Äö", "lapsi 7 äÖ"),
        ("\u{E9}lodie", "e\u{301}lodie"), ("Ae\u{301}", "aÉ"), ("", ""), ("Siiri 🌸", "siiri 🌸"),
    ])
    func theseAreTheSame(_ a: String, _ b: String) {
        #expect(NameRules.same(a, b))
        #expect(NameRules.same(b, a))
    }

    @Test(arguments: [
        ("Eero", "Eeva"), ("Aino", "Ainoa"), ("x", "x\u{301}"), ("Lapsi 1 Äö", "Lapsi 2 Äö"), ("Ällä", "Alla"),
        ("Mio 美羽", "Mio 美"), ("a", ""),
    ])
    func theseAreNot(_ a: String, _ b: String) {
        #expect(!NameRules.same(a, b))
        #expect(!NameRules.same(b, a))
    }
}
