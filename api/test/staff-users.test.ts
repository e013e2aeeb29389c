/**
 * Staff accounts (spec section 7, "Users"): POST user/list, GET user, POST user (the invitation,
 * read from a REAL SMTP listener) and PUT user/status, with the escalation guard
 * (docs/decisions/0023) and the partner scope (decision 0019).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CODES, ROLE_IDS, type StaffUser } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { AMZ_JSON } from '../src/identity';
import { escapeHtml } from '../src/mail';
import { startMailbox, type Mailbox } from './identity/support';
import { createTestApp, type TestContext, type TestUser } from './support/app';

let mailbox: Mailbox;
let outboxDir: string;
let t: TestContext;
let admin: string;

type Method = 'GET' | 'POST' | 'PUT';

function call(token: string, method: Method, url: string, payload?: object) {
  return t.inject({ method, url: `/api/mng/${url}`, token, ...(payload ? { payload } : {}) });
}

async function ok(token: string, method: Method, url: string, payload?: object) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

async function list(payload: object, token = admin) {
  return (await ok(token, 'POST', 'user/list', payload)) as {
    items: StaffUser[];
    total: number;
    page: number;
    pageSize: number;
  };
}

const emails = (items: StaffUser[]) => items.map((item) => item.email);

/** One call of the console's Cognito-compatible sign-in, as Amplify sends it. */
async function identityCall(operation: string, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/identity/',
    headers: {
      'content-type': AMZ_JSON,
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    payload: JSON.stringify(body),
  });
  return res.json() as {
    Session?: string;
    ChallengeParameters?: { USERNAME?: string };
    AuthenticationResult?: { IdToken: string };
  };
}

/** A real sign-in: the one-time password is read from the mail the SMTP listener received. */
async function signIn(email: string): Promise<string> {
  const clientId = t.config.identity.clientId;
  const started = await identityCall('InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    AuthParameters: { USERNAME: email },
    ClientId: clientId,
  });
  const code = await mailbox.nextCode(email);
  const done = await identityCall('RespondToAuthChallenge', {
    ChallengeName: 'CUSTOM_CHALLENGE',
    ChallengeResponses: { USERNAME: started.ChallengeParameters?.USERNAME ?? email, ANSWER: code },
    Session: started.Session,
    ClientId: clientId,
  });
  if (!done.AuthenticationResult) throw new Error(`sign-in failed: ${JSON.stringify(done)}`);
  return done.AuthenticationResult.IdToken;
}

beforeAll(async () => {
  mailbox = await startMailbox();
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-staff-users-'));
  t = await createTestApp({
    config: {
      mail: { smtpUrl: mailbox.url, from: 'eSIM Console <no-reply@esim.test>', outboxDir },
    },
  });
  admin = await t.adminToken();
});

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

describe('POST user (invitation)', () => {
  const name = '<b>Ann & "Bob"</b>';

  it('creates the active account with the role and mails the console URL in English and Japanese', async () => {
    const res = await call(admin, 'POST', 'user', {
      email: '  New.Hire@Esim.TEST ',
      name,
      roleId: ROLE_IDS.staff,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Invitation sent.',
      messageKey: 'access.invitationSent',
    });
    const created = res.json().data as StaffUser;
    expect(created).toMatchObject({
      email: 'new.hire@esim.test',
      name,
      status: 'active',
      roleId: ROLE_IDS.staff,
      roleName: 'Administrators staff',
      partnerName: null,
      lastLoginDate: null,
      editable: true,
    });

    const mail = await mailbox.nextMail('new.hire@esim.test');
    expect(mail.subject).toContain('eSIM Console');
    const consoleUrl = t.config.publicUrl;
    expect(mail.text).toContain(consoleUrl);
    expect(mail.text).toContain('one-time password');
    expect(mail.text).toContain('ワンタイムパスワード');
    expect(mail.text).toContain('new.hire@esim.test');
    const html = String(mail.html);
    expect(html).toContain(`href="${escapeHtml(consoleUrl)}"`);
    expect(html).toContain(escapeHtml(name));
    expect(html).toContain('&#60;b&#62;Ann &#38; &#34;Bob&#34;&#60;&#47;b&#62;');
    expect(html).not.toContain('<b>Ann');

    const history = await ok(admin, 'GET', `audit/history?entityType=user&entityId=${created.id}`);
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      action: 'create',
      actor: { email: t.config.seedAdminEmail },
    });
    expect(history.items[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'email', before: null, after: 'new.hire@esim.test' },
        { field: 'name', before: null, after: name },
        { field: 'roleId', before: null, after: ROLE_IDS.staff },
        { field: 'status', before: null, after: 'active' },
      ]),
    );
  });

  it('refuses an e-mail that has an account with 409 and sends nothing', async () => {
    const received = mailbox.received.length;
    for (const email of ['NEW.HIRE@esim.test', t.config.seedAdminEmail]) {
      const res = await call(admin, 'POST', 'user', { email, roleId: ROLE_IDS.staff });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0]).toMatchObject({
        code: ERROR_CODES.conflict,
        field: 'email',
        message: 'Name already existed in the database.',
      });
    }
    expect(mailbox.received.length).toBe(received);
    const found = await list({ search: 'new.hire@' });
    expect(found.total).toBe(1);
  });

  it('refuses a role above the caller with 403, an unknown role with 404', async () => {
    const inviterRole = await ok(admin, 'POST', 'role', { name: 'Inviters' });
    await ok(admin, 'POST', 'role/permission', {
      roleId: inviterRole.id,
      permissions: [
        { path: '/users', methods: ['GET', 'POST'] },
        { path: '/orders', methods: ['GET'] },
      ],
    });
    const desk = await ok(admin, 'POST', 'role', { name: 'Front desk' });
    await ok(admin, 'POST', 'role/permission', {
      roleId: desk.id,
      permissions: [{ path: '/orders', methods: ['GET'] }],
    });
    const inviter = await t.createUser({ roleId: inviterRole.id });
    const received = mailbox.received.length;
    for (const roleId of [ROLE_IDS.administrators, ROLE_IDS.staff]) {
      const res = await call(inviter.token, 'POST', 'user', {
        email: 'climber@esim.test',
        roleId,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorMessageKey).toBe('access.roleAboveYours');
    }
    const unknown = await call(inviter.token, 'POST', 'user', {
      email: 'climber@esim.test',
      roleId: 'no-such-role',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorMessage).toBe('Role not found');
    expect(mailbox.received.length).toBe(received);
    expect((await list({ search: 'climber@' })).total).toBe(0);

    const allowed = await call(inviter.token, 'POST', 'user', {
      email: 'climber@esim.test',
      roleId: desk.id,
    });
    expect(allowed.statusCode).toBe(201);
    expect((await mailbox.nextMail('climber@esim.test')).text).toContain(t.config.publicUrl);
  });
});

describe('POST user/list', () => {
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 9));
  beforeAll(async () => {
    await t.database.db.insert(users).values([
      {
        email: 'zz-list-a@esim.test',
        name: 'Chiyo',
        roleId: ROLE_IDS.staff,
        lastLoginAt: day(3),
        createdAt: day(1),
      },
      {
        email: 'zz-list-b@esim.test',
        name: 'Akira',
        roleId: ROLE_IDS.partner,
        status: 'inactive',
        createdAt: day(2),
      },
      { email: 'zz-list-c@esim.test', lastLoginAt: day(5), createdAt: day(3) },
      {
        email: 'zz-list-d@esim.test',
        name: 'Bea 100%',
        roleId: ROLE_IDS.staff,
        lastLoginAt: day(4),
        createdAt: day(4),
      },
      { email: 'zz-list-e@esim.test', name: 'Dan', roleId: ROLE_IDS.partner, createdAt: day(5) },
      ...Array.from({ length: 12 }, (_, n) => ({
        email: `zz-page-${String(n).padStart(2, '0')}@esim.test`,
      })),
    ]);
  });

  const listed = ['a', 'b', 'c', 'd', 'e'].map((x) => `zz-list-${x}@esim.test`);

  it('searches e-mail and name, case-insensitive, % and _ as themselves', async () => {
    expect(emails((await list({ search: 'ZZ-LIST' })).items)).toEqual(listed);
    expect(emails((await list({ search: 'akira' })).items)).toEqual(['zz-list-b@esim.test']);
    expect(emails((await list({ search: '100%' })).items)).toEqual(['zz-list-d@esim.test']);
    expect((await list({ search: 'zz_list' })).total).toBe(0);
  });

  it('sorts by every column either way, empty values last', async () => {
    const sorted = async (sort: string, order: 'asc' | 'desc') =>
      emails((await list({ search: 'zz-list', sort, order })).items).map((email) => email[8]);
    expect(await sorted('email', 'desc')).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(await sorted('name', 'asc')).toEqual(['b', 'd', 'a', 'e', 'c']);
    expect(await sorted('name', 'desc')).toEqual(['e', 'a', 'd', 'b', 'c']);
    expect(await sorted('createdDate', 'desc')).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect((await sorted('lastLoginDate', 'desc')).slice(0, 3)).toEqual(['c', 'd', 'a']);
    expect((await sorted('lastLoginDate', 'asc')).slice(0, 3)).toEqual(['a', 'd', 'c']);
    expect((await sorted('lastLoginDate', 'asc')).slice(3).sort()).toEqual(['b', 'e']);
    // Administrators partner (b, e), Administrators staff (a, d), no role (c) last.
    const byRole = await sorted('roleName', 'asc');
    expect(byRole.slice(0, 2).sort()).toEqual(['b', 'e']);
    expect(byRole.slice(2, 4).sort()).toEqual(['a', 'd']);
    expect(byRole[4]).toBe('c');
    expect(await sorted('status', 'desc')).toHaveLength(5);
    expect((await sorted('status', 'desc'))[0]).toBe('b');
  });

  it('filters by role, status and creation date', async () => {
    const of = async (filters: object) =>
      emails((await list({ search: 'zz-list', ...filters })).items).map((email) => email[8]);
    expect(await of({ roleId: ROLE_IDS.staff })).toEqual(['a', 'd']);
    expect(await of({ status: 'inactive' })).toEqual(['b']);
    expect(await of({ status: 'active', roleId: ROLE_IDS.partner })).toEqual(['e']);
    expect(await of({ from: '2026-01-02', to: '2026-01-03' })).toEqual(['b', 'c']);
  });

  it('answers the screen’s fields and pages', async () => {
    const [a] = (await list({ search: 'zz-list-a' })).items;
    expect(a).toEqual({
      id: expect.any(String),
      email: 'zz-list-a@esim.test',
      name: 'Chiyo',
      status: 'active',
      roleId: ROLE_IDS.staff,
      roleName: 'Administrators staff',
      partnerName: null,
      lastLoginDate: day(3).toISOString(),
      createdDate: day(1).toISOString(),
      editable: true,
    });
    const first = await list({ search: 'zz-page', pageSize: 10 });
    const second = await list({ search: 'zz-page', pageSize: 10, page: 2 });
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(2);
    expect(new Set([...emails(first.items), ...emails(second.items)]).size).toBe(12);
  });

  it("shows a partner account's partner", async () => {
    const partner = await ok(admin, 'POST', 'partner', {
      name: 'Sakura Travel',
      code: 'SAKURA-USERS',
      target: 'affiliate',
    });
    await ok(admin, 'POST', 'partner/account', {
      partnerId: partner.id,
      email: 'desk@sakura.test',
    });
    const [account] = (await list({ search: 'desk@sakura' })).items;
    expect(account).toMatchObject({
      partnerName: 'Sakura Travel',
      roleId: ROLE_IDS.partner,
      roleName: 'Administrators partner',
    });
  });

  it('shows the last sign-in after a real sign-in', async () => {
    await ok(admin, 'POST', 'user', { email: 'signer@esim.test', roleId: ROLE_IDS.partner });
    await mailbox.nextMail('signer@esim.test'); // the invitation
    expect((await list({ search: 'signer@' })).items[0]!.lastLoginDate).toBeNull();

    const before = Date.now();
    const token = await signIn('signer@esim.test');
    const after = Date.now();
    const own = await t.inject({
      method: 'GET',
      url: '/api/mng/permission?email=signer@esim.test',
      token,
    });
    expect(own.statusCode).toBe(200);

    const [signer] = (await list({ search: 'signer@' })).items;
    const at = Date.parse(signer!.lastLoginDate ?? '');
    // auth_time has whole seconds.
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(after);
  });
});

describe('GET user', () => {
  it('answers one account, 404 for an unknown id, 400 for a malformed one', async () => {
    const user = await t.createUser({ roleId: ROLE_IDS.staff });
    expect(await ok(admin, 'GET', `user?id=${user.id}`)).toMatchObject({
      id: user.id,
      email: user.email,
      roleName: 'Administrators staff',
      editable: true,
    });
    const unknown = await call(admin, 'GET', 'user?id=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorMessage).toBe('User not found');
    expect((await call(admin, 'GET', 'user?id=not-a-uuid')).statusCode).toBe(400);
  });
});

describe("a partner's account", () => {
  it("with GET /users sees its own partner's accounts only, and invites nobody", async () => {
    const [mine, theirs] = await Promise.all(
      ['ONE', 'TWO'].map((code) =>
        ok(admin, 'POST', 'partner', { name: `Partner ${code}`, code, target: 'affiliate' }),
      ),
    );
    for (const [partner, email] of [
      [mine, 'reader@one.test'],
      [mine, 'colleague@one.test'],
      [theirs, 'stranger@two.test'],
    ] as const) {
      await ok(admin, 'POST', 'partner/account', { partnerId: partner.id, email });
    }
    const readers = await ok(admin, 'POST', 'role', { name: 'User readers' });
    await ok(admin, 'POST', 'role/permission', {
      roleId: readers.id,
      permissions: [{ path: '/users', methods: ['GET', 'POST'] }],
    });
    await ok(admin, 'POST', 'role/assign', { roleId: readers.id, emails: ['reader@one.test'] });
    const reader: Pick<TestUser, 'token'> = { token: await t.tokenFor('reader@one.test') };

    const seen = await list({}, reader.token);
    expect(emails(seen.items).sort()).toEqual(['colleague@one.test', 'reader@one.test']);
    expect(seen.items.every((item) => item.partnerName === 'Partner ONE')).toBe(true);
    const stranger = (await list({ search: 'stranger@' })).items[0]!;
    expect((await call(reader.token, 'GET', `user?id=${stranger.id}`)).statusCode).toBe(404);
    const invite = await call(reader.token, 'POST', 'user', {
      email: 'friend@one.test',
      roleId: readers.id,
    });
    expect(invite.statusCode).toBe(403);
  });
});

describe('bad input', () => {
  it('never answers 5xx', async () => {
    const hostile = [
      null,
      [],
      'text',
      { page: -1, pageSize: 1e12, sort: 'password', order: 'sideways' },
      { search: '\u0000', from: '2026-13-45', to: 'yesterday' },
      { search: '%_\\'.repeat(40), roleId: 'x'.repeat(5000), status: 'deleted' },
      { email: 'a@b', roleId: ['x'] },
      { email: `${'x'.repeat(300)}@esim.test`, name: 'y'.repeat(10_000), roleId: '\u0000' },
      { email: { $ne: null }, name: 42, roleId: ROLE_IDS.staff },
      { id: 'not-a-uuid', status: 'inactive' },
      { id: '00000000-0000-4000-8000-000000000000', status: 'inactive' },
    ];
    const routes: [Method, string][] = [
      ['POST', 'user/list'],
      ['POST', 'user'],
      ['PUT', 'user/status'],
    ];
    for (const [method, url] of routes) {
      for (const payload of hostile) {
        const res = await t.inject({
          method,
          url: `/api/mng/${url}`,
          token: admin,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        // Unknown keys are ignored: a list call without a bad filter simply lists.
        if (res.statusCode >= 400) expect(res.json().errors.length).toBeGreaterThan(0);
      }
    }
    for (const query of ['', '?id=', '?id=%00', `?id=${'9'.repeat(5000)}`, '?id=1&id=2']) {
      const res = await call(admin, 'GET', `user${query}`);
      expect(res.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, query).toBeLessThan(500);
    }
  });
});

describe('when the invitation cannot be sent', () => {
  it('keeps nothing and says so (502)', async () => {
    const broken = await createTestApp({
      config: {
        mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'eSIM Console <x@esim.test>', outboxDir },
      },
    });
    try {
      const res = await broken.inject({
        method: 'POST',
        url: '/api/mng/user',
        token: await broken.adminToken(),
        payload: { email: 'unlucky@esim.test', roleId: ROLE_IDS.staff },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        errorMessageKey: 'access.invitationNotSent',
        errorMessage:
          'The invitation e-mail could not be sent, so the account was not created. Try again later.',
      });
      expect(res.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|smtp/i);
      const found = await broken.inject({
        method: 'POST',
        url: '/api/mng/user/list',
        token: await broken.adminToken(),
        payload: { search: 'unlucky@' },
      });
      expect(found.json().data.total).toBe(0);
    } finally {
      await broken.close();
    }
  });
});
