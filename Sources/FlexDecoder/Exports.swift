// `import FlexDecoder` brings FlexCore's JSONValue, JSONParseError and friends along.
@_exported import FlexCore
