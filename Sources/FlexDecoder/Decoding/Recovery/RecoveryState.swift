// How `.collectAll` and `.useDefaults` recover, in one pass, without changing what valid
// documents decode to.
//
// 1. The plain pass. Decoding first runs exactly like JSONDecoder: no coercions, no bookkeeping.
//    A document it decodes is done (the common case costs nothing extra).
//
// 2. The recovery pass, only when an error escaped the plain pass. The document is decoded once
//    more, and a container call that fails decides on the spot: coerce, substitute a placeholder
//    (or `nil`, or drop the element), record the issue, and go on. Deciding on the spot would
//    break code that catches errors itself (`try? c.decode(Int.self)` then a `String` fallback,
//    "decode A else B", hand-written lossy arrays): such code must see the error it saw before.
//    So a failing call is repaired only where its error is known to escape two levels of user
//    code: the `init(from:)` that made the call, and the code that asked for that value (the
//    next `init(from:)` up; the engine's own array, dictionary and top-level decoding never
//    catch, and are looked through). Elsewhere the call throws, as JSONDecoder's would.
//
// 3. What escapes is learned during the pass. A call is named by a `CallSite`: the key type of
//    its container (which stands for the model whose `init(from:)` made it), the key, and the
//    requested type. When an error leaves a value's `init(from:)`, the value's boundary in the
//    engine (`decodeValue`) learns that the last call it left, made by that `init(from:)`, does
//    not catch its errors. Once the failing call and the call that asked for its value are both
//    known, the value whose boundary learned the last of them is decoded again from its start —
//    only that value, not the document — and this time the failure is repaired where it
//    happened (a value decoded again before that would fail at the same call). Each fact is
//    learned once per decode, so the extra work is bounded by the number of call sites in the
//    models, each costing at most one re-decode of one value, usually a small one; every later
//    failure at a known site is repaired on the spot. A value decoded again hands back
//    the large nested values it had finished (ReusableValues.swift), so a model whose problems
//    come after a large array does not decode the array once per problem. Recovery therefore
//    costs about one decode of the document, whatever the number of problems.
//
// 4. One site, several calls. A site names the code that made a call by its owner, key and type,
//    not by where in `init(from:)` the call is: `try? c.decode(Double.self, forKey: .size)` and
//    `c.decode(Double.self, forKey: .size)` in two branches of one `init(from:)` are one site, and
//    a repair learned from the second would hand the first a placeholder where it caught an error
//    (a valid value replaced). So the pass first learns each failing call on its own: a
//    `FailingCall` is the site with the value whose `init(from:)` made it, its place among that
//    value's calls and the value it read. Each failure is thrown as JSONDecoder's would be; if it
//    reaches its value's boundary, that value is decoded again and that call alone is repaired. A
//    call whose error is caught is never touched. Each lesson costs one decode of the value that
//    made the call (large nested values are handed back), so the pass keeps a budget of values
//    decoded again, a sixteenth of the document's tape entries and at least 1,024 (a small
//    document's are all within it): past it, the pass repairs by site as above, and stays
//    linear in the document.
//
// 5. What the plain pass already showed. Until its first failure the recovery pass makes the
//    plain pass's calls (it repairs nothing that is not known to let its errors through, and
//    nothing is known yet), so the first failure it cannot repair yet is, when its error is the
//    one that escaped the plain pass, the call whose error went through every `init(from:)`
//    above it: it is learned on the spot and repaired, with no value decoded again to learn it.
//    A document with one problem is then decoded twice in all (the plain pass up to its failure,
//    the recovery pass), as it is without errors plus one pass. The error must be the same in
//    every part (case, coding path with each key's type, description, type), and made by a call
//    of the same site: a type mismatch or a `null` names the type asked for; a missing key's
//    error does not (`try? decode(Int.self, forKey: .id)` then `decode(String.self, …)` fail
//    alike), nor does a value's own error, so the plain pass notes the call of its last missing
//    key and the type of its innermost failed value (PlainPassFailures.swift). The one call it
//    can still be taken for is the same call, by the same model, of the same value, made
//    earlier and caught (`try?` then the same call again): when a later call fails the same
//    way, the first is withdrawn (it is thrown and learned as in 4.). Only a model that makes
//    the later call because the first failed, and not when it got a placeholder, is left with
//    the first call's repair. Only while calls are learned one by one.
//
// A failure that cannot be repaired where it happened (no placeholder for an enum, a model's own
// error) is repaired by the nearest enclosing call that can be: an optional becomes `nil`, an
// element is dropped, a nested value gets its type's placeholder. A model error thrown after a
// repair inside the same value is a consequence of that repair: under `.collectAll` it is not
// listed again.

@_spi(Engine) import FlexCore

/// A container call, named by what the code that made it is: the key type of its container
/// (one per model), the key (`"*"` for an element of an unkeyed container, `""` for a
/// single-value container's value), and the requested type.
struct CallSite: Hashable {
  let owner: ObjectIdentifier
  let key: String
  let type: ObjectIdentifier
  /// A `decodeIfPresent` call (named apart from `decode` without forming `Optional<T>`, a
  /// runtime lookup in generic code).
  let isOptional: Bool

  init(owner: Any.Type, key: String, type: Any.Type, isOptional: Bool = false) {
    self.owner = ObjectIdentifier(owner)
    self.key = key
    self.type = ObjectIdentifier(type)
    self.isOptional = isOptional
  }

  /// Hashes the key's length, not its text: sites of one owner rarely share a type and a key
  /// length, and hashing the text is most of the cost of a lookup, made on every failure. The
  /// parts are mixed into one word first: one round of the hasher, not three.
  func hash(into hasher: inout Hasher) {
    hasher.combine(mixed)
  }

  /// The owner, type, key length and optionality in one word.
  var mixed: UInt {
    let keyPart = UInt(truncatingIfNeeded: key.utf8.count &* 2 &+ (isOptional ? 1 : 0))
    return UInt(bitPattern: owner) &* 0x9E37_79B9 ^ UInt(bitPattern: type) &* 0x85EB_CA6B ^ keyPart
  }
}

/// One call of a site: the value whose `init(from:)` made it (its tape index), the call's place
/// among that value's calls, and the value it read (`-1`: a missing key). A value decoded again
/// makes the same calls in the same order up to the first one whose outcome changes, so a call
/// that fails is the same `FailingCall` when the value is decoded again.
struct FailingCall: Hashable {
  let site: CallSite
  let ownerIndex: Int
  let ordinal: Int
  let valueIndex: Int

  /// One round of the hasher for the site and the three positions (as ``CallSite`` does).
  func hash(into hasher: inout Hasher) {
    let positions =
      UInt(bitPattern: ownerIndex) &* 0xC2B2_AE35 ^ UInt(bitPattern: ordinal) &* 0x27D4_EB2F
      ^ UInt(bitPattern: valueIndex) &* 0x1656_67B1
    hasher.combine(site.mixed ^ positions)
  }
}

/// A failing call's repair, kept for when the value that made it is decoded again (to learn a
/// later call of it, RecoveryState.swift 4.): the call is the same call, reading the same value
/// under the same policy, so its repair is the same. Building a repair (the error, a retry with
/// the coercions, the placeholder, the issue's message and path) costs more than decoding a
/// small value; a model with n missing keys is decoded n times, and made n² / 2 repairs.
/// Only value types are kept (a placeholder object could be changed by the model that got it).
struct RepeatedRepair {
  /// What took the call's place.
  let value: Any
  /// The issue that reported it, if one did (not when its problem was listed already).
  let issue: (offset: Int, issue: FlexIssue)?
}

/// A value being decoded during the recovery pass.
struct RecoveryFrame {
  /// The user call that asked for the value, or `nil` when the engine did (array elements,
  /// dictionary values, the top-level value): the engine never catches.
  let requester: CallSite?
  /// The generation when decoding the value started: failures after it happened inside.
  let startGeneration: Int
  /// The value's tape index.
  let valueIndex: Int
  /// The calls its `init(from:)` (or the engine, for a collection) made so far.
  var calls = 0
  /// Whether the user call above this value (looked up through engine frames) is known to let
  /// errors through; only `true` is remembered, as facts are never unlearned.
  var requesterChainEscapes = false
}

/// The failure now propagating, which no call has repaired yet. (A class: the pass tests for
/// one at every call, and an optional reference is one word to test.)
final class PendingFailure {
  /// The generation of the call that failed first.
  let originGeneration: Int
  /// Whether a call already tried to repair it and could not (no placeholder): the next
  /// enclosing call repairs instead.
  var isSettled: Bool
  /// Whether the problem is already in the issue list (under `.collectAll`, listed at its own
  /// path before an enclosing value was replaced).
  var isReported: Bool
  /// The user call the error last propagated out of, and the depth (frame count) it was made at.
  var lastExited: CallSite?
  var lastExitedDepth: Int
  /// The call that failed first, and the user call that asked for the value that made it (the
  /// nearest above it; `nil`: none, or one known to let errors through): the failure is repaired
  /// where it happened once both are known to let errors through.
  let origin: CallSite?
  let originRequester: CallSite?
  /// The call that failed first, told apart from the other calls of its site.
  let originCall: FailingCall?

  init(
    originGeneration: Int, isSettled: Bool, isReported: Bool, lastExited: CallSite?, lastExitedDepth: Int,
    originRequester: CallSite? = nil, originCall: FailingCall? = nil
  ) {
    self.originGeneration = originGeneration
    self.isSettled = isSettled
    self.isReported = isReported
    self.lastExited = lastExited
    self.lastExitedDepth = lastExitedDepth
    self.origin = lastExited
    self.originRequester = originRequester
    self.originCall = originCall
  }
}

/// The state of the recovery pass.
final class RecoveryState {
  /// The policy in force: the decoder's, or inside a value of a ``FlexTypeErrorPolicy`` type,
  /// the type's.
  @exclusivity(unchecked) var policy: FlexJSONDecoder.ErrorPolicy
  /// Whether a problem was recorded under `.collectAll`: then the decode throws its problems,
  /// whatever the decoder's policy.
  @exclusivity(unchecked) private(set) var collectedProblems = false
  /// The first failure's place in `issues` (a problem, or a repair under `.useDefaults`), and the
  /// number of coercions applied before it was recorded (see ``firstProblemPrecedesCoercions``).
  @exclusivity(unchecked) private var firstFailure: (index: Int, coercionsBefore: Int)?
  /// Calls known to let their errors through the code that made them.
  @exclusivity(unchecked) private(set) var escapingSites = CallSiteSet()
  /// The failing calls known to let their errors through, one by one (see 4. above).
  @exclusivity(unchecked) private var escapingCalls = SmallSet<FailingCall>()
  /// The repairs of failing calls, kept for when their value is decoded again.
  @exclusivity(unchecked) private var repairs: [FailingCall: RepeatedRepair] = [:]
  /// The repairs made since the last value was decoded again, listed (cheaper than the table)
  /// and moved to ``repairs`` when a value is decoded again: most documents with a problem never
  /// decode one again.
  @exclusivity(unchecked) private var recentRepairs: [(call: FailingCall, repair: RepeatedRepair)] = []
  /// The first of them (a document with one problem lists one: no list is allocated for it).
  @exclusivity(unchecked) private var firstRecentRepair: (call: FailingCall, repair: RepeatedRepair)?
  /// Tape entries that values decoded again to learn one failing call may still take; past it,
  /// calls are repaired by site.
  @exclusivity(unchecked) private var callLessonBudget: Int
  /// The values being decoded, outermost first.
  @exclusivity(unchecked) var frames: [RecoveryFrame] = []
  /// Whether a model's `init(from:)` encloses the value being decoded (a user call asked for it
  /// or for a value around it). Only a model is decoded again: the elements of a top-level array
  /// never are, and keeping them to hand back would be wasted (ReusableValues.swift).
  @exclusivity(unchecked) var isInsideModel = false
  /// Bumped when a call or a value starts.
  @exclusivity(unchecked) var generation = 0
  /// The failure propagating now, if any.
  @exclusivity(unchecked) var failure: PendingFailure?
  /// The user call whose body is about to decode a nested value (consumed by that value's frame).
  @exclusivity(unchecked) var nextRequester: CallSite?
  /// The issues recorded, each with the byte offset that orders them.
  @exclusivity(unchecked) private(set) var issues: [(offset: Int, issue: FlexIssue)] = []
  /// Finished values kept to be handed back when decoded again (ReusableValues.swift).
  @exclusivity(unchecked) private(set) var reusable: ReusableValues?

  /// The error that escaped the plain pass, until a failure of the pass is taken for it (see
  /// ``takesPlainPassLesson(_:call:)``).
  @exclusivity(unchecked) private var plainPassError: DecodingError?
  /// Which calls made the plain pass's failures (see ``PlainPassFailures``).
  private let plainFailures: PlainPassFailures
  /// The call taken for the plain pass's failure, and its error, while it may still be
  /// withdrawn.
  @exclusivity(unchecked) private var presumedCall: (call: FailingCall, error: DecodingError)?

  /// - Parameter tapeCount: the document's tape entries, which set the budget of values decoded
  ///   again to learn single calls: a sixteenth of them, and at least
  ///   ``minimumCallLessonBudget``. (A whole document's worth made the recovery pass of a messy
  ///   github_events.json 26% longer by instruction count; a quarter and at least 4,096 entries
  ///   took its "numbers as strings" copy from 1.9× to 2.9× the clean decode's time, past
  ///   SPEC.md's 2.5×: each of its 149 coerced numbers was a lesson.)
  /// - Parameter plainPassError: what the plain pass threw: the failure of the pass that throws
  ///   the same error is known to let it through (see 5. above).
  init(
    policy: FlexJSONDecoder.ErrorPolicy, reusable: ReusableValues?, tapeCount: Int, plainPassError: (any Error)? = nil,
    plainFailures: PlainPassFailures = PlainPassFailures()
  ) {
    self.policy = policy
    self.plainFailures = plainFailures
    self.plainPassError = plainPassError as? DecodingError
    self.reusable = reusable
    self.callLessonBudget = tapeCount / 16 &+ Self.minimumCallLessonBudget
    frames.reserveCapacity(32)
  }

  /// ``reusable``, made on first use (most recovery passes keep nothing).
  var reusableForKeeping: ReusableValues {
    if let reusable { return reusable }
    let made = ReusableValues()
    reusable = made
    return made
  }

  /// The budget of a small document: a few small values decoded again for their failing calls.
  static let minimumCallLessonBudget = 1024

  /// Whether failing calls are still learned one by one (else by site).
  var learnsEachCall: Bool { callLessonBudget > 0 }

  /// Takes the tape entries of a value about to be decoded again from the budget.
  func chargeRedecode(entries: Int) {
    callLessonBudget &-= max(entries, 1)
  }

  /// Counts a call of the innermost value's `init(from:)`; returns its place among them (`-1`
  /// outside any value).
  @inline(__always)
  func countCall() -> Int {
    let last = frames.count &- 1
    guard last >= 0 else { return -1 }
    let ordinal = frames[last].calls
    frames[last].calls = ordinal &+ 1
    return ordinal
  }

  /// The call of `site` now being made, `ordinal`-th of the innermost value's calls, reading
  /// the value at `valueIndex` (`nil`: a missing key); `nil` outside any value, and once calls
  /// are learned by site (the budget only shrinks, so no later question needs it).
  func failingCall(_ site: CallSite?, ordinal: Int, valueIndex: Int?) -> FailingCall? {
    guard learnsEachCall, let site, ordinal >= 0, let owner = frames.last else { return nil }
    #if FLEX_INTERNAL_CHECKS
      checkFailingCall(ordinal: ordinal)
    #endif
    return FailingCall(site: site, ownerIndex: owner.valueIndex, ordinal: ordinal, valueIndex: valueIndex ?? -1)
  }

  /// The number of issues recorded so far.
  var issueCount: Int { issues.count }

  /// Under `dropsElementsWithDefaults`: if a default replaced a value among the issues after
  /// `start` (those of one element), rewords them as the element's drop and returns `true`.
  func dropElement(withDefaultsAfter start: Int) -> Bool {
    guard issues[start...].contains(where: { $0.issue.kind == .defaulted }) else { return false }
    for position in start..<issues.count where issues[position].issue.kind == .defaulted {
      let issue = issues[position].issue
      var message = issue.message
      for action in [RecoveryAction.substitute, .makeNil] where message.hasSuffix(action.messageSuffix) {
        message.removeLast(action.messageSuffix.count)
      }
      issues[position].issue = FlexIssue(
        kind: .droppedElement, path: issue.path, message: message + "; dropped the element",
        decodingError: issue.decodingError, thrownError: issue.thrownError)
    }
    return true
  }

  /// Starts a call or a value: returns its generation.
  @inline(__always)
  func begin() -> Int {
    generation &+= 1
    return generation
  }

  /// Starts decoding the value at `valueIndex`, asked for by `requester` (the
  /// ``nextRequester`` its caller took): pushes its frame and returns its start generation, which
  /// ``leaveFrame(startGeneration:)`` takes when the value is done, whether it threw or not.
  @inline(__always)
  func enterFrame(requester: CallSite?, at valueIndex: Int) -> Int {
    let startGeneration = begin()
    frames.append(RecoveryFrame(requester: requester, startGeneration: startGeneration, valueIndex: valueIndex))
    #if FLEX_INTERNAL_CHECKS
      checkPushedFrame(startGeneration: startGeneration)
    #endif
    return startGeneration
  }

  /// Ends the value that ``enterFrame(requester:at:)`` started.
  @inline(__always)
  func leaveFrame(startGeneration: Int) {
    #if FLEX_INTERNAL_CHECKS
      checkPoppingFrame(startGeneration: startGeneration)
    #endif
    frames.removeLast()
  }

  /// A call answered without ``TapeDecoder/recoveringCall(_:site:type:path:valueIndex:action:missingKeyMessage:failsPlainly:replacement:_:)``
  /// (a scalar of the asked kind): what that does for a call that succeeds.
  @inline(__always)
  func noteCallSucceeded() {
    // A failure still pending here was caught by the code now making this call.
    if failure != nil { failure = nil }
    generation &+= 1
    _ = countCall()
  }

  /// The depth of calls made now: the number of values being decoded.
  var depth: Int { frames.count }

  /// Records an issue.
  func record(_ issue: FlexIssue, at offset: Int, coercionsApplied: Int) {
    if policy == .collectAll && issue.kind.isProblem { collectedProblems = true }
    if recordedFirstFailure == nil,
      issue.kind.isProblem || issue.kind == .defaulted || issue.kind == .droppedElement
    {
      firstFailure = (issues.count, coercionsApplied)
    }
    issues.append((offset, issue))
  }

  /// Whether the first failure recorded (and still recorded) is a problem, and came before any
  /// coercion. Until its first failure, the recovery pass decodes as the plain pass did, but for
  /// coercions: with none before it, that failure is the one that failed the plain pass, whose
  /// error is the one JSONDecoder throws.
  var firstProblemPrecedesCoercions: Bool {
    guard let first = recordedFirstFailure, first.coercionsBefore == 0 else { return false }
    // (Through the buffer: `issues[i].issue.kind` copies the whole entry first.)
    return issues.withUnsafeBufferPointer { $0[first.index].issue.kind.isProblem }
  }

  /// Whether a failure (a problem, or a repair under `.useDefaults`) is recorded.
  var hasRecordedFailure: Bool { recordedFirstFailure != nil }

  /// ``firstFailure`` while its issue is still recorded (a value decoded again drops its issues).
  private var recordedFirstFailure: (index: Int, coercionsBefore: Int)? {
    guard let firstFailure, firstFailure.index < issues.count else { return nil }
    return firstFailure
  }

  /// The issues recorded after the first `count`.
  func issues(after count: Int) -> ArraySlice<(offset: Int, issue: FlexIssue)> {
    issues[count...]
  }

  /// Records again the issues of a value handed back instead of decoded again.
  func record(contentsOf recorded: [(offset: Int, issue: FlexIssue)]) {
    issues += recorded
  }

  /// Forgets the issues recorded after the first `count` (a value about to be decoded again).
  func dropIssues(after count: Int) {
    if issues.count > count { issues.removeSubrange(count...) }
  }

  /// The issues of `entries`, then of `more`, sorted by offset, keeping that order for equal
  /// offsets.
  ///
  /// An entry is large (an issue holds its path, message and error), and reading one out of an
  /// array copies all of it: each comparison of a sort that read `entries[i].offset` copied two
  /// issues, about a thousand instructions (5% of a messy document's recovery pass). The
  /// offsets are read through the arrays' buffers, which reads a field alone, and each issue is
  /// copied once, to its place.
  static func ordered(
    _ entries: [(offset: Int, issue: FlexIssue)], _ more: [(offset: Int, issue: FlexIssue)] = []
  ) -> [FlexIssue] {
    entries.withUnsafeBufferPointer { entries in
      more.withUnsafeBufferPointer { more in
        // `pointee` is addressed in place, so `.offset` and `.issue` read that field alone.
        func entry(_ index: Int) -> UnsafePointer<(offset: Int, issue: FlexIssue)> {
          index < entries.count
            ? entries.baseAddress.unsafelyUnwrapped + index
            : more.baseAddress.unsafelyUnwrapped + (index &- entries.count)
        }
        let count = entries.count &+ more.count
        let offsets = (0..<count).map { entry($0).pointee.offset }
        var order = Array(0..<count)
        // Usually recorded in order already: then no sort.
        if (1..<max(count, 1)).contains(where: { offsets[$0 &- 1] > offsets[$0] }) {
          order.sort { (offsets[$0], $0) < (offsets[$1], $1) }
        }
        return order.map { entry($0).pointee.issue }
      }
    }
  }

  /// The recorded issues and `notes` together, in document order.
  func orderedIssues(mergedWith notes: [(offset: Int, issue: FlexIssue)]) -> [FlexIssue] {
    // (A document with one problem and no note: nothing to order.)
    if notes.isEmpty && issues.count == 1 { return [issues[0].issue] }
    return Self.ordered(issues, notes)
  }

  // MARK: Deciding

  /// Whether a failure of the call `site` (`nil`: a call of the engine's), made at `depth`, is
  /// repaired on the spot: the call lets its errors through, and so does the nearest user call
  /// above the value that made it. `call` is that call told apart from the others of its site:
  /// while calls are learned one by one, it must be known itself.
  func isRepairable(_ site: CallSite?, depth: Int, call: FailingCall? = nil) -> Bool {
    if let site {
      if learnsEachCall, let call {
        guard escapingCalls.contains(call) else { return false }
      } else if !escapingSites.contains(site) {
        return false
      }
    }
    guard let deciding = decidingFrame(depth: depth) else { return true }
    if let requester = deciding.requester, !escapingSites.contains(requester) { return false }
    return remember(min(depth, frames.count) - 1, through: deciding.index)
  }

  /// The frame that decides whether the user call above the values being decoded at `depth`
  /// lets errors through, looked up through engine frames: the nearest with a requester (which
  /// the caller checks), or one whose chain is known to (`requester` is then `nil`); `nil` when
  /// only the engine asked, which never catches.
  private func decidingFrame(depth: Int) -> (index: Int, requester: CallSite?)? {
    var frameIndex = min(depth, frames.count) - 1
    while frameIndex >= 0 {
      if frames[frameIndex].requesterChainEscapes { return (frameIndex, nil) }
      if let requester = frames[frameIndex].requester { return (frameIndex, requester) }
      frameIndex -= 1
    }
    return nil
  }

  /// Notes on the frames from `ownerIndex` down to `knownIndex` that the chain above them lets
  /// errors through.
  private func remember(_ ownerIndex: Int, through knownIndex: Int) -> Bool {
    var index = ownerIndex
    while index >= knownIndex && index >= 0 {
      frames[index].requesterChainEscapes = true
      index -= 1
    }
    return true
  }

  // MARK: Learning

  /// The user call nearest above the values being decoded at `depth` that asked for one of
  /// them, as ``isRepairable(_:depth:)`` looks for it; `nil` when there is none or the chain is
  /// known to let errors through.
  func nearestRequester(depth: Int) -> CallSite? {
    decidingFrame(depth: depth)?.requester
  }

  /// At the boundary of the value at `depth` (its `init(from:)` let an error out, and its frame
  /// is still on the stack): learns that the call it left last does not catch. Returns whether
  /// the value is worth decoding again: that is news, and the failure will be repaired where it
  /// happened.
  ///
  /// While the call that asked for the value that failed first is not known to let errors
  /// through, decoding again would fail at the same call, unrepaired, and teach nothing more:
  /// the error goes on up at once. (A failure two values down decoded its own value again, in
  /// vain, before the value above it, which repairs it.)
  func learnAtBoundary(depth: Int, startGeneration: Int) -> Bool {
    guard let failure, failure.originGeneration > startGeneration, !failure.isSettled,
      failure.lastExitedDepth == depth, let site = failure.lastExited
    else { return false }
    let siteIsNews = escapingSites.insert(site)
    // The failing call itself, when this value made it.
    let eachCall = learnsEachCall ? failure.originCall : nil
    let callIsNews = eachCall.map {
      $0.ownerIndex == frames[depth &- 1].valueIndex && escapingCalls.insert($0)
    }
    guard siteIsNews || callIsNews == true else { return false }
    let originKnown = eachCall.map(escapingCalls.contains) ?? failure.origin.map(escapingSites.contains) ?? true
    return originKnown && failure.originRequester.map(escapingSites.contains) ?? true
  }

  /// Whether `error`, thrown by `call`, which is not known to let its errors through, is the
  /// error that escaped the plain pass: then that call, and every call above it, let it
  /// through, and the call is repaired at once, without a value decoded again to learn it (see
  /// 5. above).
  ///
  /// A later call that fails the same way withdraws it: the first may have been caught (a `try?`
  /// then the same call again). That call is thrown as any other, and the value that made both
  /// is decoded again once it is learned, the first call then unrepaired.
  func takesPlainPassLesson(_ error: any Error, call: FailingCall?) -> Bool {
    if let presumed = presumedCall {
      if let decodingError = error as? DecodingError, decodingError.isSameFailure(as: presumed.error) {
        escapingCalls.remove(presumed.call)
        presumedCall = nil
      }
      return false
    }
    guard let plain = plainPassError, let call, let decodingError = error as? DecodingError,
      decodingError.isSameFailure(as: plain), plainPassFailureWasMade(by: call, plain)
    else { return false }
    presume(call, plain)
    return true
  }

  /// Takes `call` for the plain pass's failure `plain`, until a later failure withdraws it.
  private func presume(_ call: FailingCall, _ plain: DecodingError) {
    plainPassError = nil
    presumedCall = (call, plain)
  }

  /// Whether the plain pass's failure `plain` (the same as the call's) was made by a call like
  /// `call`, as far as the error and ``plainFailures`` tell: a type mismatch or a `null` names
  /// the type asked for, or else (a container's error inside the value: `[Any]`, `[String: Any]`)
  /// the plain pass noted the value's type; so for a value's own error; a missing key is told
  /// by the call the plain pass noted. (`try? c.decode(Int.self, forKey: .id)` then
  /// `c.decode(String.self, forKey: .id)` of a missing `id` fail alike: the first must not be
  /// taken for the second.)
  private func plainPassFailureWasMade(by call: FailingCall, _ plain: DecodingError) -> Bool {
    let failedValueMatches = plainFailures.failedValue.map {
      $0.type == call.site.type && $0.index == call.valueIndex
    }
    switch plain {
    case .typeMismatch(let type, _), .valueNotFound(let type, _):
      return ObjectIdentifier(type) == call.site.type || failedValueMatches == true
    case .keyNotFound(_, let context):
      guard let noted = plainFailures.missingKey else { return false }
      return noted.site == call.site && noted.description == context.debugDescription
    case .dataCorrupted:
      return failedValueMatches == true
    @unknown default:
      return false
    }
  }

  /// Whether a failure may still be taken for the plain pass's.
  var awaitsPlainPassFailure: Bool { plainPassError != nil && presumedCall == nil }

  /// ``takesPlainPassLesson(_:call:)`` for a key found missing by `call`, `path` ending with the
  /// key: the plain pass's error when it is that key missing there (the same key type, values
  /// and path: its message is written from them), without building the call's error.
  func takesPlainPassLesson(missingKeyAt path: [any CodingKey], call: FailingCall) -> DecodingError? {
    guard presumedCall == nil, let plain = plainPassError, case .keyNotFound(let key, let context) = plain,
      plainPassFailureWasMade(by: call, plain), let last = path.last,
      context.codingPath.count == path.count &- 1, DecodingError.isSameKey(key, last),
      zip(context.codingPath, path).allSatisfy(DecodingError.isSameKey)
    else { return nil }
    presume(call, plain)
    return plain
  }

  /// Learns what the plain pass showed: the failing call `call`, made at `depth`, and the user
  /// calls that asked for the values around it let its error through. (The call is learned on
  /// its own, not its site: calls are learned one by one while this is asked, and a site that
  /// is not learned here costs at most one value decoded again once the budget is spent.)
  func learnFromPlainPass(call: FailingCall, depth: Int) {
    escapingCalls.insert(call)
    var index = min(depth, frames.count) &- 1
    while index >= 0 {
      if let requester = frames[index].requester { _ = escapingSites.insert(requester) }
      frames[index].requesterChainEscapes = true
      index &-= 1
    }
  }

  /// Keeps the repair of `call`: `value` took its place, and the issues recorded since
  /// `issuesAtStart` (none, or the repair's own) report it.
  func keepRepair(of call: FailingCall, value: Any, issuesAtStart: Int) {
    guard issues.count <= issuesAtStart &+ 1 else { return }
    let issue = issues.count == issuesAtStart &+ 1 ? issues[issuesAtStart] : nil
    if firstRecentRepair == nil {
      firstRecentRepair = (call, RepeatedRepair(value: value, issue: issue))
    } else {
      recentRepairs.append((call, RepeatedRepair(value: value, issue: issue)))
    }
  }

  /// The repair of `call` when its value was decoded before, if nothing was recorded inside the
  /// call this time (as when it was kept).
  func repeatedRepair(of call: FailingCall, issuesAtStart: Int) -> RepeatedRepair? {
    guard !repairs.isEmpty, issues.count == issuesAtStart else { return nil }
    return repairs[call]
  }

  /// Notes that the innermost value is decoded again: the failure that taught it is gone, and
  /// its calls are counted from the start.
  func noteRedecode() {
    failure = nil
    if let first = firstRecentRepair {
      repairs[first.call] = first.repair
      firstRecentRepair = nil
      for recent in recentRepairs { repairs[recent.call] = recent.repair }
      recentRepairs.removeAll(keepingCapacity: true)
    }
    if !frames.isEmpty { frames[frames.count &- 1].calls = 0 }
  }
}

/// Thrown when a failure cannot be recovered at all: ends the decode with what was collected.
struct RecoveryStop: Error {
  let error: any Error
}
