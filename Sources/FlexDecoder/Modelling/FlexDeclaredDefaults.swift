/// A type whose declared initial values are its defaults: `var retries = 3` decodes as `3`, not
/// as a problem, when the JSON has no `retries`.
///
/// ```swift
/// struct Settings: Codable, FlexDeclaredDefaults {
///   var retries = 3
///   var name = "guest"
///   var tags: [String] = []
/// }
/// // {"name": "ann"} decodes as Settings(retries: 3, name: "ann", tags: [])
/// ```
///
/// The requirement is `init()`, which a struct whose properties all have initial values already
/// has (a class writes `required init() {}`). FlexDecoder builds one value with it, once per type
/// and process, and reads its properties by name with `Mirror` (and, for an `Encodable` type,
/// through `encode(to:)`, which knows the JSON keys of `CodingKeys` with raw values such as
/// `case avatarURL = "avatar_url"`).
///
/// - A missing key, or a `null` for a non-optional property, takes the declared value: not a
///   problem under any error policy, and nothing is reported.
/// - An optional property with a non-`nil` initial value (`var nickname: String? = "anon"`)
///   takes it when the key is missing; an explicit `null` is `nil`.
/// - A value of the wrong type or out of range is a problem as usual. Under `.useDefaults` it
///   takes the declared value (a `.defaulted` issue), under `.collectAll` it is listed, under
///   `.failFast` it throws.
/// - A property that holds a class instance gets a new instance for each use; other values are
///   copied, as any Swift value is.
/// - In an app built without reflection metadata (Xcode's "Reflection Metadata Level" set to
///   None), `Mirror` sees no properties: an `Encodable` type keeps its defaults through
///   `encode(to:)`; a `Decodable`-only type has none, and its `keyNotFound` messages say so.
///
/// Under Foundation's `JSONDecoder` the same type decodes as before: the protocol only adds
/// `init()` to what it asks.
public protocol FlexDeclaredDefaults: _FlexTypeCustomization {
  /// A value with every property at its declared initial value.
  init()
}
