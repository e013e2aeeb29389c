-- ICCID search in stock/detail: staff type the first or the last digits of an ICCID (the last
-- ones are printed on the card). Both are index range scans: the number itself for a prefix, the
-- reversed number for a suffix. A contains-match would need a trigram index, which costs every
-- import more than these two b-trees (docs/stock.md "Performance").
CREATE INDEX stock_items_iccid_prefix_idx ON stock_items (iccid text_pattern_ops);
CREATE INDEX stock_items_iccid_suffix_idx ON stock_items (reverse(iccid) text_pattern_ops);
