import Foundation

/// Encodes a value as Backdrop writes all its JSON (`geometry.json` and every `--json` output):
/// pretty-printed, keys sorted, slashes left as they are.
public func encodeJSON(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
}
