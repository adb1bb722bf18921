import Foundation
import Testing

// Arrays, dictionaries, optionals, enums, nested models and classes: synthesized Codable.

extension DecoderParityTests {
  static let containerCases: [ParityCase] = [
    // Arrays
    ParityCase("[Int]", [Int].self, "[1, 2, 3]"),
    ParityCase("empty [Int]", [Int].self, "[]"),
    ParityCase("[Int] with a string element", [Int].self, #"[1, "2", 3]"#),
    ParityCase("[Int] with a null element", [Int].self, "[1, null]"),
    ParityCase("[Int] from an object", [Int].self, #"{"a": 1}"#),
    ParityCase("[Int] from null", [Int].self, "null"),
    ParityCase("[Int] from a number", Box<[Int]>.self, #"{"value": 1}"#),
    ParityCase("[[Int]] error path", [[Int]].self, "[[1], [2, false]]"),
    ParityCase("[Int?]", [Int?].self, "[1, null, 3]"),

    // Optionals
    ParityCase("Int?? from null", Int??.self, "null"),
    ParityCase("Int?? from 1", Int??.self, "1"),
    ParityCase("[Int??]", [Int??].self, "[null, 1]"),
    ParityCase("optionals present", Optionals.self, #"{"plain": 1, "double": 2}"#),
    ParityCase("optionals null", Optionals.self, #"{"plain": null, "double": null}"#),
    ParityCase("optionals missing", Optionals.self, "{}"),
    ParityCase("optional of the wrong type", Optionals.self, #"{"plain": "x"}"#),

    // Dictionaries
    ParityCase("[String: Int]", [String: Int].self, #"{"a": 1, "b": 2}"#),
    ParityCase("[String: Int] with a wrong value", [String: Int].self, #"{"a": 1, "b": "x"}"#),
    ParityCase("[String: Int] with a null value", [String: Int].self, #"{"a": null}"#),
    ParityCase("[String: Int] from an array", [String: Int].self, "[1]"),
    ParityCase("[String: [Int]] error path", [String: [Int]].self, #"{"a": [1, "x"]}"#),
    ParityCase("[String: [Int]] error path under a numeric key", [String: [Int]].self, #"{"12": [1, "x"]}"#),
    ParityCase("[String: Person] with a member missing a key", [String: Person].self, #"{"p": {"name": "A"}}"#),
    ParityCase("[String: Person] with a null member", [String: Person].self, #"{"p": null}"#),
    ParityCase("empty [String: Person]", [String: Person].self, "{}"),
    ParityCase("duplicate key whose later value is invalid: not decoded", [String: Int].self, #"{"a": 1, "a": "x"}"#),
    ParityCase("[String: Int] nested in an array", [[String: Int]].self, #"[{"a": 1}, {}, {"b": 2, "a": 3}]"#),
    ParityCase("[Int: String]", [Int: String].self, #"{"1": "a", "-2": "b"}"#),
    ParityCase("[Int: String] with a non-integer key", [Int: String].self, #"{"x": "a"}"#),
    ParityCase("[Color: Int] (CodingKeyRepresentable)", [Color: Int].self, #"{"red": 1, "green": 2}"#),
    ParityCase("[Color: Int] with an unknown key", [Color: Int].self, #"{"blue": 1}"#),
    ParityCase("[Slot: String] (Int CodingKeyRepresentable)", [Slot: String].self, #"{"1": "a", "2": "b"}"#),
    ParityCase("[Slot: String] with an unknown key", [Slot: String].self, #"{"3": "c"}"#),
    ParityCase("duplicate keys: the first wins", [String: Int].self, #"{"a": 1, "b": 2, "a": 3}"#),
    ParityCase(
      "duplicate keys in a struct: the first wins", Person.self,
      #"{"name": "A", "age": 1, "name": "B"}"#),
    ParityCase(
      "duplicate keys in a large object: the first wins", [String: Int].self,
      "{" + (0..<70).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + #", "k3": -1}"#),
    ParityCase(
      "duplicate keys, the duplicate before the rest", Person.self,
      #"{"age": 1, "age": 2, "name": "A", "email": "e"}"#),

    ParityCase("escaped keys match", Person.self, #"{"n\u0061me": "A", "age": 1}"#),
    ParityCase("escaped duplicate key: the first wins", Person.self, #"{"name": "A", "n\u0061me": "B", "age": 1}"#),
    ParityCase("[String: Int] with keys that differ only by escapes", [String: Int].self, #"{"a": 1, "\u0061": 2}"#),
    ParityCase("duplicate keys, properties in reverse order", ReversedKeys.self, #"{"a": 1, "b": 2, "a": 3}"#),
    ParityCase(
      "duplicate keys in an object of 64 members", [String: Int].self,
      "{" + (0..<63).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + #", "k0": -1}"#),
    ParityCase("empty key", EmptyKey.self, #"{"": 3}"#),
    ParityCase("empty key missing", EmptyKey.self, #"{" ": 3}"#),
    ParityCase("[String: Int] with an empty key and emoji", [String: Int].self, #"{"": 1, "😀": 2, "\u0000": 3}"#),
    ParityCase("[[Int?]?]", [[Int?]?].self, "[null, [null, 1]]"),
    ParityCase("[URL?] with null", [URL?].self, #"["https://a.b", null]"#),
    ParityCase("[Decimal?] with null", [Decimal?].self, "[null, 2.5]"),
    ParityCase("Set<String>", Set<String>.self, #"["a", "b", "a"]"#),
    ParityCase("[String: [String: Int]]", [String: [String: Int]].self, #"{"a": {"b": 1}, "c": {}}"#),
    ParityCase(
      "[String: Person] of many members, one missing a key", [String: Person].self,
      "{"
        + (0..<20).map { #""p\#($0)": {"name": "N\#($0)"\#($0 == 13 ? "" : ", \"age\": \($0)")}"# }
        .joined(separator: ", ") + "}"),
    ParityCase(
      "[String: Person] of many members", [String: Person].self,
      "{" + (0..<20).map { #""p\#($0)": {"name": "N\#($0)", "age": \#($0)}"# }.joined(separator: ", ") + "}"),
    ParityCase(
      "[String: [Int]] error path in a later member", [String: [Int]].self, #"{"a": [1], "b": [2, "x"], "c": []}"#),
    ParityCase(
      "[String: Int] with canonically equivalent keys", [String: Int].self, #"{"é": 1, "e\u0301": 2, "b": 3}"#),
    ParityCase("[String: Int] with a non-ASCII key repeated", [String: Int].self, #"{"ü": 1, "b": 2, "ü": "x"}"#),
    // Enums
    ParityCase("String raw value", Suit.self, #""hearts""#),
    ParityCase("unknown String raw value", Suit.self, #""clubs""#),
    ParityCase("String raw value from a number", Suit.self, "1"),
    ParityCase("Int raw value", Level.self, "2"),
    ParityCase("unknown Int raw value in a struct", Card.self, #"{"suit": "spades", "level": 9}"#),
    ParityCase("Int raw value from a string", Card.self, #"{"suit": "spades", "level": "2"}"#),
    ParityCase("associated value with labels", Shape.self, #"{"circle": {"radius": 1.5}}"#),
    ParityCase("associated values, two labels", [Shape].self, #"[{"rect": {"width": 1, "height": 2}}, {"point": {}}]"#),
    ParityCase("associated value without label", Shape.self, #"{"labeled": {"_0": "x"}}"#),
    ParityCase(
      "recursive enum", Tree.self,
      #"{"node": {"_0": [{"leaf": {"_0": 1}}, {"pair": {"_0": {"leaf": {"_0": 2}}, "_1": {"node": {"_0": []}}}}]}}"#),
    ParityCase(
      "recursive enum with a wrong leaf", Tree.self,
      #"{"node": {"_0": [{"leaf": {"_0": 1}}, {"pair": {"_0": {"leaf": {"_0": "2"}}}}]}}"#),
    ParityCase("recursive enum missing an unlabeled value", Tree.self, #"{"pair": {"_0": {"leaf": {"_0": 2}}}}"#),
    ParityCase("enum with no key", Shape.self, "{}"),
    ParityCase("enum with two keys", Shape.self, #"{"point": {}, "circle": {"radius": 1}}"#),
    ParityCase("enum with an unknown key", Shape.self, #"{"triangle": {}}"#),
    ParityCase("enum case missing its value", Shape.self, #"{"circle": {}}"#),
    ParityCase("enum case with null", Shape.self, #"{"circle": null}"#),
    ParityCase("enum case with an array", Shape.self, #"{"circle": [1]}"#),
  ]

  static let modelCases: [ParityCase] = [
    ParityCase("struct", Person.self, #"{"name": "Ann", "age": 30, "email": "a@b.c"}"#),
    ParityCase("struct with extra keys", Person.self, #"{"x": [1, {"y": null}], "name": "Ann", "age": 30}"#),
    ParityCase("struct with a null optional", Person.self, #"{"name": "Ann", "age": 30, "email": null}"#),
    ParityCase("struct with a missing key", Person.self, #"{"age": 30}"#),
    ParityCase("struct with a null key", Person.self, #"{"name": null, "age": 30}"#),
    ParityCase("struct with a wrong type", Person.self, #"{"name": "Ann", "age": "30"}"#),
    ParityCase("struct with a wrong optional type", Person.self, #"{"name": "Ann", "age": 30, "email": 1}"#),
    ParityCase("struct from null", Person.self, "null"),
    ParityCase("struct from an array", Person.self, "[]"),
    ParityCase("struct from a string", Person.self, #""Ann""#),
    ParityCase(
      "nested structs", Team.self,
      """
      {"name": "T", "members": [{"name": "A", "age": 1}, {"name": "B", "age": 2}], "lead": {"name": "A", "age": 1}}
      """),
    ParityCase("nested error path", Team.self, #"{"name": "T", "members": [{"name": "A", "age": 1}, {"name": "B"}]}"#),
    ParityCase("nested null path", Team.self, #"{"name": "T", "members": [{"name": "A", "age": null}]}"#),
    ParityCase("nested optional struct of the wrong type", Team.self, #"{"name": "T", "members": [], "lead": 1}"#),
    ParityCase("[Person] with a null element", [Person].self, #"[{"name": "A", "age": 1}, null]"#),

    // Classes
    ParityCase("class with superDecoder()", Dog.self, #"{"breed": "pug", "super": {"name": "Rex"}}"#),
    ParityCase("superDecoder() without super key", Dog.self, #"{"breed": "pug"}"#),
    ParityCase("superDecoder() with a wrong super", Dog.self, #"{"breed": "pug", "super": {"name": 1}}"#),
    ParityCase("superDecoder() with super not an object", Dog.self, #"{"breed": "pug", "super": [1]}"#),
    ParityCase("class with superDecoder(forKey:)", Cat.self, #"{"lives": 9, "animal": {"name": "Tom"}}"#),
    ParityCase("superDecoder(forKey:) without the key", Cat.self, #"{"lives": 9}"#),
    ParityCase("superDecoder(forKey:) with null", [Cat].self, #"[{"lives": 9, "animal": null}]"#),
    ParityCase("class sharing its decoder with the superclass", Bird.self, #"{"wingspan": 0.5, "name": "Tweety"}"#),
    ParityCase("superclass key missing", Bird.self, #"{"wingspan": 0.5}"#),
    ParityCase("unkeyed superDecoder()", PersonAndRank.self, #"[{"name": "A", "age": 1}, 2]"#),
    ParityCase("unkeyed superDecoder() at the end", PersonAndRank.self, "[]"),
    ParityCase("unkeyed superDecoder() with a wrong element", PersonAndRank.self, #"[{"name": "A"}, 2]"#),

    // Property wrappers
    ParityCase("property wrappers", Article.self, #"{"tags": ["a"], "title": "  T  ", "views": 3}"#),
    ParityCase("property wrapper defaults", Article.self, #"{"title": "T", "views": "many"}"#),
    ParityCase("property wrapper with null", Article.self, #"{"tags": null, "title": "T", "views": null}"#),
    ParityCase("property wrapper key missing", Article.self, #"{"tags": [], "title": "T"}"#),
    ParityCase("property wrapper of the wrong type", Article.self, #"{"tags": [1], "title": "T", "views": 1}"#),
  ]
}
