import FlexDecoder
import Foundation

/// Plain-text layout for the demo's output: headers, aligned columns and indented blocks, no
/// colours, so it reads the same in a terminal and in a CI log.
enum Printer {
  /// The width of rules under titles.
  static let width = 78

  /// The banner at the top of the output.
  static func title(_ text: String, _ subtitle: String) {
    print(String(repeating: "=", count: width))
    print(text)
    print(subtitle)
    print(String(repeating: "=", count: width))
  }

  /// A numbered section header with a rule under it, preceded by a blank line.
  static func section(_ number: Int, _ title: String) {
    let heading = "\(number). \(title)"
    print()
    print(heading)
    print(String(repeating: "-", count: heading.count))
  }

  /// A line of text, indented.
  static func line(_ text: String = "", indent: Int = 2) {
    print(text.isEmpty ? "" : String(repeating: " ", count: indent) + text)
  }

  /// Every line of `text`, indented.
  static func block(_ text: String, indent: Int = 2) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      self.line(String(line), indent: indent)
    }
  }

  /// `label  value` pairs with the values aligned.
  static func fields(_ pairs: KeyValuePairs<String, String>, indent: Int = 2) {
    let labelWidth = pairs.map(\.key.count).max() ?? 0
    for (label, value) in pairs {
      line(pad(label, labelWidth) + "  " + value, indent: indent)
    }
  }

  /// Rows under a header, each column as wide as its widest cell.
  static func table(_ header: [String], _ rows: [[String]], indent: Int = 2) {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    func render(_ cells: [String]) -> String {
      zip(cells, widths).map { pad($0, $1) }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    line(render(header), indent: indent)
    line(render(widths.map { String(repeating: "-", count: $0) }), indent: indent)
    for row in rows { line(render(row), indent: indent) }
  }

  /// `text` followed by spaces up to `width` characters.
  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}

extension String {
  /// The string without spaces at its end.
  func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}

// MARK: - Describing values and errors

extension DecodingError {
  /// The case, the coding path and the message on one line, e.g.
  /// `keyNotFound at data.Products[2].in_stock: No value associated with key …`.
  var summary: String {
    let (kind, context): (String, Context) =
      switch self {
      case .typeMismatch(let type, let context): ("typeMismatch(\(type))", context)
      case .valueNotFound(let type, let context): ("valueNotFound(\(type))", context)
      case .keyNotFound(let key, let context): ("keyNotFound(\"\(key.stringValue)\")", context)
      case .dataCorrupted(let context): ("dataCorrupted", context)
      @unknown default: ("DecodingError", Context(codingPath: [], debugDescription: "\(self)"))
      }
    var path = ""
    for key in context.codingPath {
      if let index = key.intValue, key.stringValue == "\(index)" || key.stringValue.hasPrefix("Index ") {
        path += "[\(index)]"
      } else {
        path += (path.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return "DecodingError.\(kind) at \(path.isEmpty ? "the top level" : path)\n  \(context.debugDescription)"
  }
}

extension Product {
  /// The product as a row of the products table.
  var row: [String] {
    [
      "\(id)", title, category.rawValue, String(format: "%.2f", price) + " " + currency,
      inStock ? "yes" : "no", attributes.summary, "\(seller.displayName) (#\(seller.sellerID))",
    ]
  }
}

extension Attributes {
  /// The attributes that are set, as `color walnut, 40 W`.
  var summary: String {
    var parts: [String] = []
    if let color { parts.append(color) }
    if let watts { parts.append("\(watts) W") }
    if let capacityMl { parts.append("\(capacityMl) ml") }
    return parts.isEmpty ? "-" : parts.joined(separator: ", ")
  }
}
