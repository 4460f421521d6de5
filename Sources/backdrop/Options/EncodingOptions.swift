import ArgumentParser
import Foundation
import NativePNG

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// PNG encoder settings a user may override; the defaults were chosen by `scripts/benchmark.sh`.
struct EncodingOptions: ParsableArguments {
    @Option(name: .long, help: "zlib compression level, 0–9.", transform: Self.compressionLevels.read)
    var compressionLevel: Int = PNGEncodeSettings.default.compressionLevel

    /// The levels zlib has.
    static let compressionLevels = NumberArgument("--compression-level", 0...9, "0 to 9")

    @Option(name: .long, help: "PNG row filters to choose from: a comma list of none, sub, up, average, paeth, or all.")
    var filters: String = Self.filterNames(PNGEncodeSettings.default.filters)

    @Option(name: .long, help: "zlib strategy: default, filtered, huffman or rle.")
    var strategy: String = Self.strategies[PNGEncodeSettings.default.strategy]

    static let strategies = ["default", "filtered", "huffman", "rle"]
    static let filterBits: [(String, Int)] = [
        ("none", PNGEncodeSettings.Filter.none), ("sub", PNGEncodeSettings.Filter.sub), ("up", PNGEncodeSettings.Filter.up),
        ("average", PNGEncodeSettings.Filter.average), ("paeth", PNGEncodeSettings.Filter.paeth),
    ]

    static func filterNames(_ mask: Int) -> String {
        mask == PNGEncodeSettings.Filter.all ? "all" : filterBits.filter { mask & $0.1 != 0 }.map(\.0).joined(separator: ",")
    }

    func validate() throws {
        guard Self.strategies.contains(strategy) else {
            throw ValidationError("--strategy must be one of \(Self.strategies.joined(separator: ", "))")
        }
        _ = try filterMask()
    }

    private func filterMask() throws -> Int {
        var mask = 0
        for name in filters.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) {
            if name == "all" {
                mask |= PNGEncodeSettings.Filter.all
            } else if let bit = Self.filterBits.first(where: { $0.0 == name })?.1 {
                mask |= bit
            } else {
                throw ValidationError("unknown filter `\(name)`; use none, sub, up, average, paeth or all")
            }
        }
        guard mask != 0 else { throw ValidationError("--filters names no filter") }
        return mask
    }

    var settings: PNGEncodeSettings {
        PNGEncodeSettings(
            compressionLevel: compressionLevel, filters: (try? filterMask()) ?? PNGEncodeSettings.default.filters,
            strategy: Self.strategies.firstIndex(of: strategy) ?? 0)
    }
}
