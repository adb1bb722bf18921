// PartialAnswer: the model of the streams mode's partial-document row, a structured answer as a
// language model streams it (a title, a long summary, a list of items, metadata last).

import FlexDecoder

/// A structured answer or tool call's arguments: `{"title", "summary", "items": [...], "meta"}`.
///
/// Every property has a declared initial value (``FlexDeclaredDefaults``), so a prefix of the
/// document decodes with whatever has not arrived yet at its default: a summary as far as it
/// has arrived, the items so far, an empty `meta` until its key arrives.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct PartialAnswer: Codable, Equatable, FlexDeclaredDefaults {
  /// One entry of the answer's list.
  struct Item: Codable, Equatable, FlexDeclaredDefaults {
    var id = 0
    var name = ""
    var score = 0.0
    var tags: [String] = []
    var done = false
  }

  /// What the service adds after the answer: the model, the request, token counts.
  struct Meta: Codable, Equatable, FlexDeclaredDefaults {
    var model = ""
    var requestId = ""
    var finishReason: String?
    var promptTokens = 0
    var completionTokens = 0
    var latencySeconds = 0.0

    enum CodingKeys: String, CodingKey {
      case model
      case requestId = "request_id"
      case finishReason = "finish_reason"
      case promptTokens = "prompt_tokens"
      case completionTokens = "completion_tokens"
      case latencySeconds = "latency_seconds"
    }
  }

  var title = ""
  var summary = ""
  var items: [Item] = []
  var meta = Meta()

  /// A number that depends on every part of the answer, for a run's result: the summary's
  /// length, the items and the metadata.
  var checksum: Int {
    summary.utf8.count &+ items.count &* 31 &+ (items.last?.id ?? 0) &+ meta.completionTokens
  }
}
