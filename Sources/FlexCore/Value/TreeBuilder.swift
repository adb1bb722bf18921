// Building a JSONValue tree from a tape, front to back, without recursion.
//
// Finished values wait on a stack until their container closes; then they move into the
// container's storage, allocated once at exactly the right size since the tape gives every
// container's count. Keys wait on a parallel stack,
// each with its hash, which the object uses to drop repeated keys and to fill its index.
//
// Keys repeat across the objects of a document ("id", "name", …): a small cache maps a key's
// bytes to the `String` made for them before, so most keys are neither validated nor copied
// again, and long keys share one buffer.

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

  private var frames: UnsafeMutablePointer<Frame>
  private var frameCount = 0
  private var frameCapacity: Int

  private let cache: UnsafeMutablePointer<CachedString>
  private let cacheMask: Int

  /// A builder for a subtree of `entryCount` entries.
  init(tape: JSONTape, entryCount: Int) {
    self.tape = tape
    self.entries = tape.entries.baseAddress.unsafelyUnwrapped
    self.bytes = tape.bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1).unsafelyUnwrapped
    self.seed = KeyHashing.seed
    valueCapacity = Swift.min(entryCount, 64)
    values = .allocate(capacity: valueCapacity)
    keyCapacity = Swift.min(entryCount, 64)
    keys = .allocate(capacity: keyCapacity)
    hashes = .allocate(capacity: keyCapacity)
    frameCapacity = Swift.min(entryCount, 16)
    frames = .allocate(capacity: frameCapacity)
    let cacheCapacity = entryCount >= 4096 ? 1024 : entryCount >= 512 ? 256 : entryCount >= 64 ? 64 : 2
    cacheMask = cacheCapacity &- 2  // even: the first entry of a set
    cache = .allocate(capacity: cacheCapacity)
    cache.initialize(repeating: CachedString(hash: 0, offset: 0, length: .max, string: ""), count: cacheCapacity)
  }

  deinit {
    values.deallocate()
    keys.deallocate()
    hashes.deallocate()
    frames.deallocate()
    cache.deinitialize(count: cacheMask &+ 2)
    cache.deallocate()
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
        guard frameCount > 0 else { return value }
        pushValue(value)
        let frame = frames[frameCount &- 1]
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
    let capacity = valueCapacity &* 2
    let grown = UnsafeMutablePointer<JSONValue>.allocate(capacity: capacity)
    grown.moveInitialize(from: values, count: valueCount)
    values.deallocate()
    values = grown
    valueCapacity = capacity
  }

  @inline(__always)
  private mutating func pushFrame(end: Int, isObject: Bool) {
    if frameCount == frameCapacity {
      let capacity = frameCapacity &* 2
      let grown = UnsafeMutablePointer<Frame>.allocate(capacity: capacity)
      grown.moveInitialize(from: frames, count: frameCount)
      frames.deallocate()
      frames = grown
      frameCapacity = capacity
    }
    (frames + frameCount).initialize(to: Frame(end: end, valueBase: valueCount, keyBase: keyCount, isObject: isObject))
    frameCount &+= 1
  }

  /// Closes the innermost container: its values (and keys) move into it.
  private mutating func popFrame() -> JSONValue {
    frameCount &-= 1
    let frame = frames[frameCount]
    let count = valueCount &- frame.valueBase
    valueCount = frame.valueBase
    let base = values + frame.valueBase
    if frame.isObject {
      keyCount = frame.keyBase
      return .object(
        JSONObject(movingKeys: keys + frame.keyBase, values: base, hashes: hashes + frame.keyBase, count: count))
    }
    // (`Array(unsafeUninitializedCapacity:)` would look up the array's generic metadata at run
    // time on every call; `reserveCapacity` and `append` are specialized.)
    var array: [JSONValue] = []
    array.reserveCapacity(count)
    for index in 0..<count { array.append((base + index).move()) }
    return .array(array)
  }

  /// Pushes the key at `index` and its hash.
  @inline(__always)
  private mutating func pushKey(at index: Int) {
    if keyCount == keyCapacity { growKeys() }
    let entry = entries[index]
    let hash: UInt64
    let key: String
    if entry.flags & (StringFlags.hasEscapes | StringFlags.isASCII) == StringFlags.isASCII {
      let start = bytes + Int(entry.offset)
      hash = KeyHashing.hash(bytes: start, count: Int(entry.length), seed: seed)
      key = self.key(at: start, entry: entry, hash: hash)
    } else {
      key = tape.string(at: index)
      hash = KeyHashing.hash(of: key, seed: seed)
    }
    (keys + keyCount).initialize(to: key)
    hashes[keyCount] = hash
    keyCount &+= 1
  }

  /// The key for the unescaped ASCII bytes of `entry`, which start at `start` and hash to `hash`:
  /// from the cache if they were seen before, else made and cached.
  ///
  /// The cache is two-way set associative, most recently used first, so that two keys of the
  /// same objects that fall into one set do not keep evicting each other.
  @inline(__always)
  private func key(at start: UnsafeRawPointer, entry: JSONTapeEntry, hash: UInt64) -> String {
    let first = cache + (Int(truncatingIfNeeded: hash &>> 40) & cacheMask)
    let length = Int(entry.length)
    if first.pointee.hash == hash && first.pointee.length == entry.length
      && memoryEqual(bytes + Int(first.pointee.offset), start, length)
    {
      return first.pointee.string
    }
    let second = first + 1
    if second.pointee.hash == hash && second.pointee.length == entry.length
      && memoryEqual(bytes + Int(second.pointee.offset), start, length)
    {
      swap(&first.pointee, &second.pointee)
      return first.pointee.string
    }
    let key = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    second.pointee = first.move()
    first.initialize(to: CachedString(hash: hash, offset: entry.offset, length: entry.length, string: key))
    return key
  }

  private mutating func growKeys() {
    let capacity = keyCapacity &* 2
    let grownKeys = UnsafeMutablePointer<String>.allocate(capacity: capacity)
    grownKeys.moveInitialize(from: keys, count: keyCount)
    keys.deallocate()
    keys = grownKeys
    let grownHashes = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    grownHashes.moveInitialize(from: hashes, count: keyCount)
    hashes.deallocate()
    hashes = grownHashes
    keyCapacity = capacity
  }
}
