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
  /// Iterative, with explicit stacks of the containers being filled, so any depth the scanner
  /// accepted is built without recursion.
  package init(tape: JSONTape, at index: Int) {
    let entry = tape[index]
    guard entry.kind.rawValue >= JSONTokenKind.array.rawValue, entry.length > 0 else {
      self = TreeBuilder.scalar(entry, at: index, of: tape)
      return
    }
    var builder = TreeBuilder(tape: tape, entryCount: Int(entry.end) &- index)
    self = builder.build(at: index)
  }
}
