/// Words in an English sentence: "A", "A or B", "A, B or C".
public enum EnglishList {
    public static func joined(_ items: [String], _ conjunction: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
