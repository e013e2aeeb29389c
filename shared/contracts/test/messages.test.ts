import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { emailField, isValidEmail, requiredText } from '../src/fields';
import { decodeMessage, encodeMessage, interpolate } from '../src/messages';

describe('validation messages travel as keys', () => {
  it('round-trips a key with parameters', () => {
    const message = encodeMessage('maxLength', { name: 'email', length: 255 });
    expect(decodeMessage(message)).toEqual({
      key: 'maxLength',
      params: { name: 'email', length: 255 },
    });
    expect(decodeMessage('required')).toEqual({ key: 'required', params: {} });
  });

  it('interpolates the spec wording and leaves unknown placeholders', () => {
    expect(
      interpolate('Enter {{name}} within {{length}} characters.', { name: 'Email', length: 5 }),
    ).toBe('Enter Email within 5 characters.');
    expect(interpolate('{{name}} is required.', {})).toBe('{{name}} is required.');
  });

  it('schemas carry the keys of the spec messages', () => {
    const empty = v.safeParse(requiredText('name', 10), '  ');
    expect(empty.success).toBe(false);
    expect(decodeMessage(empty.issues![0].message)).toEqual({
      key: 'required',
      params: { name: 'name' },
    });

    const long = v.safeParse(requiredText('name', 3), 'abcd');
    expect(decodeMessage(long.issues![0].message)).toEqual({
      key: 'maxLength',
      params: { name: 'name', length: 3 },
    });
  });
});

describe("the spec's e-mail check", () => {
  it.each([
    ['staff@example.co.jp', true],
    ['a.b-c@sub-domain.example.com', true],
    ['no-at-sign.example.com', false],
    ['two@@example.com', false],
    ['a@b@example.com', false],
    ['user@localhost', false],
    ['user@example.c', false],
    ['user@exa_mple.com', false],
    ['@example.com', false],
  ])('%s -> %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('the e-mail field trims and lower-cases what it accepts', () => {
    expect(v.parse(emailField(), '  Staff@Example.COM ')).toBe('staff@example.com');
    const bad = v.safeParse(emailField(), 'nope');
    expect(decodeMessage(bad.issues![0].message)).toEqual({
      key: 'invalidFormat',
      params: { format: 'email' },
    });
  });
});
