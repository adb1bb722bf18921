// A sink the optimizer cannot see through.

/// Takes `value` and returns 1, opaquely, so work whose result is otherwise unused (a decoded
/// model) cannot be optimized away.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) -> Int {
  withExtendedLifetime(value) { 1 }
}
