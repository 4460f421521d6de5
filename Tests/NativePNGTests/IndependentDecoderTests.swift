import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import TestSupport
import Testing

/// Crops and decoded pixels checked against Pillow, a decoder that shares no code with libpng's
/// use here. `scripts/test.sh` installs Pillow when it is missing.
@Suite struct IndependentDecoderTests {
    @Test func cropsEqualPillowsCropsOfTheSource() throws {
        try withTemporaryFolder("pillow") { folder in

            let formats: [(PNGColorType, Int)] = [(.rgb, 8), (.rgba, 8), (.grey, 8), (.grey, 16), (.palette, 8), (.greyAlpha, 8), (.palette, 4)]
            let rects = [
                PixelRect(x: 0, y: 0, width: 40, height: 40), PixelRect(x: 41, y: 7, width: 55, height: 23),
                PixelRect(x: 95, y: 70, width: 25, height: 10), PixelRect(x: 3, y: 5, width: 117, height: 75),
            ]
            var spec: [[String: Any]] = []
            for (index, (colorType, depth)) in formats.enumerated() {
                var (png, _) = DecodeTests.image(
                    DecodeTests.Format(colorType: colorType, bitDepth: depth), interlaced: index.isMultiple(of: 2), width: 120, height: 80)
                if colorType == .rgb || colorType == .rgba {
                    png.chunks.append(("iCCP", iccpChunk(name: "Display P3", profile: iccProfile())))
                }
                let source = folder.appendingPathComponent("source-\(index).png").path
                try PNGRaster.write(png.bytes, to: source)
                let image = try PNGRaster(contentsOfFile: source)
                let raw = folder.appendingPathComponent("source-\(index).raw").path
                try Data(image.pixels).write(to: URL(fileURLWithPath: raw))
                let jobs = rects.enumerated().map { CropEncoder.Job(rect: $1, path: folder.appendingPathComponent("crop-\(index)-\($0).png").path) }
                var crops: [[String: Any]] = []
                for (job, result) in zip(jobs, CropEncoder.write(image, jobs: jobs)) {
                    _ = try result.get()
                    crops.append(["file": job.path, "x": job.rect.x, "y": job.rect.y, "width": job.rect.width, "height": job.rect.height])
                }
                // Pillow expands palette images of 4 bits to 8 bits: compare their crops only.
                spec.append(["source": source, "raw": depth >= 8 ? raw : NSNull(), "crops": crops])
            }
            let specPath = folder.appendingPathComponent("spec.json").path
            try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))

            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pillow_compare.py").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script, specPath]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(text)")
            #expect(text.contains("pillow: 0 failures"), "\(text)")
        }
    }
}
