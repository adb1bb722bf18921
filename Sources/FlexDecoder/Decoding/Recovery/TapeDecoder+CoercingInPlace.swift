// The recovery pass's side of a scalar read through a single-value container
// (Containers/TapeDecoder+SingleValueContainer.swift): a read that fails plainly, under a decoder
// with coercions, comes here.

extension TapeDecoder {
  /// A scalar read of the recovery pass that fails plainly (`"2"` for the `Int` of a raw-value
  /// enum). It is a call site like the keyed ones, `(the value's type, "", T)`: once its error is
  /// known to escape the `init(from:)` that made it and the code above, the coercions apply on
  /// the spot. Otherwise the error of the whole value would be built and thrown, and the value
  /// decoded again with coercions by the call that asked for it (several thousand instructions
  /// for each enum of a messy document). Until then the read throws as JSONDecoder's would, and
  /// names itself so that the value's boundary learns it; a read the coercions cannot mend
  /// throws its plain error, which the enclosing call repairs and words as it did without this.
  @inline(never)
  func coercingInPlace<T>(_ type: T.Type, _ recovery: RecoveryState, _ read: () throws -> T) throws -> T {
    // A failure still pending here was caught by the code now making this call.
    if recovery.failure != nil { recovery.failure = nil }
    let generation = recovery.begin()
    let site = CallSite(owner: pendingType ?? Never.self, key: "", type: type)
    let call = recovery.failingCall(site, ordinal: recovery.countCall(), valueIndex: index)
    let depth = recovery.depth
    guard recovery.isRepairable(site, depth: depth, call: call) else {
      do {
        return try read()
      } catch {
        recovery.failure = PendingFailure(
          originGeneration: generation, isSettled: false, isReported: false, lastExited: site, lastExitedDepth: depth,
          originRequester: recovery.nearestRequester(depth: depth), originCall: call)
        throw error
      }
    }
    return try withCoercionsInForce(read)
  }
}
