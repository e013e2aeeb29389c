import i18next, { type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadApiMessageTranslator, localeBackend } from '../src/index';
import { compileTemplate, translateApiMessage } from '../src/api/translate-message';

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

describe('translateApiMessage', () => {
  let ja: i18n;
  let de: i18n;
  let th: i18n;
  let en: i18n;

  beforeAll(async () => {
    [ja, de, th, en] = await Promise.all(['ja', 'de', 'th', 'en'].map(instance));
  });

  it('translates a static success message', () => {
    expect(translateApiMessage('Product synced.', ja)).toBe('商品を同期しました。');
    expect(translateApiMessage('Selling price updated.', de)).toBe('Verkaufspreis aktualisiert.');
    expect(translateApiMessage('Supplier created.', th)).toBe('สร้างซัพพลายเออร์แล้ว');
  });

  it('translates a templated message with its params', () => {
    expect(translateApiMessage('Cannot change status from on_hand to sold_out.', de)).toBe(
      'Der Status kann nicht von on_hand zu sold_out geändert werden.',
    );
    expect(translateApiMessage('Cannot change status from on_hand to sold_out.', ja)).toBe(
      'ステータスを on_hand から sold_out に変更できません。',
    );
    expect(
      translateApiMessage('The supplier answered with an error. Try again later. (HTTP 502)', de),
    ).toBe(
      'Der Lieferant hat mit einem Fehler geantwortet. Versuchen Sie es später erneut. (HTTP 502)',
    );
  });

  it('prefers the more specific template ("Product not found" over "{{name}} not found")', () => {
    expect(translateApiMessage('Product not found', de)).toBe('Produkt nicht gefunden');
    expect(translateApiMessage('Gadget not found', de)).toBe('Gadget nicht gefunden');
  });

  it('uses plural forms for a count', () => {
    expect(translateApiMessage('1 exchange rate imported.', de)).toBe('1 Wechselkurs importiert.');
    expect(translateApiMessage('3 exchange rates imported.', de)).toBe(
      '3 Wechselkurse importiert.',
    );
    expect(translateApiMessage('3 exchange rates imported.', ja)).toBe(
      '3件の為替レートをインポートしました。',
    );
  });

  it('translates a validation message and its field label', () => {
    const label = en.t('common:fields.iccid');
    const expected = de.t('validation:required', { name: de.t('common:fields.iccid') });
    expect(translateApiMessage(`${label} is required.`, de)).toBe(expected);
    expect(expected).not.toContain('is required');
  });

  it('is what loadApiMessageTranslator loads for the api client', async () => {
    const translate = await loadApiMessageTranslator(th);
    expect(translate('Supplier created.')).toBe('สร้างซัพพลายเออร์แล้ว');
  });

  it('returns an unknown text unchanged', () => {
    expect(translateApiMessage('Something nobody wrote.', ja)).toBe('Something nobody wrote.');
    expect(translateApiMessage('', ja)).toBe('');
  });

  it('returns every text unchanged in English', () => {
    expect(translateApiMessage('Product synced.', en)).toBe('Product synced.');
    expect(translateApiMessage('Cannot change status from on_hand to sold_out.', en)).toBe(
      'Cannot change status from on_hand to sold_out.',
    );
  });

  it('returns the text unchanged while the namespaces are not loaded', () => {
    const bare = i18next.createInstance();
    void bare.init({ lng: 'ja', resources: {}, showSupportNotice: false });
    expect(translateApiMessage('Product synced.', bare)).toBe('Product synced.');
  });

  it('compiles templates to anchored, non-greedy patterns; a repeated param repeats', () => {
    const { pattern, params } = compileTemplate('{{remote}} {{version}} of {{remote}}.');
    expect(params).toEqual(['remote', 'version']);
    expect(pattern.exec('stock 1.2.3 of stock.')?.slice(1)).toEqual(['stock', '1.2.3']);
    expect(pattern.test('stock 1.2.3 of tariffs.')).toBe(false);
    expect(pattern.test('x stock 1.2.3 of stock.')).toBe(false);
  });
});
