/// What changed in a store behind a daycare's back, said by the one who
/// saw it happen (a shared database's worker, a viewer's watch on the data
/// directory): what `Daycare.take(_:)` reads again, and nothing else.
public enum StoreChange: Hashable, Sendable {
    case roster, settings, pin, attendance
    /// Days removed as history kept only so long (with their absences).
    case history
    /// The staff's recordings of names.
    case voices
    /// The ticks of one day.
    case marks(Day)
}
