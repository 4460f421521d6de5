import Testing

/// The browser core's suites, one test at a time: they decode and crop screenshots in debug
/// builds and share one catalog load, and run beside the preview server's timed tests.
@Suite(.serialized) enum WebSuites {}
