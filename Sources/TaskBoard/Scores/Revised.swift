/// A value that counts its changes, so that what is worked out from it can
/// tell whether it is still current without anyone clearing it by hand.
@propertyWrapper
public struct Revised<Value> {
    public var wrappedValue: Value {
        didSet { revision &+= 1 }
    }
    /// How many times it was set since it was made.
    public private(set) var revision = 0
    public var projectedValue: Int { revision }

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}
