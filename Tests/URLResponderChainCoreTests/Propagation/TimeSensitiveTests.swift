import TestSupport
import Testing

/// Tests whose outcome depends on wall-clock time, and the tests that hold the main actor
/// for seconds. They run one at a time so the second kind cannot starve the first.
@MainActor
@Suite(.serialized) struct TimeSensitiveTests {}
