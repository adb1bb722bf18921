/// Models of `twitter.json`: one page of Twitter v1.1 search results.
///
/// Decode with `try JSONDecoder().decode(TwitterTimeline.self, from: data)`. Ids are `Int64`
/// because they exceed 2^53 and must not pass through `Double`.

// MARK: - Timeline

/// The whole document: the matching statuses and the search's bookkeeping.
public struct TwitterTimeline: Codable, Equatable, Sendable {
  /// The statuses, newest first.
  public var statuses: [TwitterStatus]
  /// How the search ran and how to page on.
  public var searchMetadata: TwitterSearchMetadata

  enum CodingKeys: String, CodingKey {
    case statuses
    case searchMetadata = "search_metadata"
  }
}

/// How a search ran and how to fetch the next page.
public struct TwitterSearchMetadata: Codable, Equatable, Sendable {
  /// Seconds the search took.
  public var completedIn: Double
  /// The largest status id in the page.
  public var maxID: Int64
  /// `maxID` as a string.
  public var maxIDString: String
  /// The query string for the next (older) page.
  public var nextResults: String
  /// The percent-encoded search query.
  public var query: String
  /// The query string for newer results.
  public var refreshURL: String
  /// The requested page size.
  public var count: Int
  /// The smallest status id asked for (0 for none).
  public var sinceID: Int64
  /// `sinceID` as a string.
  public var sinceIDString: String

  enum CodingKeys: String, CodingKey {
    case completedIn = "completed_in"
    case maxID = "max_id"
    case maxIDString = "max_id_str"
    case nextResults = "next_results"
    case query
    case refreshURL = "refresh_url"
    case count
    case sinceID = "since_id"
    case sinceIDString = "since_id_str"
  }
}

// MARK: - Statuses

/// A tweet in the search results, possibly a retweet of another.
public struct TwitterStatus: Codable, Equatable, Sendable {
  /// Search metadata for this status.
  public var metadata: TwitterStatusMetadata
  /// When the status was posted, as `Sun Aug 31 00:29:15 +0000 2014`.
  public var createdAt: String
  /// The status id.
  public var id: Int64
  /// `id` as a string.
  public var idString: String
  /// The text of the status.
  public var text: String
  /// The posting client, as an HTML link.
  public var source: String
  /// Whether the text was cut short.
  public var truncated: Bool
  /// The id of the status this one replies to.
  public var inReplyToStatusID: Int64?
  /// `inReplyToStatusID` as a string.
  public var inReplyToStatusIDString: String?
  /// The id of the user this status replies to.
  public var inReplyToUserID: Int64?
  /// `inReplyToUserID` as a string.
  public var inReplyToUserIDString: String?
  /// The screen name of the user this status replies to.
  public var inReplyToScreenName: String?
  /// The author.
  public var user: TwitterUser
  /// Always `null` in the corpus.
  public var geo: UnobservedValue?
  /// Always `null` in the corpus.
  public var coordinates: UnobservedValue?
  /// Always `null` in the corpus.
  public var place: UnobservedValue?
  /// Always `null` in the corpus.
  public var contributors: UnobservedValue?
  /// The original status, when this one is a retweet.
  public var retweetedStatus: TwitterRetweetedStatus?
  /// How often the status was retweeted.
  public var retweetCount: Int
  /// How often the status was liked.
  public var favoriteCount: Int
  /// Hashtags, links, mentions and media in the text.
  public var entities: TwitterStatusEntities
  /// Whether the requesting user liked the status.
  public var favorited: Bool
  /// Whether the requesting user retweeted the status.
  public var retweeted: Bool
  /// Whether a link in the status may be sensitive; present only for statuses with links.
  public var possiblySensitive: Bool?
  /// The detected language code of the text.
  public var lang: String

  enum CodingKeys: String, CodingKey {
    case metadata
    case createdAt = "created_at"
    case id
    case idString = "id_str"
    case text
    case source
    case truncated
    case inReplyToStatusID = "in_reply_to_status_id"
    case inReplyToStatusIDString = "in_reply_to_status_id_str"
    case inReplyToUserID = "in_reply_to_user_id"
    case inReplyToUserIDString = "in_reply_to_user_id_str"
    case inReplyToScreenName = "in_reply_to_screen_name"
    case user
    case geo
    case coordinates
    case place
    case contributors
    case retweetedStatus = "retweeted_status"
    case retweetCount = "retweet_count"
    case favoriteCount = "favorite_count"
    case entities
    case favorited
    case retweeted
    case possiblySensitive = "possibly_sensitive"
    case lang
  }
}

/// The original of a retweet: a `TwitterStatus` without a `retweeted_status` of its own.
///
/// A separate type because a struct cannot contain itself.
public struct TwitterRetweetedStatus: Codable, Equatable, Sendable {
  /// Search metadata for this status.
  public var metadata: TwitterStatusMetadata
  /// When the status was posted, as `Sat Aug 30 23:49:35 +0000 2014`.
  public var createdAt: String
  /// The status id.
  public var id: Int64
  /// `id` as a string.
  public var idString: String
  /// The text of the status.
  public var text: String
  /// The posting client, as an HTML link.
  public var source: String
  /// Whether the text was cut short.
  public var truncated: Bool
  /// The id of the status this one replies to.
  public var inReplyToStatusID: Int64?
  /// `inReplyToStatusID` as a string.
  public var inReplyToStatusIDString: String?
  /// The id of the user this status replies to.
  public var inReplyToUserID: Int64?
  /// `inReplyToUserID` as a string.
  public var inReplyToUserIDString: String?
  /// The screen name of the user this status replies to.
  public var inReplyToScreenName: String?
  /// The author.
  public var user: TwitterUser
  /// Always `null` in the corpus.
  public var geo: UnobservedValue?
  /// Always `null` in the corpus.
  public var coordinates: UnobservedValue?
  /// Always `null` in the corpus.
  public var place: UnobservedValue?
  /// Always `null` in the corpus.
  public var contributors: UnobservedValue?
  /// How often the status was retweeted.
  public var retweetCount: Int
  /// How often the status was liked.
  public var favoriteCount: Int
  /// Hashtags, links, mentions and media in the text.
  public var entities: TwitterStatusEntities
  /// Whether the requesting user liked the status.
  public var favorited: Bool
  /// Whether the requesting user retweeted the status.
  public var retweeted: Bool
  /// Whether a link in the status may be sensitive; present only for statuses with links.
  public var possiblySensitive: Bool?
  /// The detected language code of the text.
  public var lang: String

  enum CodingKeys: String, CodingKey {
    case metadata
    case createdAt = "created_at"
    case id
    case idString = "id_str"
    case text
    case source
    case truncated
    case inReplyToStatusID = "in_reply_to_status_id"
    case inReplyToStatusIDString = "in_reply_to_status_id_str"
    case inReplyToUserID = "in_reply_to_user_id"
    case inReplyToUserIDString = "in_reply_to_user_id_str"
    case inReplyToScreenName = "in_reply_to_screen_name"
    case user
    case geo
    case coordinates
    case place
    case contributors
    case retweetCount = "retweet_count"
    case favoriteCount = "favorite_count"
    case entities
    case favorited
    case retweeted
    case possiblySensitive = "possibly_sensitive"
    case lang
  }
}

/// Why a status is in the search results.
public struct TwitterStatusMetadata: Codable, Equatable, Sendable {
  /// The kind of result, such as `recent`.
  public var resultType: String
  /// The ISO 639-1 language code of the text.
  public var isoLanguageCode: String

  enum CodingKeys: String, CodingKey {
    case resultType = "result_type"
    case isoLanguageCode = "iso_language_code"
  }
}

// MARK: - Entities

/// The entities found in a status's text.
public struct TwitterStatusEntities: Codable, Equatable, Sendable {
  /// Hashtags.
  public var hashtags: [TwitterHashtag]
  /// Cashtags; always empty in the corpus.
  public var symbols: [UnobservedValue]
  /// Links.
  public var urls: [TwitterURL]
  /// Mentioned users.
  public var userMentions: [TwitterUserMention]
  /// Attached photos; absent when there are none.
  public var media: [TwitterMedia]?

  enum CodingKeys: String, CodingKey {
    case hashtags
    case symbols
    case urls
    case userMentions = "user_mentions"
    case media
  }
}

/// A hashtag in a status's text.
public struct TwitterHashtag: Codable, Equatable, Sendable {
  /// The hashtag without its `#`.
  public var text: String
  /// The start and end offsets of the hashtag in the text.
  public var indices: [Int]
}

/// A shortened link and where it points.
public struct TwitterURL: Codable, Equatable, Sendable {
  /// The t.co link as it appears in the text.
  public var url: String
  /// The full destination.
  public var expandedURL: String
  /// The destination as shown to readers.
  public var displayURL: String
  /// The start and end offsets of the link in the text.
  public var indices: [Int]

  enum CodingKeys: String, CodingKey {
    case url
    case expandedURL = "expanded_url"
    case displayURL = "display_url"
    case indices
  }
}

/// A user mentioned in a status's text.
public struct TwitterUserMention: Codable, Equatable, Sendable {
  /// The user's screen name, without its `@`.
  public var screenName: String
  /// The user's display name.
  public var name: String
  /// The user's id.
  public var id: Int64
  /// `id` as a string.
  public var idString: String
  /// The start and end offsets of the mention in the text.
  public var indices: [Int]

  enum CodingKeys: String, CodingKey {
    case screenName = "screen_name"
    case name
    case id
    case idString = "id_str"
    case indices
  }
}

/// A photo attached to a status.
public struct TwitterMedia: Codable, Equatable, Sendable {
  /// The media id.
  public var id: Int64
  /// `id` as a string.
  public var idString: String
  /// The start and end offsets of the media link in the text.
  public var indices: [Int]
  /// The image over HTTP.
  public var mediaURL: String
  /// The image over HTTPS.
  public var mediaURLHTTPS: String
  /// The t.co link as it appears in the text.
  public var url: String
  /// The link as shown to readers.
  public var displayURL: String
  /// The full link to the photo page.
  public var expandedURL: String
  /// The media kind, such as `photo`.
  public var type: String
  /// The available renditions.
  public var sizes: TwitterMediaSizes
  /// The status that first carried the media, when this one reuses it.
  public var sourceStatusID: Int64?
  /// `sourceStatusID` as a string.
  public var sourceStatusIDString: String?

  enum CodingKeys: String, CodingKey {
    case id
    case idString = "id_str"
    case indices
    case mediaURL = "media_url"
    case mediaURLHTTPS = "media_url_https"
    case url
    case displayURL = "display_url"
    case expandedURL = "expanded_url"
    case type
    case sizes
    case sourceStatusID = "source_status_id"
    case sourceStatusIDString = "source_status_id_str"
  }
}

/// The renditions of a photo.
public struct TwitterMediaSizes: Codable, Equatable, Sendable {
  /// The medium rendition.
  public var medium: TwitterMediaSize
  /// The small rendition.
  public var small: TwitterMediaSize
  /// The square thumbnail.
  public var thumb: TwitterMediaSize
  /// The large rendition.
  public var large: TwitterMediaSize
}

/// One rendition of a photo.
public struct TwitterMediaSize: Codable, Equatable, Sendable {
  /// The width in pixels.
  public var w: Int
  /// The height in pixels.
  public var h: Int
  /// How the image was scaled: `fit` or `crop`.
  public var resize: String
}

// MARK: - Users

/// A Twitter account, as embedded in each status.
public struct TwitterUser: Codable, Equatable, Sendable {
  /// The user id.
  public var id: Int64
  /// `id` as a string.
  public var idString: String
  /// The display name.
  public var name: String
  /// The handle, without its `@`.
  public var screenName: String
  /// The free-text location; often empty.
  public var location: String
  /// The profile bio.
  public var description: String
  /// The profile link, as a t.co URL.
  public var url: String?
  /// Links in the profile link and bio.
  public var entities: TwitterUserEntities
  /// Whether the account's statuses are private.
  public var protected: Bool
  /// How many accounts follow this one.
  public var followersCount: Int
  /// How many accounts this one follows.
  public var friendsCount: Int
  /// How many lists include this account.
  public var listedCount: Int
  /// When the account was created, as `Sat Feb 16 13:40:25 +0000 2013`.
  public var createdAt: String
  /// How many statuses the account liked (British spelling, as in the API).
  public var favouritesCount: Int
  /// The UTC offset in seconds.
  public var utcOffset: Int?
  /// The time zone name.
  public var timeZone: String?
  /// Whether the account geotags its statuses.
  public var geoEnabled: Bool
  /// Whether the account is verified.
  public var verified: Bool
  /// How many statuses the account posted.
  public var statusesCount: Int
  /// The interface language code.
  public var lang: String
  /// Whether the account allows contributors.
  public var contributorsEnabled: Bool
  /// Whether the account is a translator.
  public var isTranslator: Bool
  /// Whether translation is enabled for the account.
  public var isTranslationEnabled: Bool
  /// The profile background color, as hex digits without `#`.
  public var profileBackgroundColor: String
  /// The profile background image over HTTP.
  public var profileBackgroundImageURL: String
  /// The profile background image over HTTPS.
  public var profileBackgroundImageURLHTTPS: String
  /// Whether the background image is tiled.
  public var profileBackgroundTile: Bool
  /// The avatar over HTTP.
  public var profileImageURL: String
  /// The avatar over HTTPS.
  public var profileImageURLHTTPS: String
  /// The profile banner; absent when none is set.
  public var profileBannerURL: String?
  /// The link color, as hex digits.
  public var profileLinkColor: String
  /// The sidebar border color, as hex digits.
  public var profileSidebarBorderColor: String
  /// The sidebar fill color, as hex digits.
  public var profileSidebarFillColor: String
  /// The text color, as hex digits.
  public var profileTextColor: String
  /// Whether the background image is shown.
  public var profileUseBackgroundImage: Bool
  /// Whether the profile uses the default theme.
  public var defaultProfile: Bool
  /// Whether the avatar is the default egg.
  public var defaultProfileImage: Bool
  /// Whether the requesting user follows this one.
  public var following: Bool
  /// Whether the requesting user asked to follow this one.
  public var followRequestSent: Bool
  /// Whether the requesting user gets notifications from this one.
  public var notifications: Bool

  enum CodingKeys: String, CodingKey {
    case id
    case idString = "id_str"
    case name
    case screenName = "screen_name"
    case location
    case description
    case url
    case entities
    case protected
    case followersCount = "followers_count"
    case friendsCount = "friends_count"
    case listedCount = "listed_count"
    case createdAt = "created_at"
    case favouritesCount = "favourites_count"
    case utcOffset = "utc_offset"
    case timeZone = "time_zone"
    case geoEnabled = "geo_enabled"
    case verified
    case statusesCount = "statuses_count"
    case lang
    case contributorsEnabled = "contributors_enabled"
    case isTranslator = "is_translator"
    case isTranslationEnabled = "is_translation_enabled"
    case profileBackgroundColor = "profile_background_color"
    case profileBackgroundImageURL = "profile_background_image_url"
    case profileBackgroundImageURLHTTPS = "profile_background_image_url_https"
    case profileBackgroundTile = "profile_background_tile"
    case profileImageURL = "profile_image_url"
    case profileImageURLHTTPS = "profile_image_url_https"
    case profileBannerURL = "profile_banner_url"
    case profileLinkColor = "profile_link_color"
    case profileSidebarBorderColor = "profile_sidebar_border_color"
    case profileSidebarFillColor = "profile_sidebar_fill_color"
    case profileTextColor = "profile_text_color"
    case profileUseBackgroundImage = "profile_use_background_image"
    case defaultProfile = "default_profile"
    case defaultProfileImage = "default_profile_image"
    case following
    case followRequestSent = "follow_request_sent"
    case notifications
  }
}

/// The links in a user's profile.
public struct TwitterUserEntities: Codable, Equatable, Sendable {
  /// Links in the profile link; absent when the profile has none.
  public var url: TwitterURLEntities?
  /// Links in the bio.
  public var description: TwitterURLEntities
}

/// A list of links found in one profile field.
public struct TwitterURLEntities: Codable, Equatable, Sendable {
  /// The links.
  public var urls: [TwitterURL]
}
