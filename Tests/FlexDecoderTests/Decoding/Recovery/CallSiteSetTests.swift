import Testing

@testable import FlexDecoder

/// The set of call sites the recovery pass asks about on every failure.
@Suite("Call site set")
struct CallSiteSetTests {
  enum Owner {}
  enum OtherOwner {}

  @Test func findsWhatWasInsertedAndNothingElseAcrossGrowth() {
    var set = CallSiteSet()
    let sites = (0..<500).map { index in
      CallSite(
        owner: index.isMultiple(of: 2) ? Owner.self : OtherOwner.self, key: "key\(index % 50)",
        type: index % 3 == 0 ? Int.self : String.self, isOptional: index % 5 == 0)
    }
    var distinct = Set<CallSite>()
    for site in sites {
      let inserted = set.insert(site)
      #expect(inserted == distinct.insert(site).inserted)
    }
    #expect(set.count == distinct.count)
    for site in sites { #expect(set.contains(site)) }
    #expect(!set.contains(CallSite(owner: Owner.self, key: "key1", type: Double.self)))
    #expect(!set.contains(CallSite(owner: Owner.self, key: "key100", type: Int.self)))
  }

  @Test func tellsSitesApartByKeyTextWhenEverythingElseIsEqual() {
    var set = CallSiteSet()
    let first = set.insert(CallSite(owner: Owner.self, key: "ab", type: Int.self))
    #expect(first)
    #expect(!set.contains(CallSite(owner: Owner.self, key: "ba", type: Int.self)))
    let second = set.insert(CallSite(owner: Owner.self, key: "ba", type: Int.self))
    #expect(second)
    let again = set.insert(CallSite(owner: Owner.self, key: "ab", type: Int.self))
    #expect(!again)
    #expect(set.count == 2)
  }
}
