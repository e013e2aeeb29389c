import {
  ERROR_CODES,
  RESOURCES,
  ROLE_IDS,
  type BranchDetail,
  type IssuerDetail,
} from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateDocumentNumber } from '../src/areas/branches/public';
import { createTestApp, type TestContext, type TestUser } from './support/app';

let t: TestContext;
let admin: string;
let staff: TestUser;
let partnerAdmin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  staff = await t.createUser({ roleId: ROLE_IDS.staff });
  partnerAdmin = await t.createUser({ roleId: ROLE_IDS.partner });
  const role = await t.inject({
    method: 'POST',
    url: '/api/mng/role',
    token: admin,
    payload: { name: 'Branch readers' },
  });
  const roleId = role.json().data.id as string;
  await t.inject({
    method: 'POST',
    url: '/api/mng/role/permission',
    token: admin,
    payload: { roleId, permissions: [{ path: RESOURCES.branches, methods: ['GET'] }] },
  });
  reader = await t.createUser({ roleId });
});

afterAll(() => t?.close());

/** Valid registration numbers (check digits verified by hand against the published rules). */
const JP_NUMBER = 'T7000012050002'; // the National Tax Agency's own corporate number
const JP_NUMBER_2 = 'T4011001098993';
const TH_TAX_ID = '0105536093141';
const DE_VAT_ID = 'DE136695976';

let counter = 0;
function branchBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return { name: `Branch ${counter}`, code: `BR-${counter}`, target: 'franchise', ...overrides };
}

async function createBranch(
  payload: Record<string, unknown> = branchBody(),
  token = admin,
): Promise<BranchDetail> {
  const res = await t.inject({ method: 'POST', url: '/api/mng/branch', token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as BranchDetail;
}

async function createIssuer(payload: Record<string, unknown>): Promise<IssuerDetail> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/mng/branch/item',
    token: admin,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as IssuerDetail;
}

function errorsOf(body: { errors: { field?: string; message: string }[] }) {
  return Object.fromEntries(body.errors.map((error) => [error.field ?? '', error.message]));
}

describe('POST branch', () => {
  it('creates a branch with every field and answers the message to toast', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/branch',
      token: admin,
      payload: {
        name: '  Tokyo resale  ',
        code: 'TYO-01',
        target: 'resale_partner',
        countryCode: 'jp',
        mainPartner: true,
        providerName: 'A2N Japan K.K.',
        paymentGateway: 'Stripe',
        paymentMethodId: 1,
        inquiryEmail: 'Support@A2N.example',
        inquiryPhone: '+81 3-1234-5678',
        inquiryWeb: 'https://a2n.example/support',
        residenceCountryCode: 'JP',
        reportLanguage: 'ja',
        invoiceTitle: '請求書',
        receiptTitle: '領収書',
        taxName: 'Consumption tax',
        taxRate: '10',
        templateHtml: '<p>Issued by <strong>{{providerName}}</strong></p>',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Branch created.');
    expect(res.json().data).toMatchObject({
      name: 'Tokyo resale',
      code: 'TYO-01',
      target: 'resale_partner',
      countryCode: 'JP',
      mainPartner: true,
      inquiryEmail: 'support@a2n.example',
      paymentMethodId: 1,
      reportLanguage: 'ja',
      invoiceTitle: '請求書',
      taxName: 'Consumption tax',
      taxRate: 10,
      templateHtml: '<p>Issued by <strong>{{providerName}}</strong></p>',
      partnerId: null,
      version: 1,
      createdBy: t.config.seedAdminEmail,
    });
  });

  it('defaults: country JP, language en, titles Invoice / Receipt, tax VAT 10 %', async () => {
    const branch = await createBranch(branchBody({ invoiceTitle: '  ' }));
    expect(branch).toMatchObject({
      countryCode: 'JP',
      reportLanguage: 'en',
      invoiceTitle: 'Invoice',
      receiptTitle: 'Receipt',
      taxName: 'VAT',
      taxRate: 10,
      mainPartner: false,
      providerName: null,
      templateHtml: null,
    });
  });

  it('refuses a code already taken, whatever its case (409 on code)', async () => {
    await createBranch(branchBody({ code: 'OSAKA' }));
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/branch',
      token: admin,
      payload: branchBody({ code: 'osaka' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({
      field: 'code',
      code: ERROR_CODES.conflict,
      message: 'Duplicate Branch code detected; must be unique.',
      key: 'validation.duplicate',
    });
  });

  it('answers invalid input with the spec messages on their fields', async () => {
    const empty = await t.inject({
      method: 'POST',
      url: '/api/mng/branch',
      token: admin,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty.json())).toMatchObject({
      name: 'Branch name is required.',
      code: 'Branch code is required.',
      target: 'Target is required.',
    });
    const bad = await t.inject({
      method: 'POST',
      url: '/api/mng/branch',
      token: admin,
      payload: branchBody({
        code: 'HAS SPACE',
        inquiryEmail: 'not-an-email',
        inquiryWeb: 'javascript:alert(1)',
        inquiryPhone: 'call me',
        taxRate: 100.001,
        reportLanguage: 'fr',
        name: 'n'.repeat(101),
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.json())).toMatchObject({
      code: 'Branch code must not contain any spaces.',
      inquiryEmail: 'Invalid email format.',
      inquiryWeb: 'Invalid URL format.',
      inquiryPhone: 'Invalid phone format.',
      reportLanguage: 'Invalid language format.',
      name: 'Enter Branch name within 100 characters.',
    });
    expect(errorsOf(bad.json()).taxRate).toMatch(/tax rate|decimal/);
  });

  it('refuses an unknown country, residence country or payment method', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/branch',
      token: admin,
      payload: branchBody({ countryCode: 'QQ', residenceCountryCode: 'QQ', paymentMethodId: 999 }),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorsOf(res.json())).sort()).toEqual([
      'countryCode',
      'paymentMethodId',
      'residenceCountryCode',
    ]);
  });
});

describe('the template is sanitised on the server', () => {
  const PAYLOADS = [
    '<script>alert(1)</script><p>ok</p>',
    '<img src=x onerror=alert(1)>',
    '<p onclick="alert(1)">click</p>',
    '<a href="javascript:alert(1)">link</a>',
    '<a href="JaVaScRiPt:alert(1)">link</a>',
    '<a href="&#106;avascript:alert(1)">link</a>',
    '<a href=" javascript:alert(1)">link</a>',
    '<a href="java\tscript:alert(1)">link</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
    '<svg onload=alert(1)><circle /></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="background:url(javascript:alert(1))">styled</p>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<body onload=alert(1)>',
    '<div><scr<script>ipt>alert(1)</scr</script>ipt></div>',
    '"><script>alert(document.cookie)</script>',
    '<object data="javascript:alert(1)"></object>',
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<span data-placeholder="providerName" onmouseover="alert(1)">{{providerName}}</span>',
    '<a href="https://ok.example" onfocus="alert(1)" autofocus>ok</a>',
    '<style>p{background:url(javascript:alert(1))}</style>',
    '<IMG SRC=JaVaScRiPt:alert(1)>',
    '<p>x</p><!--<script>alert(1)</script>-->',
  ];

  function assertHarmless(html: string | null) {
    const text = (html ?? '').toLowerCase();
    expect(text).not.toMatch(/<script|<iframe|<svg|<math|<object|<form|<style|<img|<body/);
    expect(text).not.toMatch(/\son[a-z]+\s*=/);
    expect(text).not.toContain('javascript:');
    expect(text).not.toContain('data:');
    expect(text).not.toContain('style=');
  }

  it.each(PAYLOADS)('stores %s harmless', async (payload) => {
    const branch = await createBranch(branchBody({ templateHtml: payload }));
    assertHarmless(branch.templateHtml);
    const preview = await t.inject({
      method: 'POST',
      url: '/api/mng/branch/template/preview',
      token: reader.token,
      payload: { templateHtml: payload },
    });
    expect(preview.statusCode).toBe(200);
    assertHarmless(preview.json().data.templateHtml);
    assertHarmless(preview.json().data.previewHtml);
  });

  it('keeps formatting, safe links and known placeholders; previews with escaped samples', async () => {
    const html =
      '<h2>Thanks</h2><p><em>Issued</em> by <span data-placeholder="providerName">{{providerName}}</span>,' +
      ' <span data-placeholder="providerAddress">{{providerAddress}}</span></p>' +
      '<ul><li>one</li></ul><p><a href="https://a2n.example">site</a> <span data-placeholder="evil">x</span></p>';
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/branch/template/preview',
      token: admin,
      payload: { templateHtml: html },
    });
    const { templateHtml, previewHtml } = res.json().data as {
      templateHtml: string;
      previewHtml: string;
    };
    expect(templateHtml).toContain('<h2>Thanks</h2>');
    expect(templateHtml).toContain('<span data-placeholder="providerName">{{providerName}}</span>');
    expect(templateHtml).toContain(
      '<a href="https://a2n.example" rel="noopener noreferrer" target="_blank">site</a>',
    );
    expect(templateHtml).toContain('<span>x</span>');
    expect(previewHtml).toContain('Example Provider Co., Ltd.');
    expect(previewHtml).toContain('1-2-3 Marunouchi');
    expect(previewHtml).not.toContain('{{');
  });

  it('stores an empty editor as no template', async () => {
    const branch = await createBranch(branchBody({ templateHtml: '<p></p>' }));
    expect(branch.templateHtml).toBeNull();
  });
});

describe('GET, PUT, DELETE branch and its history', () => {
  it('reads, updates with the version, refuses a stale version, and records history', async () => {
    const created = await createBranch();
    const read = await t.inject({
      method: 'GET',
      url: `/api/mng/branch?id=${created.id}`,
      token: reader.token,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(created);

    const { createdDate: _c, updatedDate: _u, createdBy: _cb, updatedBy: _ub, ...fields } = created;
    const update = await t.inject({
      method: 'PUT',
      url: '/api/mng/branch',
      token: staff.token,
      payload: { ...fields, providerName: 'New provider', templateHtml: '<p onclick=x>hi</p>' },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().message).toBe('Branch updated.');
    expect(update.json().data).toMatchObject({
      providerName: 'New provider',
      templateHtml: '<p>hi</p>',
      version: 2,
      updatedBy: staff.email,
    });

    const stale = await t.inject({
      method: 'PUT',
      url: '/api/mng/branch',
      token: admin,
      payload: { ...fields, providerName: 'Lost update' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].field).toBe('version');

    const history = await t.inject({
      method: 'GET',
      url: `/api/mng/branch/history?id=${created.id}`,
      token: reader.token,
    });
    expect(history.statusCode).toBe(200);
    const entries = history.json().data.items as {
      action: string;
      changes: { field: string; before: unknown; after: unknown }[];
    }[];
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'providerName', before: null, after: 'New provider' }]),
    );
  });

  it('refuses to update a code onto another branch (409)', async () => {
    const first = await createBranch(branchBody({ code: 'TAKEN-1' }));
    const second = await createBranch();
    const res = await t.inject({
      method: 'PUT',
      url: '/api/mng/branch',
      token: admin,
      payload: { ...branchBody({ code: first.code }), id: second.id, version: second.version },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].field).toBe('code');
  });

  it('answers 404 for an unknown branch and 400 for an id that is not one', async () => {
    const missing = await t.inject({
      method: 'GET',
      url: '/api/mng/branch?id=00000000-0000-4000-8000-000000000000',
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorMessage).toBe('Branch not found');
    const invalid = await t.inject({ method: 'GET', url: '/api/mng/branch?id=abc', token: admin });
    expect(invalid.statusCode).toBe(400);
  });

  it('deletes a branch without issuers; refuses one with issuers (422)', async () => {
    const lonely = await createBranch();
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/mng/branch?id=${lonely.id}&version=1`,
      token: admin,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Branch deleted.');

    const busy = await createBranch();
    await createIssuer({
      branchId: busy.id,
      countryCode: 'DE',
      legalName: 'A2N GmbH',
      address: 'Friedrichstr. 1, 10117 Berlin',
      registrationNumber: DE_VAT_ID,
    });
    const refused = await t.inject({
      method: 'DELETE',
      url: `/api/mng/branch?id=${busy.id}`,
      token: admin,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errorMessage).toMatch(/has issuers/);
  });

  it('lists with search, filters, sorting and issuer counts', async () => {
    const branch = await createBranch(
      branchBody({ name: 'Bangkok franchise', code: 'BKK', countryCode: 'TH', target: 'msp' }),
    );
    await createIssuer({
      branchId: branch.id,
      countryCode: 'TH',
      legalName: 'A2N (Thailand) Co., Ltd.',
      address: '1 Sukhumvit Rd, Bangkok 10110',
      registrationNumber: TH_TAX_ID,
    });
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/branch/list',
      token: reader.token,
      payload: { search: 'bangkok', target: 'msp', countryCode: 'th', sort: 'name' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(res.json().data.items[0]).toMatchObject({ code: 'BKK', issuerCount: 1 });
  });
});

describe('permissions', () => {
  it('a reader reads but cannot change; a partner admin cannot even read', async () => {
    const denied = await t.inject({
      method: 'POST',
      url: '/api/mng/branch',
      token: reader.token,
      payload: branchBody(),
    });
    expect(denied.statusCode).toBe(403);
    const list = await t.inject({
      method: 'POST',
      url: '/api/mng/branch/list',
      token: partnerAdmin.token,
      payload: {},
    });
    expect(list.statusCode).toBe(403);
  });
});

describe('branch/select-partner', () => {
  it('links a partner, refuses an unknown one, clears with null; a linked partner stays', async () => {
    const branch = await createBranch();
    const partner = await t.inject({
      method: 'POST',
      url: '/api/mng/partner',
      token: admin,
      payload: { name: 'Branch partner', code: 'BRPARTNER', target: 'affiliate', phone: '03-1' },
    });
    expect(partner.statusCode, partner.body).toBe(201);
    const partnerId = partner.json().data.id as string;
    const select = (version: number, id: string | null) =>
      t.inject({
        method: 'PUT',
        url: '/api/mng/branch/select-partner',
        token: admin,
        payload: { id: branch.id, version, partnerId: id },
      });
    const linked = await select(1, partnerId);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toMatchObject({ partnerId, version: 2 });
    const unknown = await select(2, '00000000-0000-4000-8000-000000000001');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorMessage).toBe('Partner not found');
    // The partner a branch sells for cannot be deleted.
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/mng/partner?id=${partnerId}`,
      token: admin,
    });
    expect(removed.statusCode).toBe(422);
    const cleared = await select(2, null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ partnerId: null, version: 3 });
  });
});

describe('issuers (branch items)', () => {
  it('creates issuers of each country with their normalised registration data', async () => {
    const branch = await createBranch();
    const jp = await createIssuer({
      branchId: branch.id,
      countryCode: 'jp',
      legalName: 'A2N Japan K.K.',
      address: '1-1 Marunouchi, Chiyoda-ku, Tokyo',
      registrationNumber: '7000-0120-50002',
    });
    expect(jp).toMatchObject({
      countryCode: 'JP',
      registrationNumber: JP_NUMBER,
      branchNumber: null,
      branchName: branch.name,
      sequences: [],
      version: 1,
    });
    const th = await createIssuer({
      branchId: branch.id,
      countryCode: 'TH',
      legalName: 'A2N (Thailand) Co., Ltd.',
      address: 'Bangkok',
      registrationNumber: '0 1055 36093 14 1',
    });
    expect(th).toMatchObject({ registrationNumber: TH_TAX_ID, branchNumber: '00000' });
    const thBranch = await createIssuer({
      branchId: branch.id,
      countryCode: 'TH',
      legalName: 'A2N (Thailand) Co., Ltd. Chiang Mai',
      address: 'Chiang Mai',
      registrationNumber: TH_TAX_ID,
      branchNumber: '00001',
    });
    expect(thBranch.branchNumber).toBe('00001');
    const de = await createIssuer({
      branchId: branch.id,
      countryCode: 'DE',
      legalName: 'A2N GmbH',
      address: 'Berlin',
      registrationNumber: '136695976',
      branchNumber: '12345',
    });
    expect(de).toMatchObject({ registrationNumber: DE_VAT_ID, branchNumber: null });

    const list = await t.inject({
      method: 'POST',
      url: '/api/mng/branch/item/list',
      token: reader.token,
      payload: { branchId: branch.id },
    });
    expect(list.json().data.total).toBe(4);
  });

  it.each([
    [
      'JP',
      'T7000012050003',
      'The check digit of Registration number does not match: check the number.',
    ],
    ['JP', 'T0000012050002', 'Invalid T + 13 digits format.'],
    ['JP', 'T700001205000', 'Invalid T + 13 digits format.'],
    [
      'TH',
      '0105536093142',
      'The check digit of Registration number does not match: check the number.',
    ],
    ['TH', '010553609314', 'Invalid 13-digit tax ID format.'],
    [
      'DE',
      'DE136695977',
      'The check digit of Registration number does not match: check the number.',
    ],
    ['DE', 'DE036695976', 'Invalid DE + 9 digits format.'],
    ['DE', 'ATU12345678', 'Invalid DE + 9 digits format.'],
  ])('refuses %s %s', async (countryCode, registrationNumber, message) => {
    const branch = await createBranch();
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/branch/item',
      token: admin,
      payload: {
        branchId: branch.id,
        countryCode,
        legalName: 'X',
        address: 'Y',
        registrationNumber,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.json()).registrationNumber).toBe(message);
  });

  it('refuses a Thai branch number that is not 5 digits, and an unknown branch', async () => {
    const branch = await createBranch();
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/branch/item',
      token: admin,
      payload: {
        branchId: branch.id,
        countryCode: 'TH',
        legalName: 'X',
        address: 'Y',
        registrationNumber: TH_TAX_ID,
        branchNumber: '12a',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.json()).branchNumber).toBe('Invalid branch number (5 digits) format.');
    const orphan = await t.inject({
      method: 'POST',
      url: '/api/mng/branch/item',
      token: admin,
      payload: {
        branchId: '00000000-0000-4000-8000-000000000002',
        countryCode: 'JP',
        legalName: 'X',
        address: 'Y',
        registrationNumber: JP_NUMBER,
      },
    });
    expect(orphan.statusCode).toBe(404);
  });

  it('refuses the same registration twice in a branch (409)', async () => {
    const branch = await createBranch();
    const body = {
      branchId: branch.id,
      countryCode: 'JP',
      legalName: 'Twice',
      address: 'Tokyo',
      registrationNumber: JP_NUMBER_2,
    };
    await createIssuer(body);
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/branch/item',
      token: admin,
      payload: body,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].field).toBe('registrationNumber');
  });

  it('updates with the version, keeps history, shows sequences, refuses deleting a numbered one', async () => {
    const branch = await createBranch();
    const issuer = await createIssuer({
      branchId: branch.id,
      countryCode: 'JP',
      legalName: 'Before K.K.',
      address: 'Tokyo',
      registrationNumber: JP_NUMBER,
    });
    const res = await t.inject({
      method: 'PUT',
      url: '/api/mng/branch/item',
      token: admin,
      payload: {
        id: issuer.id,
        version: 1,
        branchId: branch.id,
        countryCode: 'JP',
        legalName: 'After K.K.',
        address: 'Osaka',
        registrationNumber: JP_NUMBER,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ legalName: 'After K.K.', version: 2 });

    const history = await t.inject({
      method: 'GET',
      url: `/api/mng/branch/item/history?id=${issuer.id}`,
      token: reader.token,
    });
    expect(history.json().data.items.map((entry: { action: string }) => entry.action)).toEqual([
      'update',
      'create',
    ]);

    await t.database.db.transaction((tx) =>
      allocateDocumentNumber(tx, { issuerId: issuer.id, documentType: 'invoice', year: 2026 }),
    );
    const detail = await t.inject({
      method: 'GET',
      url: `/api/mng/branch/item?id=${issuer.id}`,
      token: admin,
    });
    expect(detail.json().data.sequences).toEqual([
      { documentType: 'invoice', year: 2026, nextNumber: 2 },
    ]);
    const refused = await t.inject({
      method: 'DELETE',
      url: `/api/mng/branch/item?id=${issuer.id}&version=2`,
      token: admin,
    });
    expect(refused.statusCode).toBe(422);

    const spare = await createIssuer({
      branchId: branch.id,
      countryCode: 'DE',
      legalName: 'Spare GmbH',
      address: 'Berlin',
      registrationNumber: DE_VAT_ID,
    });
    const deleted = await t.inject({
      method: 'DELETE',
      url: `/api/mng/branch/item?id=${spare.id}&version=1`,
      token: admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Issuer deleted.');
  });
});
