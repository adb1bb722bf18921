// Models of small API responses, written as an app developer writes them: optionals, a String
// enum, URLs, nested types, a generic page.

import Foundation

/// `{"id":1,"name":"x"}`: the smallest useful response.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct Tag: Codable, Equatable {
  let id: Int
  let name: String
}

/// A user profile of fifteen properties, about 400 bytes of JSON.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct UserProfile: Codable, Equatable {
  /// A closed set of roles, sent as strings.
  enum Role: String, Codable {
    case member, moderator, admin
  }

  let id: Int
  let login: String
  let displayName: String
  let email: String?
  let avatarUrl: URL
  let homepageUrl: URL?
  let followerCount: Int
  let followingCount: Int
  let isVerified: Bool
  let role: Role
  let reputationScore: Double
  let bio: String?
  let location: String?
  let createdAt: String
  let favoriteTags: [String]

  /// A profile whose values vary with `seed`.
  static func sample(_ seed: Int) -> UserProfile {
    UserProfile(
      id: 1_000_000 + seed, login: "octo\(seed)", displayName: "Octo Cat \(seed)", email: "octo\(seed)@example.com",
      avatarUrl: URL(string: "https://avatars.example.com/u/\(seed)?v=4")!,
      homepageUrl: seed.isMultiple(of: 2) ? URL(string: "https://octo\(seed).example.org") : nil,
      followerCount: 1_234 + seed, followingCount: 56, isVerified: seed.isMultiple(of: 3),
      role: [.member, .moderator, .admin][seed % 3], reputationScore: 4.25 + Double(seed),
      bio: "Building things with Swift. Coffee, cats and JSON.", location: seed.isMultiple(of: 2) ? "Lisbon" : nil,
      createdAt: "2021-06-0\(seed % 9 + 1)T08:15:30Z", favoriteTags: ["swift", "json", "codable"])
  }
}

/// A catalogue item, the element of a page.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct CatalogItem: Codable, Equatable {
  let id: Int
  let title: String
  let price: Double
  let inStock: Bool
}

/// A page of results, as list endpoints return them.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct Page<Item: Codable & Equatable>: Codable, Equatable {
  let page: Int
  let perPage: Int
  let totalCount: Int
  let items: [Item]
}

/// `{"data": …}`: a response wrapped in a single-key envelope.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct Envelope<Payload: Codable & Equatable>: Codable, Equatable {
  let data: Payload
}

/// An error response: `{"error": {"code": …, "message": …, "status": …}}`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct ErrorResponse: Codable, Equatable {
  /// The error object.
  struct Body: Codable, Equatable {
    let code: String
    let message: String
    let status: Int
    let requestId: String?
  }

  let error: Body
}

/// `{}` into a type with no properties: the fixed cost of one call.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct Nothing: Codable, Equatable {}
