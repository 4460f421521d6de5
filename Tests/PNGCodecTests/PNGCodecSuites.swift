import Testing

/// PNGCodec's suites, one test at a time: they run beside the preview server's timed tests.
@Suite(.serialized) enum PNGCodecSuites {}
