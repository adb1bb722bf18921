// Candidate keys that fall through: a property mapped to several keys (`["id", "ID"]`) whose first
// present value does not decode takes the next candidate's value that does (ReerCodable's
// `@CodingKey("id", "ID")`). Only ever tried after a value failed: the plain pass notes that it
// may happen and throws as before; the recovery pass, which runs after any failure, tries the
// candidates in order, each decoded apart from the error policy with the decoder's coercions.

@_spi(Engine) import FlexCore

extension ObjectLookup {
  /// The plain pass's `error` for the mapped `key`, noted if another candidate may decode where
  /// this one failed (so that even `.failFast` without coercions goes on to the recovery pass).
  @inline(never)
  func plainPassFailure<Key: CodingKey>(_ error: any Error, forKey key: Key) -> any Error {
    if typeMapping != nil || globalMapping != nil, let candidates = candidates(for: key.stringValue),
      candidates.count > 1
    {
      decoder.session.plainFailures.mayFallThrough = true
    }
    return error
  }

  /// In the recovery pass: the present, non-`null` values of `key`'s candidates in the map's
  /// order, when there are two or more (the first is the one the lookup found); else `nil`.
  @inline(__always)
  func fallThroughValues<Key: CodingKey>(forKey key: Key) -> [Int]? {
    guard typeMapping != nil || globalMapping != nil else { return nil }
    return candidateValues(forName: key.stringValue)
  }

  @inline(never)
  private func candidateValues(forName name: String) -> [Int]? {
    guard let candidates = candidates(for: name), candidates.count > 1 else { return nil }
    var values: [Int] = []
    for candidate in candidates {
      guard let valueIndex = resolve(candidate), tape[valueIndex].kind != .null, !values.contains(valueIndex) else {
        continue
      }
      values.append(valueIndex)
    }
    return values.count > 1 ? values : nil
  }

  /// The first of `values` (the candidates' values of `key`) that `unwrap` decodes apart from the
  /// error policy, with the decoder's coercions; a later one is reported as a `.defaulted` note
  /// (`"id": expected Int but found the string "abc"; used "ID"`). When none does, the first is
  /// decoded under the policy, as it is without other candidates.
  @inline(never)
  func unwrapFirstDecodable<Key: CodingKey, T>(
    _ values: [Int], forKey key: Key, _ unwrap: (Int, @autoclosure () -> [any CodingKey]) throws -> T
  ) throws -> T {
    var firstError: (any Error)?
    for valueIndex in values {
      do {
        let value = try decoder.decodeForWrapper { try unwrap(valueIndex, codingPath + [key]) }
        if let firstError { noteFallThrough(from: values[0], to: valueIndex, forKey: key, firstError) }
        return value
      } catch {
        if firstError == nil { firstError = error }
      }
    }
    return try unwrap(values[0], codingPath + [key])
  }

  /// Reports that the value of `key` at `failed` did not decode (`error`) and the candidate at
  /// `used` was taken instead.
  private func noteFallThrough<Key: CodingKey>(from failed: Int, to used: Int, forKey key: Key, _ error: any Error) {
    // Counted as a repair, like a coercion: the plain pass's error (this value's) is then no
    // longer the error of a lone problem found after it.
    decoder.session.coercionsApplied &+= 1
    let path = codingPath + [key]
    var (_, message, decodingError) = IssueMessage.describe(error, path: path)
    if case .typeMismatch(let type, let context) = decodingError, context.codingPath.count == path.count {
      message = IssueMessage.expected(type, found: decoder.foundValue(failed))
    }
    decoder.recordNote(
      .defaulted, path: path,
      message: "\(candidateName(of: failed, forKey: key)): \(message); used \(candidateName(of: used, forKey: key))",
      valueIndex: failed)
  }

  /// The candidate of `key` (as written in the map, quoted) whose value is at `valueIndex`.
  private func candidateName<Key: CodingKey>(of valueIndex: Int, forKey key: Key) -> String {
    let candidate = candidates(for: key.stringValue)?.first { resolve($0) == valueIndex }
    return IssueMessage.quoted(candidate?.text ?? key.stringValue)
  }
}
