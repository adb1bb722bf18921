import FlexDecoder
import Foundation

/// A problem on its way up to the call that repairs it.
struct ReferenceFailure: Error {
  let kind: FlexIssue.Kind
  let path: [ReferencePathComponent]
  let order: Int
  /// Listed already (under `.collectAll`, at the first call it reached).
  var isReported = false
}

/// A problem that ends the decode (`.failFast`).
struct ReferenceStop: Error {
  let issue: ReferenceIssue
}

/// How a call repairs a value.
enum ReferenceRepair {
  /// The type's placeholder (or the declared default) takes the value's place.
  case substitute
  /// `nil` takes the value's place.
  case makeNil
}

/// The state of one reference decode: options and issues.
final class ReferenceSession {
  let options: ReferenceOptions
  /// The issues, with their place in the document and the order they were met.
  private var issues: [(order: Int, sequence: Int, issue: ReferenceIssue)] = []
  /// Inside a wrapper that catches errors itself (``FlexDefault``, ``FlexLossyArray``'s
  /// elements): nothing is repaired or listed there, problems go to the wrapper.
  private var wrapperDepth = 0
  /// How many problems and repairs were recorded (not notes): a validation that fails after
  /// some inside its value is their consequence.
  private var repairCount = 0
  /// The number of issues ever recorded: the order of issues at the same place.
  private var sequence = 0

  private func nextSequence() -> Int {
    sequence += 1
    return sequence
  }

  init(options: ReferenceOptions) {
    self.options = options
  }

  // MARK: Issues

  func issue(_ kind: FlexIssue.Kind, path: [ReferencePathComponent]) -> ReferenceIssue {
    ReferenceIssue(
      kind: kind, path: path.rendered(snakeCase: options.convertsFromSnakeCase),
      codingPath: path.rendered(snakeCase: false))
  }

  func record(_ kind: FlexIssue.Kind, path: [ReferencePathComponent], order: Int) {
    issues.append((order, nextSequence(), issue(kind, path: path)))
    repairCount += 1
  }

  /// The issues in document order.
  func orderedIssues() -> [ReferenceIssue] {
    issues.sorted { ($0.order, $0.sequence) < ($1.order, $1.sequence) }.map(\.issue)
  }

  /// A problem at `path`: thrown to the call that repairs it, or, under `.failFast`, ending the
  /// decode.
  func problem(_ kind: FlexIssue.Kind, path: [ReferencePathComponent], order: Int) -> any Error {
    if options.errorPolicy == .failFast && wrapperDepth == 0 {
      return ReferenceStop(issue: issue(kind, path: path))
    }
    return ReferenceFailure(kind: kind, path: path, order: order)
  }

  /// A coercion was applied to the value at `path`.
  func noteCoercion(path: [ReferencePathComponent], order: Int) {
    if options.reportsCoercions { issues.append((order, nextSequence(), issue(.coerced, path: path))) }
  }

  // MARK: Repairs

  /// `body`, a call asking for a value of type `T`; a failure inside that reaches it is
  /// repaired with `placeholder` (when it gives one) as `action` says.
  func repaired<T>(
    _ type: T.Type, path: [ReferencePathComponent], order: Int, action: ReferenceRepair,
    placeholder: () -> T?, _ body: () throws -> T
  ) throws -> T {
    do {
      return try body()
    } catch var failure as ReferenceFailure {
      guard wrapperDepth == 0 else { throw failure }
      switch options.errorPolicy {
      case .useDefaults:
        guard let value = placeholder() else { throw failure }
        record(.defaulted, path: path, order: order)
        return value
      default:
        if !failure.isReported {
          record(failure.kind, path: failure.path, order: failure.order)
          failure.isReported = true
        }
        guard let value = placeholder() else { throw failure }
        return value
      }
    }
  }

  /// `body`, an array element or dictionary value; `nil` when it failed and is left out.
  func dropping<T>(path: [ReferencePathComponent], order: Int, _ body: () throws -> T) throws -> T? {
    do {
      return try body()
    } catch let failure as ReferenceFailure {
      guard wrapperDepth == 0 else { throw failure }
      if options.errorPolicy == .useDefaults {
        record(.droppedElement, path: path, order: order)
      } else if !failure.isReported {
        record(failure.kind, path: failure.path, order: failure.order)
      }
      return nil
    }
  }

  /// `body` as a wrapper runs it: the first problem inside throws to the wrapper. (A coercion
  /// applied before it is still noted: SPEC.md notes each coercion applied.)
  func insideWrapper<T>(_ body: () throws -> T) throws -> T {
    wrapperDepth += 1
    defer { wrapperDepth -= 1 }
    return try body()
  }

  /// Records a note a wrapper makes (never a problem).
  func noteWrapper(_ kind: FlexIssue.Kind, path: [ReferencePathComponent], order: Int) {
    issues.append((order, nextSequence(), issue(kind, path: path)))
  }

  // MARK: Values

  /// The value of type `T` at `node`: a scalar or special type read here, a collection or
  /// wrapper by its own rules, anything else by its `init(from:)`; then validated.
  func decodeValue<T: Decodable>(_ type: T.Type, _ node: ReferenceNode, path: [ReferencePathComponent]) throws -> T {
    let value: T
    let repairsAtStart = repairCount
    if let scalar = try scalar(T.self, node, path: path) {
      value = scalar
    } else if let custom = T.self as? any ReferenceCustomDecodable.Type {
      value = try decodeCustom(custom, node, path: path)
    } else {
      let decoder = ReferenceDecoder(
        session: self, node: node, path: path, keyMap: (T.self as? any FlexKeyMapping.Type)?.keyMapping,
        declaredDefaults: Self.declaredDefaults(of: T.self))
      do {
        value = try T(from: decoder)
      } catch let error as DecodingError {
        // The synthesized code of enums throws these (a bad raw value, an object without exactly
        // one case key), at the value.
        throw problem(Self.kind(of: error), path: path, order: node.order)
      }
    }
    if let validatable = value as? any FlexValidatable {
      do {
        try validatable.validate()
      } catch {
        // After a repair inside the value, the failure is the placeholder's consequence: under
        // `.collectAll` not listed again (Docs/ErrorsAndReports.md, "How recovery works").
        var failure = problem(.validationFailed, path: path, order: node.order)
        if repairCount > repairsAtStart, var inner = failure as? ReferenceFailure {
          inner.isReported = options.errorPolicy == .collectAll
          failure = inner
        }
        throw failure
      }
    }
    return value
  }

  private func decodeCustom<T>(
    _ custom: any ReferenceCustomDecodable.Type, _ node: ReferenceNode, path: [ReferencePathComponent]
  ) throws -> T {
    guard let value = try custom.referenceDecode(node, path: path, session: self) as? T else {
      preconditionFailure("\(custom) decoded a value of another type")
    }
    return value
  }

  static func kind(of error: DecodingError) -> FlexIssue.Kind {
    switch error {
    case .keyNotFound: return .keyNotFound
    case .valueNotFound: return .valueNotFound
    case .typeMismatch: return .typeMismatch
    default: return .dataCorrupted
    }
  }

  /// The declared initial values of a ``FlexDeclaredDefaults`` type, by property name.
  static func declaredDefaults(of type: Any.Type) -> [String: Any]? {
    guard let declared = type as? any FlexDeclaredDefaults.Type else { return nil }
    var values: [String: Any] = [:]
    for child in Mirror(reflecting: declared.init()).children {
      if let label = child.label { values[label] = child.value }
    }
    return values
  }

  // MARK: Containers

  /// The members of the object at `node` (a JSON string holding one under `.jsonStringToValue`).
  func objectMembers(_ node: ReferenceNode, path: [ReferencePathComponent]) throws -> (
    members: [(key: String, value: ReferenceNode)], node: ReferenceNode
  ) {
    let node = try parsedIfJSONString(node, path: path, wantsObject: true)
    switch node.content {
    case .object(let members): return (members, node)
    case .null: throw problem(.valueNotFound, path: path, order: node.order)
    default: throw problem(.typeMismatch, path: path, order: node.order)
    }
  }

  /// The elements of the array at `node` (a JSON string holding one under `.jsonStringToValue`).
  func arrayElements(_ node: ReferenceNode, path: [ReferencePathComponent]) throws -> [ReferenceNode] {
    let node = try parsedIfJSONString(node, path: path, wantsObject: false)
    switch node.content {
    case .array(let elements): return elements
    case .null: throw problem(.valueNotFound, path: path, order: node.order)
    default: throw problem(.typeMismatch, path: path, order: node.order)
    }
  }

  private func parsedIfJSONString(_ node: ReferenceNode, path: [ReferencePathComponent], wantsObject: Bool) throws
    -> ReferenceNode
  {
    guard options.coercions.contains(.jsonStringToValue), case .string(let text) = node.content,
      let value = try? JSONValue(parsing: text)
    else { return node }
    switch value {
    case .object where wantsObject, .array where !wantsObject:
      var counter = 0
      noteCoercion(path: path, order: node.order)
      return ReferenceNode(value, counter: &counter, fixedOrder: node.order)
    default:
      return node
    }
  }

  // MARK: Placeholders

  /// The value standing in for a missing or bad one, or `nil` when `T` has none (under
  /// `.collectAll`, whose placeholders are thrown away, any case of a `CaseIterable` enum does).
  func placeholder<T>(_ type: T.Type) -> T? {
    ReferencePlaceholders.placeholder(type, anyCase: options.errorPolicy == .collectAll)
  }
}
