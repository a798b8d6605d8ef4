import Foundation
import TaskBoard
import TaskBoardStorage

/// The kiosk's half of `taskboard mark` while it runs: applies each waiting
/// request through the `Daycare` (the same rules and durability as a tick
/// on screen) and answers it.
public struct MarkRequestServer: Sendable {
    public let box: MarkRequestBox

    public init(directory: URL) { box = MarkRequestBox(directory: directory) }

    /// Applies what is waiting. Returns, for the status line, each mark that
    /// changed and each failure (a refusal by the rules goes back to the
    /// command; a save that failed concerns the kiosk too).
    public func serve(_ daycare: Daycare) -> [Result<MarkChange, Error>] {
        var outcomes: [Result<MarkChange, Error>] = []
        for (id, request) in box.claim() {
            let reply: MarkReply
            do {
                let change = try daycare.setMark(child: request.child, task: request.task, done: request.done, on: request.day)
                if let change { outcomes.append(.success(change)) }
                reply = MarkReply(pointsDelta: change?.pointsDelta, finishedBoard: change?.finishedBoard ?? false)
            } catch {
                outcomes.append(.failure(error))
                reply = MarkReply(pointsDelta: nil, refusal: "\(error)")
            }
            // An answer that cannot be written leaves the command to time out and say so.
            try? box.answer(id, with: reply)
        }
        return outcomes
    }
}
