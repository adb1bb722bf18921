// Bounds checks on tape reads, compiled only with FLEX_INTERNAL_CHECKS (see Package.swift).
//
// The tape's entries and the document's bytes are unsafe buffers: in an optimized build an index
// past their end reads whatever lies there. With the flag, every read through the tape's accessors
// (`subscript`, `next(after:)`, `rawBytes(at:)`, `key(at:equals:)` and the readers built on
// them) is checked: the entry index is on the tape, a container's end is after it and on the
// tape, and a string's or number's bytes are in the document.

#if FLEX_INTERNAL_CHECKS
  extension JSONTape {
    /// Stops unless `index` is an entry of the tape.
    @usableFromInline
    func checkEntryIndex(_ index: Int, _ function: StaticString = #function) {
      precondition(
        index >= 0 && index < entries.count,
        "FLEX_INTERNAL_CHECKS: \(function) read tape entry \(index) of \(entries.count)")
    }

    /// Stops unless the bytes of the string or number at `index` are in the document.
    @usableFromInline
    func checkBytes(at index: Int) {
      checkEntryIndex(index)
      let entry = entries[index]
      precondition(
        entry.kind == .string || entry.kind == .number,
        "FLEX_INTERNAL_CHECKS: read the bytes of tape entry \(index), a \(entry.kind), not a string or number")
      precondition(
        Int(entry.offset) + Int(entry.length) <= bytes.count,
        "FLEX_INTERNAL_CHECKS: tape entry \(index) ends at byte \(Int(entry.offset) + Int(entry.length)) "
          + "of a \(bytes.count)-byte document")
    }

    /// Stops unless `next`, the entry after the value at `index`, is after it and at most the
    /// tape's end.
    @usableFromInline
    func checkNext(_ next: Int, after index: Int) {
      precondition(
        next > index && next <= entries.count,
        "FLEX_INTERNAL_CHECKS: the value at tape entry \(index) ends at \(next), outside the tape (\(entries.count))")
    }
  }
#endif
