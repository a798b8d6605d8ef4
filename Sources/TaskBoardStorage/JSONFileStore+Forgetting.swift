import Foundation
import TaskBoard

extension JSONFileStore {
    /// The children this data directory has forgotten (`forgotten.json`).
    public func forgottenChildren() throws -> ForgottenChildren {
        try load(ForgottenDocument.self) ?? ForgottenChildren()
    }

    /// Forgets the children (issue 43): their ids are written into
    /// `forgotten.json` first, marked pending, so that a forgetting cut off
    /// is known; then the daily backups are cleaned and the data directory
    /// last (`ForgetScrub`), its roster at the very end, so that a roster
    /// that still holds one of them means this part is unfinished, and the
    /// next open finishes it. The archives are the tools' to clean; they
    /// call `finishedForgetting()` when those are done too.
    @discardableResult
    public func forget(_ children: Set<ChildID>) throws -> ForgetTally {
        try requireWritable(path(of: ForgottenDocument.fileName))
        var forgotten = try forgottenChildren()
        for id in children { forgotten.insert(id) }
        try save(ForgottenDocument.self, forgotten)
        return try clean(of: forgotten)
    }

    /// Keeps these children forgotten here too (a copy from a database):
    /// the two lists together, nothing pending.
    public func keepForgotten(_ other: ForgottenChildren) throws {
        guard !other.isEmpty else { return }
        let forgotten = try forgottenChildren()
        let both = forgotten.union(ForgottenChildren(other.ids))
        guard both != forgotten else { return }
        try save(ForgottenDocument.self, both)
    }

    /// Nothing pending any more: the archives are clean too.
    public func finishedForgetting() throws {
        var forgotten = try forgottenChildren()
        guard !forgotten.pending.isEmpty else { return }
        forgotten.finish()
        try save(ForgottenDocument.self, forgotten)
    }

    /// At open: a roster that still holds a forgotten child means a
    /// forgetting was cut off (or older data came back); it is finished
    /// before anything is read. Costs one failed open where nobody was ever
    /// forgotten. Never stops the open: a file it cannot read is the
    /// reader's to report (a restore or a repair must still be possible),
    /// and a failure is noted (`takeStorageNotes`) and tried again next time.
    func finishForgetting() {
        do {
            guard let forgotten = try load(ForgottenDocument.self), !forgotten.isEmpty else { return }
            if !forgotten.pending.isEmpty {
                forgettingNotes.append("forgetting a child was cut off before the archives were cleaned: taskboard forget --finish finishes it")
            }
            guard let roster = try? load(RosterDocument.self), roster.forgetting(forgotten) != nil else { return }
            try clean(of: forgotten)
        } catch {
            forgettingNotes.append("could not finish forgetting a child (\(error)); it is tried again at the next start")
        }
    }

    @discardableResult
    private func clean(of forgotten: ForgottenChildren) throws -> ForgetTally {
        // The journals are replaced under the open one: it is opened afresh, and every journal read again.
        closeJournal()
        verifiedJournals = []
        tornTails = [:]
        return try ForgetScrub(forgotten).clean(folder: directoryPath)
    }
}

extension JSONFileStore {
    /// The children the data directory at `directory` has forgotten (without opening it).
    public static func forgottenChildren(at directory: String) throws -> ForgottenChildren {
        try read(ForgottenDocument.self, at: directory + "/" + ForgottenDocument.fileName) ?? ForgottenChildren()
    }

    /// For a restore: the children `directory` has forgotten stay forgotten
    /// in `copy` (an unpacked archive, before it takes the directory's
    /// place): the two lists are kept together in the copy, and the copy is
    /// cleaned of them. The count says whether the archive held any of them.
    public static func keepForgotten(from directory: String, in copy: String) throws -> ForgetTally {
        let here = try read(ForgottenDocument.self, at: directory + "/" + ForgottenDocument.fileName) ?? ForgottenChildren()
        let there = try read(ForgottenDocument.self, at: copy + "/" + ForgottenDocument.fileName) ?? ForgottenChildren()
        let both = here.union(there)
        guard !both.isEmpty else { return ForgetTally() }
        let scrub = ForgetScrub(both)
        if both != there {
            try write(both, as: ForgottenDocument.self, at: copy + "/" + ForgottenDocument.fileName, encoder: scrub.encoder)
        }
        return try scrub.clean(folder: copy)
    }
}

extension JSONFileStore {
    /// The roster kept at `path` (a daily backup's), nil when there is none.
    public static func roster(at path: String) throws -> Roster? {
        try read(RosterDocument.self, at: path)
    }

    /// A roster file's bytes (from an archive) as a roster; `shown` names it in an error.
    public static func roster(from data: Data, shown: String) throws -> Roster {
        do {
            return try Envelope<RosterDocument>(json: JSONValue.parse(data)).payload
        } catch {
            throw DecodeFailure.storageError(error, data: data, path: shown)
        }
    }
}
