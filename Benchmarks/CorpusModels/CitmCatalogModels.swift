/// Models of `citm_catalog.json`: a concert hall's season catalog (Salle Pleyel, 2013–14).
///
/// Decode with `try JSONDecoder().decode(CitmCatalog.self, from: data)`. Most top-level members
/// are lookup tables keyed by an id written as a string, so they are `[String: …]` dictionaries.

// MARK: - Catalog

/// The whole document: the events, their performances and the name tables they refer to.
public struct CitmCatalog: Codable, Equatable, Sendable {
  /// Area names by area id.
  public var areaNames: [String: String]
  /// Audience subcategory names (such as "Abonné") by id.
  public var audienceSubCategoryNames: [String: String]
  /// Block names by block id; empty in the corpus.
  public var blockNames: [String: String]
  /// Events by event id.
  public var events: [String: CitmEvent]
  /// Every dated performance of every event.
  public var performances: [CitmPerformance]
  /// Seat category names by seat category id.
  public var seatCategoryNames: [String: String]
  /// Subtopic names by subtopic id.
  public var subTopicNames: [String: String]
  /// Subject names by subject code; empty in the corpus.
  public var subjectNames: [String: String]
  /// Topic names by topic id.
  public var topicNames: [String: String]
  /// The subtopic ids under each topic id.
  public var topicSubTopics: [String: [Int]]
  /// Venue names by venue code (such as `PLEYEL_PLEYEL`).
  public var venueNames: [String: String]
}

// MARK: - Events

/// A show, such as a touring orchestra's programme, that has one or more performances.
public struct CitmEvent: Codable, Equatable, Sendable {
  /// Always `null` in the corpus.
  public var description: String?
  /// The event id; the same as its key in `CitmCatalog.events`.
  public var id: Int
  /// The path of the event's logo image.
  public var logo: String?
  /// The event's title.
  public var name: String
  /// The ids of the subtopics the event belongs to.
  public var subTopicIds: [Int]
  /// Always `null` in the corpus.
  public var subjectCode: String?
  /// Always `null` in the corpus.
  public var subtitle: String?
  /// The ids of the topics the event belongs to.
  public var topicIds: [Int]
}

// MARK: - Performances

/// One dated performance of an event, with its prices and seating.
public struct CitmPerformance: Codable, Equatable, Sendable {
  /// The id of the event performed.
  public var eventId: Int
  /// The performance id.
  public var id: Int
  /// The path of the performance's logo image.
  public var logo: String?
  /// Always `null` in the corpus.
  public var name: String?
  /// The price of each seat category for each audience.
  public var prices: [CitmPrice]
  /// The areas each seat category covers.
  public var seatCategories: [CitmSeatCategory]
  /// Always `null` in the corpus.
  public var seatMapImage: String?
  /// The start time in milliseconds since 1970.
  public var start: Int64
  /// The venue code, a key of `CitmCatalog.venueNames`.
  public var venueCode: String
}

/// The price of one seat category for one audience subcategory.
public struct CitmPrice: Codable, Equatable, Sendable {
  /// The price, as an integer (the corpus gives no unit).
  public var amount: Int
  /// The audience subcategory id.
  public var audienceSubCategoryId: Int
  /// The seat category id.
  public var seatCategoryId: Int
}

/// A seat category and the hall areas it covers.
public struct CitmSeatCategory: Codable, Equatable, Sendable {
  /// The areas in the category.
  public var areas: [CitmArea]
  /// The seat category id.
  public var seatCategoryId: Int
}

/// A hall area within a seat category.
public struct CitmArea: Codable, Equatable, Sendable {
  /// The area id, a key of `CitmCatalog.areaNames`.
  public var areaId: Int
  /// The block ids within the area; always empty in the corpus.
  public var blockIds: [Int]
}
