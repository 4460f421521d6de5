/// Byte copies made as one memory copy each. The standard library's generic copies
/// (`UnsafeMutablePointer.update(from:count:)`, `Array(_:)` of a buffer, `+=` of a slice) copy
/// one byte at a time in the browser core's Embedded Swift build: together about a sixth of the
/// time a 16-bit screenshot's read and crop took there (a node profile of the core built with
/// `scripts/build-wasm.sh --names`).
package enum ByteCopy {
    /// Copies `count` bytes from `source` to `target`; the two do not overlap.
    @inline(__always)
    package static func copy(_ count: Int, from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: count)
    }

    /// A new array of the `count` bytes at `start`.
    package static func array(_ start: UnsafePointer<UInt8>, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { copy(count, from: start, to: buffer.baseAddress!) }
            initialized = count
        }
    }

    /// A new array of the ranges `parts` of `bytes`, one after another.
    package static func joined(_ bytes: [UInt8], _ parts: [Range<Int>]) -> [UInt8] {
        let total = parts.reduce(0) { $0 + $1.count }
        return bytes.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
                var at = 0
                for part in parts where !part.isEmpty {
                    copy(part.count, from: source.baseAddress! + part.lowerBound, to: buffer.baseAddress! + at)
                    at += part.count
                }
                initialized = total
            }
        }
    }
}
