import ArgumentParser

/// The `--json` flag of the commands that can print JSON instead of text.
struct JSONOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false
}
