/// Appends `text` to `output` between double quotes as JSON, Swift and YAML all quote a string:
/// `"`, `\`, line feed, carriage return and tab as their backslash escapes, and every other scalar
/// as `escape` writes it (nil: as it is). The JSON writer, the Swift source writer and the profile
/// editor's YAML scalars differ only in that closure.
public func appendDoubleQuoted(_ text: String, to output: inout String, escape: (Unicode.Scalar) -> String? = { _ in nil }) {
    output += "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        default:
            if let escaped = escape(scalar) {
                output += escaped
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
    }
    output += "\""
}
