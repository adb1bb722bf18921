import CorpusModels
import Foundation
import Testing

/// Decodes each corpus file into its models with Foundation's `JSONDecoder`, checks known values,
/// and proves the models cover every field by round-tripping through `JSONEncoder`.
@Suite("Corpus models")
struct CorpusModelsTests {
  // MARK: - twitter.json

  @Test func decodesTwitterWithJSONDecoder() throws {
    let data = try CorpusFile.twitter.load()
    let timeline = try JSONDecoder().decode(TwitterTimeline.self, from: data)

    #expect(timeline.statuses.count == 100)
    #expect(timeline.searchMetadata.completedIn == 0.087)
    #expect(timeline.searchMetadata.count == 100)
    // The file writes this id rounded through a double; the string keeps the real one.
    #expect(timeline.searchMetadata.maxID == 505_874_924_095_815_700)
    #expect(timeline.searchMetadata.maxIDString == "505874924095815681")

    let first = try #require(timeline.statuses.first)
    #expect(first.id == 505_874_924_095_815_681)
    #expect(first.idString == "505874924095815681")
    #expect(first.user.screenName == "ayuu0123")
    #expect(first.user.name == "AYUMI")
    #expect(first.entities.userMentions.first?.name == "前田あゆみ")
    #expect(first.entities.userMentions.first?.indices == [0, 9])
    #expect(first.retweetedStatus == nil)
    #expect(first.geo == nil)

    let retweet = try #require(timeline.statuses[1].retweetedStatus)
    #expect(retweet.id == 505_864_943_636_197_376)
    #expect(retweet.user.screenName == "KATANA77")

    let media = try #require(timeline.statuses[1].entities.media?.first)
    #expect(media.id == 505_864_942_575_034_369)
    #expect(media.sourceStatusIDString == "505864943636197376")
    #expect(media.sizes.thumb.w == 150)
    #expect(media.sizes.thumb.resize == "crop")

    try expectRoundTripCoversEveryField(timeline, source: data)
  }

  // MARK: - citm_catalog.json

  @Test func decodesCitmCatalogWithJSONDecoder() throws {
    let data = try CorpusFile.citmCatalog.load()
    let catalog = try JSONDecoder().decode(CitmCatalog.self, from: data)

    #expect(catalog.events.count == 184)
    #expect(catalog.performances.count == 243)
    #expect(catalog.areaNames.count == 17)
    #expect(catalog.seatCategoryNames.count == 64)
    #expect(catalog.blockNames.isEmpty)
    #expect(catalog.venueNames == ["PLEYEL_PLEYEL": "Salle Pleyel"])
    #expect(catalog.topicSubTopics["324846098"] == [337_184_299])

    let event = try #require(catalog.events["138586341"])
    #expect(event.id == 138_586_341)
    #expect(event.name == "30th Anniversary Tour")
    #expect(event.subTopicIds == [337_184_269, 337_184_283])
    #expect(event.logo == nil)

    let performance = try #require(catalog.performances.first)
    #expect(performance.id == 339_887_544)
    #expect(performance.eventId == 138_586_341)
    #expect(performance.start == 1_372_701_600_000)
    #expect(performance.prices.first?.amount == 90_250)
    #expect(performance.seatCategories.first?.areas.count == 11)
    #expect(performance.seatCategories.first?.areas.first?.areaId == 205_705_999)

    try expectRoundTripCoversEveryField(catalog, source: data)
  }

  // MARK: - canada.json

  @Test func decodesCanadaWithJSONDecoder() throws {
    let data = try CorpusFile.canada.load()
    let collection = try JSONDecoder().decode(CanadaFeatureCollection.self, from: data)

    #expect(collection.type == "FeatureCollection")
    let feature = try #require(collection.features.first)
    #expect(collection.features.count == 1)
    #expect(feature.properties.name == "Canada")
    #expect(feature.geometry.type == "Polygon")

    let rings = feature.geometry.coordinates
    #expect(rings.count == 480)
    #expect(rings.reduce(0) { $0 + $1.count } == 55_563)
    #expect(rings.allSatisfy { ring in ring.allSatisfy { $0.count == 2 } })
    #expect(rings[0][0] == [-65.613616999999977, 43.420273000000009])
    // Written as `[-60.640282000000013,47]`: an integer where a double is expected.
    #expect(rings[8][268] == [-60.640282000000013, 47])

    try expectRoundTripCoversEveryField(collection, source: data)
  }

  // MARK: - github_events.json

  @Test func decodesGitHubEventsWithJSONDecoder() throws {
    let data = try CorpusFile.githubEvents.load()
    let events = try JSONDecoder().decode([GitHubEvent].self, from: data)

    #expect(events.count == 30)
    let push = try #require(events.first)
    #expect(push.id == "1652857722")
    #expect(push.type == "PushEvent")
    #expect(push.actor.login == "jathanism")
    #expect(push.repo.name == "jathanism/trigger")
    #expect(push.payload.commits?.first?.sha == "05570a3080693f6e55244e012b3b1ec59516c01b")
    #expect(push.payload.commits?.first?.author.email == "jathanism@aol.com")

    let fork = try #require(events[2].payload.forkee)
    #expect(fork.fullName == "rtlong/digiusb.rb")
    #expect(fork.owner.login == "rtlong")
    #expect(fork.homepage == nil)

    let issue = try #require(events[11].payload.issue)
    #expect(issue.number == 27)
    #expect(issue.assignee?.login == "imsky")
    #expect(events[7].org?.login == "pmsipilot")

    try expectRoundTripCoversEveryField(events, source: data)
  }

  // MARK: - apache_builds.json

  @Test func decodesApacheBuildsWithJSONDecoder() throws {
    let data = try CorpusFile.apacheBuilds.load()
    let builds = try JSONDecoder().decode(ApacheBuilds.self, from: data)

    #expect(builds.jobs.count == 875)
    #expect(builds.jobs.first?.name == "Abdera-trunk")
    #expect(builds.jobs.last?.color == "aborted_anime")
    #expect(builds.views.count == 4)
    #expect(builds.views[1].name == "CloudStack")
    #expect(builds.views[1].url == "https://builds.apache.org/view/CloudStack/")
    #expect(builds.primaryView.url == "https://builds.apache.org/")
    #expect(builds.mode == "EXCLUSIVE")
    #expect(builds.assignedLabels.count == 1)
    #expect(builds.useCrumbs)

    try expectRoundTripCoversEveryField(builds, source: data)
  }

  // MARK: - Helpers

  /// Re-encodes `value` with `JSONEncoder`, decodes it again and expects the same value; then
  /// expects the re-encoded document to have every key path of `source` that is not always `null`,
  /// and no key path that `source` lacks.
  private func expectRoundTripCoversEveryField<Model: Codable & Equatable>(
    _ value: Model,
    source: Data,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let encoded = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(Model.self, from: encoded)
    #expect(decoded == value, "re-decoded model differs", sourceLocation: sourceLocation)

    let original = try JSONKeyPathSet(parsing: source)
    let reencoded = try JSONKeyPathSet(parsing: encoded)
    let missing = original.valued.subtracting(reencoded.all)
    let invented = reencoded.all.subtracting(original.all)
    #expect(
      missing.isEmpty, "fields not covered: \(missing.sorted())", sourceLocation: sourceLocation)
    #expect(
      invented.isEmpty, "fields not in the source: \(invented.sorted())",
      sourceLocation: sourceLocation)
    #expect(!original.valued.isEmpty, sourceLocation: sourceLocation)
  }
}
