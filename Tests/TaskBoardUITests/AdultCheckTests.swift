import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

@Suite struct NumberWordsTests {
    @Test func englishAndFinnish() {
        #expect(NumberWords.text(347, in: .en) == "three hundred forty-seven")
        #expect(NumberWords.text(100, in: .en) == "one hundred")
        #expect(NumberWords.text(913, in: .en) == "nine hundred thirteen")
        #expect(NumberWords.text(560, in: .en) == "five hundred sixty")
        // Finnish writes a number as one word.
        #expect(NumberWords.text(347, in: .fi) == "kolmesataaneljäkymmentäseitsemän")
        #expect(NumberWords.text(100, in: .fi) == "sata")
        #expect(NumberWords.text(115, in: .fi) == "sataviisitoista")
        #expect(NumberWords.text(210, in: .fi) == "kaksisataakymmenen")
        #expect(NumberWords.text(999, in: .fi) == "yhdeksänsataayhdeksänkymmentäyhdeksän")
        #expect(NumberWords.text(93, in: .fi) == "yhdeksänkymmentäkolme")
    }

    /// Where the whole word does not fit, it breaks after the hundreds, with a hyphen.
    @Test func aLongFinnishNumberBreaksAfterItsHundreds() {
        let word = NumberWords.breakable(788, in: .fi)
        #expect(ScreenBuffer.wrap(word, width: 60) == ["seitsemänsataakahdeksankymmentäkahdeksan"])
        #expect(ScreenBuffer.wrap(word, width: 34) == ["seitsemänsataa-", "kahdeksankymmentäkahdeksan"])
        #expect(ScreenBuffer.wrap("Luku: " + word, width: 22) == ["Luku: seitsemänsataa-", "kahdeksankymmentäkahdeksan"])
        #expect(ScreenBuffer.wrap(NumberWords.breakable(100, in: .fi), width: 3) == ["sata"])
        #expect(NumberWords.breakable(347, in: .en) == NumberWords.text(347, in: .en))
    }

    @Test func everyNumberHasWordsAndNoDigits() {
        for number in NumberWords.range {
            for language in Language.allCases {
                let text = NumberWords.text(number, in: language)
                #expect(!text.isEmpty && !text.contains { $0.isNumber }, "\(number) in \(language)")
            }
        }
    }
}

@Suite struct AdultCheckTests {
    /// Uptime seconds.
    let now: TimeInterval = 5_000

    @Test func theRightDigitsPassAndAWrongAnswerBringsANewNumberAndAWait() {
        var check = AdultCheck(seed: 7)
        let first = check.number
        #expect(AdultCheck.numbers.contains(first))
        for c in "1" { check.field.apply(.insert(c)) }
        let wrong = check.answer(at: now)
        #expect(!wrong)
        #expect(check.number != first)
        #expect(check.isWaiting(at: now + 0.5) && !check.isWaiting(at: now + 1))
        for c in String(check.number) { check.field.apply(.insert(c)) }
        let right = check.answer(at: now + 1)
        #expect(right)
        #expect(!check.isWaiting(at: now + 1))
    }

    @Test func waitsGrowWithWrongAnswersInARow() {
        var check = AdultCheck(seed: 7)
        var at = now
        for expected in [1.0, 2, 3, 5, 5] {
            _ = check.answer(at: at)
            #expect(check.isWaiting(at: at + expected - 0.01) && !check.isWaiting(at: at + expected))
            at += expected
        }
    }

    @Test func theSameSeedAsksTheSameNumbers() {
        var a = AdultCheck(seed: 42), b = AdultCheck(seed: 42)
        for _ in 0..<20 {
            #expect(a.number == b.number)
            a.renew()
            b.renew()
        }
    }
}

/// A child who cannot read presses digits and Enter (and every other key)
/// on the Admin tab for ten minutes: the staff can still log in at once.
@Suite struct ChildKeyStormTests {
    private static let pin = "4829"

    private func runtime(_ f: KioskFixture) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin(Self.pin, confirmation: Self.pin)
        return KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24), checkSeed: 99)
    }

    /// What an adult does: to the Admin tab, wait out a pause, the number, the PIN.
    private func logIn(_ runtime: KioskRuntime, _ f: KioskFixture, pin: String = pin) {
        runtime.handle(.key(.escape))
        for _ in 0..<3 where runtime.state.side != .child(.admin) { runtime.handle(.key(.tab)) }
        f.clock.advance(by: 5)
        runtime.handle(.tick(f.clock.now()))
        for c in String(runtime.state.pin.check.number) { runtime.handle(.key(.character(c))) }
        runtime.handle(.key(.enter))
        for c in pin { runtime.handle(.key(.character(c))) }
        runtime.handle(.key(.enter))
    }

    @Test func tenMinutesOfKeysLockNobodyOut() throws {
        let f = try KioskFixture()
        let runtime = try runtime(f)
        runtime.handle(.key(.backTab))
        #expect(runtime.state.side == .child(.admin))
        var random = SplitMix64(seed: 2026)
        let others: [Key] = [.escape, .backspace, .tab, .backTab, .up, .down, .left, .right, .delete, .home, .end,
                             .control("c"), .control("z"), .control("\\"), .character("q"), .character("Q"), .character("L"),
                             .character("a"), .character(" "), .character("?"), .function(1)]
        var keys = 0
        // Ten keys a second for ten minutes: mostly digits and Enter, the rest anything.
        for _ in 0..<6_000 {
            let roll = random.next() % 100
            let key: Key = switch roll {
            case 0..<60: .character(Character(String(random.next() % 10)))
            case 60..<85: .enter
            default: others[Int(random.next() % UInt64(others.count))]
            }
            // A child who wandered off the tab comes back to it.
            if runtime.state.side != .child(.admin) { runtime.handle(.key(.backTab)) }
            f.clock.advance(by: 0.1)
            #expect(runtime.handle(.key(key)))
            keys += 1
        }
        #expect(keys == 6_000)
        #expect(f.store.pin?.lockouts == 0)
        #expect(f.store.pin?.lockedUntil == nil)
        #expect((f.store.pin?.failedAttempts ?? 0) < PinGuard.triesBeforeLockout)
        logIn(runtime, f)
        #expect(runtime.state.side == .admin(.mark))
    }

    @Test func anAdultGuessingIsStillThrottledAndToldHowToRecover() throws {
        let f = try KioskFixture()
        let runtime = try runtime(f)
        for attempt in 1...5 {
            logIn(runtime, f, pin: "1357")
            if attempt == 4 { #expect(runtime.state.notice == .wrongPin(triesLeft: 1)) }
        }
        #expect(f.store.pin?.lockedUntil != nil)
        let screen = runtime.render().textLines.joined(separator: "\n")
        #expect(screen.contains("Too many wrong PINs. Try again in"))
        #expect(screen.contains("taskboard reset-pin"))
        // The right PIN is not even asked for while locked.
        logIn(runtime, f)
        #expect(runtime.state.side == .child(.admin))
    }

    @Test func theAdminTabAsksTheNumberInWordsBeforeThePin() throws {
        let f = try KioskFixture()
        let runtime = try runtime(f)
        runtime.handle(.key(.backTab))
        let words = NumberWords.text(runtime.state.pin.check.number, in: .en)
        var screen = runtime.render().textLines.joined(separator: "\n")
        #expect(screen.contains("Grown-ups: type this number in digits."))
        #expect(screen.contains(words))
        #expect(!screen.contains("Admin PIN"))
        // A wrong answer: a new number, and a moment before the next.
        for c in String(runtime.state.pin.check.number == 100 ? 101 : 100) { runtime.handle(.key(.character(c))) }
        runtime.handle(.key(.enter))
        screen = runtime.render().textLines.joined(separator: "\n")
        #expect(runtime.state.notice == .adultCheckWrong)
        #expect(screen.contains("A new number in a moment"))
        f.clock.advance(by: 1)
        runtime.handle(.tick(f.clock.now()))
        for c in String(runtime.state.pin.check.number) { runtime.handle(.key(.character(c))) }
        runtime.handle(.key(.enter))
        #expect(runtime.render().textLines.joined(separator: "\n").contains("Admin PIN"))
        // Leaving the tab asks again.
        runtime.handle(.key(.tab))
        runtime.handle(.key(.backTab))
        #expect(!runtime.state.pin.checkPassed)
    }
}
