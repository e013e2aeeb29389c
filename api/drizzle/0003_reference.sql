-- Reference data served by utils/model/list (seeded on every start, see src/db/seed.ts).
CREATE TABLE countries (
  code text PRIMARY KEY,
  name_english text NOT NULL
);

CREATE TABLE residence_countries (
  code text PRIMARY KEY,
  name_english text NOT NULL
);

CREATE TABLE round_currency (
  iso_code text PRIMARY KEY,
  name text NOT NULL,
  minor_units smallint NOT NULL,
  delete_flag boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false
);
-- At most one default currency.
CREATE UNIQUE INDEX round_currency_one_default ON round_currency (is_default) WHERE is_default;

CREATE TABLE payment_methods (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE tax (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  rate numeric(5, 2) NOT NULL,
  is_default boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX tax_one_default ON tax (is_default) WHERE is_default;
