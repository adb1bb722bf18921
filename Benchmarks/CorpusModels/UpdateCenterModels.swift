import Foundation

/// Models of `update-center.json`: the Jenkins update center of January 2013 (core 1.498 and 654
/// plugins).
///
/// Decode with `try JSONDecoder().decode(JenkinsUpdateCenter.self, from: data)`. Plugins are keyed
/// by their name. Dates are strings in two formats (`Jan 07, 2013` and `2011-03-03T16:49:24.00Z`),
/// which `JSONDecoder`'s default date strategy cannot read, so they stay `String`. Members that
/// only some plugins have are optionals.

// MARK: - Update center

/// The whole document: the core release, every plugin and the signature over them.
public struct JenkinsUpdateCenter: Codable, Equatable, Sendable {
  /// A URL Jenkins fetches to check that it is online.
  public var connectionCheckURL: URL
  /// The latest Jenkins core release.
  public var core: JenkinsCoreRelease
  /// The update site's id, `default`.
  public var id: String
  /// Every plugin's latest release, by plugin name.
  public var plugins: [String: JenkinsPlugin]
  /// The signature over the document.
  public var signature: JenkinsSignature
  /// The format version, `1`.
  public var updateCenterVersion: String

  enum CodingKeys: String, CodingKey {
    case connectionCheckURL = "connectionCheckUrl"
    case core
    case id
    case plugins
    case signature
    case updateCenterVersion
  }
}

/// A release of Jenkins itself.
public struct JenkinsCoreRelease: Codable, Equatable, Sendable {
  /// The build date, such as `Jan 07, 2013`.
  public var buildDate: String
  /// The artifact name, `core`.
  public var name: String
  /// The download's SHA-1, in Base64.
  public var sha1: String
  /// Where to download the WAR file.
  public var url: URL
  /// The version, such as `1.498`.
  public var version: String
}

/// How the document is signed.
public struct JenkinsSignature: Codable, Equatable, Sendable {
  /// The signing certificate chain, each in Base64 DER.
  public var certificates: [String]
  /// The digest of the document, in Base64.
  public var correctDigest: String
  /// The signature of the document, in Base64.
  public var correctSignature: String
  /// The digest computed the legacy way, in Base64.
  public var digest: String
  /// The signature computed the legacy way, in Base64.
  public var signature: String

  enum CodingKeys: String, CodingKey {
    case certificates
    case correctDigest = "correct_digest"
    case correctSignature = "correct_signature"
    case digest
    case signature
  }
}

// MARK: - Plugins

/// The latest release of one plugin.
public struct JenkinsPlugin: Codable, Equatable, Sendable {
  /// The build date, such as `Mar 03, 2011`.
  public var buildDate: String
  /// The oldest version whose settings this release still reads; only when it broke them.
  public var compatibleSinceVersion: String?
  /// The plugins this one needs; often empty.
  public var dependencies: [JenkinsPluginDependency]
  /// The plugin's maintainers.
  public var developers: [JenkinsDeveloper]
  /// A short description, as HTML.
  public var excerpt: String
  /// The Maven coordinates, `group:artifact:version`.
  public var gav: String
  /// The categories the plugin is listed under, such as `report` or `scm`; absent for some.
  public var labels: [String]?
  /// The plugin's name; the same as its key in `JenkinsUpdateCenter.plugins`.
  public var name: String
  /// When the previous release was made, in ISO 8601; absent for a first release.
  public var previousTimestamp: String?
  /// The previous release's version; absent for a first release.
  public var previousVersion: String?
  /// When this release was made, in ISO 8601 (`2011-03-03T16:49:24.00Z`).
  public var releaseTimestamp: String
  /// The oldest Jenkins version the plugin runs on.
  public var requiredCore: String
  /// The host of the plugin's source repository, such as `github.com`.
  public var scm: String
  /// The download's SHA-1, in Base64.
  public var sha1: String
  /// The display name.
  public var title: String
  /// Where to download the `.hpi` file.
  public var url: URL
  /// The version.
  public var version: String
  /// The plugin's wiki page; absent for some.
  public var wiki: URL?
}

/// A plugin another plugin needs.
public struct JenkinsPluginDependency: Codable, Equatable, Sendable {
  /// The needed plugin's name.
  public var name: String
  /// Whether the plugin works without it.
  public var optional: Bool
  /// The oldest version that will do.
  public var version: String
}

/// A plugin maintainer; each member is missing for some.
public struct JenkinsDeveloper: Codable, Equatable, Sendable {
  /// The maintainer's Jenkins account.
  public var developerID: String?
  /// The maintainer's email address.
  public var email: String?
  /// The maintainer's full name.
  public var name: String?

  enum CodingKeys: String, CodingKey {
    case developerID = "developerId"
    case email
    case name
  }
}
