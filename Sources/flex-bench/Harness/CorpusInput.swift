// CorpusInput: one corpus file, loaded once and shared by every row that reads it.

import CorpusModels
import Foundation

/// A corpus file's bytes, as `Data` for Foundation and as a raw buffer for FlexCore.
///
/// Both views are loaded before any timing starts, so no row pays for I/O or copying.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
final class CorpusInput {
  /// Which file this is.
  let file: CorpusFile
  /// The file's bytes.
  let data: Data
  /// A copy of ``data`` that stays put for the life of the input (FlexCore borrows it).
  let bytes: UnsafeRawBufferPointer
  /// The allocation behind ``bytes``, freed with the input.
  private let storage: UnsafeMutableRawBufferPointer

  /// The file's size in bytes.
  var byteCount: Int { data.count }

  /// Reads `file` from `Benchmarks/Data`.
  ///
  /// - Throws: ``MissingFileError`` when the file is not there or cannot be read.
  init(_ file: CorpusFile) throws(MissingFileError) {
    let path = file.url.path
    guard FileManager.default.fileExists(atPath: path), let data = try? file.load() else {
      throw MissingFileError(path: path)
    }
    self.file = file
    self.data = data
    storage = .allocate(byteCount: max(data.count, 1), alignment: 16)
    storage.copyBytes(from: data)
    bytes = UnsafeRawBufferPointer(rebasing: storage[..<data.count])
  }

  deinit {
    storage.deallocate()
  }

  /// A corpus file that is not on disk.
  struct MissingFileError: Error, CustomStringConvertible {
    /// Where the file was looked for.
    let path: String

    var description: String {
      "missing corpus file: \(path)\n(the corpus lives in Benchmarks/Data; see Benchmarks/Data/README.md)"
    }
  }
}
