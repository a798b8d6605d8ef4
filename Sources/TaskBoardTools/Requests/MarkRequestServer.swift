import Foundation
import TaskBoard
import TaskBoardStorage

/// The kiosk's half of `taskboard mark` and `taskboard away` while it runs: applies each waiting
/// request through the `Daycare` (the same rules and durability as a tick
/// on screen) and answers it.
public struct MarkRequestServer: Sendable {
    public let box: MarkRequestBox

    public init(directory: URL) { box = MarkRequestBox(directory: directory) }

    /// Applies what is waiting. Returns, for the status line, each mark that
    /// changed and each failure (a refusal by the rules goes back to the
    /// command; a save that failed concerns the kiosk too).
    public func serve(_ daycare: Daycare) -> [Result<HandedChange, Error>] {
        var outcomes: [Result<HandedChange, Error>] = []
        for (id, request) in box.claim() {
            let reply: MarkReply
            do {
                if let task = request.task {
                    let change = try daycare.setMark(child: request.child, task: task, done: request.done, on: request.day)
                    if let change { outcomes.append(.success(.mark(change))) }
                    reply = MarkReply(pointsDelta: change?.pointsDelta, finishedBoard: change?.finishedBoard ?? false)
                } else if let away = request.away {
                    let change = try daycare.setAway(child: request.child, away: away, on: request.day)
                    if let change { outcomes.append(.success(.away(change))) }
                    reply = MarkReply(pointsDelta: change == nil ? nil : 0)
                } else {
                    reply = MarkReply(pointsDelta: nil, refusal: "the request names neither a task nor attendance")
                }
            } catch {
                outcomes.append(.failure(error))
                reply = MarkReply(pointsDelta: nil, refusal: Self.refusal(error))
            }
            // An answer that cannot be written leaves the command to time out and say so.
            try? box.answer(id, with: reply)
        }
        return outcomes
    }

    /// The command's words for a change the kiosk did not make: why, then
    /// what stayed as it was, each a sentence of its own.
    static func refusal(_ error: Error) -> String {
        let reason = FullStop.after("\(error)")
        if let storage = error as? StorageError, storage.mayBeWritten { return reason + " " + StorageError.mayBeWrittenAdvice }
        return reason + " Nothing was changed."
    }
}
