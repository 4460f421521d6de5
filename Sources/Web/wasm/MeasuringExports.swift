import GeometryFormat

// The browser core's measuring exports (scripts/build-wasm.sh): in the full module only, which the
// measure and fixer pages load, and the make page once it measures (its own pair, a page of icons).
// The make page's module is linked with the exports of Exports.swift alone, and without the
// measuring code they reach (Calibration). The same conventions as there.

/// `empty` is 0 when there is no empty page (handles start at 1).
@_cdecl("bd_calibrate")
public func calibrate(_ shot: Int32, _ empty: Int32) -> Int32 {
    run { () throws(BackdropError) in answer(try core.calibrate(Int(shot), empty: empty > 0 ? Int(empty) : nil)) }
}

/// Plans the crops of `empty` at the slots measured against `placed` (see ``BrowserCore/measure(empty:placed:)``).
@_cdecl("bd_measure")
public func measure(_ empty: Int32, _ placed: Int32) -> Int32 {
    run { () throws(BackdropError) in answer(try core.measure(empty: Int(empty), placed: Int(placed))) }
}

/// Checks the transparent widgets on `home` against `empty` and the layout `key` ("DEVICE/LAYOUT"),
/// cropped in style `style`, and plans the corrected crops of `empty` (see
/// ``BrowserCore/checkWidgets(empty:home:layout:style:)``).
@_cdecl("bd_check_widgets")
public func checkWidgets(
    _ empty: Int32, _ home: Int32, _ key: UnsafePointer<UInt8>?, _ count: Int32, _ style: UnsafePointer<UInt8>?, _ styleCount: Int32
) -> Int32 {
    run { () throws(BackdropError) in
        answer(try core.checkWidgets(empty: Int(empty), home: Int(home), layout: text(key, count), style: text(style, styleCount)))
    }
}

/// Reads the slots off the app icons on `home` against `empty` (see
/// ``BrowserCore/readIcons(empty:home:layout:phones:)``); `key` is "DEVICE/LAYOUT", or empty for a phone the
/// catalog lacks; `phones` is how many screens the icon rule was checked on.
@_cdecl("bd_read_icons")
public func readIcons(_ empty: Int32, _ home: Int32, _ key: UnsafePointer<UInt8>?, _ count: Int32, _ phones: Int32) -> Int32 {
    run { () throws(BackdropError) in answer(try core.readIcons(empty: Int(empty), home: Int(home), layout: text(key, count), phones: Int(phones))) }
}
