import Catalog

/// Sample files that fail each content check once.
enum ContentExamples {
    static var findings: [(String, [Diagnostic])] {
        func f(_ original: String, _ replacement: String, id: String = ExampleProfile.id) -> [Diagnostic] {
            ExampleProfile.findings(replacing: original, with: replacement, id: id)
        }
        return [
            ("F001", f("---\nname:", "name:")),
            ("F002", f("models: [Example phone]\n", "models: [Example phone\n")),
            ("F003", f("scale: 3\n", "scale: 3\nscaling: 3\n")),
            ("F004", f("models: [Example phone]\n", "")),
            ("F005", f("scale: 3\n", "scale: 4\n")),
            ("F006", f("    source: measured table\n", "    source: measured tabel\n")),
            ("F007", f("scale: 3\n", "scale: 3\nscale: 3\n")),
            ("F008", f("Notes.", "Notes.", id: "Example_Phone")),
            ("F009", f("  table: \"a measured table\"\n", "  table: \"a measured table\"\n  spare: \"never cited\"\n")),
            ("F010", [read(ContentFolder.ReadError.notUTF8)]),
            ("F011", [read(ContentFolder.ReadError.outside(resolved: "/etc/passwd"))]),
            ("F012", [read(ContentFolder.ReadError.tooLarge(bytes: 300 * 1024, limit: ContentFolder.maximumProfileBytes))]),
            ("F013", f("scale: 3\n", "scale: 3\n" + (1...101).map { "extra\($0): 1\n" }.joined()).limitedPerFile()),
            ("F014", DocsFolder.check(pages: [docsPage], generated: [CheckReference.docsTarget]).diagnostics),
            ("F015", sharedIdentifier),
            ("F016", f("Notes.", "Notes <span style=\"color: red\">in red</span>, see [this](javascript:alert(1)).")),
            ("F017", [LeftoverFiles.temporaryFinding("content/devices/" + LeftoverFiles.temporaryName(for: "example-phone.md", process: 4242))]),
            ("F018", [LeftoverFiles.unlistedFinding("content/calibration/example-phone-ios18-widgets-2.png")]),
        ]
    }

    /// Two profiles that list the same model identifier: a copy that kept the original's.
    private static var sharedIdentifier: [Diagnostic] {
        let text = ExampleProfile.text.replacing("models: [Example phone]\n", with: "models: [Example phone]\nidentifiers: [\"iPhone90,1\"]\n")
        let documents = [ExampleProfile.id, "example-copy"].compactMap { id in
            Catalog.parse(text: text, file: "content/devices/\(id).md", id: id, content: "content").document
        }
        return Catalog.sharedIdentifiers(documents)
    }

    /// A profile that cannot be read, reported as a build reports it.
    private static func read(_ error: ContentFolder.ReadError) -> Diagnostic {
        Diagnostic(file: ExampleProfile.file, check: error.check, device: ExampleProfile.id, message: error.description)
    }

    /// A docs page with a link to a heading the checks reference does not have.
    private static var docsPage: DocsPage {
        DocsPage.parse("---\ntitle: Example\n---\nSee [the check](checks.md#G105).\n", name: "example", file: "content/docs/example.md").page!
    }
}
