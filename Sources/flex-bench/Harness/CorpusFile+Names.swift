// How flex-bench names corpus files on the command line and in the table.

import CorpusModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension CorpusFile {
  /// The file name without `.json`, as `--file` prints it: `twitter`, `citm_catalog`.
  var shortName: String {
    rawValue.hasSuffix(".json") ? String(rawValue.dropLast(5)) : rawValue
  }

  /// The file named `name`: `twitter`, `twitter.json` or the case name `citmCatalog`, in any case.
  init?(shortName name: String) {
    let lowered = name.lowercased()
    let match = CorpusFile.allCases.first {
      lowered == $0.rawValue.lowercased() || lowered == $0.shortName.lowercased()
        || lowered == "\($0)".lowercased()
    }
    guard let match else { return nil }
    self = match
  }
}
