import GeometryFormat
import PNGCodec
import SlotGeometry

// The browser core's WebAssembly exports: each moves bytes between the module's memory and
// ``BrowserCore`` and nothing else. A call returns 0 or more (a handle) on success, -1 on an error;
// its answer (JSON text or bytes; on an error, `{ file, reason, message }`) is then at
// `bd_result_pointer()` for `bd_result_length()` bytes, until the next call or `bd_result_free()`.
// Compiled only into the wasm module (scripts/build-wasm.sh), with the Web target's sources.

nonisolated(unsafe) var core = BrowserCore()
nonisolated(unsafe) private var result = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
nonisolated(unsafe) private var zipEntries: [ZipArchive.Entry] = []

private func freeResult() {
    if let base = result.baseAddress { base.deallocate() }
    result = UnsafeMutableBufferPointer(start: nil, count: 0)
}

func answer(_ bytes: [UInt8]) {
    freeResult()
    result = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
    for index in 0..<bytes.count { result[index] = bytes[index] }
    result = UnsafeMutableBufferPointer(start: result.baseAddress, count: bytes.count)
}

func answer(_ json: JSONValue) { answer(Array(json.text.utf8)) }

private func failed(_ error: BackdropError) -> Int32 {
    answer(error.json)
    return -1
}

/// 0 once `body` has run (and left its answer), or -1 with the error it threw as the answer.
func run(_ body: () throws(BackdropError) -> Void) -> Int32 {
    do {
        try body()
        return 0
    } catch {
        return failed(error)
    }
}

func bytes(_ pointer: UnsafePointer<UInt8>?, _ count: Int32) -> [UInt8] {
    guard let pointer, count > 0 else { return [] }
    return ByteCopy.array(pointer, count: Int(count))
}

func text(_ pointer: UnsafePointer<UInt8>?, _ count: Int32) -> String {
    String(decoding: bytes(pointer, count), as: UTF8.self)
}

@_cdecl("bd_result_pointer")
public func resultPointer() -> UnsafeMutablePointer<UInt8>? { result.baseAddress }

@_cdecl("bd_result_length")
public func resultLength() -> Int32 { Int32(result.count) }

/// Frees the last call's answer, once the caller has copied it out.
@_cdecl("bd_result_free")
public func resultFree() { freeResult() }

@_cdecl("bd_set_catalog")
public func setCatalog(_ pointer: UnsafePointer<UInt8>?, _ count: Int32) -> Int32 {
    run { () throws(BackdropError) in try core.setCatalog(bytes(pointer, count)) }
}

@_cdecl("bd_open")
public func open(_ name: UnsafePointer<UInt8>?, _ nameCount: Int32, _ pointer: UnsafePointer<UInt8>?, _ count: Int32) -> Int32 {
    do {
        let opened = try core.open(name: text(name, nameCount), bytes: bytes(pointer, count))
        answer(opened.info)
        return Int32(opened.handle)
    } catch {
        return failed(error)
    }
}

/// 1: the answer is the compressed colour profile to inflate and pass to `bd_check_color_profile`;
/// 0: there is none to inflate, and the answer is `{ colorChunks, warnings }`.
@_cdecl("bd_color_profile")
public func colorProfile(_ handle: Int32) -> Int32 {
    do {
        if let compressed = try core.colorProfile(of: Int(handle)) {
            answer(compressed)
            return 1
        }
        answer(try core.colorChunks(of: Int(handle)))
        return 0
    } catch {
        return failed(error)
    }
}

/// `valid` is 0 when the profile could not be inflated; the answer is `{ colorChunks, warnings }`.
@_cdecl("bd_check_color_profile")
public func checkColorProfile(_ handle: Int32, _ pointer: UnsafePointer<UInt8>?, _ count: Int32, _ valid: Int32) -> Int32 {
    run { () throws(BackdropError) in answer(try core.checkColorProfile(Int(handle), inflated: valid != 0 ? bytes(pointer, count) : nil)) }
}

@_cdecl("bd_image_data")
public func imageData(_ handle: Int32) -> Int32 {
    run { () throws(BackdropError) in answer(try core.imageData(of: Int(handle))) }
}

@_cdecl("bd_decode")
public func decode(_ handle: Int32, _ pointer: UnsafePointer<UInt8>?, _ count: Int32) -> Int32 {
    run { () throws(BackdropError) in
        try core.decode(Int(handle), inflated: UnsafeBufferPointer(start: pointer, count: pointer == nil ? 0 : Int(max(count, 0))))
    }
}

@_cdecl("bd_inflate_failed")
public func inflateFailed(_ handle: Int32, _ reason: UnsafePointer<UInt8>?, _ count: Int32) -> Int32 {
    do {
        return failed(try core.inflateFailed(Int(handle), reason: text(reason, count)))
    } catch {
        return failed(error)
    }
}

@_cdecl("bd_close")
public func close(_ handle: Int32) { core.close(Int(handle)) }

@_cdecl("bd_layouts_for")
public func layoutsFor(_ width: Int32, _ height: Int32) -> Int32 {
    guard let catalog = core.catalog else { return failed(BackdropError(file: nil, reason: "no catalog: call setCatalog first")) }
    answer(LayoutMenu.choices(PixelSize(width: Int(width), height: Int(height)), in: catalog))
    return 0
}

@_cdecl("bd_light_and_dark")
public func lightAndDark(_ light: Int32, _ dark: Int32) -> Int32 {
    run { () throws(BackdropError) in answer(try core.lightAndDark(light: Int(light), dark: Int(dark)).map { .string($0) } ?? .null) }
}

/// `style` is a ``CropStyle`` name.
@_cdecl("bd_plan")
public func plan(_ handle: Int32, _ key: UnsafePointer<UInt8>?, _ count: Int32, _ style: UnsafePointer<UInt8>?, _ styleCount: Int32) -> Int32 {
    run { () throws(BackdropError) in answer(try core.plan(Int(handle), layout: text(key, count), style: text(style, styleCount))) }
}

@_cdecl("bd_crop_rows")
public func cropRows(_ handle: Int32, _ slot: Int32) -> Int32 {
    run { () throws(BackdropError) in answer(try core.cropRows(Int(handle), slot: Int(slot))) }
}

@_cdecl("bd_assemble")
public func assemble(_ handle: Int32, _ slot: Int32, _ pointer: UnsafePointer<UInt8>?, _ count: Int32) -> Int32 {
    run { () throws(BackdropError) in answer(try core.assemble(Int(handle), slot: Int(slot), compressed: bytes(pointer, count))) }
}

@_cdecl("bd_verify")
public func verify(_ handle: Int32, _ slot: Int32, _ crop: Int32, _ rows: UnsafePointer<UInt8>?, _ count: Int32) -> Int32 {
    run { () throws(BackdropError) in try core.verify(Int(handle), slot: Int(slot), crop: Int(crop), filteredRows: bytes(rows, count)) }
}

@_cdecl("bd_zip_add")
public func zipAdd(_ name: UnsafePointer<UInt8>?, _ nameCount: Int32, _ pointer: UnsafePointer<UInt8>?, _ count: Int32) {
    zipEntries.append(ZipArchive.Entry(name: text(name, nameCount), bytes: bytes(pointer, count)))
}

/// Forgets the entries added so far, when a zip cannot be finished.
@_cdecl("bd_zip_discard")
public func zipDiscard() { zipEntries = [] }

/// The archive of the entries added, each dated at the local date and time given.
@_cdecl("bd_zip_finish")
public func zipFinish(_ year: Int32, _ month: Int32, _ day: Int32, _ hour: Int32, _ minute: Int32, _ second: Int32) -> Int32 {
    let modified = ZipArchive.Timestamp(
        year: Int(year), month: Int(month), day: Int(day), hour: Int(hour), minute: Int(minute), second: Int(second))
    answer(ZipArchive.archive(zipEntries, modified: modified))
    zipEntries = []
    return 0
}
