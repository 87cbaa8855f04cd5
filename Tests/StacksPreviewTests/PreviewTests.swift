import Testing

/// Every suite of the preview's tests, one at a time: the server tests measure nothing, but
/// they do wait on a server in this same process, which a CPU-bound suite running beside them
/// on a two-core machine can starve of threads for many seconds.
@Suite(.serialized) struct PreviewTests {}
