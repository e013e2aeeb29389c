import { ROLE_IDS } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from './support/app';
import { orderApi, type OrderApi } from './support/order-purchase-fixtures';
import type { Json } from './tariffs-fixtures';

/*
 * Notices (issue 18, docs/notifications.md): publishing in four languages with a validity
 * period, what readers see now and in which language, read marks per user, the management list,
 * the audit history, who may do what, and hostile input.
 */

let t: TestContext;
let admin: OrderApi;
let staff: TestUser;
let partner: TestUser;
let staffApi: OrderApi;
let partnerApi: OrderApi;

beforeAll(async () => {
  t = await createTestApp({ config: { rateLimit: { max: 100_000, windowMs: 60_000 } } });
  admin = orderApi(t, await t.adminToken());
  staff = await t.createUser({ roleId: ROLE_IDS.staff });
  partner = await t.createUser({ roleId: ROLE_IDS.partner });
  staffApi = orderApi(t, staff.token);
  partnerApi = orderApi(t, partner.token);
});

afterAll(() => t?.close());

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function noticeBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tag: 'maintenance',
    severity: 'warning',
    title: { en: 'Maintenance tonight', ja: '今夜メンテナンス' },
    body: { en: 'The console is down\nfrom 22:00 to 23:00.', ja: '22時から23時まで停止します。' },
    validFrom: at(-HOUR),
    validTo: at(24 * HOUR),
    ...extra,
  };
}

async function publish(extra: Record<string, unknown> = {}): Promise<Json> {
  const res = await admin.call('POST', 'regular-update', noticeBody(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Moves a notice's validity straight in the database (an expired one cannot be published). */
async function setValidity(id: string, from: string, to: string | null): Promise<void> {
  await t.database.db.execute(
    sql`UPDATE notices SET valid_from = ${from}::timestamptz, valid_to = ${to}::timestamptz
        WHERE id = ${id}::uuid`,
  );
}

const idsOf = (items: Json[]) => items.map((item: Json) => item.id);

describe('publishing, editing and withdrawing', () => {
  it('publishes a notice in English and Japanese, edits it with its version, withdraws it; audited', async () => {
    const created = await admin.call('POST', 'regular-update', noticeBody());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('Notice published.');
    const notice = created.body.data;
    expect(notice).toMatchObject({
      tag: 'maintenance',
      severity: 'warning',
      title: { en: 'Maintenance tonight', ja: '今夜メンテナンス', de: null, th: null },
      body: { en: 'The console is down\nfrom 22:00 to 23:00.', de: null },
      state: 'current',
      readCount: 0,
      version: 1,
      createdBy: 'admin@esim.test',
    });

    const edited = await admin.call('PUT', 'regular-update', {
      ...noticeBody({ title: { en: 'Maintenance moved', ja: '', de: 'Wartung verschoben' } }),
      id: notice.id,
      version: 1,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toBe('Notice updated.');
    expect(edited.body.data).toMatchObject({
      title: { en: 'Maintenance moved', ja: null, de: 'Wartung verschoben' },
      version: 2,
    });
    const stale = await admin.call('PUT', 'regular-update', {
      ...noticeBody(),
      id: notice.id,
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].field).toBe('version');

    const detail = await admin.call('GET', `regular-update/detail?id=${notice.id}`);
    expect(detail.body.data.title.en).toBe('Maintenance moved');

    const withdrawn = await admin.call('DELETE', `regular-update?id=${notice.id}&version=2`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.message).toBe('Notice withdrawn.');
    const gone = await admin.call('GET', `regular-update/detail?id=${notice.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.errorMessage).toBe('Notice not found');
    const reader = await staffApi.call('GET', 'regular-update');
    expect(idsOf(reader.body.data)).not.toContain(notice.id);

    // The general audit history, and the area's History tab with the title kept.
    const audit = await admin.call(
      'GET',
      `audit/history?entityType=notification&entityId=${notice.id}`,
    );
    expect(audit.body.data.items.map((entry: Json) => entry.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    const update = audit.body.data.items[1];
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'titleEn', before: 'Maintenance tonight', after: 'Maintenance moved' },
        { field: 'titleJa', before: '今夜メンテナンス', after: null },
      ]),
    );
    const history = await admin.call('GET', 'regular-update/history?pageSize=50');
    const entries = history.body.data.items.filter((entry: Json) => entry.entityId === notice.id);
    expect(entries).toHaveLength(3);
    expect(entries.every((entry: Json) => entry.noticeTitle === 'Maintenance moved')).toBe(true);
  });

  it('refuses a notice without English, with its end before its start or already past', async () => {
    const noEnglish = await admin.call(
      'POST',
      'regular-update',
      noticeBody({ title: { ja: 'タイトル' } }),
    );
    expect(noEnglish.status).toBe(400);
    expect(noEnglish.body.errors[0]).toMatchObject({
      field: 'title.en',
      message: 'Title is required.',
    });

    const reversed = await admin.call(
      'POST',
      'regular-update',
      noticeBody({ validFrom: at(2 * HOUR), validTo: at(HOUR) }),
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0]).toMatchObject({
      field: 'validTo',
      message: 'Valid to must be later than the start.',
      key: 'validation.endAfterStart',
    });

    const past = await admin.call(
      'POST',
      'regular-update',
      noticeBody({ validFrom: at(-3 * HOUR), validTo: at(-HOUR) }),
    );
    expect(past.status).toBe(400);
    expect(past.body.errors[0]).toMatchObject({
      field: 'validTo',
      message: 'Dates must be equal to or later than the current date.',
    });

    const noZone = await admin.call(
      'POST',
      'regular-update',
      noticeBody({ validFrom: '2026-12-01T09:00:00' }),
    );
    expect(noZone.status).toBe(400);
    expect(noZone.body.errors[0].field).toBe('validFrom');
  });

  it('keeps an end that has passed when an edit does not change it', async () => {
    const notice = await publish();
    await setValidity(notice.id, at(-3 * HOUR), at(-HOUR));
    const current = (await admin.call('GET', `regular-update/detail?id=${notice.id}`)).body.data;
    const edited = await admin.call('PUT', 'regular-update', {
      ...noticeBody({ validFrom: current.validFrom, validTo: current.validTo }),
      title: { en: 'Corrected' },
      id: notice.id,
      version: current.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.state).toBe('expired');
  });
});

describe('what readers see', () => {
  it('shows only the notices valid now, open-ended ones included, newest first', async () => {
    const current = await publish({ title: { en: 'Current' }, validFrom: at(-2 * HOUR) });
    const newer = await publish({ title: { en: 'Newer, open-ended' }, validTo: null });
    const scheduled = await publish({ title: { en: 'Scheduled' }, validFrom: at(HOUR) });
    const expired = await publish({ title: { en: 'Expired' } });
    await setValidity(expired.id, at(-3 * HOUR), at(-HOUR));

    const reader = await staffApi.call('GET', 'regular-update');
    expect(reader.status).toBe(200);
    const ids = idsOf(reader.body.data);
    expect(ids).toEqual(expect.arrayContaining([current.id, newer.id]));
    expect(ids).not.toContain(scheduled.id);
    expect(ids).not.toContain(expired.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(current.id));
    expect(reader.body.data.find((item: Json) => item.id === newer.id).validTo).toBeNull();

    // The management list tells the states apart.
    const states = async (state: string) =>
      idsOf(
        (await admin.call('GET', `regular-update/all?state=${state}&pageSize=100`)).body.data.items,
      );
    expect(await states('scheduled')).toContain(scheduled.id);
    expect(await states('scheduled')).not.toContain(current.id);
    expect(await states('current')).toEqual(expect.arrayContaining([current.id, newer.id]));
    expect(await states('expired')).toContain(expired.id);
    expect(await states('expired')).not.toContain(newer.id);
  });

  it('gives each reader their language, English where the notice was not written in it', async () => {
    const notice = await publish({
      title: { en: 'Release 2.0', ja: 'リリース 2.0', de: 'Version 2.0' },
      body: { en: 'New screens.', ja: '新しい画面。' },
    });
    const read = async (language: string) =>
      (await staffApi.call('GET', `regular-update?language=${language}`)).body.data.find(
        (item: Json) => item.id === notice.id,
      );
    expect(await read('ja')).toMatchObject({
      title: 'リリース 2.0',
      body: '新しい画面。',
      language: 'ja',
    });
    // A German title without a German body: all of it in English, never mixed.
    expect(await read('de')).toMatchObject({
      title: 'Release 2.0',
      body: 'New screens.',
      language: 'en',
    });
    expect(await read('th')).toMatchObject({ title: 'Release 2.0', language: 'en' });
    expect(await read('en')).toMatchObject({ title: 'Release 2.0', language: 'en' });
    const unknown = await staffApi.call('GET', 'regular-update?language=fr');
    expect(unknown.status).toBe(400);
  });

  it('keeps read marks per user: the bell counts what this user has not read', async () => {
    const first = await publish({ title: { en: 'First' } });
    const second = await publish({ title: { en: 'Second' } });
    const reader = await t.createUser({ roleId: ROLE_IDS.staff });
    const readerApi = orderApi(t, reader.token);
    const other = await t.createUser({ roleId: ROLE_IDS.staff });
    const otherApi = orderApi(t, other.token);

    const before = (await readerApi.call('GET', 'dashboard/notification?limit=20')).body.data;
    expect(before.items.find((item: Json) => item.id === first.id).read).toBe(false);
    const marked = await readerApi.call('POST', 'regular-update/read', {
      ids: [first.id, first.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(marked.status).toBe(200);
    expect(marked.body).not.toHaveProperty('message');
    expect(marked.body.data).toEqual({ marked: 1, unread: before.unread - 1 });
    const again = await readerApi.call('POST', 'regular-update/read', { ids: [first.id] });
    expect(again.body.data.marked).toBe(0);

    const after = (await readerApi.call('GET', 'dashboard/notification?limit=20')).body.data;
    expect(after.unread).toBe(before.unread - 1);
    expect(after.items.find((item: Json) => item.id === first.id).read).toBe(true);
    expect(after.items.find((item: Json) => item.id === second.id).read).toBe(false);

    // Another user's marks are their own.
    const others = (await otherApi.call('GET', 'dashboard/notification?limit=20')).body.data;
    expect(others.unread).toBe(before.unread);
    expect(others.items.find((item: Json) => item.id === first.id).read).toBe(false);

    const all = await readerApi.call('POST', 'regular-update/read', { all: true });
    expect(all.body.data.unread).toBe(0);
    expect((await readerApi.call('GET', 'dashboard/notification')).body.data.unread).toBe(0);
    const listed = await admin.call('GET', `regular-update/detail?id=${first.id}`);
    expect(listed.body.data.readCount).toBe(1);

    // A notice published afterwards is unread again.
    await publish({ title: { en: 'Third' } });
    expect((await readerApi.call('GET', 'dashboard/notification')).body.data.unread).toBe(1);
  });

  it('limits the bell to the latest notices', async () => {
    for (let index = 0; index < 3; index += 1) await publish({ title: { en: `Bulk ${index}` } });
    const bell = (await staffApi.call('GET', 'dashboard/notification?limit=2')).body.data;
    expect(bell.items).toHaveLength(2);
    expect(bell.unread).toBeGreaterThanOrEqual(3);
    const defaults = (await staffApi.call('GET', 'dashboard/notification')).body.data;
    expect(defaults.items.length).toBeLessThanOrEqual(5);
    expect((await staffApi.call('GET', 'dashboard/notification?limit=21')).status).toBe(400);
  });
});

describe('the management list', () => {
  it('pages, sorts and filters by tag and title', async () => {
    const tag = await publish({ tag: 'release', title: { en: 'Zeta release notes' } });
    await publish({ tag: 'system', title: { en: 'Alpha system notice' } });
    const released = await admin.call('GET', 'regular-update/all?tag=release&pageSize=100');
    expect(released.body.data.items.every((item: Json) => item.tag === 'release')).toBe(true);
    expect(idsOf(released.body.data.items)).toContain(tag.id);
    const searched = await admin.call('GET', 'regular-update/all?search=zeta');
    expect(idsOf(searched.body.data.items)).toEqual([tag.id]);
    const sorted = await admin.call('GET', 'regular-update/all?sort=title&order=asc&pageSize=100');
    const titles = sorted.body.data.items.map((item: Json) => item.title.en.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const paged = await admin.call('GET', 'regular-update/all?pageSize=10&page=1');
    expect(paged.body.data).toMatchObject({ page: 1, pageSize: 10 });
    expect(paged.body.data.total).toBeGreaterThan(paged.body.data.items.length - 1);
  });

  it('serves the notificationsTag collection', async () => {
    const res = await staffApi.call('POST', 'utils/model/list', { collection: 'notificationsTag' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((row: Json) => row.code)).toEqual([
      'maintenance',
      'system',
      'release',
      'other',
    ]);
  });
});

describe('who may do what', () => {
  it('lets a partner admin read and mark read, but not publish, manage or see the history', async () => {
    const notice = await publish({ title: { en: 'For partners too' } });
    expect((await partnerApi.call('GET', 'regular-update')).status).toBe(200);
    expect((await partnerApi.call('GET', 'dashboard/notification')).status).toBe(200);
    expect(
      (await partnerApi.call('POST', 'regular-update/read', { ids: [notice.id] })).status,
    ).toBe(200);
    const refused = [
      await partnerApi.call('POST', 'regular-update', noticeBody()),
      await partnerApi.call('PUT', 'regular-update', {
        ...noticeBody(),
        id: notice.id,
        version: 1,
      }),
      await partnerApi.call('DELETE', `regular-update?id=${notice.id}`),
      await partnerApi.call('GET', 'regular-update/all'),
      await partnerApi.call('GET', `regular-update/detail?id=${notice.id}`),
      await partnerApi.call('GET', 'regular-update/history'),
      await partnerApi.call('GET', `audit/history?entityType=notification&entityId=${notice.id}`),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.errors[0].message).toBe('Access Denied');
    }
    // Nothing was written by the refused calls.
    expect(
      (await admin.call('GET', `regular-update/detail?id=${notice.id}`)).body.data.version,
    ).toBe(1);
  });

  it('declares every new route, so the route-permission sweep covers them', () => {
    const declared = new Map(
      t.routes
        .filter((route) => /\/api\/mng\/(regular-update|dashboard\/notification)/.test(route.url))
        .flatMap((route) =>
          (Array.isArray(route.method) ? route.method : [route.method])
            .filter((method) => method !== 'HEAD')
            .map((method) => [`${method} ${route.url}`, route.config?.permission]),
        ),
    );
    const read = { resource: '/notifications', action: 'GET' };
    const manage = { resource: '/notifications', action: 'POST' };
    expect(Object.fromEntries(declared)).toEqual({
      'GET /api/mng/regular-update': read,
      'GET /api/mng/dashboard/notification': read,
      'POST /api/mng/regular-update/read': read,
      'GET /api/mng/regular-update/all': manage,
      'GET /api/mng/regular-update/detail': manage,
      'GET /api/mng/regular-update/history': manage,
      'POST /api/mng/regular-update': manage,
      'PUT /api/mng/regular-update': { resource: '/notifications', action: 'PUT' },
      'DELETE /api/mng/regular-update': { resource: '/notifications', action: 'DELETE' },
    });
  });
});

describe('hostile input', () => {
  it('answers every bad value with a 4xx, never a 5xx', async () => {
    const notice = await publish();
    const texts = ['\u0000', '\ud800', 'x'.repeat(5000), "'; DROP TABLE notices; --", '<script>'];
    const values: unknown[] = [...texts, null, 42, true, [], {}, -1, 1e308];
    const calls: [string, string, unknown?][] = [];
    for (const value of values) {
      // A lone surrogate cannot be URI-encoded: its UTF-8-like bytes instead (invalid UTF-8).
      const text = value === '\ud800' ? '%ED%A0%80' : encodeURIComponent(String(value));
      calls.push(
        ['GET', `regular-update?language=${text}`],
        ['GET', `dashboard/notification?limit=${text}`],
        ['GET', `regular-update/all?state=${text}&tag=${text}&sort=${text}&from=${text}`],
        ['GET', `regular-update/all?search=${text}`],
        ['GET', `regular-update/detail?id=${text}`],
        ['GET', `regular-update/history?page=${text}`],
        ['DELETE', `regular-update?id=${notice.id}&version=${text}`],
        ['POST', 'regular-update/read', { ids: [value] }],
        ['POST', 'regular-update/read', { all: value }],
        ['POST', 'regular-update', noticeBody({ title: { en: value } })],
        ['POST', 'regular-update', noticeBody({ body: value })],
        ['POST', 'regular-update', noticeBody({ validFrom: value })],
        ['POST', 'regular-update', noticeBody({ validTo: value })],
        ['POST', 'regular-update', noticeBody({ tag: value, severity: value })],
        ['PUT', 'regular-update', { ...noticeBody(), id: notice.id, version: value }],
        ['PUT', 'profile', { name: value }],
      );
    }
    calls.push(
      ['POST', 'regular-update', noticeBody({ validFrom: '2025-02-30T10:00:00Z' })],
      ['POST', 'regular-update', noticeBody({ validFrom: '0000-01-01T00:00:00Z' })],
      ['POST', 'regular-update', noticeBody({ validFrom: '9999-12-31T23:59:59-14:59' })],
      ['POST', 'regular-update', noticeBody({ validFrom: '1900-01-01T00:00:00+14:00' })],
      ['POST', 'regular-update', null],
      ['POST', 'regular-update/read', { ids: [], all: true }],
    );
    for (const [method, url, payload] of calls) {
      const res = await admin.call(method, url, payload);
      expect(res.status, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
    }
  });
});
