import NativePNG
import PNGCodec
import SlotGeometry
import TestSupport
import Testing

extension PNGCodecSuites {
    /// One colour-profile policy for the command-line tool and the browser core: on hostile iCCP
    /// chunks, `PNGRaster` (libpng, libz) and PNGCodec (the browser core's path, libz standing in
    /// for DecompressionStream) keep or drop the same chunk, with the same warning, and their
    /// crops carry the same colour chunks byte for byte.
    @Suite struct ColorProfilePolicyTests {
        static let rgbProfile = iccProfile()
        static let greyProfile = iccProfile(colorSpace: "GRAY")

        /// A hostile chunk and the reason it is dropped (nil: it is kept).
        struct Case: CustomStringConvertible, Sendable {
            var description: String
            var chunk: [UInt8]
            var grey = false
            var reason: String?
        }

        static func changed(_ offset: Int, _ bytes: String, in profile: [UInt8] = rgbProfile) -> [UInt8] {
            var profile = profile
            profile.replaceSubrange(offset..<(offset + 4), with: Array(bytes.utf8))
            return profile
        }

        static let cases: [Case] = {
            let profile = rgbProfile
            let stream = TestPNG.zlibStored(profile)
            var declaredLarge = [UInt8](repeating: 0, count: 132)
            declaredLarge.replaceSubrange(0..<4, with: bigEndian(300 << 20))
            var wrongLength = profile
            wrongLength.replaceSubrange(0..<4, with: bigEndian(UInt32(profile.count + 4)))
            var tagOutside = profile
            tagOutside.replaceSubrange(136..<140, with: bigEndian(UInt32(profile.count)))
            var badIntent = profile
            badIntent.replaceSubrange(64..<68, with: bigEndian(0xFFFF))
            let limit = PNGLimits.maxColorProfileSize
            return [
                Case(description: "a good RGB profile", chunk: iccpChunk(name: "Display P3", profile: profile)),
                Case(description: "a good grey profile", chunk: iccpChunk(name: "Grey", profile: greyProfile), grey: true),
                Case(
                    description: "a small chunk that inflates to 300 MB",
                    chunk: Array("Bomb".utf8) + [0, 0] + TestPNG.zlib(prefix: declaredLarge, zeros: 300 << 20),
                    reason: "the profile inflates to more than the limit of \(limit) bytes"),
                Case(description: "no keyword", chunk: [0, 0] + stream, reason: "the profile's name is not a PNG keyword of 1 to 79 bytes"),
                Case(
                    description: "compression method 1", chunk: Array("P3".utf8) + [0, 1] + stream,
                    reason: "the compression method is not 0 (zlib)"),
                Case(description: "no profile", chunk: Array("P3".utf8) + [0, 0], reason: "the chunk holds no profile"),
                Case(
                    description: "not a zlib stream", chunk: Array("P3".utf8) + [0, 0] + [1, 2, 3, 4, 5, 6, 7, 8],
                    reason: "the compressed profile is not a valid zlib stream"),
                Case(
                    description: "a stream cut short", chunk: Array("P3".utf8) + [0, 0] + stream.dropLast(9),
                    reason: "the compressed profile is not a valid zlib stream"),
                Case(
                    description: "bytes after the stream", chunk: Array("P3".utf8) + [0, 0] + stream + [0],
                    reason: "the compressed profile is not a valid zlib stream"),
                Case(
                    description: "a short profile", chunk: iccpChunk(name: "P3", profile: Array(profile.prefix(100))),
                    reason: "the profile is 100 bytes, shorter than an ICC profile's 132-byte header"),
                Case(
                    description: "a wrong length", chunk: iccpChunk(name: "P3", profile: wrongLength),
                    reason: "the profile's header says \(profile.count + 4) bytes but it inflates to \(profile.count)"),
                Case(
                    description: "no signature", chunk: iccpChunk(name: "P3", profile: changed(36, "abcd")),
                    reason: "the profile has no ICC signature (acsp)"),
                Case(
                    description: "a grey profile on an RGB image", chunk: iccpChunk(name: "Grey", profile: greyProfile),
                    reason: "the profile's colour space 'GRAY' cannot describe a colour image"),
                Case(
                    description: "an RGB profile on a grey image", chunk: iccpChunk(name: "P3", profile: profile), grey: true,
                    reason: "the profile's colour space 'RGB ' cannot describe a grey image"),
                Case(
                    description: "another connection space", chunk: iccpChunk(name: "P3", profile: changed(20, "RGB ")),
                    reason: "the profile's connection space is neither XYZ nor Lab"),
                Case(
                    description: "an abstract profile", chunk: iccpChunk(name: "P3", profile: changed(12, "abst")),
                    reason: "a profile of class abst cannot be embedded in an image"),
                Case(
                    description: "an invalid rendering intent", chunk: iccpChunk(name: "P3", profile: badIntent),
                    reason: "the profile's rendering intent is invalid"),
                Case(
                    description: "a tag outside the profile", chunk: iccpChunk(name: "P3", profile: tagOutside),
                    reason: "a tag of the profile lies outside it"),
            ]
        }()

        static func image(_ item: Case) -> [UInt8] {
            let samples = testSamples(count: 12 * 9 * (item.grey ? 1 : 3), maxValue: 255, seed: 3)
            var png = TestPNG(width: 12, height: 9, colorType: item.grey ? .grey : .rgb, bitDepth: 8, samples: samples)
            png.chunks = [("iCCP", item.chunk), ("gAMA", bigEndian(45455))]
            return png.bytes
        }

        /// The data of every colour chunk of a PNG file, in order.
        static func colourChunks(_ file: [UInt8]) -> [(String, [UInt8])] {
            var found: [(String, [UInt8])] = []
            var offset = 8
            while offset + 8 <= file.count {
                let size = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
                let name = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
                if ["iCCP", "gAMA", "sRGB", "cHRM", "cICP", "mDCV", "cLLI"].contains(name) {
                    found.append((name, Array(file[(offset + 8)..<(offset + 8 + size)])))
                }
                offset += 12 + size
            }
            return found
        }

        @Test(arguments: cases) func bothToolsKeepOrDropTheChunkAlike(_ item: Case) throws {
            let bytes = Self.image(item)
            let expected = item.reason.map { ["iCCP: \($0); the colour profile was dropped"] } ?? []
            let rect = PixelRect(x: 2, y: 1, width: 6, height: 5)

            let libpng = try PNGRaster(decoding: bytes)
            #expect(libpng.warnings == expected, "backdrop crop")
            #expect((libpng.colorProfileName != nil) == (item.reason == nil))
            let cliCrop = try libpng.encoded(rect)

            let container = try Codec.container(bytes)
            #expect(container.warnings == expected, "browser core")
            let browserCrop = try Codec.crop(try Codec.decode(bytes), rect)

            let cliChunks = Self.colourChunks(cliCrop)
            let browserChunks = Self.colourChunks(browserCrop)
            #expect(cliChunks.map(\.0) == browserChunks.map(\.0))
            #expect(cliChunks.map(\.1) == browserChunks.map(\.1), "colour chunks byte for byte")
            #expect(cliChunks.map(\.0) == (item.reason == nil ? ["iCCP", "gAMA"] : ["gAMA"]))
            if item.reason == nil { #expect(cliChunks.first?.1 == item.chunk, "the chunk as the screenshot stores it") }
        }

        /// A kept profile reads back from a crop: the crop passes the same policy.
        @Test func aKeptProfileReadsBackFromTheCrop() throws {
            let item = Self.cases[0]
            let crop = try Codec.crop(try Codec.decode(Self.image(item)), PixelRect(x: 0, y: 0, width: 4, height: 4))
            #expect(try Codec.container(crop).colorChunkNames == ["iCCP", "gAMA"])
            #expect(try PNGRaster(decoding: crop).colorChunks.first { $0.name == "iCCP" }?.data == item.chunk)
        }
    }
}
