@_spi(Engine) import FlexCore

// The value side of recovery (see RecoveryState.swift): during the recovery pass each nested
// value is a frame, and its boundary is where an error leaving the value's `init(from:)` teaches
// the pass that the call it came out of lets errors through. When that is news, the value alone
// is decoded again, so that the failure is repaired where it happened.

extension TapeDecoder {
  /// ``decodeValue(_:at:)`` during the recovery pass.
  @inline(never)
  func decodeValueRecovering<T: Decodable>(_ type: T.Type, at valueIndex: Int, _ recovery: RecoveryState) throws -> T {
    let requester = recovery.nextRequester
    recovery.nextRequester = nil
    let savedType = pendingType
    pendingType = type
    defer { pendingType = savedType }
    let traits = session.traits(of: type)
    if let polymorphic = traits.modelling?.polymorphic, let subclass = subclass(type, polymorphic, at: valueIndex) {
      pendingType = savedType
      return try decodeSubclass(subclass, as: type, at: valueIndex)
    }
    let collection = session.recoveringCollection(of: type)
    // A `[String: …]` dictionary is decoded by the engine here, member by member (keys as
    // written, as the special route reads them). A special type whose decoding calls back into
    // the decoder (`Date(from:)` under `.deferredToDate`, a `.custom` closure) is a value like
    // any other: its failures are learned and repaired at its boundary, below.
    let isSpecial = isSpecialType(T.self) && !(collection.dictionary != nil && tape[valueIndex].kind == .object)
    let specialCallsBack = isSpecial && specialTypeCallsBack(T.self)
    if isSpecial && !specialCallsBack {
      return try decodeSpecialType(type, at: valueIndex)
    }
    // Finished before, and the value that asked for it is decoded again: the same value.
    if let kept = recovery.reusable?.value(at: valueIndex, as: T.self) {
      recovery.record(contentsOf: kept.issues)
      if !kept.notes.isEmpty { session.notes += kept.notes }
      return kept.value as! T
    }
    let savedIndex = index
    index = valueIndex
    defer { index = savedIndex }
    let startGeneration = recovery.enterFrame(requester: requester, at: valueIndex)
    let wasInsideModel = recovery.isInsideModel
    if requester != nil { recovery.isInsideModel = true }
    defer {
      recovery.leaveFrame(startGeneration: startGeneration)
      recovery.isInsideModel = wasInsideModel
    }
    // Problems inside a type with its own policy are handled under it.
    let enclosingPolicy = recovery.policy
    if let declared = traits.modelling?.errorPolicy { recovery.policy = declared }
    defer { recovery.policy = enclosingPolicy }
    let trackedBefore = session.trackedContainers.count
    let issuesBefore = recovery.issueCount
    let notesBefore = session.notes.count
    let pathDepth = pathStack.count
    while true {
      do {
        var value =
          specialCallsBack
          ? try decodeSpecialType(type, at: valueIndex)
          : try decodeBodyRecovering(type, at: valueIndex, collection: collection)
        // A failure still pending was caught inside the value.
        recovery.failure = nil
        if session.trackedContainers.count > trackedBefore {
          try checkUnknownKeys(since: trackedBefore)
        }
        try finishDecoding(&value, traits: traits, at: valueIndex)
        // Worth keeping for a re-decode of the value that asked for it.
        if recovery.generation &- startGeneration >= ReusableValues.minimumCalls && recovery.isInsideModel {
          recovery.reusableForKeeping.keep(
            value, at: valueIndex, issues: recovery.issues(after: issuesBefore),
            notes: session.notes[notesBefore...])
        }
        return value
      } catch {
        session.abandonedValues &+= 1
        if session.trackedContainers.count > trackedBefore {
          session.trackedContainers.removeSubrange(trackedBefore...)
        }
        if session.coercionsActive, options.coercions.contains(.caseInsensitiveEnums), !(error is RecoveryStop),
          caseInsensitiveEnumMatch(type, at: valueIndex) != nil
        {
          recovery.failure = nil
          return try caseInsensitiveEnumCase(type, at: valueIndex, failing: error)
        }
        guard !(error is RecoveryStop),
          recovery.learnAtBoundary(depth: recovery.depth, startGeneration: startGeneration)
        else { throw error }
        // Learned that a call of this value's `init(from:)` lets errors through: decode the
        // value again, and repair the failure where it happens this time.
        recovery.noteRedecode()
        recovery.chargeRedecode(entries: tape.next(after: valueIndex) &- valueIndex)
        recovery.dropIssues(after: issuesBefore)
        if session.notes.count > notesBefore { session.notes.removeSubrange(notesBefore...) }
        if pathStack.count > pathDepth { pathStack.removeSubrange(pathDepth...) }
        #if FLEX_INTERNAL_CHECKS
          recovery.checkRedecode(issueCount: issuesBefore)
        #endif
        index = valueIndex
        pendingType = type
      }
    }
  }
}
