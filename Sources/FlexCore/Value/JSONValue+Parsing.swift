// Building a JSONValue: scan to a tape, then walk the tape once, front to back.

extension JSONValue {
  /// Parses UTF-8 JSON text.
  ///
  /// ```swift
  /// let value = try JSONValue(parsing: Array(#"[1, "two", {"three": 3}]"#.utf8))
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: the document, UTF-8 encoded (a leading byte order mark is skipped).
  ///   - options: strict RFC 8259 by default; JSON5 and the nesting limit are options.
  /// - Throws: ``JSONParseError`` with the offset, line and column of the first problem.
  /// - Complexity: O(*n*) in the length of the document.
  public init(parsing bytes: some Collection<UInt8>, options: JSONParsingOptions = .strict) throws(JSONParseError) {
    let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(JSONParseError) in
        try JSONValue(parsingBytes: UnsafeRawBufferPointer(buffer), options: options)
      }
    }
    if let result {
      self = try result.get()
    } else {
      let array = Array(bytes)
      self = try array.withUnsafeBytes { buffer in
        Result { () throws(JSONParseError) in try JSONValue(parsingBytes: buffer, options: options) }
      }.get()
    }
  }

  /// Parses JSON text.
  ///
  /// ```swift
  /// let value = try JSONValue(parsing: #"{"name": "Flex"}"#)
  /// ```
  /// - Throws: ``JSONParseError`` with the offset, line and column of the first problem.
  public init(parsing text: String, options: JSONParsingOptions = .strict) throws(JSONParseError) {
    var text = text
    self = try text.withUTF8 { buffer in
      Result { () throws(JSONParseError) in
        try JSONValue(parsingBytes: UnsafeRawBufferPointer(buffer), options: options)
      }
    }.get()
  }

  /// Parses the UTF-8 document in `buffer`.
  /// - Throws: ``JSONParseError``.
  public init(parsingBytes buffer: UnsafeRawBufferPointer, options: JSONParsingOptions = .strict) throws(JSONParseError)
  {
    let tape = try JSONScanner.scan(buffer, options: options)
    self = JSONValue(tape: tape, at: 0)
  }

  /// Materializes the value at `index` of `tape` and everything below it.
  ///
  /// Iterative, with an explicit stack of the containers being filled, so any depth the
  /// scanner accepted is built without recursion.
  package init(tape: JSONTape, at index: Int) {
    let end = tape.next(after: index)
    var stack: [PartialContainer] = []
    var position = index
    var pendingKey: String?
    var result: JSONValue = .null

    while position < end {
      let entry = tape[position]
      // Inside an object, every other entry is a key. (`stack.last` would copy the container,
      // arrays and all; reading one field in place does not.)
      if !stack.isEmpty, stack[stack.count &- 1].isObject, pendingKey == nil {
        pendingKey = tape.string(at: position)
        position &+= 1
        continue
      }
      var value: JSONValue
      switch entry.kind {
      case .null: value = .null
      case .true: value = .bool(true)
      case .false: value = .bool(false)
      case .number: value = .number(JSONNumber(uncheckedText: tape.numberText(at: position)))
      case .string: value = .string(tape.string(at: position))
      case .array, .object:
        let isObject = entry.kind == .object
        if entry.length > 0 {
          stack.append(PartialContainer(isObject: isObject, key: pendingKey, capacity: Int(entry.length)))
          pendingKey = nil
          position &+= 1
          continue
        }
        value = isObject ? .object(JSONObject()) : .array([])
      }
      position &+= 1

      // Add the finished value to its parent; close every container it completes.
      while true {
        guard !stack.isEmpty else {
          result = value
          break
        }
        let last = stack.count &- 1
        if stack[last].isObject {
          stack[last].object.appendIfAbsent(pendingKey.take()!, consume value)
        } else {
          stack[last].array.append(consume value)
        }
        stack[last].remaining &-= 1
        guard stack[last].remaining == 0 else { break }
        let finished = stack.removeLast()
        value = finished.isObject ? .object(finished.object) : .array(finished.array)
        pendingKey = finished.key
      }
    }
    self = result
  }
}

/// An array or object of ``JSONValue/init(tape:at:)`` whose members are still being read.
private struct PartialContainer {
  let isObject: Bool
  /// The key this container will be stored under in its parent object.
  let key: String?
  var remaining: Int
  var array: [JSONValue] = []
  var object = JSONObject()

  init(isObject: Bool, key: String?, capacity: Int) {
    self.isObject = isObject
    self.key = key
    self.remaining = capacity
    if isObject { object.reserveCapacity(capacity) } else { array.reserveCapacity(capacity) }
  }
}
