import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE, listQuerySchema } from '../src/api';
import { entityHistoryQuerySchema, uuidEntityHistoryQuerySchema } from '../src/audit';
import { isCalendarDateTime, isRealDate } from '../src/calendar-date';
import { requiredText } from '../src/fields';
import { encodeMessage } from '../src/messages';
import { UNSAFE_TEXT_MESSAGE, isSafeText, safeString } from '../src/text-safety';

const list = listQuerySchema(['name', 'createdDate']);
const dateMessage = encodeMessage('invalidFormat', { format: 'date' });

function firstMessage(schema: v.GenericSchema, input: unknown): string | undefined {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0]?.message;
}

describe('calendar dates', () => {
  it('accepts real dates and date-times', () => {
    for (const text of [
      '2024-02-29',
      '2000-02-29',
      '2025-12-31',
      '2024-01-01T00:00',
      '2024-01-01T23:59:59.123Z',
      '2024-06-30T10:00:00+09:00',
    ]) {
      expect(isCalendarDateTime(text), text).toBe(true);
    }
  });

  it('refuses dates that only look like dates', () => {
    for (const text of [
      '2024-13-01',
      '2025-02-30',
      '2023-02-29',
      '1900-02-29',
      '0000-00-00',
      '0000-01-01',
      '2024-04-31',
      '2024-01-01T24:00:00',
      '2024-01-01T99:99:99Z',
      '2024-01-01T10:00:00+99:00',
      '1970-01-01T:::',
      '2024-1-1',
    ]) {
      expect(isCalendarDateTime(text), text).toBe(false);
    }
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2100, 2, 29)).toBe(false);
  });

  it("refuses an impossible list date filter with the spec's format message", () => {
    expect(firstMessage(list, { from: '2024-13-01' })).toBe(dateMessage);
    expect(firstMessage(list, { to: '2025-02-30' })).toBe(dateMessage);
    expect(firstMessage(list, { from: '0000-00-00' })).toBe(dateMessage);
    expect(v.parse(list, { from: '2024-02-29', to: '2024-03-01T10:00:00Z' })).toMatchObject({
      from: '2024-02-29',
      to: '2024-03-01T10:00:00Z',
    });
  });
});

describe('paging and sorting', () => {
  it('bounds the page to a positive integer', () => {
    const pageMessage = encodeMessage('invalidFormat', { format: 'page' });
    expect(firstMessage(list, { page: 1e308 })).toBe(pageMessage);
    expect(firstMessage(list, { page: '9223372036854775808' })).toBe(pageMessage);
    expect(firstMessage(list, { page: MAX_PAGE + 1 })).toBe(pageMessage);
    expect(firstMessage(list, { page: 0 })).toBe(pageMessage);
    expect(firstMessage(list, { page: 1.5 })).toBe(encodeMessage('integer', { name: 'page' }));
    expect(firstMessage(list, { page: 'abc' })).toBe(encodeMessage('integer', { name: 'page' }));
    expect(v.parse(list, { page: '3' }).page).toBe(3);
    expect(v.parse(list, { page: MAX_PAGE }).page).toBe(MAX_PAGE);
  });

  it('takes sort columns from the allow-list only', () => {
    expect(firstMessage(list, { sort: 'name; DROP TABLE roles' })).toBe(
      encodeMessage('invalidFormat', { format: 'sort' }),
    );
    expect(v.parse(list, { sort: 'createdDate' }).sort).toBe('createdDate');
  });

  it('checks a history id as a UUID where the records have UUID ids', () => {
    expect(firstMessage(uuidEntityHistoryQuerySchema, { id: 'not-a-uuid' })).toBe(
      encodeMessage('invalidFormat', { format: 'id' }),
    );
    expect(
      v.parse(uuidEntityHistoryQuerySchema, { id: '7f3c2a10-5b1e-4c6d-9e8f-0a1b2c3d4e5f' }).id,
    ).toBe('7f3c2a10-5b1e-4c6d-9e8f-0a1b2c3d4e5f');
    expect(firstMessage(entityHistoryQuerySchema, { id: 'a\u0000b' })).toBe(UNSAFE_TEXT_MESSAGE);
  });
});

describe('safe text', () => {
  it('refuses NUL, control characters and lone surrogates', () => {
    for (const text of [
      'a\u0000b',
      '\u0007',
      'x\u001b[2J',
      '\u007f',
      '\u0085',
      '\ud800',
      'a\udc00',
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('accepts ordinary text, line breaks, tabs and paired surrogates', () => {
    for (const text of ['Café', 'line one\nline two\r\n', 'a\tb', '日本語', '😀', "%' OR 1=1 --"]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("refuses unsafe text in every contract string with 'Invalid text format.'", () => {
    expect(UNSAFE_TEXT_MESSAGE).toBe(encodeMessage('invalidFormat', { format: 'text' }));
    expect(firstMessage(safeString(), 'a\u0000b')).toBe(UNSAFE_TEXT_MESSAGE);
    expect(firstMessage(requiredText('name'), 'Caf\u0000')).toBe(UNSAFE_TEXT_MESSAGE);
    expect(firstMessage(list, { search: '\ud800' })).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('normalises names to NFC', () => {
    const composed = 'Caf\u00e9';
    const decomposed = 'Cafe\u0301';
    expect(decomposed).not.toBe(composed);
    expect(v.parse(requiredText('name'), decomposed)).toBe(composed);
    expect(v.parse(requiredText('name'), ` ${composed} `)).toBe(composed);
    expect(v.parse(list, { search: decomposed }).search).toBe(composed);
  });
});
