// A sink the optimizer cannot see through.

/// Takes `value` and returns 1, opaquely, so work whose result is otherwise unused (a decoded
/// model) cannot be optimized away.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) -> Int {
  withExtendedLifetime(value) { 1 }
}
