// PartialAnswerDocument: the JSON text of a PartialAnswer of an exact size, written by hand so
// every byte is known, with the value it decodes to.

import Foundation

/// A ``PartialAnswer`` as a language model writes it (`json.dumps` style: `", "` and `": "`), of
/// exactly the size asked for, and the value its bytes decode to.
///
/// The full answer has ``itemCount`` items after a summary of about 8 kB with escapes (`\n`,
/// `\"`, `\t`, `\u00e9`) and two-, three- and four-byte UTF-8 characters. A smaller document
/// keeps that shape, as a prefix of the full one has it: the items that fit after the whole
/// summary, or no items and a shorter summary; the summary's length makes the size exact.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct PartialAnswerDocument {
  /// The items of the full answer.
  static let itemCount = 150

  /// The JSON text.
  let bytes: [UInt8]
  /// What the text decodes to.
  let value: PartialAnswer
  /// The bytes of the summary's JSON text, between its quotes.
  let summaryByteCount: Int

  /// A document of exactly `byteCount` bytes.
  ///
  /// - Precondition: `byteCount` is at least the size of the answer without items or summary
  ///   (about 250 bytes), and at most ``fullByteCount``.
  init(byteCount: Int) {
    let parts = Parts.shared
    precondition(byteCount >= parts.byteCount(itemCount: 0, summaryByteCount: 0), "too small for an answer")
    precondition(byteCount <= Self.fullByteCount, "larger than the full answer")
    let fullSummary = Self.fullByteCount - parts.byteCount(itemCount: Self.itemCount, summaryByteCount: 0)
    // The fewest items that leave at most the full summary's length to the summary.
    var items = 0
    while byteCount - parts.byteCount(itemCount: items, summaryByteCount: 0) > fullSummary { items += 1 }
    let summary = byteCount - parts.byteCount(itemCount: items, summaryByteCount: 0)
    bytes = parts.bytes(itemCount: items, summaryByteCount: summary)
    value = parts.value(itemCount: items, summaryByteCount: summary)
    summaryByteCount = summary
    precondition(bytes.count == byteCount, "the document is \(bytes.count) bytes, not \(byteCount)")
  }

  /// The size of the full answer: 32 KiB.
  static let fullByteCount = 32 << 10

  /// The full answer.
  static var full: PartialAnswerDocument { PartialAnswerDocument(byteCount: fullByteCount) }

  /// The pieces the documents are made of, written once.
  private struct Parts {
    static let shared = Parts()

    /// The title, with an em dash.
    let title = "Release readiness review — storage tier, week 14"
    /// The summary's pieces, as JSON text (between the quotes) and as the text it decodes to.
    let summaryPieces: [(json: String, text: String)]
    /// Each item, and its JSON text.
    let items: [(value: PartialAnswer.Item, json: String)]
    let meta = PartialAnswer.Meta(
      model: "flex-answer-7b-instruct", requestId: "req_01J9ZK3V6Q8W2M4T7Y5B1N0C", finishReason: "stop",
      promptTokens: 1_874, completionTokens: 9_216, latencySeconds: 14.625)

    init() {
      var state: UInt64 = 0x5EED_CAFE
      func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: state >> 33)
      }
      let words = [
        "the", "rollout", "of", "shard", "replicas", "was", "held", "after", "latency", "rose", "on", "write",
        "path", "and", "compaction", "backlog", "grew", "while", "caches", "stayed", "warm", "naïve", "café",
        "retries", "→", "recovered", "within", "budget", "🙂",
      ]
      // Escapes and breaks, as JSON text and as text.
      let specials: [(json: String, text: String)] = [
        (#"\n"#, "\n"), (#"\n\n- "#, "\n\n- "), (#" \"quoted\" "#, " \"quoted\" "), (#"\t"#, "\t"),
        (#" r\u00e9sum\u00e9 "#, " résumé "), (#". "#, ". "),
      ]
      var pieces: [(json: String, text: String)] = []
      var length = 0
      while length < 16 << 10 {
        let piece: (json: String, text: String)
        if next() % 8 == 0 {
          piece = specials[next() % specials.count]
        } else {
          let word = words[next() % words.count] + " "
          piece = (word, word)
        }
        pieces.append(piece)
        length += piece.json.utf8.count
      }
      summaryPieces = pieces

      let verbs = ["Check", "Migrate", "Document", "Benchmark", "Roll back", "Review", "Rotate", "Drain"]
      let objects = [
        "the cache eviction policy", "the replica placement rules", "the compaction schedule",
        "the write-ahead log retention", "the TLS certificates", "the canary dashboards",
      ]
      let deadlines = ["Monday freeze", "release candidate", "capacity review", "quarterly audit"]
      let tags = ["infra", "p1", "p2", "storage", "follow-up", "blocked", "on-call", "owner:ops"]
      items = (0..<PartialAnswerDocument.itemCount).map { index in
        let item = PartialAnswer.Item(
          id: 1_000 + index,
          name: "\(verbs[next() % verbs.count]) \(objects[next() % objects.count]) for shard \(next() % 64) "
            + "before the \(deadlines[next() % deadlines.count])",
          score: Double(next() % 100_000) / 1_000,
          tags: (0..<(1 + next() % 3)).map { _ in tags[next() % tags.count] }, done: next() % 3 == 0)
        let tagList = item.tags.map { "\"\($0)\"" }.joined(separator: ", ")
        // Three decimals at most, written as Swift prints the double (the shortest that reads back).
        let json =
          "{\"id\": \(item.id), \"name\": \"\(item.name)\", \"score\": \(item.score), \"tags\": [\(tagList)], "
          + "\"done\": \(item.done)}"
        return (item, json)
      }
    }

    /// The summary's JSON text of exactly `byteCount` bytes: whole pieces while they fit, then
    /// dots.
    func summary(byteCount: Int) -> (json: String, text: String) {
      var json = ""
      var text = ""
      var length = 0
      for piece in summaryPieces {
        let size = piece.json.utf8.count
        guard length + size <= byteCount else { break }
        json += piece.json
        text += piece.text
        length += size
      }
      let dots = String(repeating: ".", count: byteCount - length)
      return (json + dots, text + dots)
    }

    func bytes(itemCount: Int, summaryByteCount: Int) -> [UInt8] {
      let itemList = items[..<itemCount].map(\.json).joined(separator: ", ")
      let meta =
        "{\"model\": \"\(meta.model)\", \"request_id\": \"\(meta.requestId)\", \"finish_reason\": "
        + "\"\(meta.finishReason ?? "")\", \"prompt_tokens\": \(meta.promptTokens), \"completion_tokens\": "
        + "\(meta.completionTokens), \"latency_seconds\": \(meta.latencySeconds)}"
      let text =
        "{\"title\": \"\(title)\", \"summary\": \"\(summary(byteCount: summaryByteCount).json)\", "
        + "\"items\": [\(itemList)], \"meta\": \(meta)}"
      return Array(text.utf8)
    }

    func byteCount(itemCount: Int, summaryByteCount: Int) -> Int {
      bytes(itemCount: itemCount, summaryByteCount: summaryByteCount).count
    }

    func value(itemCount: Int, summaryByteCount: Int) -> PartialAnswer {
      PartialAnswer(
        title: title, summary: summary(byteCount: summaryByteCount).text, items: items[..<itemCount].map(\.value),
        meta: meta)
    }
  }
}
