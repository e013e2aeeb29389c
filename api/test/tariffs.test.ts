import { ERROR_CODES, ROLE_IDS } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import { fieldLabel } from './support/locale';
import {
  api,
  expectFieldError,
  insertProduct,
  insertSupplier,
  unique,
  type Api,
} from './tariffs-fixtures';

/*
 * Tariff groups (profiles) and codes: create, read, update with versions, delete, list, copy,
 * relation, history, permissions and bad input.
 */

let t: TestContext;
let a: Api;
let partnerToken: string;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
  partnerToken = (await t.createUser({ roleId: ROLE_IDS.partner })).token;
  staffToken = (await t.createUser({ roleId: ROLE_IDS.staff })).token;
});

afterAll(() => t?.close());

async function createGroup(body: Record<string, unknown> = {}) {
  const res = await a.post('tariff/group', { tariffGroup: unique('G'), name: 'Retail', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function createCode(tariffGroup: string, body: Record<string, unknown> = {}) {
  const res = await a.post('tariff', { tariffGroup, tariffCode: unique('C'), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('tariff groups (profiles)', () => {
  it("creates a group with the spec's defaults and reads it back by code or id", async () => {
    const code = unique('RETAIL');
    const res = await a.post('tariff/group', { tariffGroup: code, name: 'Retail JP' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Tariff profile created.');
    expect(res.body.data).toMatchObject({
      tariffGroup: code,
      name: 'Retail JP',
      baseTariff: 'cost',
      logic1: 40,
      logic2: 0,
      logic3: 0,
      inputMode: 'auto',
      importFrom: null,
      version: 1,
      codes: [],
    });
    const byCode = await a.get(`tariff/profile-detail?tariffGroup=${code.toLowerCase()}`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.id).toBe(res.body.data.id);
    const byId = await a.get(`tariff/profile-detail?id=${res.body.data.id}`);
    expect(byId.body.data.tariffGroup).toBe(code);
  });

  it('takes the rule of importFrom for the fields left out', async () => {
    const source = await createGroup({
      baseTariff: 'price',
      logic1: 25,
      logic2: 300,
      logic3: 1,
      inputMode: 'manual',
    });
    const group = await createGroup({ importFrom: source.tariffGroup, logic1: 10 });
    expect(group).toMatchObject({
      baseTariff: 'price',
      logic1: 10,
      logic2: 300,
      logic3: 1,
      inputMode: 'manual',
      importFrom: { id: source.id, tariffGroup: source.tariffGroup, name: source.name },
    });
    const missing = await a.post('tariff/group', {
      tariffGroup: unique('G'),
      name: 'x',
      importFrom: 'NOPE-404',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].message).toBe('Tariff profile not found');
  });

  it("refuses a taken group code, whatever its case: 409 'Name already existed in the database.'", async () => {
    const group = await createGroup();
    const res = await a.post('tariff/group', {
      tariffGroup: group.tariffGroup.toLowerCase(),
      name: 'Other',
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toEqual({
      message: 'Name already existed in the database.',
      code: ERROR_CODES.conflict,
      field: 'tariffGroup',
      key: 'errors.nameExists',
    });
  });

  it('updates with the current version and refuses a stale one (409)', async () => {
    const group = await createGroup();
    const body = {
      id: group.id,
      tariffGroup: group.tariffGroup,
      name: 'Renamed',
      baseTariff: 'cost',
      logic1: -10,
      logic2: 500,
      logic3: 1,
      inputMode: 'auto',
      version: group.version,
    };
    const res = await a.put('tariff/group', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Tariff profile updated.');
    expect(res.body.data).toMatchObject({
      name: 'Renamed',
      logic1: -10,
      logic2: 500,
      logic3: 1,
      version: 2,
    });
    const stale = await a.put('tariff/group', { ...body, name: 'Again' });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].field).toBe('version');
    const taken = await createGroup();
    const clash = await a.put('tariff/group', {
      ...body,
      tariffGroup: taken.tariffGroup,
      version: 2,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0].field).toBe('tariffGroup');
  });

  it('deletes a group without codes, refuses one with codes (422)', async () => {
    const group = await createGroup();
    await createCode(group.tariffGroup);
    const refused = await a.del(`tariff/group?id=${group.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe(
      'A tariff profile with tariff codes cannot be deleted. Delete its codes first.',
    );
    const empty = await createGroup();
    const res = await a.del(`tariff/group?id=${empty.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Tariff profile deleted.');
    expect((await a.get(`tariff/profile-detail?id=${empty.id}`)).status).toBe(404);
  });

  it('validates with the spec messages', async () => {
    const missing = await a.post('tariff/group', {});
    expectFieldError(missing, 'tariffGroup', `${fieldLabel('tariffGroup')} is required.`);
    expectFieldError(missing, 'name', `${fieldLabel('name')} is required.`);
    const long = await a.post('tariff/group', {
      tariffGroup: 'X'.repeat(51),
      name: 'N'.repeat(101),
    });
    expectFieldError(
      long,
      'tariffGroup',
      `Enter ${fieldLabel('tariffGroup')} within 50 characters.`,
    );
    expectFieldError(long, 'name', `Enter ${fieldLabel('name')} within 100 characters.`);
    const spaces = await a.post('tariff/group', { tariffGroup: 'A B', name: 'x' });
    expectFieldError(
      spaces,
      'tariffGroup',
      `${fieldLabel('tariffGroup')} must not contain any spaces.`,
    );
    const injection = await a.post('tariff/group', {
      tariffGroup: "x';DROP TABLE tariff_groups;--",
      name: 'x',
    });
    expectFieldError(injection, 'tariffGroup');
    const markup = await a.post('tariff/group', {
      tariffGroup: unique('G'),
      name: 'x',
      logic1: 42,
    });
    expectFieldError(markup, 'logic1', 'Invalid markup percentage format.');
    const negative = await a.post('tariff/group', {
      tariffGroup: unique('G'),
      name: 'x',
      logic2: -100,
    });
    expectFieldError(negative, 'logic2', 'Invalid logic 2 amount format.');
    const decimal = await a.post('tariff/group', {
      tariffGroup: unique('G'),
      name: 'x',
      logic2: 10.5,
    });
    expectFieldError(
      decimal,
      'logic2',
      `${fieldLabel('logic2')} must be a number with no decimal.`,
    );
    const logic3 = await a.post('tariff/group', { tariffGroup: unique('G'), name: 'x', logic3: 2 });
    expectFieldError(logic3, 'logic3');
    const base = await a.post('tariff/group', {
      tariffGroup: unique('G'),
      name: 'x',
      baseTariff: 'list',
    });
    expectFieldError(base, 'baseTariff');
    const mode = await a.post('tariff/group', {
      tariffGroup: unique('G'),
      name: 'x',
      inputMode: 'magic',
    });
    expectFieldError(mode, 'inputMode');
    const update = await a.put('tariff/group', { id: 'not-a-uuid' });
    expectFieldError(update, 'id');
    expectFieldError(update, 'version', `${fieldLabel('version')} is required.`);
  });
});

describe('tariff codes', () => {
  it("creates a code that inherits its group's rule, with overrides", async () => {
    const group = await createGroup({ logic1: 30 });
    const code = await createCode(group.tariffGroup, {
      name: 'Partners A',
      logic2: 200,
      logic3: 1,
    });
    expect(code).toMatchObject({
      name: 'Partners A',
      overrides: { baseTariff: null, logic1: null, logic2: 200, logic3: 1 },
      rule: { baseTariff: 'cost', logic1: 30, logic2: 200, logic3: 1 },
      inputMode: 'auto',
      manualPriceCount: 0,
      group: { id: group.id, tariffGroup: group.tariffGroup },
      version: 1,
    });
    const read = await a.get(`tariff?id=${code.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.tariffCode).toBe(code.tariffCode);
    const profile = await a.get(`tariff/profile-detail?id=${group.id}`);
    expect(profile.body.data.codes.map((c: { id: string }) => c.id)).toEqual([code.id]);
  });

  it('keeps codes unique across groups (409) and needs an existing group (404)', async () => {
    const one = await createGroup();
    const two = await createGroup();
    const code = await createCode(one.tariffGroup);
    const clash = await a.post('tariff', {
      tariffGroup: two.tariffGroup,
      tariffCode: code.tariffCode.toLowerCase(),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0]).toMatchObject({
      field: 'tariffCode',
      message: 'Name already existed in the database.',
    });
    const noGroup = await a.post('tariff', { tariffGroup: 'NOPE', tariffCode: unique('C') });
    expect(noGroup.status).toBe(404);
  });

  it('updates overrides (null inherits again) with versions', async () => {
    const group = await createGroup();
    const code = await createCode(group.tariffGroup, { logic1: 50 });
    const res = await a.put('tariff', {
      id: code.id,
      tariffCode: code.tariffCode,
      name: 'Renamed',
      logic1: null,
      baseTariff: 'price',
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Renamed',
      overrides: { baseTariff: 'price', logic1: null },
      rule: { baseTariff: 'price', logic1: 40 },
      version: 2,
    });
    const stale = await a.put('tariff', { id: code.id, tariffCode: code.tariffCode, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].field).toBe('version');
    const unknown = await a.put('tariff', {
      id: '00000000-0000-4000-8000-000000000000',
      tariffCode: 'X',
      version: 1,
    });
    expect(unknown.status).toBe(404);
  });

  it('copies a code with its overrides and manual prices, and deletes a code', async () => {
    const group = await createGroup();
    const code = await createCode(group.tariffGroup, { logic1: 20, logic2: 100 });
    const supplier = await insertSupplier(t);
    const product = await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 500,
      costCurrency: 'JPY',
    });
    const price = await a.put('tariff/product-price', {
      tariffCode: code.tariffCode,
      productId: product.id,
      sellingPriceJpy: 900,
    });
    expect(price.status, JSON.stringify(price.body)).toBe(200);

    const copyCode = unique('COPY');
    const copy = await a.post('tariff/copy', {
      sourceTariffCode: code.tariffCode,
      tariffCode: copyCode,
    });
    expect(copy.status).toBe(201);
    expect(copy.body.message).toBe('Tariff code copied.');
    expect(copy.body.data).toMatchObject({
      tariffCode: copyCode,
      overrides: { logic1: 20, logic2: 100 },
      manualPriceCount: 1,
      group: { id: group.id },
    });
    const again = await a.post('tariff/copy', {
      sourceTariffCode: code.tariffCode,
      tariffCode: copyCode,
    });
    expect(again.status).toBe(409);

    const removed = await a.del(`tariff?id=${copy.body.data.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Tariff code deleted.');
    expect((await a.get(`tariff?id=${copy.body.data.id}`)).status).toBe(404);
    // The source keeps its price.
    expect((await a.get(`tariff?id=${code.id}`)).body.data.manualPriceCount).toBe(1);
  });

  it('answers the relation of a code with empty partner and branch lists', async () => {
    const group = await createGroup();
    const code = await createCode(group.tariffGroup);
    const res = await a.get(`tariff/relation?code=${code.tariffCode}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      tariffCodeId: code.id,
      tariffCode: code.tariffCode,
      partners: [],
      branches: [],
    });
    expect((await a.get('tariff/relation?code=UNKNOWN')).status).toBe(404);
    expectFieldError(await a.get('tariff/relation'), 'code');
  });
});

describe('tariff/list', () => {
  it('lists groups with their codes, paged, sorted, filtered and searched', async () => {
    const tag = unique('LIST');
    const a1 = await createGroup({ tariffGroup: `${tag}-A`, name: 'Alpha', logic1: 10 });
    const b1 = await createGroup({
      tariffGroup: `${tag}-B`,
      name: 'Beta',
      logic1: 90,
      inputMode: 'manual',
    });
    await createCode(b1.tariffGroup, { tariffCode: `${tag}-CODE-1` });
    await createCode(b1.tariffGroup, { tariffCode: `${tag}-CODE-2` });

    const sorted = await a.post('tariff/list', { search: tag, sort: 'logic1', order: 'desc' });
    expect(sorted.status).toBe(200);
    expect(sorted.body.data.total).toBe(2);
    expect(sorted.body.data.items.map((g: { id: string }) => g.id)).toEqual([b1.id, a1.id]);
    expect(sorted.body.data.items[0]).toMatchObject({ codeCount: 2 });
    expect(
      sorted.body.data.items[0].codes.map((c: { tariffCode: string }) => c.tariffCode),
    ).toEqual([`${tag}-CODE-1`, `${tag}-CODE-2`]);

    const byCode = await a.post('tariff/list', { search: `${tag}-code-2` });
    expect(byCode.body.data.items.map((g: { id: string }) => g.id)).toEqual([b1.id]);
    const manual = await a.post('tariff/list', { search: tag, inputMode: 'manual' });
    expect(manual.body.data.items.map((g: { id: string }) => g.id)).toEqual([b1.id]);
    const paged = await a.post('tariff/list', { search: tag, sort: 'name', pageSize: 10, page: 2 });
    expect(paged.body.data).toMatchObject({ items: [], total: 2, page: 2, pageSize: 10 });
    const counted = await a.post('tariff/list', { search: tag, sort: 'codeCount', order: 'asc' });
    expect(counted.body.data.items.map((g: { id: string }) => g.id)).toEqual([a1.id, b1.id]);
    const dated = await a.post('tariff/list', {
      search: tag,
      from: '2000-01-01',
      to: '2999-12-31',
    });
    expect(dated.body.data.total).toBe(2);
    const past = await a.post('tariff/list', { search: tag, to: '2000-01-01' });
    expect(past.body.data.total).toBe(0);
  });

  it('treats search text literally and refuses sort, filter and paging injections', async () => {
    const wildcard = await a.post('tariff/list', { search: "%' OR 1=1 --" });
    expect(wildcard.status).toBe(200);
    expect(wildcard.body.data.total).toBe(0);
    expectFieldError(
      await a.post('tariff/list', { sort: 'name; DROP TABLE tariff_groups' }),
      'sort',
    );
    expectFieldError(await a.post('tariff/list', { sort: 'tariff_group' }), 'sort');
    expectFieldError(await a.post('tariff/list', { order: 'desc nulls first' }), 'order');
    expectFieldError(await a.post('tariff/list', { inputMode: "auto' OR '1'='1" }), 'inputMode');
    expectFieldError(await a.post('tariff/list', { pageSize: 1000 }), 'pageSize');
    expectFieldError(await a.post('tariff/list', { page: 0 }), 'page');
    expectFieldError(await a.post('tariff/list', { from: 'yesterday' }), 'from');
  });
});

describe('history', () => {
  it('records every change of a group and a code, with field-level before/after', async () => {
    const group = await createGroup({ name: 'Before' });
    await a.put('tariff/group', {
      id: group.id,
      tariffGroup: group.tariffGroup,
      name: 'After',
      baseTariff: 'cost',
      logic1: 40,
      logic2: 0,
      logic3: 0,
      inputMode: 'auto',
      version: 1,
    });
    const history = await a.get(`tariff/history?id=${group.id}`);
    expect(history.status).toBe(200);
    expect(history.body.data.total).toBe(2);
    const [update, create] = history.body.data.items;
    expect(update).toMatchObject({
      entityType: 'tariffGroup',
      action: 'update',
      actor: { email: t.config.seedAdminEmail },
      changes: [{ field: 'name', before: 'Before', after: 'After' }],
    });
    expect(create.action).toBe('create');
    expect(create.changes).toEqual(
      expect.arrayContaining([{ field: 'logic1', before: null, after: 40 }]),
    );

    const code = await createCode(group.tariffGroup);
    await a.del(`tariff?id=${code.id}`);
    const codeHistory = await a.get(`tariff/history?id=${code.id}`);
    expect(codeHistory.body.data.items.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'create',
    ]);
    expect((await a.get('tariff/history?id=00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });
});

describe('permissions', () => {
  it('lets staff work with tariffs and refuses a partner admin everything (403)', async () => {
    expect((await a.post('tariff/list', {}, staffToken)).status).toBe(200);
    const group = await createGroup();
    const code = await createCode(group.tariffGroup);
    const calls: [keyof Api, string, unknown?][] = [
      ['post', 'tariff/list', {}],
      ['get', `tariff/profile-detail?id=${group.id}`],
      ['get', `tariff?id=${code.id}`],
      ['post', 'tariff/group', { tariffGroup: unique('G'), name: 'x' }],
      ['put', 'tariff/group', { id: group.id }],
      ['del', `tariff/group?id=${group.id}`],
      ['post', 'tariff', { tariffGroup: group.tariffGroup, tariffCode: unique('C') }],
      ['put', 'tariff', { id: code.id }],
      ['del', `tariff?id=${code.id}`],
      ['post', 'tariff/copy', { sourceTariffCode: code.tariffCode, tariffCode: unique('C') }],
      ['post', 'tariff/copy-product', {}],
      ['post', 'tariff/product-list', { tariffCode: code.tariffCode }],
      ['put', 'tariff/product-price', {}],
      ['post', 'tariff/import', { tariffCode: code.tariffCode, csv: 'a,1' }],
      ['get', `tariff/relation?code=${code.tariffCode}`],
      ['get', `tariff/history?id=${code.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res =
        method === 'get' || method === 'del'
          ? await a[method](url, partnerToken)
          : await a[method](url, payload, partnerToken);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.errors[0].code).toBe(ERROR_CODES.forbidden);
    }
    // ...and nothing changed.
    expect((await a.get(`tariff?id=${code.id}`)).status).toBe(200);
  });

  it('refuses a request without a token (401)', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/mng/tariff/list', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
