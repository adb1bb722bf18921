import Foundation

// The seeded generator behind DifferentialFuzzTests: valid JSON documents shaped like
// `FuzzRecord`, mostly right, sometimes wrong in the ways real payloads are (a missing key, a
// `null`, a value of another type, a number out of range, an unknown enum value, an extra key).

/// The model both decoders read in DifferentialFuzzTests.
struct FuzzRecord: Codable, Equatable {
  enum Status: String, Codable, Equatable { case active, suspended, closed }

  enum Priority: Int, Codable, Equatable {
    case low = 1
    case normal = 2
    case urgent = 3
  }

  struct Address: Codable, Equatable {
    var street: String
    var zip: Int?
    var geo: [Double]?
  }

  var id: Int
  var name: String
  var email: String?
  var score: Double
  var verified: Bool
  var status: Status
  var priority: Priority?
  var age: UInt8?
  var balance: Int64?
  var ratio: Float?
  var tags: [String]
  var address: Address?
  var history: [Address]?
  var metrics: [String: Double]?
  var created: Date
  var matrix: [[Int32]]?
}

/// SplitMix64 (Steele, Lea, Flood 2014): small, fast and the same on every platform, so a
/// failing document is reproduced from its seed and index.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound`, independent of the standard library's sampling algorithm.
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// `true` with probability `1 / n`.
  mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }

  /// A random element of `elements`.
  mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }
}

/// Writes random `FuzzRecord` documents as JSON text.
struct RecordDocumentGenerator {
  private var random: SeededGenerator

  /// How often a member is damaged: one in this many.
  private let faultRate: Int

  init(seed: UInt64, faultRate: Int = 40) {
    random = SeededGenerator(seed: seed)
    self.faultRate = faultRate
  }

  /// The next document.
  mutating func document() -> String {
    record()
  }

  // MARK: - Shapes

  private mutating func record() -> String {
    var members: [(String, String)] = []
    member(&members, "id", required: true) { $0.integer(in: -1_000_000...1_000_000) }
    member(&members, "name", required: true) { $0.string() }
    member(&members, "email", required: false) { $0.string() }
    member(&members, "score", required: true) { $0.double() }
    member(&members, "verified", required: true) { $0.random.oneIn(2) ? "true" : "false" }
    member(&members, "status", required: true) { $0.quoted($0.random.pick(["active", "suspended", "closed"])) }
    member(&members, "priority", required: false) { "\($0.random.pick([1, 2, 3]))" }
    member(&members, "age", required: false) { $0.integer(in: 0...255) }
    member(&members, "balance", required: false) { $0.integer(in: Int(Int64.min / 2)...Int(Int64.max / 2)) }
    member(&members, "ratio", required: false) { $0.smallDouble() }
    member(&members, "tags", required: true) { $0.array(count: $0.random.below(4)) { $0.string() } }
    member(&members, "address", required: false) { $0.address() }
    member(&members, "history", required: false) { $0.array(count: $0.random.below(3)) { $0.address() } }
    member(&members, "metrics", required: false) { $0.object(count: $0.random.below(4)) { $0.double() } }
    member(&members, "created", required: true) { $0.double() }
    member(&members, "matrix", required: false) {
      $0.array(count: $0.random.below(3)) { $0.array(count: $0.random.below(3)) { $0.integer(in: -100_000...100_000) } }
    }
    if random.oneIn(4) { members.append(("extra_\(random.below(100))", scalar())) }
    return object(members)
  }

  private mutating func address() -> String {
    var members: [(String, String)] = []
    member(&members, "street", required: true) { $0.string() }
    member(&members, "zip", required: false) { $0.integer(in: 0...99_999) }
    member(&members, "geo", required: false) { $0.array(count: 2) { $0.double() } }
    return object(members)
  }

  /// Appends a member, now and then damaged: left out, `null`, or a value of another type.
  /// Optional members are also left out or `null` on their own, as real payloads do.
  private mutating func member(
    _ members: inout [(String, String)], _ key: String, required: Bool, _ value: (inout Self) -> String
  ) {
    if !required && random.oneIn(4) {
      if random.oneIn(2) { members.append((key, "null")) }
      return
    }
    guard random.oneIn(faultRate) else {
      members.append((key, value(&self)))
      return
    }
    switch random.below(5) {
    case 0: return
    case 1: members.append((key, "null"))
    case 2: members.append((key, scalar()))
    case 3: members.append((key, random.pick(["[]", "{}", "[1]", #"{"a":1}"#])))
    default:
      members.append((key, random.pick(["1e400", "-1", "300", "70000", "1.5", "9223372036854775808", #""unknown""#])))
    }
  }

  // MARK: - Values

  private mutating func object(_ members: [(String, String)]) -> String {
    var members = members
    members.shuffle(using: &random)
    return "{" + members.map { "\(space())\(quoted($0.0))\(space()):\(space())\($0.1)" }.joined(separator: ",") + "}"
  }

  private mutating func object(count: Int, _ value: (inout Self) -> String) -> String {
    var keys = Set<String>()
    var members: [(String, String)] = []
    for _ in 0..<count {
      // Plain letters: two spellings of one key (`é` and `\u00e9`) would be a duplicate key.
      let key = String((0...random.below(5)).map { _ in random.pick(Array("abcxyz")) })
      guard keys.insert(key).inserted else { continue }
      members.append((quoted(key), value(&self)))
    }
    return "{" + members.map { "\($0.0)\(space()):\($0.1)" }.joined(separator: ",\(space())") + "}"
  }

  private mutating func array(count: Int, _ element: (inout Self) -> String) -> String {
    var elements: [String] = []
    for _ in 0..<count { elements.append(element(&self)) }
    return "[" + elements.joined(separator: ",\(space())") + "]"
  }

  private mutating func scalar() -> String {
    switch random.below(5) {
    case 0: return "true"
    case 1: return "false"
    case 2: return integer(in: -99...99)
    case 3: return double()
    default: return string()
    }
  }

  private mutating func integer(in range: ClosedRange<Int>) -> String {
    String(Int.random(in: range, using: &random))
  }

  /// A double written the ways JSON allows: shortest form, exponent, trailing zeros, integers.
  private mutating func double() -> String {
    switch random.below(6) {
    case 0: return String(Int.random(in: -1000...1000, using: &random))
    case 1: return "\(Double.random(in: -1...1, using: &random))"
    case 2: return "\(Double.random(in: -1e6...1e6, using: &random))"
    case 3: return "\(random.below(10)).\(random.below(1000))e\(random.pick(["", "+", "-"]))\(random.below(300))"
    case 4: return random.pick(["0", "-0", "0.0", "1E2", "2.5e-3", "1.7976931348623157e308", "5e-324", "0.1", "1.50"])
    default:
      let bits = random.next()
      let value = Double(bitPattern: bits)
      return value.isFinite ? "\(value)" : "1"
    }
  }

  /// A double that fits `Float` without rounding surprises in either decoder.
  private mutating func smallDouble() -> String {
    random.pick(["0.5", "-2", "3.25", "1e3", "0.1", "100.125", "-0.0"])
  }

  /// A string with escapes, multi-byte characters and surrogate-pair escapes.
  private mutating func string(maximumLength: Int = 12) -> String {
    let pieces = [
      "a", "Z", "7", " ", "é", "€", "😀", "中", #"\""#, #"\\"#, #"\/"#, #"\n"#, #"\t"#, #"\u00e9"#,
      #"\u0000"#, #"\ud83d\ude00"#, #"\u2028"#, "_", "-",
    ]
    var text = ""
    for _ in 0..<random.below(maximumLength + 1) { text += random.pick(pieces) }
    return "\"\(text)\""
  }

  private func quoted(_ text: String) -> String { "\"\(text)\"" }

  private mutating func space() -> String {
    random.pick(["", "", "", " ", "\n  ", "\t"])
  }
}
