import Foundation
import Testing
import TaskBoardStorage

@Suite struct ProcessEnvironmentTests {
    /// Read with getenv rather than through ProcessInfo (faster): the same values.
    @Test func theSameVariablesAsFoundationReads() {
        let foundation = ProcessInfo.processInfo.environment
        #expect(foundation["PATH"] != nil)
        for (name, value) in foundation {
            #expect(ProcessEnvironment.current[name] == value, "\(name)")
        }
        #expect(ProcessEnvironment.current["TASKBOARD_NO_SUCH_VARIABLE_\(getpid())"] == nil)
    }

    @Test func givenVariablesAreTheOnlyOnes() {
        let environment: ProcessEnvironment = ["LANG": "fi_FI.UTF-8", "EMPTY": ""]
        #expect(environment["LANG"] == "fi_FI.UTF-8")
        #expect(environment["EMPTY"] == "")
        #expect(environment["PATH"] == nil)
        #expect((["NO_COLOR": "1"] as ProcessEnvironment).noColor)
        #expect(!environment.noColor)
        #expect(!(["NO_COLOR": ""] as ProcessEnvironment).noColor)
    }
}
