import Foundation

/// `userInfo` of Foundation's coders as FlexDecoder keeps it, `[CodingUserInfoKey: any Sendable]`,
/// whatever type this system's Foundation gives it.
///
/// `JSONDecoder.userInfo` and `JSONEncoder.userInfo` are `[CodingUserInfoKey: any Sendable]` in
/// swift-foundation (Swift 6.2 toolchains, Apple SDKs of 2024 and later) and
/// `[CodingUserInfoKey: Any]` before. Overload resolution picks the function for the type at
/// hand, so the Flex-backed subclasses build against both.
enum CodingUserInfo {
  /// `userInfo`, already sendable.
  @inline(__always)
  static func sendable(_ userInfo: [CodingUserInfoKey: any Sendable]) -> [CodingUserInfoKey: any Sendable] {
    userInfo
  }

  /// `userInfo` of an older Foundation, whose values are `Any`: the same dictionary. `Sendable`
  /// is a marker protocol, so `any Sendable` and `Any` are one type at run time; Foundation
  /// itself hands these values to every `init(from:)` as they are.
  @inline(__always)
  static func sendable(_ userInfo: [CodingUserInfoKey: Any]) -> [CodingUserInfoKey: any Sendable] {
    unsafeBitCast(userInfo, to: [CodingUserInfoKey: any Sendable].self)
  }
}
