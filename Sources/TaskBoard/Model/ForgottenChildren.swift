/// The children a daycare has forgotten (issue 43), by id alone: no name,
/// nothing else of them. Kept apart from the data it cleans, so that it
/// outlives every copy made before the forgetting: an archive restored, or
/// a daily backup, is cleaned of them again, and no new child is given one
/// of their ids.
public struct ForgottenChildren: Equatable, Sendable {
    public private(set) var ids: Set<ChildID>
    /// Those whose forgetting is not finished everywhere yet (the archives):
    /// written with the id, cleared last, so a forgetting cut off anywhere
    /// is known and finished.
    public private(set) var pending: Set<ChildID>

    public init(_ ids: Set<ChildID> = [], pending: Set<ChildID> = []) {
        self.ids = ids.union(pending)
        self.pending = pending
    }

    public var isEmpty: Bool { ids.isEmpty }
    public func contains(_ id: ChildID) -> Bool { ids.contains(id) }

    /// Forgotten from now on, and pending until `finish`.
    public mutating func insert(_ id: ChildID) {
        ids.insert(id)
        pending.insert(id)
    }

    public mutating func finish() { pending = [] }

    public func union(_ other: ForgottenChildren) -> ForgottenChildren {
        ForgottenChildren(ids.union(other.ids), pending: pending.union(other.pending))
    }

    /// The lowest id a new child may have: above every forgotten one.
    public var nextFreeID: Int { (ids.map(\.rawValue).max() ?? 0) + 1 }
}

/// As JSON: `{"children":[12,15],"pending":[15]}`, in order.
extension ForgottenChildren: Encodable, JSONDecodable {
    private enum Key: String, CodingKey { case children, pending }

    public init(json: JSONValue) throws {
        let object = try json.object()
        let ids = try object.required("children") { try $0.array { ChildID(try $0.int()) } }
        let pending = try object.optional("pending") { try $0.array { ChildID(try $0.int()) } } ?? []
        self.init(Set(ids), pending: Set(pending))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(ids.sorted(), forKey: .children)
        if !pending.isEmpty { try container.encode(pending.sorted(), forKey: .pending) }
    }
}

extension Roster {
    /// Without the forgotten children, and never to hand out one of their
    /// ids again; nil when it holds none of them and needs no change.
    public func forgetting(_ forgotten: ForgottenChildren) -> Roster? {
        let kept = children.filter { !forgotten.contains($0.id) }
        guard kept.count != children.count || nextID < forgotten.nextFreeID else { return nil }
        var roster = self
        roster.children = kept
        roster.nextID = max(nextID, forgotten.nextFreeID)
        return roster
    }
}

extension Attendance {
    /// Without the forgotten children's absences, and how many went; nil when there were none.
    public func forgetting(_ forgotten: ForgottenChildren) -> (attendance: Attendance, removed: Int)? {
        var removed = 0
        var kept: [Day: Set<ChildID>] = [:]
        for (day, children) in away {
            let staying = children.filter { !forgotten.contains($0) }
            removed += children.count - staying.count
            kept[day] = staying
        }
        return removed == 0 ? nil : (Attendance(away: kept), removed)
    }
}
