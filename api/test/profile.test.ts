import { ROLE_IDS } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import {
  createPartner,
  orderApi,
  partnerAccountToken,
  type OrderApi,
} from './support/order-purchase-fixtures';

/* The signed-in user's profile (the settings screen's Profile card; issue 18). */

let t: TestContext;
let admin: OrderApi;

beforeAll(async () => {
  t = await createTestApp();
  admin = orderApi(t, await t.adminToken());
});

afterAll(() => t?.close());

describe('profile', () => {
  it("answers the caller's e-mail, role, partner and last sign-in", async () => {
    const mine = await admin.call('GET', 'profile');
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      email: 'admin@esim.test',
      roleId: ROLE_IDS.administrators,
      roleName: 'Administrators',
      partnerId: null,
      partnerName: null,
    });
    expect(Date.parse(mine.body.data.lastLoginDate)).not.toBeNaN();

    const partner = await createPartner(admin, null);
    const partnerApi = orderApi(t, await partnerAccountToken(t, admin, partner.id));
    const theirs = await partnerApi.call('GET', 'profile');
    expect(theirs.body.data).toMatchObject({
      roleId: ROLE_IDS.partner,
      partnerId: partner.id,
      partnerName: partner.name,
    });
  });

  it('renames the caller only; the name is cleared with an empty text', async () => {
    const user = await t.createUser({ roleId: null });
    const userApi = orderApi(t, user.token);
    const renamed = await userApi.call('PUT', 'profile', {
      name: '  Hana Sato  ',
      email: 'other@esim.test',
      roleId: ROLE_IDS.administrators,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.message).toBe('Profile updated.');
    expect(renamed.body.data).toMatchObject({ email: user.email, name: 'Hana Sato', roleId: null });
    expect((await admin.call('GET', 'profile')).body.data.name).not.toBe('Hana Sato');

    const cleared = await userApi.call('PUT', 'profile', { name: '' });
    expect(cleared.body.data.name).toBeNull();

    const tooLong = await userApi.call('PUT', 'profile', { name: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0]).toMatchObject({
      field: 'name',
      message: 'Enter Name within 100 characters.',
    });
    const control = await userApi.call('PUT', 'profile', { name: 'a\u0000b' });
    expect(control.status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.inject({ method, url: '/api/mng/profile', payload: {} });
      expect(res.statusCode).toBe(401);
    }
  });
});
