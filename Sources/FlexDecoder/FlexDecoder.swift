@_exported import FlexCore
