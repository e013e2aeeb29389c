import { ERROR_CODES, RESOURCES, ROLE_IDS } from '@esim/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SYSTEM_ACTOR,
  auditEntity,
  auditEntityTypes,
  defineAuditEntity,
  diffSnapshots,
  listAuditHistory,
  recordAudit,
  recordAuditMany,
} from '../src/audit';
import '../src/areas';
import { auditLog, suppliers } from '../src/db/schema';
import { createTestApp, type TestContext, type TestUser } from './support/app';

let t: TestContext;
let admin: string;
let staff: TestUser;
let partner: TestUser;
let supplierReader: TestUser;

const testEntity = defineAuditEntity('auditTestThing', RESOURCES.settings);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  staff = await t.createUser({ roleId: ROLE_IDS.staff });
  partner = await t.createUser({ roleId: ROLE_IDS.partner });
  const role = await t.inject({
    method: 'POST',
    url: '/api/mng/role',
    token: admin,
    payload: { name: 'Suppliers only' },
  });
  await t.inject({
    method: 'POST',
    url: '/api/mng/role/permission',
    token: admin,
    payload: {
      roleId: role.json().data.id,
      permissions: [{ path: RESOURCES.suppliers, methods: ['GET'] }],
    },
  });
  supplierReader = await t.createUser({ roleId: role.json().data.id });
});

afterAll(() => t?.close());

async function rawQuery(text: string, params?: unknown[]) {
  return t.database.withConnection((query) => query(text, params));
}

async function createSupplier(name: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/mng/supplier',
    token: admin,
    payload: { name, deliveryType: 'stock' },
  });
  return res;
}

describe('diffSnapshots', () => {
  it('lists every set field of a create, in the record order, without bookkeeping fields', () => {
    expect(
      diffSnapshots(null, {
        id: 'x',
        name: 'A',
        remark: null,
        tags: ['a'],
        version: 1,
        createdAt: new Date(),
        updatedBy: 'me',
      }),
    ).toEqual([
      { field: 'name', before: null, after: 'A' },
      { field: 'tags', before: null, after: ['a'] },
    ]);
  });

  it('lists only changed fields of an update, comparing values not identities', () => {
    const when = new Date('2026-11-21T00:00:00Z');
    expect(
      diffSnapshots(
        { name: 'A', at: when, meta: { a: 1, b: 2 }, count: 1n, gone: 'x', same: null },
        { name: 'B', at: new Date(when), meta: { b: 2, a: 1 }, count: 2n, same: undefined },
      ),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'count', before: '1', after: '2' },
      { field: 'gone', before: 'x', after: null },
    ]);
  });

  it('redacts secrets but still shows set / changed / cleared', () => {
    expect(diffSnapshots({ apiKey: null }, { apiKey: 'v1:abc' }, { redact: ['apiKey'] })).toEqual([
      { field: 'apiKey', before: null, after: '[redacted]' },
    ]);
    expect(
      diffSnapshots({ apiKey: 'v1:abc' }, { apiKey: 'v1:def' }, { redact: ['apiKey'] }),
    ).toEqual([{ field: 'apiKey', before: '[redacted]', after: '[redacted]' }]);
    expect(diffSnapshots({ apiKey: 'v1:abc' }, { apiKey: null }, { redact: ['apiKey'] })).toEqual([
      { field: 'apiKey', before: '[redacted]', after: null },
    ]);
    expect(diffSnapshots({ a: 1, b: 1 }, { a: 2, b: 2 }, { ignore: ['b'] })).toEqual([
      { field: 'a', before: 1, after: 2 },
    ]);
  });
});

describe('entity types', () => {
  it("registers this slice's types with their resources, idempotently", () => {
    expect(auditEntity('supplier')?.resource).toBe(RESOURCES.suppliers);
    expect(auditEntity('exchangeRate')?.resource).toBe(RESOURCES.exchangeRates);
    expect(auditEntity('currency')?.resource).toBe(RESOURCES.exchangeRates);
    expect(auditEntityTypes()).toEqual(expect.arrayContaining(['supplier', 'exchangeRate']));
    expect(defineAuditEntity('auditTestThing', RESOURCES.settings)).toBe(testEntity);
    expect(() => defineAuditEntity('auditTestThing', RESOURCES.orders)).toThrow(/already/);
    expect(() => defineAuditEntity('bad type!', RESOURCES.orders)).toThrow(/Invalid/);
  });

  it('refuses to write an entry of an unregistered type or without its snapshots', async () => {
    await expect(
      t.database.db.transaction((tx) =>
        recordAudit(tx, {
          entityType: 'neverRegistered',
          entityId: '1',
          action: 'create',
          actor: SYSTEM_ACTOR,
          after: { a: 1 },
        }),
      ),
    ).rejects.toThrow(/not registered/);
    await expect(
      t.database.db.transaction((tx) =>
        recordAudit(tx, {
          entityType: testEntity.type,
          entityId: '1',
          action: 'update',
          actor: SYSTEM_ACTOR,
          after: { a: 1 },
        }),
      ),
    ).rejects.toThrow(/before/);
  });
});

describe('written in the same transaction as the change', () => {
  it('an entry is only kept when its transaction commits', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, {
          entityType: testEntity.type,
          entityId: 'rolled-back',
          action: 'create',
          actor: SYSTEM_ACTOR,
          after: { name: 'x' },
        });
        throw new Error('the change failed after the audit entry');
      }),
    ).rejects.toThrow(/change failed/);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'rolled-back'));
    expect(rows).toEqual([]);
  });

  it('a change is not kept when its audit entry cannot be written', async () => {
    await rawQuery(`
      CREATE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.changes::text LIKE '%Audit refused supplier%' THEN
          RAISE EXCEPTION 'audit insert refused for the test';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER audit_test_refuse BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_test_refuse();
    `);
    try {
      const res = await createSupplier('Audit refused supplier');
      expect(res.statusCode).toBe(500);
      const rows = await t.database.db
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(eq(suppliers.name, 'Audit refused supplier'));
      expect(rows).toEqual([]);
    } finally {
      await rawQuery(
        'DROP TRIGGER audit_test_refuse ON audit_log; DROP FUNCTION audit_test_refuse();',
      );
    }
    expect((await createSupplier('Audit accepted supplier')).statusCode).toBe(201);
  });

  it('writes many entries at once for imports', async () => {
    const written = await t.database.db.transaction((tx) =>
      recordAuditMany(
        tx,
        Array.from({ length: 1203 }, (_, index) => ({
          entityType: testEntity.type,
          entityId: 'bulk',
          action: 'create' as const,
          actor: SYSTEM_ACTOR,
          after: { index },
        })),
      ),
    );
    expect(written).toBe(1203);
    const page = await listAuditHistory(t.database.db, {
      entityType: testEntity.type,
      entityId: 'bulk',
      page: 1,
      pageSize: 10,
    });
    expect(page.total).toBe(1203);
    expect(page.items[0]?.changes).toEqual([{ field: 'index', before: null, after: 1202 }]);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit_log, even in raw SQL', async () => {
    const res = await createSupplier('Immutable history supplier');
    const id = res.json().data.id as string;
    const [before] = await rawQuery('SELECT count(*)::int AS n FROM audit_log');
    for (const statement of [
      `UPDATE audit_log SET actor_email = 'someone-else' WHERE entity_id = '${id}'`,
      `UPDATE audit_log SET changes = '[]'::jsonb`,
      `DELETE FROM audit_log WHERE entity_id = '${id}'`,
      'DELETE FROM audit_log',
      'TRUNCATE audit_log',
    ]) {
      await expect(rawQuery(statement), statement).rejects.toThrow(/append-only/);
    }
    const [after] = await rawQuery('SELECT count(*)::int AS n FROM audit_log');
    expect(after?.n).toBe(before?.n);
    const [entry] = await rawQuery('SELECT actor_email FROM audit_log WHERE entity_id = $1', [id]);
    expect(entry?.actor_email).toBe(t.config.seedAdminEmail);
  });

  it('offers no API to change or delete entries', async () => {
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH'] as const) {
      const res = await t.inject({
        method,
        url: '/api/mng/audit/history?entityType=supplier&entityId=x',
        token: admin,
        payload: {},
      });
      expect(res.statusCode, method).toBe(404);
    }
    const auditRoutes = t.routes.filter((route) => route.url.includes('history'));
    expect(auditRoutes.every((route) => route.method === 'GET' || route.method === 'HEAD')).toBe(
      true,
    );
  });
});

describe('GET audit/history', () => {
  it("reads a record's history with GET on its entity type's resource", async () => {
    const res = await createSupplier('Generic history supplier');
    const id = res.json().data.id as string;
    const url = `/api/mng/audit/history?entityType=supplier&entityId=${id}`;
    for (const token of [admin, staff.token, supplierReader.token]) {
      const history = await t.inject({ method: 'GET', url, token });
      expect(history.statusCode).toBe(200);
      expect(history.json().data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      expect(history.json().data.items[0]).toMatchObject({
        entityType: 'supplier',
        entityId: id,
        action: 'create',
        actor: { email: t.config.seedAdminEmail },
      });
      expect(history.json().data.items[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
  });

  it('refuses an entity type the caller may not read (403), unknown types and bad input (400)', async () => {
    const supplier = await t.inject({
      method: 'GET',
      url: '/api/mng/audit/history?entityType=supplier&entityId=x',
      token: partner.token,
    });
    expect(supplier.statusCode).toBe(403);
    expect(supplier.json().errors[0]).toEqual({
      message: 'Access Denied',
      code: ERROR_CODES.forbidden,
      key: 'errors.forbidden',
    });
    const rates = await t.inject({
      method: 'GET',
      url: '/api/mng/audit/history?entityType=exchangeRate&entityId=x',
      token: supplierReader.token,
    });
    expect(rates.statusCode).toBe(403);

    const unknown = await t.inject({
      method: 'GET',
      url: '/api/mng/audit/history?entityType=nothing&entityId=x',
      token: admin,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({
      field: 'entityType',
      message: 'Invalid entityType format.',
    });
    const cases: [string, string, string][] = [
      ['entityId=x', 'entityType', 'Record type is required.'],
      ['entityType=supplier', 'entityId', 'Record is required.'],
      ["entityType=supplier';--&entityId=x", 'entityType', 'Invalid entityType format.'],
      [
        `entityType=supplier&entityId=${'x'.repeat(101)}`,
        'entityId',
        'Enter Record within 100 characters.',
      ],
      ['entityType=supplier&entityId=x&pageSize=7', 'pageSize', 'Invalid pageSize format.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/mng/audit/history?${query}`,
        token: admin,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toMatchObject({ field, message });
    }
    const anonymous = await t.inject({
      method: 'GET',
      url: '/api/mng/audit/history?entityType=supplier&entityId=x',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages newest first', async () => {
    const created = await createSupplier('Paged history supplier');
    let detail = created.json().data;
    for (let i = 1; i <= 11; i += 1) {
      const res = await t.inject({
        method: 'PUT',
        url: '/api/mng/supplier',
        token: admin,
        payload: { ...detail, remark: `edit ${i}` },
      });
      detail = res.json().data;
    }
    const first = await t.inject({
      method: 'GET',
      url: `/api/mng/supplier/history?id=${detail.id}&page=1&pageSize=10`,
      token: admin,
    });
    expect(first.json().data.total).toBe(12);
    expect(first.json().data.items[0].changes).toEqual([
      { field: 'remark', before: 'edit 10', after: 'edit 11' },
    ]);
    const second = await t.inject({
      method: 'GET',
      url: `/api/mng/supplier/history?id=${detail.id}&page=2&pageSize=10`,
      token: admin,
    });
    expect(second.json().data.items.map((e: { action: string }) => e.action)).toEqual([
      'update',
      'create',
    ]);
    const ids = [...first.json().data.items, ...second.json().data.items].map((e: { id: string }) =>
      BigInt(e.id),
    );
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
  });
});
