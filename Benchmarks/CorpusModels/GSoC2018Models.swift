import Foundation

/// Models of `gsoc-2018.json`: the 1,264 projects of Google Summer of Code 2018, as schema.org
/// JSON-LD.
///
/// Decode with `try JSONDecoder().decode([String: GSoCProject].self, from: data)`; the document is
/// one object keyed by the project's index written as a string (`"0"` to `"1263"`). Most of the
/// file's 3.3 MB is long description text (Markdown with `\n` and `\u2019` escapes). The JSON-LD
/// keys `@context` and `@type` are renamed with `CodingKeys`.

// MARK: - Projects

/// One student project: what it is, who wrote it and which organization mentored it.
public struct GSoCProject: Codable, Equatable, Sendable {
  /// The JSON-LD vocabulary, `http://schema.org` throughout.
  public var context: URL
  /// The schema.org type, `SoftwareSourceCode` throughout.
  public var type: SchemaOrgType
  /// The project's title.
  public var name: String
  /// The project's abstract, as plain text.
  public var description: String
  /// The mentoring organization.
  public var sponsor: GSoCOrganization
  /// The student.
  public var author: GSoCPerson

  enum CodingKeys: String, CodingKey {
    case context = "@context"
    case type = "@type"
    case name
    case description
    case sponsor
    case author
  }
}

/// A mentoring organization, repeated in full in each of its projects.
public struct GSoCOrganization: Codable, Equatable, Sendable {
  /// The schema.org type, `Organization` throughout.
  public var type: SchemaOrgType
  /// The organization's name.
  public var name: String
  /// A one-line tagline.
  public var disambiguatingDescription: String
  /// A long description, as Markdown.
  public var description: String
  /// The organization's home page.
  public var url: URL
  /// The organization's logo: a scheme-relative URL such as `//lh3.googleusercontent.com/…`.
  public var logo: URL

  enum CodingKeys: String, CodingKey {
    case type = "@type"
    case name
    case disambiguatingDescription
    case description
    case url
    case logo
  }
}

/// A student.
public struct GSoCPerson: Codable, Equatable, Sendable {
  /// The schema.org type, `Person` throughout.
  public var type: SchemaOrgType
  /// The student's name.
  public var name: String

  enum CodingKeys: String, CodingKey {
    case type = "@type"
    case name
  }
}

// MARK: - Vocabulary

/// The schema.org types the document uses, written as `@type`.
public enum SchemaOrgType: String, Codable, Equatable, Sendable {
  /// A project (`SoftwareSourceCode`).
  case softwareSourceCode = "SoftwareSourceCode"
  /// A mentoring organization.
  case organization = "Organization"
  /// A student.
  case person = "Person"
}
