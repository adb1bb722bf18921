/// The common root of the protocols that change how FlexDecoder treats a type:
/// ``FlexKeyMapping``, ``FlexValidatable``, ``FlexDefaultValue``, ``FlexDeclaredDefaults``,
/// ``FlexDidDecode``, ``FlexTypeErrorPolicy`` and ``FlexPolymorphicClass`` (``FlexModel`` is three
/// of them at once; and, inside the
/// library, the wrappers of `decode(_:from:configuration:)` and `encode(_:configuration:)`).
/// Not for direct use.
///
/// The decoder asks of every type it decodes whether it conforms to these protocols. The first
/// such question about a type scans every conformance record in the process (a few hundred
/// microseconds at process start), so one question (this protocol) answers them all for the
/// many types that adopt none of them.
public protocol _FlexTypeCustomization {}
