/// A 128-bit content fingerprint (two independent FNV-1a lanes) for cache keys: fast, stable
/// across runs and machines. Not for security.
package struct ContentHash: Hashable, CustomStringConvertible {
    private var a: UInt64 = 0xCBF2_9CE4_8422_2325
    private var b: UInt64 = 0x8422_2325_CBF2_9CE4

    package init() {}

    package mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_0129
            }
        }
        // Separate fields, so that "ab" + "c" and "a" + "bc" differ.
        a = (a ^ 0xFF) &* 0x0000_0100_0000_01B3
        b = (b ^ UInt64(bytes.count)) &* 0x0000_0100_0000_0129
    }

    package mutating func add(_ text: String) { add(Array(text.utf8)) }

    package var description: String {
        let hex = { (value: UInt64) in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(a) + hex(b)
    }
}
