import Foundation
import Testing
import TaskBoardStorage

@Suite struct ProcessEnvironmentTests {
    /// Read from `environ` rather than through ProcessInfo (faster): the same variables.
    @Test func theSameVariablesAsFoundationReads() {
        #expect(ProcessEnvironment.variables == ProcessInfo.processInfo.environment)
        #expect(ProcessEnvironment.variables["PATH"] != nil)
    }
}
