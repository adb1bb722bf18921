#if compiler(>=6.2)
  /// A type whose metatype may cross isolation domains: `SendableMetatype` (Swift 6.2 and later).
  ///
  /// FlexDecoder's generic APIs that keep a type in a `@Sendable` closure
  /// (``FlexTaggedCase/init(_:_:extract:)``) ask for it; every ordinary model type has it. It is
  /// `Any` for Swift 6.0 and 6.1 compilers, which have no `SendableMetatype` and treat every
  /// metatype as sendable, so the same code builds with both.
  public typealias FlexSendableMetatype = SendableMetatype
#else
  /// A type whose metatype may cross isolation domains: `SendableMetatype` (Swift 6.2 and later).
  ///
  /// FlexDecoder's generic APIs that keep a type in a `@Sendable` closure
  /// (``FlexTaggedCase/init(_:_:extract:)``) ask for it; every ordinary model type has it. It is
  /// `Any` for Swift 6.0 and 6.1 compilers, which have no `SendableMetatype` and treat every
  /// metatype as sendable, so the same code builds with both.
  public typealias FlexSendableMetatype = Any
#endif
