import SlotGeometry

extension Catalog {
    /// The layouts an icon rule is checked on: every layout the rule holds for whose profile states
    /// its icon grid (`icons`), with the device.
    public func iconGridEvidence(for rule: IconGridRule) -> [(device: DeviceDocument, layout: ResolvedLayout, icons: StatedIconGrid)] {
        devices.flatMap { document in
            document.layouts.compactMap { layout in
                guard rule.layouts.contains(layout.kind), let icons = layout.spec.icons else { return nil }
                return (document, layout, icons)
            }
        }
    }
}
