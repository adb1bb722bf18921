/// The providers behind the `FlexDefault…` shorthands.
public enum FlexDefaultProviders {
  /// `false`.
  public enum False: FlexDefaultProvider {
    /// `false`.
    public static var defaultValue: Bool { false }
  }

  /// `true`.
  public enum True: FlexDefaultProvider {
    /// `true`.
    public static var defaultValue: Bool { true }
  }

  /// `0`.
  public enum Zero: FlexDefaultProvider {
    /// `0`.
    public static var defaultValue: Int { 0 }
  }

  /// `""`.
  public enum EmptyString: FlexDefaultProvider {
    /// `""`.
    public static var defaultValue: String { "" }
  }

  /// `[]`.
  public enum EmptyArray<Element: Codable>: FlexDefaultProvider {
    /// `[]`.
    public static var defaultValue: [Element] { [] }
  }

  /// `[:]`.
  public enum EmptyDictionary<Key: Codable & Hashable, Value: Codable>: FlexDefaultProvider {
    /// `[:]`.
    public static var defaultValue: [Key: Value] { [:] }
  }
}

/// A `Bool` that is `false` when missing, `null` or unusable.
public typealias FlexDefaultFalse = FlexDefault<FlexDefaultProviders.False>
/// A `Bool` that is `true` when missing, `null` or unusable.
public typealias FlexDefaultTrue = FlexDefault<FlexDefaultProviders.True>
/// An `Int` that is `0` when missing, `null` or unusable.
public typealias FlexDefaultZero = FlexDefault<FlexDefaultProviders.Zero>
/// A `String` that is `""` when missing, `null` or unusable.
public typealias FlexDefaultEmptyString = FlexDefault<FlexDefaultProviders.EmptyString>
/// An array that is `[]` when missing, `null` or unusable.
public typealias FlexDefaultEmptyArray<Element: Codable> = FlexDefault<FlexDefaultProviders.EmptyArray<Element>>
/// A dictionary that is `[:]` when missing, `null` or unusable.
public typealias FlexDefaultEmptyDictionary<Key: Codable & Hashable, Value: Codable> = FlexDefault<
  FlexDefaultProviders.EmptyDictionary<Key, Value>
>

/// Renamed ``FlexDefaultProviders``.
@available(*, unavailable, renamed: "FlexDefaultProviders")
public typealias FlexDefaults = FlexDefaultProviders
