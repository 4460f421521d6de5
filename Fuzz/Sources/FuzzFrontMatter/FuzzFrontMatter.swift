import BackdropTool

/// libFuzzer's entry point for device profiles: any text, parsed as `content/devices/<id>.md`,
/// must give a document or diagnostics, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    _ = Catalog.parse(text: text, file: "content/devices/fuzz-device.md", id: "fuzz-device", content: "content")
    return 0
}
