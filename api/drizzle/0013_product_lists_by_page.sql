-- Product lists price only the page (docs/decisions/0017-lists-price-only-the-page.md): the
-- product list, the price list and a tariff code's product list page on the products table
-- alone when sorted by a product column. Their default order (and every tie) is
-- lower(product_code) in the "C" collation, then id: this index answers a page of it at any depth
-- without sorting the catalogue, from the index alone (product_code is included: the page's
-- tie-break key is computed from it). (products_code_unique stays: it is in the database's collation,
-- which the case-insensitive code lookups of imports and writes compare in.)
CREATE INDEX products_code_c_idx ON products ((lower(product_code) COLLATE "C"), id)
  INCLUDE (product_code);
