import CheckCodes

/// One problem a check found in a layout.
public struct GeometryFinding: Hashable, Sendable {
    public var check: GeometryCheck
    public var severity: Severity
    public var layout: LayoutKind
    public var slot: SlotID?
    /// The numbers involved, first the one to point at in the profile.
    public var fields: [GridField]
    public var message: String

    public init(
        check: GeometryCheck, severity: Severity? = nil, layout: LayoutKind, slot: SlotID? = nil,
        fields: [GridField], message: String
    ) {
        self.check = check
        self.severity = severity ?? check.severity
        self.layout = layout
        self.slot = slot
        self.fields = fields
        self.message = message
    }
}
