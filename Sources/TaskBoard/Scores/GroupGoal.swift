/// A group's standing toward its goal over a period. The goal grows with the
/// group's days: each child adds the daycare's points per child for each open
/// day they are here (from their first day, not away), up to today. So a
/// group of 4 and one of 25 can each reach theirs, whoever is away.
public struct GroupGoal: Equatable, Sendable {
    public let group: Group
    /// The children's points together over the period.
    public let points: Int
    /// What the group aims for over the period so far (0: nobody was here on an open day).
    public let goal: Int
    /// The days of the period on which the group reached that day's goal:
    /// what "all time" shows instead of one number to compare with. Nil
    /// when days older than six weeks could not be read (a database that
    /// does not answer): not known, rather than wrong.
    public let daysReached: Int?

    public init(group: Group, points: Int, goal: Int, daysReached: Int?) {
        self.group = group
        self.points = points
        self.goal = goal
        self.daysReached = daysReached
    }

    public var reached: Bool { goal > 0 && points >= goal }
}
