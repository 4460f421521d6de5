import Foundation

/// A folder of a test's own under the system's temporary directory, removed with everything in it
/// when the last reference to it goes.
///
/// Its name is the test's purpose followed by a UUID (`backdrop-crop-1B4E…`), so that tests running
/// at the same time never share one and a folder left by a crash says which test made it. Hold one
/// in a suite's stored property when every test of the suite needs a folder: Swift Testing makes a
/// new suite value for each test and drops it after, which removes the folder.
///
///     @Suite struct CropTests {
///         let temporary: TemporaryFolder
///         var folder: URL { temporary.url }
///
///         init() throws { temporary = try TemporaryFolder("backdrop-crop") }
///     }
///
/// For one test alone, ``withTemporaryFolder(_:_:)`` says when the folder goes.
public final class TemporaryFolder: Sendable {
    /// The folder, made (empty) when the value was.
    public let url: URL

    /// The folder's path, for the APIs and commands that take one.
    public var path: String { url.path }

    /// Makes a new, empty folder named `name` followed by `-` and a UUID under the system's
    /// temporary directory. A test that wants the path of something not there yet names it
    /// inside the folder (`url.appendingPathComponent("crops")`).
    ///
    /// - Parameter name: what the folder is for, e.g. `"backdrop-crop"`; it may not contain `/`.
    /// - Throws: the error of `FileManager.createDirectory` when the folder cannot be made.
    public init(_ name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the folder and everything in it now, for a test that must know when; removing it
    /// again, or when it is gone already, does nothing.
    public func remove() { try? FileManager.default.removeItem(at: url) }

    deinit { remove() }
}

/// Runs `body` with a new, empty folder under the system's temporary directory, named `name`
/// followed by `-` and a UUID, and removes the folder with everything in it when `body` returns or
/// throws.
///
/// It throws what `body` throws, and also when the folder cannot be made (so it is `throws`, not
/// `rethrows`).
///
///     @Test func writesTheCrops() throws {
///         try withTemporaryFolder("backdrop-crop") { folder in
///             try crop(into: folder.appendingPathComponent("crops"))
///         }
///     }
///
/// - Parameters:
///   - name: what the folder is for, e.g. `"backdrop-crop"`; it may not contain `/`.
///   - body: the test's work, given the folder's URL.
/// - Returns: what `body` returns.
public func withTemporaryFolder<Result>(_ name: String, _ body: (URL) throws -> Result) throws -> Result {
    let folder = try TemporaryFolder(name)
    return try withExtendedLifetime(folder) { try body(folder.url) }
}

/// The `async` form of ``withTemporaryFolder(_:_:)``, for tests that await: the folder is removed
/// when `body` has returned or thrown.
///
/// - Parameters:
///   - name: what the folder is for, e.g. `"site-server"`; it may not contain `/`.
///   - body: the test's work, given the folder's URL.
/// - Returns: what `body` returns.
public func withTemporaryFolder<Result>(
    _ name: String, isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> Result
) async throws -> Result {
    let folder = try TemporaryFolder(name)
    defer { withExtendedLifetime(folder) {} }
    return try await body(folder.url)
}
