// The recovery pass's bookkeeping checked, compiled only with FLEX_INTERNAL_CHECKS (see
// Package.swift).
//
// Each value decoded during the recovery pass pushes a frame with the generation it started at
// (RecoveryState.swift). Generations only grow, so the frames' start generations grow from the
// outermost in; a value pops the frame it pushed; a pending failure started no later than now;
// a value decoded again starts with its own issues dropped and no failure pending; a failing
// call is one its value has made (its place among the value's calls is below their count).

#if FLEX_INTERNAL_CHECKS
  extension RecoveryState {
    /// Stops unless the frame just pushed, which started at `startGeneration`, is on top and
    /// started after the frame below it.
    func checkPushedFrame(startGeneration: Int) {
      precondition(
        frames.last?.startGeneration == startGeneration && startGeneration <= generation,
        "FLEX_INTERNAL_CHECKS: the frame pushed at generation \(startGeneration) is not on top "
          + "(generation \(generation))")
      if frames.count >= 2 {
        let below = frames[frames.count - 2].startGeneration
        precondition(
          below < startGeneration,
          "FLEX_INTERNAL_CHECKS: a frame started at generation \(startGeneration), inside one started at \(below)")
      }
      checkFailure()
    }

    /// Stops unless the frame about to be popped is the one pushed at `startGeneration`.
    func checkPoppingFrame(startGeneration: Int) {
      precondition(
        frames.last?.startGeneration == startGeneration,
        "FLEX_INTERNAL_CHECKS: popping the frame of generation \(startGeneration), but the top one started at "
          + "\(frames.last.map { String($0.startGeneration) } ?? "none")")
      checkFailure()
    }

    /// Stops unless a value about to be decoded again starts clean: no failure pending, and
    /// `issueCount` issues as before it started.
    func checkRedecode(issueCount expected: Int) {
      precondition(failure == nil, "FLEX_INTERNAL_CHECKS: a value is decoded again with a failure pending")
      precondition(
        issueCount == expected,
        "FLEX_INTERNAL_CHECKS: a value is decoded again with \(issueCount) issues, \(expected) before it started")
    }

    /// Stops unless `call`, the `ordinal`-th call of the innermost value, was counted there.
    func checkFailingCall(ordinal: Int) {
      precondition(
        ordinal >= 0 && ordinal < (frames.last?.calls ?? 0),
        "FLEX_INTERNAL_CHECKS: a failing call numbered \(ordinal), but its value has made "
          + "\(frames.last.map { String($0.calls) } ?? "no") calls")
    }

    /// Stops unless a pending failure started no later than the current generation.
    private func checkFailure() {
      guard let failure else { return }
      precondition(
        failure.originGeneration <= generation,
        "FLEX_INTERNAL_CHECKS: a failure of generation \(failure.originGeneration) is pending at "
          + "generation \(generation)")
    }
  }
#endif
