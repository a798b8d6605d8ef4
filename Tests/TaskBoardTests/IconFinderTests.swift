import Foundation
import Testing
@testable import TaskBoard

/// The shipped catalogue's words lead the everyday tasks of a daycare, as
/// people name them, to the right picture, in both languages.
@Suite struct IconFinderTests {
    static let finder: IconFinder = {
        IconFinder((try? IconCatalogue(json: Data(contentsOf: IconCatalogueTests.file)).icons) ?? [])
    }()

    static let english: [(String, String)] = [
        ("Wash hands", "🧼"), ("Wash your face", "🧼"), ("Brush teeth", "🪥"), ("Brush your teeth", "🪥"),
        ("Eat lunch", "🍲"), ("Eat breakfast", "🍲"), ("Snack time", "🍎"), ("Drink water", "💧"), ("Drink milk", "🥛"),
        ("Get dressed", "👕"), ("Put on shoes", "👟"), ("Take off shoes", "👟"), ("Socks on", "🧦"), ("Hang up your coat", "🧥"),
        ("Put on your hat", "🧢"), ("Mittens on", "🧤"), ("Rain boots on", "🥾"), ("Go outside", "🌳"), ("Outdoor play", "🌳"),
        ("Play outside", "🌳"), ("Nap time", "😴"), ("Rest", "😴"), ("Tidy the toys", "🧸"), ("Tidy up", "🧹"),
        ("Read a book", "📖"), ("Story time", "📖"), ("Go to the toilet", "🚽"), ("Use the potty", "🚽"), ("Help a friend", "🤝"),
        ("Painting", "🎨"), ("Draw a picture", "🎨"), ("Sing a song", "🎵"), ("Water the plants", "🌱"), ("Pack your bag", "🎒"),
        ("Blow your nose", "🤧"), ("Set the table", "🥄"), ("Put on sunscreen", "🧴"), ("Morning circle", "👋"), ("Calm down", "🧘"),
        ("Build with blocks", "🧱"), ("Play ball", "⚽"), ("Ride a bike", "🚲"), ("Swimming", "🏊"), ("Feed the fish", "🐟"),
        ("Dance", "💃"), ("Gym", "🤸"), ("Do a puzzle", "🧩"), ("Take a bath", "🛁"),
        // A day's activity (a show is not a shower).
        ("Puppet show", "🎭"), ("Visit to the theatre", "🎭"),
    ]

    static let finnish: [(String, String)] = [
        ("Pese kädet", "🧼"), ("Käsienpesu", "🧼"), ("Pese hampaat", "🪥"), ("Harjaa hampaat", "🪥"), ("Hammaspesu", "🪥"),
        ("Syö lounas", "🍲"), ("Syö aamupala", "🍲"), ("Ruokailu", "🍲"), ("Välipala", "🍎"), ("Juo vettä", "💧"), ("Juo maitoa", "🥛"),
        ("Pue vaatteet", "👕"), ("Pukeudu", "👕"), ("Pue kengät", "👟"), ("Riisu kengät", "👟"), ("Pue sukat", "🧦"),
        ("Ripusta takki", "🧥"), ("Pue haalari", "🧥"), ("Pue pipo", "🧢"), ("Pue lapaset", "🧤"), ("Pue kumisaappaat", "🥾"),
        ("Ulkoile", "🌳"), ("Ulkoilu", "🌳"), ("Mene ulos", "🌳"), ("Lepohetki", "😴"), ("Päiväunet", "😴"), ("Siivoa lelut", "🧸"),
        ("Siivoa", "🧹"), ("Lue kirja", "📖"), ("Satuhetki", "📖"), ("Käy vessassa", "🚽"), ("Auta kaveria", "🤝"), ("Piirrä", "🎨"),
        ("Askartelu", "🎨"), ("Laula", "🎵"), ("Musiikkihetki", "🎵"), ("Kastele kukat", "🌱"), ("Laita reppu paikalleen", "🎒"),
        ("Niistä nenä", "🤧"), ("Kattaa pöytä", "🥄"), ("Aurinkorasva", "🧴"), ("Aamupiiri", "👋"), ("Rauhoittuminen", "🧘"),
        ("Rakenna palikoilla", "🧱"), ("Pelaa palloa", "⚽"), ("Pyöräile", "🚲"), ("Uinti", "🏊"), ("Ruoki kalat", "🐟"),
        ("Tanssi", "💃"), ("Liikunta", "🤸"), ("Tee palapeli", "🧩"), ("Käy suihkussa", "🛁"),
        ("Nukketeatteri", "🎭"), ("Esitys salissa", "🎭"),
    ]

    @Test(arguments: [("en", english), ("fi", finnish)])
    func everydayTasksGetTheRightIcon(language: String, tasks: [(String, String)]) {
        #expect(tasks.count >= 30)
        let wrong = tasks.filter { Self.finder.best(for: $0.0)?.symbol != $0.1 }
            .map { "\($0.0): \(Self.finder.ranked(for: $0.0).prefix(3).map(\.symbol).joined()) (wanted \($0.1))" }
        #expect(wrong.isEmpty, "\(language): \(wrong)")
    }

    @Test func wordsMatchWithOtherEndingsButNotLooselyAndNothingMatchesNothing() {
        #expect(IconFinder.score("lounaan", "lounas") == 2)
        #expect(IconFinder.score("toys", "toy") == 2)
        #expect(IconFinder.score("vessassa", "vessa") == 2)
        #expect(IconFinder.score("pallo", "palapeli") == 0)
        #expect(IconFinder.score("cap", "car") == 0)
        #expect(IconFinder.score("pihaleikit", "piha") == 0, "a compound's head is no ending")
        #expect(Self.finder.best(for: "Tuesday") == nil)
        #expect(Self.finder.best(for: "") == nil)
        #expect(Self.finder.best(for: "🎉 !!") == nil)
    }

    @Test func theThingNamedLastWinsATie() {
        let tidy = IconCatalogue.Icon(symbol: "🧹", ascii: "Br", name: ["en": "Broom"], words: ["en": ["tidy"]])
        let toys = IconCatalogue.Icon(symbol: "🧸", ascii: "Ty", name: ["en": "Toys"])
        #expect(IconFinder([tidy, toys]).ranked(for: "Tidy the toys").map(\.symbol) == ["🧸", "🧹"])
        #expect(IconFinder([toys, tidy]).ranked(for: "Toys: tidy").map(\.symbol) == ["🧹", "🧸"])
    }
}
