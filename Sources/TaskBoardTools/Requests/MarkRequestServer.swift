import Foundation
import TaskBoard
import TaskBoardStorage

/// The kiosk's half of `taskboard mark`, `away` and `day` while it runs: applies each waiting
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
                if let child = request.child, let task = request.task {
                    let change = try daycare.setMark(child: child, task: task, done: request.done, on: request.day)
                    if let change { outcomes.append(.success(.mark(change))) }
                    reply = MarkReply(pointsDelta: change?.pointsDelta, finishedBoard: change?.finishedBoard ?? false)
                } else if let child = request.child, let away = request.away {
                    let change = try daycare.setAway(child: child, away: away, on: request.day)
                    if let change { outcomes.append(.success(.away(change))) }
                    reply = MarkReply(pointsDelta: change == nil ? nil : 0)
                } else if let dayChange = request.dayChange {
                    guard let command = dayChange.command else {
                        throw MalformedRequest(what: "the day's change in the request is incomplete")
                    }
                    outcomes.append(.success(.roster(try daycare.perform(command))))
                    reply = MarkReply(pointsDelta: 0)
                } else {
                    reply = MarkReply(pointsDelta: nil, refusal: "the request names neither a task nor attendance")
                }
            } catch {
                // A request no kiosk could read concerns only its command.
                if !(error is MalformedRequest) { outcomes.append(.failure(error)) }
                reply = MarkReply(pointsDelta: nil, refusal: Self.refusal(error))
            }
            // An answer that cannot be written leaves the command to time out and say so.
            try? box.answer(id, with: reply)
        }
        return outcomes
    }

    /// A request the kiosk cannot read as any change.
    struct MalformedRequest: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }

    /// The command's words for a change the kiosk did not make: why, then
    /// what stayed as it was, each a sentence of its own.
    static func refusal(_ error: Error) -> String {
        let reason = FullStop.after("\(error)")
        if let storage = error as? StorageError, storage.mayBeWritten { return reason + " " + StorageError.mayBeWrittenAdvice }
        return reason + " Nothing was changed."
    }
}
