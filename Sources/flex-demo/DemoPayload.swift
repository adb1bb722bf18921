/// The response the demo decodes: one page of a storefront's product catalog, as a real API
/// sends it after a few years of changes by several teams.
///
/// What is messy about it, on purpose:
/// - keys in `snake_case` (`in_stock`), `TitleCase` (`Title`, `SellerID`) and both spellings
///   of the same field in different records (`title` / `Title`, `seller_id` / `SellerID`);
/// - ids and prices that are numbers in some records and strings in others (`1001`, `"1002"`,
///   `"35.00"`), and booleans sent as `true`, `"yes"` and `1`;
/// - values that live deeper than the model (`meta.author.name`, `data.Products`);
/// - `attributes`, an object sent as a string holding JSON;
/// - the third product has no `in_stock`, and an unknown category (`"Kitchenware"`);
/// - the fourth product has a negative price, which the model's validation rejects.
enum DemoPayload {
  /// The JSON text, exactly as received.
  static let json = #"""
    {
      "Status": "ok",
      "meta": {
        "request_id": "req_7Hc2x9",
        "generated_at": "2024-05-01 12:30:00",
        "author": { "name": "Storefront Catalog API", "Version": "2.3.1" }
      },
      "data": {
        "page": 1,
        "Products": [
          {
            "id": 1001,
            "Title": "Walnut Desk Lamp",
            "price": 49.9,
            "currency": "EUR",
            "in_stock": true,
            "Category": "lighting",
            "attributes": "{\"color\": \"walnut\", \"watts\": 40}",
            "Seller": { "SellerID": 77, "display_name": "Oak & Iron" }
          },
          {
            "id": "1002",
            "title": "Linen Throw Blanket",
            "Price": "35.00",
            "currency": "EUR",
            "in_stock": "yes",
            "category": "textiles",
            "attributes": "{\"color\": \"sand\"}",
            "seller": { "seller_id": "78", "DisplayName": "Loom House" }
          },
          {
            "ID": 1003,
            "Title": "Stoneware Mug",
            "price": 12.5,
            "currency": "EUR",
            "Category": "Kitchenware",
            "attributes": "{\"color\": \"slate\", \"capacity_ml\": 350}",
            "seller": { "seller_id": 77, "display_name": "Oak & Iron" }
          },
          {
            "id": "1004",
            "Title": "Oak Picture Frame",
            "price": -15,
            "currency": "EUR",
            "in_stock": 1,
            "category": "decor",
            "attributes": "{}",
            "seller": { "seller_id": 79, "display_name": "Frame & Co." }
          }
        ]
      },
      "next_cursor": null
    }
    """#
}
