import { describe, expect, it } from 'vitest';
import * as contracts from '@esim/contracts';
import * as utils from '../src';

describe('spec section 9 constants', () => {
  it('page sizes and the e-mail check come from the contracts (one definition)', () => {
    expect(utils.PAGE_SIZES).toBe(contracts.PAGE_SIZES);
    expect(utils.PAGE_SIZES).toEqual([10, 20, 30, 50, 100]);
    expect(utils.DEFAULT_PAGE_SIZE).toBe(10);
    expect(utils.FIRST_PAGE).toBe(1);
    expect(utils.isValidEmail).toBe(contracts.isValidEmail);
    expect(utils.isValidEmail('staff@example.co.jp')).toBe(true);
    expect(utils.isValidEmail('staff@@example.com')).toBe(false);
  });

  it('timeouts and sign-in values', () => {
    expect(utils.HTTP_TIMEOUT_MS).toBe(60_000);
    expect(utils.INITIAL_OTP_ATTEMPTS).toBe(2);
    expect(utils.SIGNOUT_TIMEOUT_MS).toBe(3_000);
    expect(utils.LAST_LOGIN_DATE_KEY).toBe('lastLoginDate');
    expect(utils.AUTO_SIGN_IN_POLL_MS).toBe(5_000);
    expect(utils.AUTO_SIGN_IN_TIMEOUT_MS).toBe(3 * 60_000);
    expect(utils.DEFAULT_IDENTITY_REGION).toBe('ap-northeast-1');
    expect(utils.TRANSLATION_LOAD_MAX_RETRIES).toBe(5);
    expect(utils.TRANSLATION_LOAD_MAX_PARALLEL_READS).toBe(10);
  });

  it('business defaults', () => {
    expect(utils.DEFAULT_CURRENCY).toBe('JPY');
    expect(utils.DEFAULT_PHONE_CODE).toBe('81');
    expect(utils.DEFAULT_BRANCH_LOCATION).toBe('JP');
    expect(utils.DEFAULT_STATUS).toBe('active');
    expect(utils.DEFAULT_TARIFF_BASE).toBe('cost');
    expect(utils.DEFAULT_TARIFF_LOGIC).toEqual({ logic1: 40, logic2: 0, logic3: 0 });
    expect(utils.DEFAULT_THROTTLING_SPEED).toBe(128);
    expect(utils.DEFAULT_TAX_TYPE).toBe('VAT');
    expect(utils.DEFAULT_INVOICE_TITLE).toBe('Invoice');
    expect(utils.DEFAULT_RECEIPT_TITLE).toBe('Receipt');
  });

  it('markup percentage options run from 100 down to 0 in steps of 5, then -5 to -50', () => {
    const options = utils.MARKUP_PERCENT_OPTIONS;
    expect(options[0]).toBe(100);
    expect(options).toContain(0);
    expect(options.at(-1)).toBe(-50);
    expect(options).toHaveLength(31);
    options.slice(1).forEach((value, index) => expect(options[index]! - value).toBe(5));
    expect(utils.MAX_MIN_CHOICE).toEqual({ max: 1, min: 0 });
  });

  it('layout values', () => {
    expect(utils.DIALOG_MAX_WIDTH_PX).toBe(600);
    expect(utils.ALERT_HEADER_MAX_HEIGHT_PX).toBe(500);
    expect(utils.SCROLL_HIDE_DELAY_MS).toBe(600);
  });

  it('the order wizard has five steps with progress 0, 25, 50, 75, 100', () => {
    expect(utils.WIZARD_STEPS).toHaveLength(5);
    expect(utils.WIZARD_PROGRESS).toEqual([0, 25, 50, 75, 100]);
    expect(utils.wizardProgress('selectBundle')).toBe(0);
    expect(utils.wizardProgress('orderPreview')).toBe(50);
    expect(utils.wizardProgress('completed')).toBe(100);
    expect(utils.WIZARD_STEP_STATES).toEqual(['active', 'inactive', 'success', 'error']);
  });
});
