import Foundation
import Testing
import TaskBoard
import TaskBoardStorage

/// How long one tick's append takes. Timing on a shared machine is noisy, so
/// this runs only when asked: TASKBOARD_TIMING=1 swift test --filter AppendTiming
@Suite struct AppendTimingTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TASKBOARD_TIMING"] != nil))
    func medianAppend() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            let clock = ContinuousClock()
            var samples: [Duration] = []
            for i in 0..<500 {
                let event = Samples.event(i)
                samples.append(clock.measure { _ = try? store.appendMark(event, on: Samples.day) })
            }
            samples.sort()
            let median = samples[samples.count / 2]
            let p90 = samples[samples.count * 9 / 10]
            print("append: median \(median), p90 \(p90), max \(samples[samples.count - 1]) over \(samples.count)")
            #expect(try store.marks(on: Samples.day).count == 500)
            #expect(median < .milliseconds(5))
        }
    }
}
