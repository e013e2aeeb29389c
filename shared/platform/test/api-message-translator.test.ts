import i18next, { type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  loadApiMessageTranslator,
  localeBackend,
  translateApiMessage,
  type ApiMessageRef,
} from '../src/index';

/** A separate instance over the real locale files, loaded the way the console loads them. */
async function instance(language: string): Promise<i18n> {
  const created = i18next.createInstance();
  await created.use(localeBackend).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ja', 'de', 'th'],
    load: 'currentOnly',
    ns: ['common', 'validation', 'apiMessages'],
    defaultNS: 'common',
    fallbackNS: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return created;
}

/** What the API sends: the English text, the key and params beside it. */
const m = (key: string | undefined, text: string, params?: ApiMessageRef['params']) => ({
  key,
  text,
  ...(params ? { params } : {}),
});

describe('translateApiMessage (by key)', () => {
  let ja: i18n;
  let de: i18n;
  let th: i18n;
  let en: i18n;

  beforeAll(async () => {
    [ja, de, th, en] = await Promise.all(['ja', 'de', 'th', 'en'].map(instance));
  });

  it('translates a fixed success message from its key, whatever the text says', () => {
    expect(translateApiMessage(m('supplierSync.synced', 'Product synced.'), ja)).toBe(
      '商品を同期しました。',
    );
    expect(translateApiMessage(m('products.sellingPriceUpdated', 'ignored'), de)).toBe(
      'Verkaufspreis aktualisiert.',
    );
    expect(translateApiMessage(m('suppliers.created', 'Supplier created.'), th)).toBe(
      'สร้างซัพพลายเออร์แล้ว',
    );
  });

  it('translates a message with its params', () => {
    const params = { from: 'on_hand', to: 'sold_out' };
    const text = 'Cannot change status from on_hand to sold_out.';
    expect(translateApiMessage(m('stock.transitionRefused', text, params), de)).toBe(
      'Der Status kann nicht von on_hand zu sold_out geändert werden.',
    );
    expect(translateApiMessage(m('stock.transitionRefused', text, params), ja)).toBe(
      'ステータスを on_hand から sold_out に変更できません。',
    );
    expect(
      translateApiMessage(
        m('connector.httpStatus', 'The supplier ... (HTTP 502)', { status: 502 }),
        de,
      ),
    ).toBe(
      'Der Lieferant hat mit einem Fehler geantwortet. Versuchen Sie es später erneut. (HTTP 502)',
    );
    // Params are not escaped (React escapes when rendering).
    expect(translateApiMessage(m('supplierSync.codeTaken', 'x', { ref: 'A&B <1>' }), en)).toBe(
      'Another supplier already has a product with the code "A&B <1>".',
    );
  });

  it('uses plural forms for a count', () => {
    const one = m('exchangeRates.imported', '1 exchange rate imported.', { count: 1 });
    const three = m('exchangeRates.imported', '3 exchange rates imported.', { count: 3 });
    expect(translateApiMessage(one, de)).toBe('1 Wechselkurs importiert.');
    expect(translateApiMessage(three, de)).toBe('3 Wechselkurse importiert.');
    expect(translateApiMessage(three, ja)).toBe('3件の為替レートをインポートしました。');
  });

  it('translates a validation key and shows its name param as the field label', () => {
    const message = m('validation.required', 'ICCID is required.', { name: 'iccid' });
    const expected = de.t('validation:required', { name: de.t('common:fields.iccid') });
    expect(translateApiMessage(message, de)).toBe(expected);
    expect(expected).not.toContain('is required');
    expect(expected).not.toContain('{{');
  });

  it('translates each not-found key on its own', () => {
    expect(translateApiMessage(m('notFound.product', 'Product not found'), de)).toBe(
      'Produkt nicht gefunden',
    );
  });

  it('falls back to the English text for an unknown key (a newer API) or no key', () => {
    expect(translateApiMessage(m('suppliers.brandNew', 'A brand new text.'), ja)).toBe(
      'A brand new text.',
    );
    expect(translateApiMessage(m('validation.brandNew', 'New rule.'), ja)).toBe('New rule.');
    expect(translateApiMessage(m(undefined, 'Product synced.'), ja)).toBe('Product synced.');
    expect(translateApiMessage(m('', ''), ja)).toBe('');
  });

  it('shows the English locale text in English', () => {
    expect(translateApiMessage(m('supplierSync.synced', 'Product synced.'), en)).toBe(
      'Product synced.',
    );
  });

  it('returns the text while the namespaces are not loaded', () => {
    const bare = i18next.createInstance();
    void bare.init({ lng: 'ja', resources: {}, showSupportNotice: false });
    expect(translateApiMessage(m('supplierSync.synced', 'Product synced.'), bare)).toBe(
      'Product synced.',
    );
  });

  it('is what loadApiMessageTranslator gives the api client', async () => {
    const translate = await loadApiMessageTranslator(th);
    expect(translate(m('suppliers.created', 'Supplier created.'))).toBe('สร้างซัพพลายเออร์แล้ว');
  });
});
