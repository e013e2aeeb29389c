import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  createIssuerSchema,
  germanVatIdCheckDigit,
  isGermanVatId,
  isJapanInvoiceRegistrationNumber,
  isThaiTaxId,
  japanCorporateCheckDigit,
  normaliseRegistrationNumber,
  registrationNumberProblem,
  thaiTaxIdCheckDigit,
} from '../src';

const BRANCH_ID = '6f1c2a64-3a1e-4c53-9c1f-2f6d6c1d7e10';

describe('Japan: qualified invoice issuer number (T + corporate number)', () => {
  it("computes the check digit of the NTA's worked example and real numbers", () => {
    // 7123456789012: the worked example of the check-digit rule.
    expect(japanCorporateCheckDigit('123456789012')).toBe(7);
    // The National Tax Agency's own corporate number, and a company's.
    expect(japanCorporateCheckDigit('000012050002')).toBe(7);
    expect(japanCorporateCheckDigit('011001098993')).toBe(4);
  });

  it.each(['T7000012050002', 'T4011001098993', 'T7123456789012'])('accepts %s', (number) => {
    expect(isJapanInvoiceRegistrationNumber(number)).toBe(true);
  });

  it.each([
    ['T7000012050003', 'another last digit'],
    ['T8000012050002', 'another check digit'],
    ['T0000012050002', 'a check digit 0 (never)'],
    ['7000012050002', 'no T'],
    ['T700001205000', '12 digits'],
    ['T70000120500021', '14 digits'],
    ['t7000012050002', 'a lower-case t'],
  ])('refuses %s (%s)', (number) => {
    expect(isJapanInvoiceRegistrationNumber(number)).toBe(false);
  });
});

describe('Thailand: 13-digit tax ID (mod 11)', () => {
  it('computes the check digit', () => {
    expect(thaiTaxIdCheckDigit('010553609314')).toBe(1);
    expect(thaiTaxIdCheckDigit('310150088562')).toBe(6);
  });
  it.each(['0105536093141', '3101500885626'])('accepts %s', (number) => {
    expect(isThaiTaxId(number)).toBe(true);
  });
  it.each(['0105536093142', '010553609314', '01055360931411', '010553609314A'])(
    'refuses %s',
    (number) => {
      expect(isThaiTaxId(number)).toBe(false);
    },
  );
});

describe('Germany: VAT ID (DE + 9 digits, ISO 7064 MOD 11,10)', () => {
  it('computes the check digit', () => {
    expect(germanVatIdCheckDigit('13669597')).toBe(6);
  });
  it.each(['DE136695976', 'DE811128135', 'DE813495425', 'DE129273398'])('accepts %s', (id) => {
    expect(isGermanVatId(id)).toBe(true);
  });
  it.each(['DE136695977', 'DE036695976', 'DE13669597', 'DE1366959761', '136695976', 'AT136695976'])(
    'refuses %s',
    (id) => {
      expect(isGermanVatId(id)).toBe(false);
    },
  );
});

describe('normalising and the problem found', () => {
  it('drops spaces, hyphens and dots and adds the missing prefix', () => {
    expect(normaliseRegistrationNumber('JP', ' t7000-0120-50002 ')).toBe('T7000012050002');
    expect(normaliseRegistrationNumber('JP', '7000012050002')).toBe('T7000012050002');
    expect(normaliseRegistrationNumber('DE', 'de 136 695 976')).toBe('DE136695976');
    expect(normaliseRegistrationNumber('DE', '136695976')).toBe('DE136695976');
    expect(normaliseRegistrationNumber('TH', '0-1055-36093-14-1')).toBe('0105536093141');
  });
  it('tells a format problem from a check digit problem', () => {
    expect(registrationNumberProblem('JP', 'T7000012050002')).toBeNull();
    expect(registrationNumberProblem('JP', 'T7000012050003')).toBe('checkDigit');
    expect(registrationNumberProblem('JP', 'DE136695976')).toBe('format');
    expect(registrationNumberProblem('TH', '0105536093142')).toBe('checkDigit');
    expect(registrationNumberProblem('DE', 'DE136695977')).toBe('checkDigit');
    expect(registrationNumberProblem('DE', 'T7000012050002')).toBe('format');
  });
});

describe('createIssuerSchema', () => {
  const base = { branchId: BRANCH_ID, legalName: 'A2N', address: 'Somewhere' };
  const issuesOf = (input: unknown) => {
    const result = v.safeParse(createIssuerSchema, input);
    if (result.success) return {};
    return Object.fromEntries(
      result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message]),
    );
  };

  it('normalises the number, defaults the Thai branch number, drops it elsewhere', () => {
    const jp = v.parse(createIssuerSchema, {
      ...base,
      countryCode: 'jp',
      registrationNumber: '7000012050002',
      branchNumber: '00001',
    });
    expect(jp).toMatchObject({ countryCode: 'JP', registrationNumber: 'T7000012050002' });
    expect(jp.branchNumber).toBeNull();
    const th = v.parse(createIssuerSchema, {
      ...base,
      countryCode: 'TH',
      registrationNumber: '0105536093141',
    });
    expect(th.branchNumber).toBe('00000');
  });

  it('answers a check digit problem and a format problem on their fields', () => {
    expect(issuesOf({ ...base, countryCode: 'DE', registrationNumber: 'DE136695977' })).toEqual({
      registrationNumber: 'checkDigit|{"name":"registrationNumber"}',
    });
    expect(issuesOf({ ...base, countryCode: 'JP', registrationNumber: 'T123' })).toEqual({
      registrationNumber: 'invalidFormat|{"format":"T + 13 digits"}',
    });
    expect(
      issuesOf({
        ...base,
        countryCode: 'TH',
        registrationNumber: '0105536093141',
        branchNumber: '1',
      }),
    ).toEqual({ branchNumber: 'invalidFormat|{"format":"branch number (5 digits)"}' });
    expect(issuesOf({ ...base, countryCode: 'FR', registrationNumber: 'FR1' })).toHaveProperty(
      'countryCode',
    );
  });
});
