// The messy documents of `--mode messy`: each corpus file rewritten the way a sloppy API sends it,
// made in the bench from a fixed seed (no stored files), so every run measures the same bytes.

import CorpusModels
import Foundation

/// A corpus file with one kind of mess applied throughout.
///
/// The file is split into its values with `JSONSourceText` and mutated with `DocumentMutator`,
/// both from `CorpusModels` (shared with the recovery mutation tests): only the mutated values'
/// bytes change, so whitespace, escapes and number spellings stay those of the file, and the clean
/// and messy decodes differ by the mess alone.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct MessyDocument {
  /// The kinds of mess, after SPEC.md's "messy documents".
  enum Kind: String, CaseIterable {
    /// Every JSON number replaced by a string of its own text: `12` -> `"12"`.
    case strings
    /// 2% of the scalar values (strings, numbers, bools; not containers, not keys) set to `null`.
    case nulls
    /// 2% of the object members removed, key and value.
    case missing

    /// The mutation applied, and `n` in "one location in `n`".
    var mutation: (kind: JSONMutation, oneIn: Int) {
      switch self {
      case .strings: (.numberToString, 1)
      case .nulls: (.scalarToNull, 50)
      case .missing: (.memberRemoved, 50)
      }
    }

    /// What is counted in ``MessyDocument/mutationCount``, e.g. `nulls`.
    var unit: String {
      switch self {
      case .strings: "numbers as strings"
      case .nulls: "nulls"
      case .missing: "members removed"
      }
    }
  }

  /// The seed of every messy document; each file and kind draws its own stream from it.
  static let seed: UInt64 = 0x6D65_7373_7920_3032  // "messy 02"

  /// Which mess.
  let kind: Kind
  /// The messy JSON text.
  let data: Data
  /// How many values were changed or removed.
  let mutationCount: Int

  /// The messy document's size in bytes.
  var byteCount: Int { data.count }

  /// Makes the `kind` document of `file`, split as `source`.
  init(_ kind: Kind, of source: JSONSourceText, file: CorpusFile) {
    var mutator = DocumentMutator(random: SplitMix64(seed: Self.seed, label: "\(file.rawValue)/\(kind)"))
    let (messy, count) = mutator.mutateEach(source, kind.mutation.kind, oneIn: kind.mutation.oneIn)
    self.kind = kind
    self.data = Data(messy)
    self.mutationCount = count
  }

  /// Why the `kind` document of `file` is not measured, or `nil` when it is.
  static func skipReason(_ kind: Kind, for file: CorpusFile) -> String? {
    switch (file, kind) {
    case (.canada, .missing):
      // canada.json has 8 object members (type, features, properties, name, geometry, coordinates…)
      // around 111,000 numbers: 2% of them is usually none, and any one removed takes the whole
      // geometry or feature list with it.
      "skipped: the file has 8 object members, so 2% removes none or the whole geometry"
    default:
      nil
    }
  }
}
