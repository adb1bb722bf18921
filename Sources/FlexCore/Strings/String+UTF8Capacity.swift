extension String {
  /// A string of the UTF-8 bytes that `initializer` writes into a buffer of `capacity` bytes,
  /// returning how many it wrote. Invalid UTF-8 is repaired, as `String(decoding:as:)` does.
  ///
  /// `String(unsafeUninitializedCapacity:initializingUTF8With:)` where the system has it (macOS
  /// 11, iOS 14, tvOS 14, watchOS 7, every other platform); on older Apple systems the bytes are
  /// written into a temporary buffer and copied, with the same result.
  ///
  /// ```swift
  /// let ok = String(utf8Capacity: 2) { buffer in
  ///   buffer[0] = UInt8(ascii: "o"); buffer[1] = UInt8(ascii: "k")
  ///   return 2
  /// }
  /// ```
  @inline(__always)
  package init(
    utf8Capacity capacity: Int, initializingWith initializer: (UnsafeMutableBufferPointer<UInt8>) throws -> Int
  ) rethrows {
    if #available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *) {
      self = try String(unsafeUninitializedCapacity: capacity, initializingUTF8With: initializer)
    } else {
      self = try Self.copying(capacity: capacity, initializingWith: initializer)
    }
  }

  /// ``init(utf8Capacity:initializingWith:)`` through a temporary buffer: the path of Apple
  /// systems older than the ones listed there, and of the tests that compare both.
  package static func copying(
    capacity: Int, initializingWith initializer: (UnsafeMutableBufferPointer<UInt8>) throws -> Int
  ) rethrows -> String {
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(capacity, 1)) { buffer in
      let count = try initializer(UnsafeMutableBufferPointer(rebasing: buffer[0..<capacity]))
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
    }
  }
}
