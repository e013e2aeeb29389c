import { ROLE_IDS, type PartnerDetail } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM } from '../src/csv';
import { uploadTestLogo } from './support/upload';
import { createTestApp, type TestContext, type TestUser } from './support/app';

let t: TestContext;
let admin: string;
let staff: TestUser;
const TARIFF_CODE = 'PARTNER-RETAIL';
const codeIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  staff = await t.createUser({ roleId: ROLE_IDS.staff });
  const group = await call('POST', 'tariff/group', { tariffGroup: 'PARTNER-G', name: 'Partners' });
  expect(group.statusCode, group.body).toBe(201);
  for (const tariffCode of [TARIFF_CODE, 'PARTNER-VIP']) {
    const code = await call('POST', 'tariff', { tariffGroup: 'PARTNER-G', tariffCode });
    expect(code.statusCode, code.body).toBe(201);
    codeIds[tariffCode] = code.json().data.id as string;
  }
});

afterAll(() => t?.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  token = admin,
) {
  return t.inject({
    method,
    url: `/api/mng/${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

let counter = 0;
function partnerBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Partner ${counter}`,
    code: `P${counter}-${Date.now() % 100000}`,
    target: 'affiliate',
    ...overrides,
  };
}

async function create(
  overrides: Record<string, unknown> = {},
  token = admin,
): Promise<PartnerDetail> {
  const res = await call('POST', 'partner', partnerBody(overrides), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PartnerDetail;
}

function errorsOf(body: { errors: { field?: string; message: string }[] }) {
  return Object.fromEntries(body.errors.map((error) => [error.field ?? '', error.message]));
}

describe('POST partner', () => {
  it('takes only a logo that was uploaded and checked as a logo', async () => {
    const res = await call('POST', 'partner', {
      name: 'Made-up logo',
      code: 'MADEUPLOGO',
      target: 'affiliate',
      phone: '03-1',
      logoKey: 'partner-logo/00000000-0000-4000-8000-000000000000.png',
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.json()).logoKey).toBe('File upload failed.');
  });

  it('registers a partner with every field of the spec', async () => {
    const logoKey = await uploadTestLogo(t, admin);
    const res = await call('POST', 'partner', {
      name: '  Sakura Travel  ',
      code: 'SAKURA',
      target: 'corporate_customer',
      representativeName: 'Hanako Yamada',
      phone: '+81 3-1234-5678',
      loginEmail: 'Owner@Sakura-Travel.JP',
      planType: 'gold',
      monthlyCommit: 500000,
      billingDate: 25,
      website: 'https://sakura-travel.example',
      typeOfBusiness: 'Travel agency',
      businessModel: 'B2B2C',
      visibleFields: ['tariffCode', 'planType'],
      commissionType: 'percentage',
      commissionValue: 12.5,
      customFields: [
        { name: 'Contract no', dataType: 'string', maxLength: 10, value: 'C-001' },
        { name: 'Seats', dataType: 'number', maxAmount: 100, value: 40 },
        { name: 'Invoice by post', dataType: 'boolean', value: true },
        { name: 'Contract PDF', dataType: 'file', value: 'partners/contract-001.pdf' },
      ],
      logoKey,
      url: 'https://shop.example/sakura',
      prefix: 'SKR',
      slug: 'sakura-travel',
      tariffCode: TARIFF_CODE.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Partner created.');
    const partner = res.json().data as PartnerDetail;
    expect(partner).toMatchObject({
      name: 'Sakura Travel',
      code: 'SAKURA',
      target: 'corporate_customer',
      loginEmail: 'owner@sakura-travel.jp',
      planType: 'gold',
      monthlyCommit: 500000,
      billingDate: 25,
      visibleFields: ['planType', 'tariffCode'],
      commissionType: 'percentage',
      commissionValue: 12.5,
      logoKey,
      prefix: 'SKR',
      slug: 'sakura-travel',
      oldSlug: null,
      tariffCode: TARIFF_CODE,
      accounts: [],
      version: 1,
    });
    expect(partner.customFields).toEqual([
      { name: 'Contract no', dataType: 'string', maxLength: 10, maxAmount: null, value: 'C-001' },
      { name: 'Seats', dataType: 'number', maxLength: null, maxAmount: 100, value: 40 },
      {
        name: 'Invoice by post',
        dataType: 'boolean',
        maxLength: null,
        maxAmount: null,
        value: true,
      },
      {
        name: 'Contract PDF',
        dataType: 'file',
        maxLength: null,
        maxAmount: null,
        value: 'partners/contract-001.pdf',
      },
    ]);
    const read = await call('GET', `partner?id=${partner.id}`);
    expect(read.json().data).toEqual(partner);
  });

  it('defaults: plan entry, commission percentage, nothing optional set', async () => {
    const partner = await create();
    expect(partner).toMatchObject({
      planType: 'entry',
      commissionType: 'percentage',
      commissionValue: null,
      tariffCode: null,
      slug: null,
      customFields: [],
      visibleFields: [],
    });
  });

  it("refuses bad input with the spec's messages", async () => {
    const res = await call('POST', 'partner', {
      name: '',
      code: 'has space',
      target: 'reseller',
      loginEmail: 'a@b@c.com',
      slug: 'Sakura Travel1',
      planType: 'diamond',
      billingDate: 32,
      commissionType: 'percentage',
      commissionValue: 150,
    });
    expect(res.statusCode).toBe(400);
    const errors = errorsOf(res.json());
    expect(errors.name).toBe('Partner name is required.');
    expect(errors.code).toBe('Partner code must not contain any spaces.');
    expect(errors.loginEmail).toBe('Invalid email format.');
    expect(errors.slug).toBe(
      'URL slug can only contain lowercase letters, hyphens and underscores.',
    );
    expect(errors.target).toBeDefined();
    expect(errors.planType).toBeDefined();
    expect(errors.billingDate).toBeDefined();
  });

  it('checks the commission by its type', async () => {
    const percent = await call('POST', 'partner', partnerBody({ commissionValue: 150 }));
    expect(errorsOf(percent.json()).commissionValue).toBe(
      'Commission must be a number within 1 to 100.',
    );
    const decimals = await call('POST', 'partner', partnerBody({ commissionValue: 10.125 }));
    expect(errorsOf(decimals.json()).commissionValue).toBe(
      'Commission cannot exceed 2 decimal places.',
    );
    const fixed = await call(
      'POST',
      'partner',
      partnerBody({ commissionType: 'fixed_amount', commissionValue: 99.5 }),
    );
    expect(errorsOf(fixed.json()).commissionValue).toBe(
      'Commission must be a number with no decimal.',
    );
    const ok = await create({ commissionType: 'fixed_amount', commissionValue: 300 });
    expect(ok.commissionValue).toBe(300);
  });

  it('validates custom field values by their definition', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { name: 'Note', dataType: 'string', maxLength: 3, value: 'toolong' },
        'Enter Value within 3 characters',
      ],
      [{ name: 'Seats', dataType: 'number', maxAmount: 10, value: 11 }, 'Invalid value format.'],
      [{ name: 'Seats', dataType: 'number', value: 'ten' }, 'Value must be a valid number.'],
      [{ name: 'Flag', dataType: 'boolean', value: 'yes' }, 'Value must be a valid boolean.'],
      [
        { name: 'Doc', dataType: 'file', value: 'a file.pdf' },
        'Value must not contain any spaces.',
      ],
    ];
    for (const [field, message] of cases) {
      const res = await call('POST', 'partner', partnerBody({ customFields: [field] }));
      expect(res.statusCode, JSON.stringify(field)).toBe(400);
      const error = res.json().errors[0] as { field: string; message: string };
      expect(error.field).toBe('customFields.0.value');
      expect(error.message).toContain(message);
    }
    const duplicate = await call(
      'POST',
      'partner',
      partnerBody({
        customFields: [
          { name: 'Seats', dataType: 'number' },
          { name: 'seats', dataType: 'string' },
        ],
      }),
    );
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors[0].message).toBe(
      'Duplicate Field name detected; must be unique.',
    );
  });

  it('refuses a tariff code that does not exist', async () => {
    const res = await call('POST', 'partner', partnerBody({ tariffCode: 'NO-SUCH-CODE' }));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.json()).tariffCode).toBe('Invalid tariff code format.');
  });
});

describe('uniqueness and slugs', () => {
  it('code and prefix are unique, case-insensitively', async () => {
    const first = await create({ code: 'UNIQ-1', prefix: 'UQ' });
    const code = await call('POST', 'partner', partnerBody({ code: 'uniq-1' }));
    expect(code.statusCode).toBe(409);
    expect(code.json().errors[0]).toMatchObject({
      field: 'code',
      message: 'Duplicate Partner code detected; must be unique.',
    });
    const prefix = await call('POST', 'partner', partnerBody({ prefix: 'uq' }));
    expect(prefix.statusCode).toBe(409);
    expect(prefix.json().errors[0].field).toBe('prefix');
    expect(first.prefix).toBe('UQ');
  });

  it('a changed slug keeps the old one: both resolve, no one else may take either', async () => {
    const partner = await create({ slug: 'blue-sky' });
    const res = await call('PUT', 'partner', {
      ...partnerBody(),
      name: partner.name,
      code: partner.code,
      target: partner.target,
      slug: 'blue_sky_travel',
      id: partner.id,
      version: partner.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as PartnerDetail;
    expect(updated).toMatchObject({ slug: 'blue_sky_travel', oldSlug: 'blue-sky', version: 2 });

    for (const slug of ['blue-sky', 'blue_sky_travel']) {
      const found = await call('GET', `partner/lookup?slug=${slug}`);
      expect(found.statusCode, slug).toBe(200);
      expect(found.json().data.id).toBe(partner.id);
    }
    // The old slug is still this partner's: another partner cannot take it.
    const taken = await call('POST', 'partner', partnerBody({ slug: 'blue-sky' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].field).toBe('slug');
    // The partner itself may go back to it.
    const back = await call('PUT', 'partner', {
      name: partner.name,
      code: partner.code,
      target: partner.target,
      slug: 'blue-sky',
      id: partner.id,
      version: updated.version,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ slug: 'blue-sky', oldSlug: 'blue_sky_travel' });
  });

  it("lookup by code and prefix; the spec's not-found messages", async () => {
    const partner = await create({ code: 'LOOK-1', prefix: 'LK1' });
    expect((await call('GET', 'partner/lookup?code=look-1')).json().data.id).toBe(partner.id);
    expect((await call('GET', 'partner/lookup?prefix=lk1')).json().data.id).toBe(partner.id);
    const code = await call('GET', 'partner/lookup?code=NOPE');
    expect(code.statusCode).toBe(404);
    expect(code.json().errorMessage).toBe("partner's code not found");
    const prefix = await call('GET', 'partner/lookup?prefix=NOPE');
    expect(prefix.statusCode).toBe(404);
    expect(prefix.json().errorMessage).toBe("partner's prefix not found");
    const slug = await call('GET', 'partner/lookup?slug=no-such-slug');
    expect(slug.statusCode).toBe(404);
    expect(slug.json().errorMessage).toBe('Partner not found');
    expect((await call('GET', 'partner/lookup')).statusCode).toBe(400);
    expect((await call('GET', 'partner/lookup?code=A&prefix=B')).statusCode).toBe(400);
  });
});

describe('PUT, DELETE, list, export, history', () => {
  it('a stale version is a 409; history shows the create and the change', async () => {
    const partner = await create({ representativeName: 'Old name' });
    const body = {
      name: partner.name,
      code: partner.code,
      target: partner.target,
      representativeName: 'New name',
      id: partner.id,
      version: partner.version,
    };
    expect((await call('PUT', 'partner', body)).statusCode).toBe(200);
    const stale = await call('PUT', 'partner', body);
    expect(stale.statusCode).toBe(409);
    const history = await call('GET', `partner/history?id=${partner.id}`);
    expect(history.statusCode).toBe(200);
    const items = history.json().data.items as {
      action: string;
      changes: { field: string; before: unknown; after: unknown }[];
    }[];
    expect(items.map((item) => item.action)).toEqual(['update', 'create']);
    expect(items[0]!.changes).toContainEqual({
      field: 'representativeName',
      before: 'Old name',
      after: 'New name',
    });
  });

  it('lists with search and filters; the tariff code shows its partners and cannot be deleted', async () => {
    const partner = await create({
      name: 'Findable Corp',
      planType: 'platinum',
      tariffCode: 'PARTNER-VIP',
    });
    const res = await call('POST', 'partner/list', { search: 'findable', planType: 'platinum' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((item: { id: string }) => item.id)).toEqual([partner.id]);
    expect(res.json().data.items[0]).toMatchObject({ tariffCode: 'PARTNER-VIP', accountCount: 0 });

    const relation = await call('GET', 'tariff/relation?code=PARTNER-VIP');
    expect(relation.json().data.partners).toEqual([
      { id: partner.id, name: 'Findable Corp', code: partner.code },
    ]);
    const removal = await call('DELETE', `tariff?id=${codeIds['PARTNER-VIP']}`);
    expect(removal.statusCode).toBe(422);
    expect(removal.json().errorMessage).toBe(
      'This tariff code is assigned to partners and cannot be deleted.',
    );
  });

  it('exports CSV with formulas neutralised', async () => {
    await create({ name: '=HYPERLINK("http://evil")', code: 'CSV-1' });
    const res = await call('GET', 'partner/export?search=HYPERLINK');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('deletes a partner without accounts (version checked); 404 after', async () => {
    const partner = await create();
    expect((await call('DELETE', `partner?id=${partner.id}&version=9`)).statusCode).toBe(409);
    const res = await call('DELETE', `partner?id=${partner.id}&version=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Partner deleted.');
    expect((await call('GET', `partner?id=${partner.id}`)).statusCode).toBe(404);
    const history = await call('GET', `partner/history?id=${partner.id}`);
    expect(history.json().data.items[0].action).toBe('delete');
  });

  it('staff (administrators_staff) manage partners too', async () => {
    const partner = await create({}, staff.token);
    expect(partner.createdBy).toBe(staff.email);
  });
});

describe('accounts', () => {
  it('an account is a user bound to the partner, role administrators_partner, who signs in and reaches only its partner', async () => {
    const own = await create({ name: 'Account Co' });
    const other = await create({ name: 'Other Co' });
    const res = await call('POST', 'partner/account', {
      partnerId: own.id,
      email: 'Staff@Account-Co.example',
      name: 'Front desk',
    });
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json().data as { id: string; email: string };
    expect(account.email).toBe('staff@account-co.example');

    const detail = (await call('GET', `partner?id=${own.id}`)).json().data as PartnerDetail;
    expect(detail.accounts.map((item) => item.email)).toEqual(['staff@account-co.example']);

    // Signs in like everyone else; its permissions are the partner admin's.
    const token = await t.tokenFor('staff@account-co.example');
    const permission = await call(
      'GET',
      'permission?email=staff@account-co.example',
      undefined,
      token,
    );
    expect(permission.json().data.roleId).toBe(ROLE_IDS.partner);
    expect((await call('GET', `partner?id=${own.id}`, undefined, token)).statusCode).toBe(200);
    expect((await call('GET', `partner?id=${other.id}`, undefined, token)).statusCode).toBe(404);
    const list = await call('POST', 'partner/list', {}, token);
    expect(list.json().data.items.map((item: { id: string }) => item.id)).toEqual([own.id]);

    // The same e-mail again is a 409; the partner with an account cannot be deleted.
    const again = await call('POST', 'partner/account', {
      partnerId: other.id,
      email: account.email,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].field).toBe('email');
    const removal = await call('DELETE', `partner?id=${own.id}`);
    expect(removal.statusCode).toBe(422);

    // Removing the account ends its access at once.
    const removed = await call('DELETE', `partner/account?id=${account.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `partner?id=${own.id}`, undefined, token)).statusCode).toBe(401);
    const history = await call('GET', `partner/history?id=${own.id}`);
    const changes = (history.json().data.items as { changes: { field: string }[] }[]).flatMap(
      (item) => item.changes.map((change) => change.field),
    );
    // Created with none, one added, one removed.
    expect(changes.filter((field) => field === 'accounts')).toHaveLength(3);
  });
});
