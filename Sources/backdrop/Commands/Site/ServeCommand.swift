import ArgumentParser
import FileAccess
import Foundation
import Gallery
import Preview

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it on 127.0.0.1 and rebuild and reload on every change.",
        discussion: """
            Listens first, so a port in use is told before anything is built. Watches the content and \
            templates folders. A change rebuilds the site (crops come from the cache, so only new or \
            changed screenshots are cropped) and reloads open pages. A failed rebuild keeps serving the \
            last good site, with the errors shown over every page. The reload script is added only while \
            serving, never to a built site. Only requests naming 127.0.0.1, localhost or [::1] with the \
            port are answered, and the reload socket only from a page of one of those origins; long request lines (414) and headers (431), request bodies (413), slow \
            requests (408) and idle connections are refused or closed. \
            \(ScratchFolders.signalHelp)
            """
    )

    @Option(name: .long, help: "The port, 0 to 65535 (0 picks a free one).", transform: { UInt16(try Self.ports.read($0)) })
    var port: UInt16 = 8000

    /// The ports there are; 0 asks the system for a free one.
    static let ports = NumberArgument("--port", 0...65535, "a port number from 0 to 65535")

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var templatesOptions: TemplatesOptions

    @OptionGroup var browserCoreOptions: BrowserCoreOptions

    func run() async throws {
        let content = contentOptions.content
        let scratch = ScratchFolders(command: "serve")
        let templates: String
        do {
            templates = try scratch.templates(given: templatesOptions.templates)
        } catch {
            throw CommandFailure(error)
        }
        let builds = ServeBuild(content: content, templates: templates, browserCore: browserCoreOptions.file)
        let server = PreviewServer(
            options: PreviewServer.Options(content: content, templates: templates, port: port, work: scratch.work),
            build: { output, cache in builds(output: output, cache: cache).mapError { PreviewServer.BuildFindings($0.diagnostics) } },
            log: { line in printLine(line) })
        let actual: UInt16
        do {
            actual = try await server.start()
        } catch {
            await server.stop()
            scratch.remove()
            throw CommandFailure(anyError: error)
        }
        let watched = templates == scratch.builtInTemplates ? "\(content) (with the built-in templates)" : "\(content) and \(templates)"
        printLine("serving http://127.0.0.1:\(actual)/ — watching \(watched); Ctrl-C stops")
        // Serves until a signal ends the process (SignalCleanup), which removes the folders.
        while true { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
    }
}
