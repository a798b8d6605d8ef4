import TaskBoard

/// What the kiosk's screen asks of the shared database besides its data.
extension KioskDatabaseStore: SharedStore {
    public var offline: Offline? {
        guard case .offline(let since, let reason, let refusal) = connectionState else { return nil }
        return Offline(since: since, waiting: waitingChanges, refusal: refusal.map(Offline.Refusal.init), reason: reason)
    }
}

extension Offline.Refusal {
    public init(_ refusal: DatabaseError.Refusal) {
        switch refusal {
        case .serverFull: self = .serverFull
        case .loginRefused: self = .loginRefused
        case .noSuchDatabase: self = .noSuchDatabase
        case .removed: self = .removed
        }
    }
}
