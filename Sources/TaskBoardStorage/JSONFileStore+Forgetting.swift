import Foundation
import TaskBoard

extension JSONFileStore {
    /// The children this data directory has forgotten (`forgotten.json`).
    public func forgottenChildren() throws -> ForgottenChildren {
        try load(ForgottenDocument.self) ?? ForgottenChildren()
    }

    /// Forgets the children (issue 43): their ids are written into
    /// `forgotten.json` first, so that a forgetting cut off by a crash is
    /// finished at the next open; then the data directory and its daily
    /// backups are cleaned (`ForgetScrub`). Archives are the tools' to clean.
    @discardableResult
    public func forget(_ children: Set<ChildID>) throws -> ForgetTally {
        try requireWritable(path(of: ForgottenDocument.fileName))
        var forgotten = try forgottenChildren()
        for id in children { forgotten.insert(id) }
        try save(ForgottenDocument.self, forgotten)
        return try clean(of: forgotten)
    }

    /// At open: a roster that still holds a forgotten child means a
    /// forgetting was cut off; it is finished before anything is read.
    /// Costs one failed open where nobody was ever forgotten.
    func finishForgetting() throws {
        guard let forgotten = try load(ForgottenDocument.self), !forgotten.isEmpty,
              let roster = try load(RosterDocument.self), roster.forgetting(forgotten) != nil else { return }
        try clean(of: forgotten)
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
