/// An enum whose values compare in the order its cases are declared.
public protocol CaseOrdered: CaseIterable, Comparable {}

extension CaseOrdered {
    public static func < (lhs: Self, rhs: Self) -> Bool {
        let cases = Array(allCases)
        return cases.firstIndex(of: lhs)! < cases.firstIndex(of: rhs)!
    }
}
