import FlexCore
import Foundation
import Testing

/// Random documents parsed by FlexCore and by `JSONSerialization` must hold the same values.
@Suite("Differential against JSONSerialization")
struct DifferentialTests {
  @Test func parsesRandomDocumentsLikeJSONSerialization() throws {
    var generator = DocumentGenerator(seed: 0x5EED_F1E4)
    for index in 0..<400 {
      let (text, expected) = generator.document()
      let bytes = Array(text.utf8)
      let value: JSONValue
      do {
        value = try JSONValue(parsing: bytes)
      } catch {
        Issue.record("document \(index): \(error)\n\(text)")
        continue
      }
      #expect(value == expected, "document \(index)")
      // Same text for every number and the same scalars in every string.
      #expect(value.description == expected.description, "document \(index)")

      let foundation = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
      if let mismatch = Self.mismatch(value, foundation, path: "$") {
        Issue.record("document \(index): \(mismatch)\n\(text)")
      }
    }
  }

  @Test func generatesTheSameDocumentsForTheSameSeed() {
    var first = DocumentGenerator(seed: 42)
    var second = DocumentGenerator(seed: 42)
    for _ in 0..<20 {
      #expect(first.document().text == second.document().text)
    }
  }

  /// U+FEFF inside a string is a character like any other. (JSONSerialization on Linux loses it
  /// when the string also holds an escape; JSONDecoder keeps it.)
  @Test func keepsAByteOrderMarkInsideAStringLikeJSONDecoder() throws {
    for text in ["\"\u{FEFF}\"", "\"a\u{FEFF}b\"", "\"\\n\u{FEFF}x\"", "\"\\uFEFF\\u0041\u{FEFF}\""] {
      let value = try JSONValue(parsing: text)
      let foundation = try JSONDecoder().decode(String.self, from: Data(text.utf8))
      #expect(value.stringValue.map { Array($0.unicodeScalars) } == Array(foundation.unicodeScalars), "\(text)")
    }
    #expect(try JSONValue(parsing: "\"\\n\u{FEFF}x\"") == .string("\n\u{FEFF}x"))
  }

  // MARK: - Comparing with Foundation's values

  /// Where `value` and Foundation's `object` differ, or `nil` if they hold the same value.
  static func mismatch(_ value: JSONValue, _ object: Any, path: String) -> String? {
    switch value {
    case .null:
      return object is NSNull ? nil : "\(path): expected null, got \(object)"
    case .bool(let flag):
      guard let number = object as? NSNumber, isBoolean(number), number.boolValue == flag else {
        return "\(path): expected \(flag), got \(object)"
      }
      return nil
    case .number(let number):
      guard let foundation = object as? NSNumber, !isBoolean(foundation) else {
        return "\(path): expected the number \(number), got \(object)"
      }
      // Ours must be correctly rounded, as the standard library's `strtod`-based parser is.
      guard let double = number.doubleValue, double == Double(number.text) else {
        return "\(path): \(number) read as \(number.doubleValue.map(String.init(describing:)) ?? "nil")"
      }
      if number.isIntegerLiteral {
        guard let integer = number.integer(as: Int64.self), integer == foundation.int64Value else {
          return "\(path): expected the integer \(number), got \(foundation)"
        }
      }
      // Foundation keeps long decimals as NSDecimalNumber, whose `doubleValue` is not correctly
      // rounded (0.5867336570076686 gives 0.5867336570076687; -1.0985688592533793e-98 is 8 ulps
      // off): allow it a relative error of 1e-14.
      let tolerance = foundation is NSDecimalNumber ? abs(double) * 1e-14 : 0
      guard abs(double - foundation.doubleValue) <= tolerance else {
        return "\(path): expected \(number) (\(double)), got \(foundation) (\(foundation.doubleValue))"
      }
      return nil
    case .string(let string):
      guard let foundation = object as? String, Array(foundation.unicodeScalars) == Array(string.unicodeScalars) else {
        return "\(path): expected \(string.debugDescription), got \(object)"
      }
      return nil
    case .array(let elements):
      guard let foundation = object as? [Any], foundation.count == elements.count else {
        return "\(path): expected an array of \(elements.count), got \(object)"
      }
      for (index, element) in elements.enumerated() {
        if let mismatch = mismatch(element, foundation[index], path: "\(path)[\(index)]") { return mismatch }
      }
      return nil
    case .object(let members):
      guard let foundation = object as? [String: Any], foundation.count == members.count else {
        return "\(path): expected an object of \(members.count), got \(object)"
      }
      for (key, member) in members {
        guard let other = foundation[key] else { return "\(path): key \(key.debugDescription) missing" }
        if let mismatch = mismatch(member, other, path: "\(path).\(key)") { return mismatch }
      }
      return nil
    }
  }

  /// `JSONSerialization` gives booleans as `NSNumber`s of Objective-C type `c` (char).
  static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}

// MARK: - Generator

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, deterministic generator, so a failing
/// document can be reproduced from its seed on any platform.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound`, without depending on the standard library's sampling algorithm.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// `true` with probability `1 / n`.
  mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }

  /// A random element of `elements`.
  mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }
}

/// Writes random JSON documents, varying whitespace, escapes and number spellings, together with
/// the value each one holds.
struct DocumentGenerator {
  private var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// A document and its value.
  mutating func document() -> (text: String, value: JSONValue) {
    var text = ""
    let value = generateValue(depth: 0, into: &text)
    return (whitespace() + text + whitespace(), value)
  }

  private mutating func generateValue(depth: Int, into text: inout String) -> JSONValue {
    let containerWeight = depth < 5 ? 3 : 0
    switch random.below(8 + containerWeight) {
    case 0:
      text += "null"
      return .null
    case 1:
      let flag = random.oneIn(2)
      text += flag ? "true" : "false"
      return .bool(flag)
    case 2, 3:
      let number = numberText()
      text += number
      return .number(JSONNumber(uncheckedText: number))  // the parser checks it
    case 4, 5, 6, 7:
      let string = randomString()
      text += escaped(string)
      return .string(string)
    case 8, 9:
      let count = random.below(6)
      var elements: [JSONValue] = []
      text += "["
      for index in 0..<count {
        if index > 0 { text += "," }
        text += whitespace()
        elements.append(generateValue(depth: depth + 1, into: &text))
        text += whitespace()
      }
      if count == 0 { text += whitespace() }
      text += "]"
      return .array(elements)
    default:
      let count = random.below(6)
      var members = JSONObject()
      var usedKeys: Set<String> = []  // canonically equivalent keys would collide in Foundation
      text += "{"
      for _ in 0..<count {
        var key = randomString()
        while usedKeys.contains(key) { key += String(random.below(10)) }
        usedKeys.insert(key)
        if !members.isEmpty { text += "," }
        text += whitespace() + escaped(key) + whitespace() + ":" + whitespace()
        members[key] = generateValue(depth: depth + 1, into: &text)
        text += whitespace()
      }
      if count == 0 { text += whitespace() }
      text += "}"
      return .object(members)
    }
  }

  // MARK: Whitespace

  private mutating func whitespace() -> String {
    random.pick(["", "", "", " ", "\n", "\t", "\r\n", "  ", " \n    "])
  }

  // MARK: Numbers

  private mutating func numberText() -> String {
    switch random.below(7) {
    case 0:
      return String(random.below(2001) - 1000)
    case 1:  // anywhere in Int64, edges included
      let edges: [Int64] = [.min, .max, .min + 1, .max - 1, 0, -1, 1 << 53, (1 << 53) + 1]
      return random.oneIn(4) ? String(random.pick(edges)) : String(Int64(bitPattern: random.next()))
    case 2:  // a finite double in its shortest form
      var double: Double
      repeat {
        double = Double(bitPattern: random.next())
      } while !double.isFinite
      return double.description
    case 3:  // a double of ordinary magnitude
      let double =
        Double(Int64(bitPattern: random.next()) % 1_000_000_000) / Double(random.pick([1, 7, 100, 1e6, 3e9]))
      return double.description
    default:  // hand-spelled: fraction, exponent, sign, leading zeros in the exponent
      var text = random.oneIn(3) ? "-" : ""
      // At most 18 integer digits, so integers stay within Int64.
      text += random.oneIn(4) ? "0" : String(random.below(9) + 1) + digits(random.below(18))
      if random.oneIn(2) { text += "." + digits(1 + random.below(20)) }
      if random.oneIn(2) {
        text += random.pick(["e", "E"]) + random.pick(["", "+", "-"])
        text += random.oneIn(5) ? "00" + digits(1) : String(random.below(280))
      }
      return text
    }
  }

  private mutating func digits(_ count: Int) -> String {
    String((0..<count).map { _ in Character(String(random.below(10))) })
  }

  // MARK: Strings

  private static let alphabet: [[Unicode.Scalar]] = [
    Array(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:;!?#$%&*+=@^`|~()[]{}<>'".unicodeScalars),
    (0x00...0x1F).map { Unicode.Scalar(UInt8($0)) } + ["\"", "\\", "/", "\u{7F}"],
    // No U+FEFF: JSONSerialization on Linux drops it from strings that hold escapes (see
    // keepsAByteOrderMarkInsideAStringLikeJSONDecoder).
    Array("éüßñçøÆ©°±µ¶·Ωπ€£¥₹™←→∀∂≠中文日本語한국어ไทยעברית\u{301}\u{2028}\u{2029}\u{FFFD}\u{FFFF}".unicodeScalars),
    Array("😀🎉👍🏽🇺🇸𝄞𠜎\u{10000}\u{10FFFF}".unicodeScalars),
  ]

  private mutating func randomString() -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<random.below(random.oneIn(10) ? 60 : 12) {
      let group = random.pick([0, 0, 0, 0, 1, 2, 2, 3])
      scalars.append(random.pick(Self.alphabet[group]))
    }
    return String(scalars)
  }

  /// `string` as a JSON string literal: required escapes always, optional ones at random
  /// (`\/`, `\uXXXX` in either case, surrogate pairs for astral scalars).
  private mutating func escaped(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += random.oneIn(4) ? "\\u005C" : "\\\\"
      case "/": text += random.oneIn(2) ? "\\/" : "/"
      case "\u{8}": text += "\\b"
      case "\u{C}": text += "\\f"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += random.oneIn(3) ? "\\u0009" : "\\t"
      case _ where scalar.value < 0x20 || random.oneIn(8):
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16, uppercase: random.oneIn(2))
          text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }
}
