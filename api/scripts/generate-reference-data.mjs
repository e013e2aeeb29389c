/**
 * Regenerates the committed reference data (api/src/db/reference-data/*.json). A dev step, not a
 * runtime dependency: install the two source packages somewhere outside the workspace and pass
 * that folder, e.g.
 *   mkdir -p /tmp/refgen && cd /tmp/refgen && npm init -y && npm i i18n-iso-countries currency-codes
 *   node api/scripts/generate-reference-data.mjs /tmp/refgen
 * Countries: ISO 3166-1 alpha-2 with English names (i18n-iso-countries). Currencies: active
 * ISO 4217 codes with their minor units (currency-codes), named through Intl.DisplayNames.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const sourceDir = process.argv[2];
if (!sourceDir) {
  console.error('usage: node api/scripts/generate-reference-data.mjs <folder with node_modules>');
  process.exit(1);
}
const require = createRequire(path.join(path.resolve(sourceDir), 'package.json'));
const countries = require('i18n-iso-countries');
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
const currencyCodes = require('currency-codes');

const outDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/db/reference-data',
);

// Names people use in the console where ISO's official one reads oddly.
const COUNTRY_NAME_OVERRIDES = { TW: 'Taiwan' };
// Codes that are not ISO 3166-1 assignments (user-assigned) are left out.
const NOT_ISO = new Set(['XK']);

const countryRows = Object.entries(countries.getNames('en', { select: 'official' }))
  .filter(([code]) => !NOT_ISO.has(code))
  .map(([code, name]) => ({ code, nameEnglish: COUNTRY_NAME_OVERRIDES[code] ?? name }))
  .sort((a, b) => a.code.localeCompare(b.code));

// Fund codes, precious metals, testing and "no currency" codes are not currencies a price is in.
const NOT_MONEY = new Set([
  'BOV',
  'CHE',
  'CHW',
  'CLF',
  'COU',
  'MXV',
  'USN',
  'UYI',
  'UYW',
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);
const displayNames = new Intl.DisplayNames(['en'], { type: 'currency' });
const currencyRows = currencyCodes.data
  .filter((entry) => !NOT_MONEY.has(entry.code) && typeof entry.digits === 'number')
  .map((entry) => ({
    isoCode: entry.code,
    name: displayNames.of(entry.code) ?? entry.currency,
    minorUnits: entry.digits,
  }))
  .sort((a, b) => a.isoCode.localeCompare(b.isoCode));

fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'countries.json'), JSON.stringify(countryRows, null, 2) + '\n');
fs.writeFileSync(
  path.join(outDir, 'currencies.json'),
  JSON.stringify(currencyRows, null, 2) + '\n',
);
console.log(`countries: ${countryRows.length}, currencies: ${currencyRows.length} -> ${outDir}`);
