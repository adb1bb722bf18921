// A JSON array of generated records, as large as asked, whose every value follows from the
// record's index, so a test can check a decoded document of any size exactly.

/// One record of a ``LargeRecordDocument``.
struct LargeRecord: Codable, Equatable {
  /// A point whose coordinates are exact in binary.
  struct Location: Codable, Equatable {
    var latitude: Double
    var longitude: Double
  }

  var id: Int
  var name: String
  var text: String
  var score: Double
  var active: Bool
  var tags: [String]
  var location: Location
  var note: String?

  /// The record at `index`: every field follows from it.
  ///
  /// Even records have a `note` with escapes (`\u00e9`, `\"`, `\n`); odd ones have `null`.
  init(index: Int) {
    id = index
    name = "Rëcord \(index)"
    text = "\(index): " + Self.sentences[index % Self.sentences.count]
    score = Double(index) + 0.5
    active = index % 2 == 0
    tags = [index % 3 == 0 ? "fizz" : "plain", "t\(index % 10)"]
    location = Location(latitude: Double(index % 180) - 89.75, longitude: Double(index % 360) - 179.875)
    note = index % 2 == 0 ? "café \"\(index)\"\n" : nil
  }

  /// The record as compact JSON, keys in declaration order.
  var json: String {
    let note = note == nil ? "null" : #""caf\u00e9 \"\#(id)\"\n""#
    return
      #"{"id":\#(id),"name":"\#(name)","text":"\#(text)","score":\#(score),"active":\#(active),"tags":["\#(tags[0])","\#(tags[1])"],"#
      + #""location":{"latitude":\#(location.latitude),"longitude":\#(location.longitude)},"note":\#(note)}"#
  }

  /// Tape entries of one record: the object, 8 keys, 6 scalars, the tags array and its 2 strings,
  /// the location object with 2 keys and 2 numbers.
  static let tapeEntryCount = 1 + 8 + 6 + 3 + 5

  /// Plain text for ``text``, 603 bytes each: most of a record is string bytes, as in real
  /// payloads, which keeps the 100 MB tests affordable under AddressSanitizer.
  static let sentences = (0..<7).map { variant in
    String(repeating: "The quick brown fox jumps over the lazy dog near the river bank \(variant). ", count: 9)
  }
}

/// `[record 0, record 1, …]`: compact JSON, one record after another, about 780 bytes each.
struct LargeRecordDocument {
  /// The document's UTF-8 bytes.
  let bytes: [UInt8]
  /// How many records it holds.
  let recordCount: Int

  /// Records from index 0 until the document reaches `minimumByteCount` bytes.
  init(minimumByteCount: Int) {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    bytes.reserveCapacity(minimumByteCount + 512)
    var index = 0
    while bytes.count < minimumByteCount {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: LargeRecord(index: index).json.utf8)
      index += 1
    }
    bytes.append(UInt8(ascii: "]"))
    self.bytes = bytes
    recordCount = index
  }
}
