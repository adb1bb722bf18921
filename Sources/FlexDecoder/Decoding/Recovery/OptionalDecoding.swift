// `Optional` during the recovery pass: its own `init(from:)` asks a single-value container for
// the wrapped value, and a failure there is the optional's to repair (as `nil`), not the wrapped
// value's (as its placeholder); an optional element or dictionary value becomes `nil`, not
// dropped; and an optional's repair is worded as a declared optional's (`used nil`).

/// Whether `type` is an `Optional`: the metadata's kind, read without a conformance lookup
/// (`_isOptional`, the standard library's, is a few instructions where a cast to a protocol
/// costs a cache lookup, on every element of a messy document).
@inline(__always)
func isOptionalType<T>(_ type: T.Type) -> Bool {
  _isOptional(type)
}

/// ``isOptionalType(_:)`` of a type known only at run time. (Opened explicitly: Swift 5 mode,
/// which the fuzzers build in, does not open an existential metatype for a generic call.)
@inline(__always)
func isOptionalMetatype(_ type: Any.Type) -> Bool {
  func isOptional<T>(_: T.Type) -> Bool { _isOptional(T.self) }
  return _openExistential(type, do: isOptional)
}
