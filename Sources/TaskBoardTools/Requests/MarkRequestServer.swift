import Foundation
import TaskBoard
import TaskBoardStorage

/// The kiosk's half of `taskboard mark` while it runs: applies each waiting
/// request through the `Daycare` (the same rules and durability as a tick
/// on screen) and answers it.
public struct MarkRequestServer: Sendable {
    public let box: MarkRequestBox

    public init(directory: URL) { box = MarkRequestBox(directory: directory) }

    /// Applies what is waiting; returns the marks that changed, for the status line.
    public func serve(_ daycare: Daycare) -> [MarkChange] {
        var changes: [MarkChange] = []
        for (id, request) in box.claim() {
            let reply: MarkReply
            do {
                let change = try daycare.setMark(child: request.child, task: request.task, done: request.done, on: request.day)
                if let change { changes.append(change) }
                reply = MarkReply(pointsDelta: change?.pointsDelta, finishedBoard: change?.finishedBoard ?? false)
            } catch {
                reply = MarkReply(pointsDelta: nil, refusal: "\(error)")
            }
            // An answer that cannot be written leaves the command to time out and say so.
            try? box.answer(id, with: reply)
        }
        return changes
    }
}
