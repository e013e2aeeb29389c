import './setup';
import { encodeMessage, interpolate } from '@esim/contracts';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { translateValidationMessage } from '../src';
import { createTestI18n, readNamespace } from './i18n';

let en: i18n;
let de: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  de = await createTestI18n('de');
  // Field labels this test relies on, beside whatever common.json already has.
  en.addResourceBundle('en', 'common', { fields: { testOnlyName: 'Supplier name' } }, true, false);
  de.addResourceBundle(
    'de',
    'common',
    { fields: { testOnlyName: 'Lieferantenname' } },
    true,
    false,
  );
});

const tr = (instance: i18n, message: string) => translateValidationMessage(instance.t, message);

describe('translateValidationMessage', () => {
  it('renders the spec messages with a translated field name', () => {
    expect(tr(en, encodeMessage('required', { name: 'testOnlyName' }))).toBe(
      'Supplier name is required.',
    );
    expect(tr(en, encodeMessage('maxLength', { name: 'testOnlyName', length: 100 }))).toBe(
      'Enter Supplier name within 100 characters.',
    );
    expect(tr(en, encodeMessage('minLength', { name: 'testOnlyName', length: 3 }))).toBe(
      'Supplier name must be at least 3 characters.',
    );
  });

  it('falls back to the raw name when the field has no label', () => {
    expect(tr(en, encodeMessage('required', { name: 'noSuchFieldLabel' }))).toBe(
      'noSuchFieldLabel is required.',
    );
  });

  it('passes other params through and renders keys without params', () => {
    expect(tr(en, encodeMessage('invalidFormat', { format: 'email' }))).toBe(
      'Invalid email format.',
    );
    expect(tr(en, encodeMessage('fileTooLarge', { limit: 5 }))).toBe(
      'Files cannot be larger than 5MB.',
    );
    expect(
      tr(en, encodeMessage('invalidRowFormat', { name: 'noSuchFieldLabel', rowCount: 7 })),
    ).toBe('Invalid noSuchFieldLabel format at row 7.');
    expect(tr(en, 'invalidOtp')).toBe('Invalid OTP.');
    expect(tr(en, 'nameExists')).toBe('Name already existed in the database.');
  });

  it('returns text that is not a message key unchanged (e.g. an API message)', () => {
    expect(tr(en, 'Name already existed in the database.')).toBe(
      'Name already existed in the database.',
    );
    expect(tr(en, 'Error: partner code not found')).toBe('Error: partner code not found');
  });

  it('speaks the current language', () => {
    const template = readNamespace('de', 'validation').required as string;
    expect(tr(de, encodeMessage('required', { name: 'testOnlyName' }))).toBe(
      interpolate(template, { name: 'Lieferantenname' }),
    );
    expect(tr(de, encodeMessage('required', { name: 'testOnlyName' }))).toContain(
      'Lieferantenname',
    );
  });
});
