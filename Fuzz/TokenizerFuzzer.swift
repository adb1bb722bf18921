// libFuzzer target for the scanner and JSONValue: built by Scripts/fuzz.sh, not by SwiftPM.
//
// Every input is parsed under several option sets, straight from libFuzzer's buffer (which is
// allocated to the exact size, so AddressSanitizer sees any read past the end). Besides "no
// crash, no hang", each parse must keep these promises:
//   - a JSONParseError points inside the input (offset ≤ count, line and column ≥ 1);
//   - the scanner and JSONValue agree on whether the input is valid;
//   - a parsed value, written out and parsed again, is the same value, and writes the same bytes;
//   - a document valid as RFC 8259 is valid JSON5 too, with the same value.

import FlexCore

/// The option sets every input is parsed under.
private let optionSets: [JSONParsingOptions] = [
  .strict,
  .json5,
  JSONParsingOptions(assumesTopLevelDictionary: true),
  JSONParsingOptions(assumesTopLevelDictionary: true, allowsTrailingCommas: true),
  JSONParsingOptions(allowsJSON5: true, assumesTopLevelDictionary: true),
  JSONParsingOptions(allowsJSON5: true, maxDepth: 3),
]

/// Stops the run with a message libFuzzer shows next to the input that broke the promise.
private func violation(_ message: String, _ options: JSONParsingOptions) -> Never {
  fatalError("\(message) (options: \(options))")
}

/// Parses `bytes` under `options` and checks the promises above; returns the value, if any.
private func check(_ bytes: UnsafeRawBufferPointer, _ options: JSONParsingOptions) -> JSONValue? {
  let value: JSONValue
  do {
    value = try JSONValue(parsingBytes: bytes, options: options)
  } catch {
    let location = error.location
    if location.offset < 0 || location.offset > bytes.count || location.line < 1 || location.column < 1 {
      violation("error location \(location) outside a \(bytes.count)-byte input", options)
    }
    _ = error.description
    if (try? JSONScanner.scan(bytes, options: options)) != nil {
      violation("JSONValue threw \(error) but the scanner accepted the input", options)
    }
    return nil
  }

  // Written out (compact, then pretty and sorted) and read back: the same value, the same bytes.
  for formatting: JSONFormattingOptions in [[], [.prettyPrinted, .sortedKeys]] {
    let written = value.serialized(formatting)
    let reparsed: JSONValue
    do {
      reparsed = try JSONValue(parsing: written, options: JSONParsingOptions(allowsJSON5: options.allowsJSON5))
    } catch {
      violation("written value does not parse: \(error)", options)
    }
    if reparsed != value { violation("round trip changed the value", options) }
    if reparsed.serialized(formatting) != written { violation("round trip changed the written bytes", options) }
  }
  return value
}

/// libFuzzer's entry point: one input, every option set.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  var values: [JSONValue?] = []
  for options in optionSets {
    values.append(check(bytes, options))
  }
  // JSON5 extends RFC 8259: what strict mode accepts, JSON5 accepts as the same value.
  if let strict = values[0], values[1] != strict {
    violation("valid RFC 8259 but JSON5 gave \(values[1].map { "\($0)" } ?? "an error")", .json5)
  }
  if let strict = values[2], values[3] != strict {
    violation("valid RFC 8259 members but JSON5 gave \(values[3].map { "\($0)" } ?? "an error")", .json5)
  }
  return 0
}
