extension Mirror {
  /// Whether this mirror and every superclass mirror above it have no children: for a value that
  /// has stored properties, what `Mirror` shows in an app built without reflection metadata.
  var hierarchyHasNoChildren: Bool {
    var mirror: Mirror? = self
    while let current = mirror {
      guard current.children.isEmpty else { return false }
      mirror = current.superclassMirror
    }
    return true
  }
}
