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

  // MARK: - gsoc-2018.json

  @Test func decodesGSoC2018WithJSONDecoder() throws {
    let data = try CorpusFile.gsoc2018.load()
    let projects = try JSONDecoder().decode([String: GSoCProject].self, from: data)

    #expect(projects.count == 1264)
    #expect(Set(projects.keys) == Set((0..<1264).map(String.init)))
    #expect(Set(projects.values.map(\.sponsor.name)).count == 206)

    let first = try #require(projects["0"])
    #expect(first.context == URL(string: "http://schema.org"))
    #expect(first.type == .softwareSourceCode)
    #expect(first.name == "Instructor Interface for Plagiarism Detection")
    #expect(first.description.hasSuffix("extending the language support to further include Matlab."))
    #expect(first.author.type == .person)
    #expect(first.author.name == "Tushar Gurjar")
    #expect(first.sponsor.type == .organization)
    #expect(first.sponsor.name == "Submitty")
    #expect(first.sponsor.url == URL(string: "http://submitty.org"))
    #expect(first.sponsor.logo.absoluteString.hasPrefix("//lh3.googleusercontent.com/FLRWAXOdIRaYKzSA7YU"))
    // Written with `\n` and `\u2019` escapes.
    #expect(first.sponsor.description.contains("hosted on GitHub.  https://github.com/Submitty/\n\nKey Features\n"))
    #expect(first.sponsor.description.contains("flexible ``late day\u{2019}\u{2019} policy"))

    let last = try #require(projects["1263"])
    #expect(last.author.name == "Oleg Serikov")
    #expect(last.sponsor.disambiguatingDescription == "Style and grammar checker")

    try expectRoundTripCoversEveryField(projects, source: data)
  }

  // MARK: - instruments.json

  @Test func decodesInstrumentsWithJSONDecoder() throws {
    let data = try CorpusFile.instruments.load()
    let module = try JSONDecoder().decode(TrackerModule.self, from: data)

    #expect(module.name == "epanos")
    #expect(module.version == 1)
    #expect(module.message == nil)
    #expect(module.orderlist == nil)
    #expect(module.instruments.count == 63)
    #expect(module.samples.count == 70)
    #expect(module.patterns.count == 240)

    let instrument = module.instruments[1]
    #expect(instrument.defaultFilterCutoff == 44)
    #expect(instrument.defaultFilterCutoffEnabled)
    #expect(instrument.defaultFilterMode == .highPass)
    #expect(instrument.newNoteAction == .cut)
    #expect(instrument.pitchPanCenter == 60)
    #expect(instrument.noteMap == nil)
    #expect(instrument.volumeEnvelope.nodes.map { [$0.tick, $0.value] } == [[0, 64], [11, 64], [37, 2], [58, 0]])
    #expect(instrument.volumeEnvelope.releaseNode == 255)
    #expect(module.instruments[0].defaultFilterMode == .unchanged)

    let sample = module.samples[1]
    #expect(sample.legacyFilename == "Nr-14.wav")
    #expect(sample.c5Samplerate == 49_492)
    #expect(sample.length == 360)
    #expect(sample.loopStart == 98)
    #expect(sample.vibratoType == .sine)

    #expect(module.patterns[0].name == "reset")
    #expect(module.patterns[0].rows == 32)
    #expect(module.patterns[0].data == nil)
    let cell = try #require(module.patterns[2].data?.first)
    #expect(module.patterns[2].data?.count == 1)
    #expect([cell.row, cell.channel, cell.note, cell.instr] as [Int] == [0, 0, 254, 0])
    #expect([cell.volcmd, cell.volval, cell.fxcmd, cell.fxparam] as [Int] == [0, 0, 0, 0])

    try expectRoundTripCoversEveryField(module, source: data)
  }

  // MARK: - update-center.json

  @Test func decodesUpdateCenterWithJSONDecoder() throws {
    let data = try CorpusFile.updateCenter.load()
    let center = try JSONDecoder().decode(JenkinsUpdateCenter.self, from: data)

    #expect(center.connectionCheckURL == URL(string: "http://www.google.com/"))
    #expect(center.id == "default")
    #expect(center.updateCenterVersion == "1")
    #expect(center.core.version == "1.498")
    #expect(center.core.buildDate == "Jan 07, 2013")
    #expect(center.core.url == URL(string: "http://updates.jenkins-ci.org/download/war/1.498/jenkins.war"))
    #expect(center.signature.certificates.count == 1)
    #expect(center.signature.correctDigest == "+df0KPa3c0veuRdkXz2aGqxDIQs=")
    #expect(center.plugins.count == 654)
    #expect(center.plugins.allSatisfy { $0.key == $0.value.name })

    let git = try #require(center.plugins["git"])
    #expect(git.title == "Git Plugin")
    #expect(git.version == "1.1.26")
    #expect(git.previousVersion == "1.1.25")
    #expect(git.releaseTimestamp == "2012-11-14T03:01:00.00Z")
    #expect(git.labels == ["scm"])
    #expect(git.wiki == URL(string: "https://wiki.jenkins-ci.org/display/JENKINS/Git+Plugin"))
    #expect(git.excerpt.hasPrefix("This plugin allows use of <a href='http://git-scm.com/'>Git</a>"))
    #expect(git.dependencies.map(\.name) == ["multiple-scms", "parameterized-trigger", "token-macro"])
    #expect(git.dependencies.allSatisfy { $0.optional })
    #expect(git.dependencies.first?.version == "0.2")
    #expect(git.developers.first?.developerID == "kohsuke")
    #expect(git.developers.first?.email == nil)
    #expect(git.developers.last?.email == "nicolas.deloof@gmail.com")
    #expect(center.plugins["bugzilla"]?.developers.first?.developerID == nil)

    #expect(center.plugins["ColumnPack-plugin"]?.labels == nil)
    #expect(center.plugins["clearcase"]?.compatibleSinceVersion != nil)

    try expectRoundTripCoversEveryField(center, source: data)
  }

  // MARK: - mesh.json

  @Test func decodesMeshWithJSONDecoder() throws {
    let data = try CorpusFile.mesh.load()
    let mesh = try JSONDecoder().decode(Mesh.self, from: data)

    let batch = try #require(mesh.batches.first)
    #expect(mesh.batches.count == 1)
    #expect(batch.indexRange == [0, 33_408])
    #expect(batch.vertexRange == [0, 3_600])
    #expect(batch.usedBones == [22])
    #expect(mesh.positions.count == 10_800)
    #expect(mesh.positions.prefix(3) == [-0.0636837780476, 2.34647130966, 0.0452156066895])
    #expect(mesh.tex0.count == 7_200)
    #expect(mesh.colors.count == 3_600)
    #expect(mesh.colors.first == 4_278_190_080)
    #expect(mesh.influences.count == 3_600)
    #expect(mesh.influences.allSatisfy { $0 == [1, 0] })
    #expect(mesh.normals.count == 10_800)
    #expect(mesh.indices.count == 33_408)
    #expect(mesh.indices.last == 3_597)

    try expectRoundTripCoversEveryField(mesh, source: data)
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
