// Building a JSONValue tree from a tape, front to back.
//
// Without recursion: finished values wait on a stack until their container closes, then move
// into its storage, allocated once at exactly the right size since the tape gives every
// container's count. Keys wait on a parallel stack, each with a hash of its bytes, which the
// object uses to drop repeated keys (the first occurrence wins) and to fill its index.
//
// Containers are allocated when they close, after everything in them. (Allocating an
// object's storage before its strings, as a recursive builder would, took about 7% more cycles on
// apache_builds: glibc then consolidates its free lists over and over while the tree is freed.)
// Objects that hold no other object are packed into shared blocks (see JSONObjectStorage); the
// frames track which containers hold an object.
//
// Keys repeat across the objects of a document ("id", "name", …): a small cache maps a key's
// bytes to the `String` made for them before, so most keys are neither validated nor copied
// again, and long keys share one buffer. Sibling objects of one shape have the same keys at the
// same depths, so a prediction per depth usually finds the cached key without hashing it.

/// The state of one ``JSONValue/init(tape:at:)``.
struct TreeBuilder: ~Copyable {
  /// An open container.
  private struct Frame {
    /// The tape index after the container's last entry.
    var end: Int
    /// Where its values start on the value stack.
    var valueBase: Int
    /// Where its keys start on the key stack (objects).
    var keyBase: Int
    var isObject: Bool
    /// Whether a non-empty object is among its values, at any depth.
    var holdsObject = false
  }

  /// A string made before: its bytes' hash, where they are in the document, and the string.
  private struct CachedString {
    var hash: UInt64
    var offset: UInt32
    var length: UInt32
    var string: String
  }

  private let tape: JSONTape
  private let entries: UnsafeMutablePointer<JSONTapeEntry>
  private let bytes: UnsafeRawPointer
  private let seed: UInt64

  private var values: UnsafeMutablePointer<JSONValue>
  private var valueCount = 0
  private var valueCapacity: Int

  private var keys: UnsafeMutablePointer<String>
  private var hashes: UnsafeMutablePointer<UInt64>
  private var keyCount = 0
  private var keyCapacity: Int

  private var frames = UnsafeStack<Frame>(capacity: 16)

  /// The block that objects holding no other object are packed into, while it has room.
  private var block: JSONObjectStorage?

  private let cache: UnsafeMutablePointer<CachedString>
  private let cacheMask: Int
  /// For each depth of the key stack, the cache entry of the key last pushed there: sibling
  /// objects of one shape push the same keys at the same depths, and a correct prediction skips
  /// hashing the key.
  private let predictions: UnsafeMutablePointer<Int32>
  /// The number of predictions minus one (a power of two minus one).
  private let predictionMask: Int

  /// A builder for a subtree of `entryCount` entries.
  init(tape: JSONTape, entryCount: Int) {
    self.tape = tape
    self.entries = tape.entries.baseAddress.unsafelyUnwrapped
    self.bytes = tape.bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1).unsafelyUnwrapped
    self.seed = KeyHashing.seed
    // The value and key stacks are allocated on first use.
    valueCapacity = 0
    values = Self.placeholder()
    keyCapacity = 0
    keys = Self.placeholder()
    hashes = Self.placeholder()
    let cacheCapacity = entryCount >= 16384 ? 1024 : entryCount >= 512 ? 256 : entryCount >= 64 ? 64 : 2
    cacheMask = cacheCapacity &- 2  // even: the first entry of a set
    cache = .allocate(capacity: cacheCapacity)
    cache.initialize(repeating: CachedString(hash: 0, offset: 0, length: .max, string: ""), count: cacheCapacity)
    let predictionCount = entryCount >= 1024 ? 256 : 32
    predictionMask = predictionCount &- 1
    predictions = .allocate(capacity: predictionCount)
    predictions.initialize(repeating: 0, count: predictionCount)
  }

  deinit {
    if valueCapacity > 0 { values.deallocate() }
    if keyCapacity > 0 {
      keys.deallocate()
      hashes.deallocate()
    }
    frames.deallocate()
    // Entries never filled hold the empty literal, which owns nothing.
    for slot in 0..<cacheMask &+ 2 where cache[slot].length != .max {
      (cache + slot).deinitialize(count: 1)
    }
    cache.deallocate()
    predictions.deallocate()
  }

  /// A non-null pointer for a stack not allocated yet (capacity 0): never read or freed.
  private static func placeholder<T>() -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer(bitPattern: MemoryLayout<T>.alignment).unsafelyUnwrapped
  }

  /// The value of a scalar entry, or of an empty container.
  @inline(__always)
  static func scalar(_ entry: JSONTapeEntry, at index: Int, of tape: JSONTape) -> JSONValue {
    switch entry.kind {
    case .null: return .null
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .number: return .number(JSONNumber(uncheckedText: tape.numberText(at: index)))
    case .string: return .string(tape.string(at: index))
    case .array: return .array([])
    case .object: return .object(JSONObject())
    }
  }

  /// Builds the non-empty container at `index`.
  mutating func build(at index: Int) -> JSONValue {
    var position = index
    var entry = entries[position]
    var isObject = entry.kind == .object
    var end = Int(entry.end)
    pushFrame(end: end, isObject: isObject)
    position &+= 1

    while true {
      if isObject {
        pushKey(at: position)
        position &+= 1
      }
      entry = entries[position]
      if entry.kind.rawValue >= JSONTokenKind.array.rawValue && entry.length > 0 {
        isObject = entry.kind == .object
        end = Int(entry.end)
        pushFrame(end: end, isObject: isObject)
        position &+= 1
        continue
      }
      pushValue(Self.scalar(entry, at: position, of: tape))
      position &+= 1

      while position == end {
        let value = popFrame()
        guard let frame = frames.last else { return value }
        pushValue(value)
        isObject = frame.isObject
        end = frame.end
      }
    }
  }

  // MARK: Stacks

  @inline(__always)
  private mutating func pushValue(_ value: consuming JSONValue) {
    if valueCount == valueCapacity { growValues() }
    (values + valueCount).initialize(to: value)
    valueCount &+= 1
  }

  private mutating func growValues() {
    let capacity = Swift.max(valueCapacity &* 2, 64)
    let grown = UnsafeMutablePointer<JSONValue>.allocate(capacity: capacity)
    grown.moveInitialize(from: values, count: valueCount)
    if valueCapacity > 0 { values.deallocate() }
    values = grown
    valueCapacity = capacity
  }

  @inline(__always)
  private mutating func pushFrame(end: Int, isObject: Bool) {
    frames.append(Frame(end: end, valueBase: valueCount, keyBase: keyCount, isObject: isObject))
  }

  /// Closes the innermost container: its values (and keys) move into it.
  private mutating func popFrame() -> JSONValue {
    let frame = frames.removeLast()
    if !frames.isEmpty && (frame.isObject || frame.holdsObject) {
      frames[frames.count &- 1].holdsObject = true
    }
    let count = valueCount &- frame.valueBase
    valueCount = frame.valueBase
    let base = values + frame.valueBase
    if frame.isObject {
      keyCount = frame.keyBase
      let (storage, offset) = frame.holdsObject ? (JSONObjectStorage.make(capacity: count), 0) : leafRegion(count)
      return .object(
        JSONObject(
          movingKeys: keys + frame.keyBase, values: base, hashes: hashes + frame.keyBase, count: count,
          into: storage, at: offset))
    }
    // (`Array(unsafeUninitializedCapacity:)` would look up the array's generic metadata at run
    // time on every call; `reserveCapacity` and `append` are specialized.)
    var array: [JSONValue] = []
    array.reserveCapacity(count)
    for index in 0..<count { array.append((base + index).move()) }
    return .array(array)
  }

  /// Room for an object of `count` members that holds no other object: in the current shared
  /// block if it has room, else in a new one; in a block of its own if it is large.
  private mutating func leafRegion(_ count: Int) -> (JSONObjectStorage, Int) {
    let tableCapacity = JSONObjectStorage.tableCapacity(for: count)
    guard tableCapacity == 0 else { return (JSONObjectStorage.make(capacity: count), 0) }
    if let block, let offset = block.addRegion(capacity: count) {
      return (block, offset)
    }
    let block = JSONObjectStorage.makeBlock(words: Self.blockWords)
    self.block = block
    return (block, block.addRegion(capacity: count).unsafelyUnwrapped)
  }

  /// Words of a shared block: room for about 20 objects of 3 members.
  private static var blockWords: Int { 384 }

  /// Pushes the key at `index` and its hash.
  @inline(__always)
  private mutating func pushKey(at index: Int) {
    if keyCount == keyCapacity { growKeys() }
    let (key, hash) = self.key(at: index, depth: keyCount)
    (keys + keyCount).initialize(to: key)
    hashes[keyCount] = hash
    keyCount &+= 1
  }

  /// The key at `index` and its ``KeyHashing`` hash; `depth` is the key's depth in the document
  /// (the number of keys on the path to it, it included), which picks its prediction.
  @inline(__always)
  private func key(at index: Int, depth: Int) -> (String, UInt64) {
    let entry = entries[index]
    guard entry.flags & (StringFlags.hasEscapes | StringFlags.isASCII) == StringFlags.isASCII else {
      let key = tape.string(at: index)
      return (key, KeyHashing.hash(of: key, seed: seed))
    }
    let start = bytes + Int(entry.offset)
    let prediction = predictions + (depth & predictionMask)
    let predicted = cache + Int(prediction.pointee)
    if predicted.pointee.length == entry.length
      && memoryEqual(bytes + Int(predicted.pointee.offset), start, Int(entry.length))
    {
      return (predicted.pointee.string, predicted.pointee.hash)
    }
    let hash = KeyHashing.hash(bytes: start, count: Int(entry.length), seed: seed)
    let (key, slot) = self.key(at: start, entry: entry, hash: hash)
    prediction.pointee = Int32(truncatingIfNeeded: slot)
    return (key, hash)
  }

  /// The key for the unescaped ASCII bytes of `entry`, which start at `start` and hash to `hash`:
  /// from the cache if they were seen before, else made and cached. Also returns the key's
  /// cache entry.
  ///
  /// The cache is two-way set associative, most recently used first, so that two keys of the
  /// same objects that fall into one set do not keep evicting each other.
  @inline(__always)
  private func key(at start: UnsafeRawPointer, entry: JSONTapeEntry, hash: UInt64) -> (String, Int) {
    let slot = Int(truncatingIfNeeded: hash &>> 40) & cacheMask
    let first = cache + slot
    let length = Int(entry.length)
    if first.pointee.hash == hash && first.pointee.length == entry.length
      && memoryEqual(bytes + Int(first.pointee.offset), start, length)
    {
      return (first.pointee.string, slot)
    }
    let second = first + 1
    if second.pointee.hash == hash && second.pointee.length == entry.length
      && memoryEqual(bytes + Int(second.pointee.offset), start, length)
    {
      swap(&first.pointee, &second.pointee)
      return (first.pointee.string, slot)
    }
    let key = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    second.pointee = first.move()
    first.initialize(to: CachedString(hash: hash, offset: entry.offset, length: entry.length, string: key))
    return (key, slot)
  }

  private mutating func growKeys() {
    let capacity = Swift.max(keyCapacity &* 2, 64)
    let grownKeys = UnsafeMutablePointer<String>.allocate(capacity: capacity)
    grownKeys.moveInitialize(from: keys, count: keyCount)
    let grownHashes = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    grownHashes.moveInitialize(from: hashes, count: keyCount)
    if keyCapacity > 0 {
      keys.deallocate()
      hashes.deallocate()
    }
    keys = grownKeys
    hashes = grownHashes
    keyCapacity = capacity
  }
}
