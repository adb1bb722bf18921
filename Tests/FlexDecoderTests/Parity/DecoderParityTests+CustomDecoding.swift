import Foundation
import Testing

// Hand-written init(from:): the container API, coding paths, userInfo, lossy arrays.

extension DecoderParityTests {
  /// `decodeIfPresent` on the unkeyed container, `Int128?` among the values (macOS 15, iOS 18 API).
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  static let unkeyedIfPresentCases: [ParityCase] = [
    ParityCase("unkeyed decodeIfPresent", UnkeyedIfPresent.self, #"[1, null, {"name": "A", "age": 1}, null]"#),
    ParityCase("unkeyed decodeIfPresent past the end", UnkeyedIfPresent.self, "[1]"),
    ParityCase("unkeyed decodeIfPresent of the wrong type", UnkeyedIfPresent.self, #"["1"]"#),
  ]

  static let customDecodingCases: [ParityCase] = [
    // Nested containers, contains, decodeNil, decodeIfPresent, allKeys
    ParityCase(
      "nested containers", Place.self,
      """
      {"id": 1, "location": {"lat": 1.5, "lng": -2}, "tags": ["a", "b"], "note": null, "rating": 4}
      """),
    ParityCase(
      "nested containers, optional parts absent", Place.self,
      #"{"id": 1, "location": {"lat": 1, "lng": 2}, "tags": [], "note": "n"}"#),
    ParityCase("nestedContainer for a missing key", Place.self, #"{"id": 1, "tags": []}"#),
    ParityCase("nestedContainer for null", Place.self, #"{"id": 1, "location": null, "tags": []}"#),
    ParityCase("nestedContainer for an array", Place.self, #"{"id": 1, "location": [], "tags": []}"#),
    ParityCase("nested container's missing key", Place.self, #"{"id": 1, "location": {"lat": 1}, "tags": []}"#),
    ParityCase("nested container's wrong value", Place.self, #"{"id": 1, "location": {"lat": 1, "lng": "x"}}"#),
    ParityCase("nestedUnkeyedContainer for a missing key", Place.self, #"{"id": 1, "location": {"lat": 1, "lng": 2}}"#),
    ParityCase(
      "nestedUnkeyedContainer for null", Place.self,
      #"{"id": 1, "location": {"lat": 1, "lng": 2}, "tags": null}"#),
    ParityCase(
      "nestedUnkeyedContainer for an object", Place.self,
      #"{"id": 1, "location": {"lat": 1, "lng": 2}, "tags": {}}"#),
    ParityCase(
      "nested unkeyed container's wrong element", Place.self,
      #"{"id": 1, "location": {"lat": 1, "lng": 2}, "tags": ["a", 2]}"#),
    ParityCase(
      "decodeIfPresent of the wrong type", Place.self,
      #"{"id": 1, "location": {"lat": 1, "lng": 2}, "tags": [], "rating": "5"}"#),
    ParityCase("allKeys lists each key once", KeyList.self, #"{"b": 1, "a": 2, "b": 3, "first_name": 4}"#),
    ParityCase("allKeys of an empty object", KeyList.self, "{}"),
    ParityCase(
      "allKeys and contains under snake case", KeyList.self, #"{"first_name": 1, "x_y_z": 2, "_id": 3}"#,
      options: .snakeCase),
    ParityCase(
      "allKeys after snake case collisions", KeyList.self, #"{"first_name": 1, "firstName": 2}"#,
      options: .snakeCase),

    ParityCase("decodeNil(forKey:) and decodeNil()", NilChecks.self, #"{"key": null, "list": [null, 1]}"#),
    ParityCase("decodeNil(forKey:) of a missing key", NilChecks.self, #"{"list": []}"#),
    ParityCase("decodeNil() past the end", NilChecks.self, #"{"key": 0, "list": [1]}"#),
    ParityCase("the same key read again", RepeatedLookups.self, #"{"a": 1, "b": 2}"#),
    ParityCase("the same duplicated key read again", RepeatedLookups.self, #"{"a": 1, "b": 2, "a": 3}"#),
    ParityCase("a duplicated null key read again", RepeatedLookups.self, #"{"a": null, "a": 1, "b": null, "b": 2}"#),
    ParityCase(
      "a duplicated key read again under snake case", RepeatedLookups.self, #"{"a": 1, "a": 2}"#,
      options: .snakeCase),
    // Unkeyed containers
    ParityCase("unkeyed walk", UnkeyedWalk.self, #"[1, null, "s", [1, 2], {"k": 1}, true, 2.5]"#),
    ParityCase("unkeyed walk of an empty array", UnkeyedWalk.self, "[]"),
    ParityCase("unkeyed container reads past the end", ReadsPastEnd.self, "[1, 2]"),
    ParityCase("unkeyed container reads past the end of an empty array", ReadsPastEnd.self, "[]"),
    ParityCase("nested container past the end", NestedPastEnd.self, "[1]"),
    ParityCase("lossy array", LossyArray<Int>.self, #"[1, "x", 3, null, 4.5, {}, [], 5]"#),
    ParityCase(
      "lossy array of structs", LossyArray<Person>.self,
      #"[{"name": "A", "age": 1}, {"name": "B"}, 3, {"name": "C", "age": 3}]"#),
    ParityCase("lossy array from an object", LossyArray<Int>.self, "{}"),

    // Coding paths seen by init(from:)
    ParityCase(
      "coding paths of decoders and containers", PathProbe.self,
      """
      {"a": [1, {"b": null}], "nestedObject": {"c": [true]}, "nestedArray": [{"d": 1}, [2]],
       "superKey": {"e": "x"}, "f": 1}
      """),
    ParityCase("coding path of a thrown error", PathProbe.self, #"{"a": [1, {"b": "fail"}]}"#),
    ParityCase("coding path of an error in a nested container", PathProbe.self, #"{"nestedA": {"x": [0, "fail"]}}"#),
    ParityCase("coding path of an error in a super decoder", PathProbe.self, #"{"superX": {"y": "fail"}}"#),
    ParityCase("coding path of a missing super key", PathProbe.self, #"{"superMissing": 1, "nestedZ": []}"#),
    ParityCase(
      "coding paths under snake case", PathProbe.self, #"{"some_key": {"other_key": [1]}}"#,
      options: .snakeCase),
    ParityCase(
      "nested containers read after their parent moved on", InterleavedContainers.self,
      #"{"a": {"value": 1}, "b": [2]}"#),
    ParityCase(
      "nested containers read late, then an error", [InterleavedContainers].self,
      #"[{"a": {"value": 1}, "b": [2]}]"#),

    // userInfo
    ParityCase(
      "userInfo reaches every init(from:)", UserInfoProbe.self, #"{"items": [1, 2]}"#,
      options: ParityOptions(userInfo: [.parityFlag: "on"])),
    ParityCase("userInfo empty", UserInfoProbe.self, #"{"items": []}"#),
  ]
}
