// flex-demo: decodes a bundled, deliberately messy API response with FlexDecoder and prints
// what each error policy makes of it. Run with `swift run flex-demo`.

do {
  DemoSections.introduction()
  try DemoSections.decodedValues()
  DemoSections.failFast()
  DemoSections.collectAll()
  try DemoSections.useDefaults()
  DemoSections.foundation()
  try DemoSections.reencoded()
} catch {
  print("flex-demo failed: \(error)")
}
