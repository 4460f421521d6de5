/// Home-screen widget slot rectangles for every iPhone layout Backdrop's checked catalog knows, in
/// screenshot pixels (exact) and points, with the source of every number.
///
/// Find the layout with ``chooseLayout(pointWidth:pointHeight:scale:iOS:iconSize:displayZoom:modelIdentifier:)`` from what the running
/// phone says, or look it up by device and layout with ``layout(device:layout:)``, then crop a
/// screenshot of an empty home-screen page with each slot's ``Slot/pixels``.
public enum WidgetGeometry {
    /// Every layout of every device, device by device (some with no known slots yet: see ``Layout/slots``).
    public static var all: [Layout] {
        devices.flatMap(\.layouts)
    }

    /// The device with this id (e.g. `iphone-16-pro`), if the catalog has it.
    public static func device(_ id: String) -> Device? {
        devices.first { $0.id == id }
    }

    /// The device whose models include the one with this identifier (`utsname.machine`, e.g.
    /// `iPhone18,1`), if the catalog knows it.
    public static func device(modelIdentifier: String) -> Device? {
        devices.first { $0.identifiers.contains(modelIdentifier) }
    }

    /// One layout of one device, if the catalog has it.
    public static func layout(device: String, layout: LayoutID) -> Layout? {
        self.device(device)?.layout(layout)
    }

    /// The layouts whose screenshots have this pixel size (portrait). One size can belong to two
    /// devices (1125×2436 is the iPhone X, XS and 11 Pro and the 12 and 13 mini) and to several
    /// iOS versions: let the user choose among them, or use ``chooseLayout(pointWidth:pointHeight:scale:iOS:iconSize:displayZoom:modelIdentifier:)``.
    public static func layouts(screenshotWidth width: Int, height: Int) -> [Layout] {
        all.filter { $0.screen.pixelWidth == width && $0.screen.pixelHeight == height }
    }
}
