/**
 * Test support for the bad-input sweep: real fixtures, created through the API as the
 * administrator (suppliers of both delivery types, the API ones against an eSIM Go simulator,
 * products, stock items, a checked stock file and a background import, tariff profiles and codes,
 * a role, a user, an exchange rate, a published remote), and each operation's baseline built on
 * them. With them the "plausible" request of an operation succeeds, so that one hostile value at a
 * time reaches the services and the database instead of stopping at a 404.
 *
 * A baseline only sets the fields the OpenAPI document declares for the operation (the rest of
 * its request comes from the document's schema, ./bad-input-corpus.ts sampleObject): a field
 * renamed in a contract drops out, and the sweep's depth check reports the operation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  EXCHANGE_RATE_CSV_COLUMNS,
  RESOURCES,
  STOCK_IMPORT_BACKGROUND_ROWS,
  STOCK_IMPORT_COLUMNS,
  TARIFF_IMPORT_COLUMNS,
  luhnCheckDigit,
} from '@esim/contracts';
import { createEsimGoSimulator, type EsimGoSimulator } from '../../src/connectors/esimgo/simulator';
import { publishRemote } from '../../src/release-store';
import { writeBuild } from '../release-store/support';
import { tarGz } from './tar';
import type { TestContext } from './app';
import { MISSING_ID } from './bad-input-corpus';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field
type Json = any;
type Values = Record<string, unknown>;

/** The X-API-Key the simulator accepts (and the API suppliers are given). */
const SIMULATOR_KEY = 'sweep-simulator-key-5c1e';
const API = '/api/mng';

/** A fixture changed under a version check: its state (version, status) read through the API. */
export interface Subject {
  name: string;
  /** GET of the fixture; its `data` is the state. */
  url: string;
  /** The fixture's own values in a request about it (its id, its name as it was created). */
  query?: Values;
  body?: Values;
}

/** What an operation's requests carry on top of the document's sample (see probes in the sweep). */
export interface OperationBaseline {
  /** Query parameter values (only parameters the document declares are sent). */
  query?: Values;
  /** Body values (only properties the document declares are sent). */
  body?: Values;
  /** A raw body instead of JSON (stock/csv takes the file itself). */
  raw?: { contentType: string; payload: string | Buffer };
  /** Body fields given a value of their own in each request (the names of new rows). */
  unique?: string[];
  /**
   * Fixtures the requests change with a version check, alike: the probes are dealt to them in
   * turn, the probes of one fixture are sent one at a time, each with its own values and the
   * values `values` takes from its current state (version, status).
   */
  live?: { subjects: Subject[]; values: (state: Json) => { query?: Values; body?: Values } };
  /** A fixture the request changes without a version check (its version is read again after). */
  touches?: Subject;
}

export interface SweepFixtures {
  /** Baselines by `${METHOD} ${path}` (path as in the OpenAPI document). */
  baselines: Record<string, OperationBaseline>;
  /** Fixtures that could not be created, with the API's answer (the depth check reports them). */
  problems: string[];
  /** A fresh value for a `unique` field (letters and digits, at most 5: fits a currency code). */
  uniqueValue(): string;
  close(): Promise<void>;
}

/** A real 1x1 PNG (the stored file of check-exist-file). */
const SWEEP_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let uniqueCounter = 0;
function uniqueValue(): string {
  uniqueCounter += 1;
  return `Z${uniqueCounter.toString(36).toUpperCase().padStart(4, '0')}`;
}

let iccidSerial = 0;
/** A valid ICCID no file of the sweep has used (19 digits, 89..., Luhn). */
function freshIccid(): string {
  iccidSerial += 1;
  const body = `898177${String(iccidSerial).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

const YEAR = new Date().getUTCFullYear();
const FUTURE_DATE = `${YEAR + 5}-12-31`;
const PAST_DATE = '2020-01-01';

/** One stock file row, by the contract's column names (a column it does not know stays empty). */
function stockRow(activeExpireDate: string): string {
  const iccid = freshIccid();
  const values: Record<string, string> = {
    iccid,
    activationCode: `LPA:1$smdp.example.com$SWEEP-${iccid.slice(-8)}`,
    activeExpireDate,
  };
  return STOCK_IMPORT_COLUMNS.map((column) => values[column] ?? '').join(',');
}

/** A CSV text of one row, by the contract's column names (a column it does not know stays empty). */
function csvOf(columns: readonly string[], values: Record<string, string>): string {
  return `${columns.join(',')}\n${columns.map((column) => values[column] ?? '').join(',')}\n`;
}

function stockFile(rows: string[]): string {
  return `${[STOCK_IMPORT_COLUMNS.join(','), ...rows].join('\n')}\n`;
}

export async function createSweepFixtures(t: TestContext, token: string): Promise<SweepFixtures> {
  const problems: string[] = [];
  const dirs: string[] = [];
  const simulator: EsimGoSimulator = createEsimGoSimulator({ apiKey: SIMULATOR_KEY });
  await simulator.listen(0);

  /** One API call of the set-up; a failure is recorded (and null answered), not thrown. */
  async function call(
    what: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Values | string,
    contentType?: string,
  ): Promise<Json> {
    const res = await t.inject({
      method,
      url: `${API}/${url}`,
      token,
      ...(payload === undefined ? {} : { payload }),
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    });
    if (res.statusCode >= 200 && res.statusCode < 300) {
      return String(res.headers['content-type']).includes('json') ? res.json().data : res.body;
    }
    problems.push(`${what}: ${method} ${url} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
    return null;
  }
  const idOf = (data: Json): string => (typeof data?.id === 'string' ? data.id : MISSING_ID);

  const subject = (name: string, url: string, own: { query?: Values; body?: Values } = {}) => ({
    name,
    url: `${API}/${url}`,
    ...own,
  });

  // ---------------------------------------------------------------- suppliers and the product
  const [rate, stockSupplier, spareSupplier] = await Promise.all([
    call('exchange rate', 'POST', 'exchange-rate', {
      currency: 'USD',
      rate: '150',
      effectiveDate: '2000-01-01',
    }),
    call('stock supplier', 'POST', 'supplier', {
      name: 'Sweep stock supplier',
      deliveryType: 'stock',
    }),
    call('supplier to delete', 'POST', 'supplier', {
      name: 'Sweep supplier to delete',
      deliveryType: 'stock',
    }),
  ]);
  const apiSupplierBody = {
    deliveryType: 'api',
    connectorKind: 'esimgo',
    baseUrl: simulator.url,
    currency: 'USD',
    purchaseCurrency: 'USD',
  };
  const apiSupplier = async (name: string) => {
    const data = await call(name, 'POST', 'supplier', {
      name,
      ...apiSupplierBody,
      apiKey: SIMULATOR_KEY,
    });
    return subject(name, `supplier?id=${idOf(data)}`, {
      query: { id: idOf(data) },
      body: { id: idOf(data), name },
    });
  };
  const productBody = {
    supplierId: idOf(stockSupplier),
    name: 'Sweep product',
    costMinor: 1000,
    costCurrency: 'JPY',
    durationDays: 7,
    type: 'package',
    network: 'local',
    coverage: ['JP'],
  };
  const newProduct = async (productCode: string) => {
    const data = await call(productCode, 'POST', 'product', { ...productBody, productCode });
    return subject(productCode, `product?id=${idOf(data)}`, {
      query: { id: idOf(data) },
      body: { id: idOf(data), productCode },
    });
  };
  // PUT supplier replaces the key of its suppliers with whatever it is given: the supplier sync
  // reads the simulator through one of its own. The version-checked updates get three suppliers
  // and three products (their probes go three at a time); the other calls use the first.
  const productCode = 'SWEEP-PRODUCT';
  const [editedSuppliers, syncSupplier, product, editedProducts] = await Promise.all([
    Promise.all([1, 2, 3].map((n) => apiSupplier(`Sweep API supplier ${n}`))),
    apiSupplier('Sweep API supplier (sync)'),
    newProduct(productCode),
    Promise.all([1, 2, 3].map((n) => newProduct(`SWEEP-EDITED-${n}`))),
  ]);
  const apiSupplierId = editedSuppliers[0]!.query!.id as string;
  const syncSupplierId = syncSupplier.query!.id as string;
  const productId = product.query!.id as string;

  // ---------------------------------------------------------------- stock
  const upload = (what: string, csv: string, dryRun: boolean) =>
    call(
      what,
      'POST',
      `stock/csv?productId=${productId}&fileName=sweep.csv&dryRun=${dryRun}`,
      csv,
      'text/csv',
    );
  async function stockFixtures() {
    await upload('stock items', stockFile([stockRow(FUTURE_DATE), stockRow(FUTURE_DATE)]), false);
    const items = await call('stock items', 'POST', 'stock/detail', { productId, pageSize: 10 });
    const ids = ((items?.items ?? []) as { id: string }[]).map((item) => item.id);
    if (items && ids.length < 2) problems.push(`stock items: ${ids.length} imported, not 2`);
    // A checked file for stock/csv/apply, and an apply large enough to run as a background job
    // (its rows but one have expired: one item is imported).
    const checked = await upload('checked stock file', stockFile([stockRow(FUTURE_DATE)]), true);
    if (checked && !checked.importId) problems.push('checked stock file: no importId');
    const expired = Array.from({ length: STOCK_IMPORT_BACKGROUND_ROWS }, () => stockRow(PAST_DATE));
    const bulk = await upload(
      'background import',
      stockFile([...expired, stockRow(FUTURE_DATE)]),
      false,
    );
    if (bulk && !bulk.jobId) problems.push('background import: no jobId');
    // The job finishes before the sweep starts.
    for (let tries = 0; bulk?.jobId && tries < 300; tries += 1) {
      const job = await call('background import', 'GET', `stock/csv/job?id=${bulk.jobId}`);
      if (!job || job.status === 'succeeded' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return {
      stockItem: ids[0] ?? MISSING_ID,
      spareStockItem: ids[1] ?? MISSING_ID,
      stagedImport: (checked?.importId as string | undefined) ?? MISSING_ID,
      importJob: (bulk?.jobId as string | undefined) ?? MISSING_ID,
    };
  }

  // ---------------------------------------------------------------- tariffs
  async function tariffFixtures() {
    // PUT tariff/group and PUT tariff rename what they are given: a profile and a code of their
    // own, so that the calls naming the others by their code keep finding them.
    const editedProfile = { tariffGroup: 'SWEEP-PROFILE-EDIT', name: 'Sweep profile (edited)' };
    const [, edited, spareProfile] = await Promise.all([
      call('tariff profile', 'POST', 'tariff/group', {
        tariffGroup: 'SWEEP-PROFILE',
        name: 'Sweep profile',
      }),
      call('tariff profile (edited)', 'POST', 'tariff/group', editedProfile),
      call('tariff profile to delete', 'POST', 'tariff/group', {
        tariffGroup: 'SWEEP-PROFILE-DEL',
        name: 'Sweep profile to delete',
      }),
    ]);
    const code = async (tariffCode: string) => {
      const data = await call(tariffCode, 'POST', 'tariff', {
        tariffGroup: 'SWEEP-PROFILE',
        tariffCode,
      });
      return { id: idOf(data), tariffCode };
    };
    const [tariffCode, copyTarget, editedCode, spareTariffCode] = await Promise.all(
      ['SWEEP-CODE', 'SWEEP-CODE-2', 'SWEEP-CODE-EDIT', 'SWEEP-CODE-DEL'].map(code),
    );
    return {
      tariffCode: tariffCode!,
      copyTarget: copyTarget!,
      spareTariffCode: spareTariffCode!,
      spareProfile: idOf(spareProfile),
      editedCode: subject('tariff code', `tariff?id=${editedCode!.id}`, {
        body: { id: editedCode!.id, tariffCode: editedCode!.tariffCode },
      }),
      editedProfile: subject('tariff profile', `tariff/profile-detail?id=${idOf(edited)}`, {
        body: { id: idOf(edited), ...editedProfile },
      }),
    };
  }

  // ---------------------------------------------------------------- access and releases
  const remote = 'sweep';
  /** A tar.gz of sweep 1.0.3 (POST release/publish). */
  let publishArchive: Buffer = Buffer.alloc(0);
  async function accessFixtures() {
    const roleName = 'Sweep role';
    const role = idOf(await call('role', 'POST', 'role', { name: roleName }));
    const user = await t.createUser({ roleId: role });
    const builds = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-sweep-builds-'));
    dirs.push(builds);
    try {
      for (const version of ['1.0.0', '1.0.1']) {
        await publishRemote(t.database.db, {
          remote,
          version,
          buildDir: writeBuild(builds, remote, version),
          storeDir: t.config.remoteStoreDir,
          by: 'ci@esim.test',
        });
        // Pinned twice: a rollback has a version to go back to.
        await call('pinned remote', 'PUT', 'release/pin', { remote, version, reason: 'sweep' });
      }
      // Published and not pinned: the canary's version; and a build to upload.
      await publishRemote(t.database.db, {
        remote,
        version: '1.0.2',
        buildDir: writeBuild(builds, remote, '1.0.2'),
        storeDir: t.config.remoteStoreDir,
        by: 'ci@esim.test',
      });
      const upload = writeBuild(builds, remote, '1.0.3');
      publishArchive = tarGz(
        fs.readdirSync(upload).map((file) => ({
          path: file,
          body: fs.readFileSync(path.join(upload, file)),
        })),
      );
    } catch (error) {
      problems.push(`published remote: ${String(error)}`);
    }
    return {
      role: subject('role', `role?id=${role}`, { body: { id: role, name: roleName } }),
      roleId: role,
      user,
    };
  }

  // ---------------------------------------------------------------- partners
  async function partnerFixtures() {
    const partnerBody = (code: string) => ({ name: `Sweep ${code}`, code, target: 'affiliate' });
    const [partner, spare, edited] = await Promise.all([
      call('partner', 'POST', 'partner', {
        ...partnerBody('SWEEP-PARTNER'),
        prefix: 'SWP',
        slug: 'sweep-partner',
      }),
      call('partner to delete', 'POST', 'partner', partnerBody('SWEEP-PARTNER-DEL')),
      call('partner (edited)', 'POST', 'partner', partnerBody('SWEEP-PARTNER-EDIT')),
    ]);
    const account = await call('partner account', 'POST', 'partner/account', {
      partnerId: idOf(partner),
      email: 'sweep-partner-account@esim.test',
    });
    return {
      partnerId: idOf(partner),
      sparePartnerId: idOf(spare),
      accountId: idOf(account),
      editedPartner: subject('partner', `partner?id=${idOf(edited)}`, {
        body: { id: idOf(edited), ...partnerBody('SWEEP-PARTNER-EDIT') },
      }),
    };
  }
  const partnerSet = await partnerFixtures();

  const [syncList, stock, tariffs, access] = await Promise.all([
    call('supplier catalogue', 'POST', 'product/external/product-for-update/list', {
      supplierId: syncSupplierId,
    }),
    stockFixtures(),
    tariffFixtures(),
    accessFixtures(),
  ]);
  const syncItem = (syncList?.items?.[0] ?? { ref: 'none', hash: '0'.repeat(64) }) as {
    ref: string;
    hash: string;
  };
  const { stockItem, spareStockItem, stagedImport, importJob } = stock;
  const { tariffCode, copyTarget, spareTariffCode, spareProfile } = tariffs;
  const { roleId, user } = access;

  // ---------------------------------------------------------------- files
  // A stored file for check-exist-file, and the used link of its upload for step two's probes.
  async function fileFixtures() {
    const png = Buffer.from(SWEEP_PNG_BASE64, 'base64');
    const ticket = await call('file upload link', 'POST', 'utils/upload-file', {
      purpose: 'partnerLogo',
      fileName: 'sweep.png',
      size: png.length,
    });
    const link = new URL(typeof ticket?.url === 'string' ? ticket.url : '/', 'http://localhost');
    const res = await t.app.inject({
      method: 'PUT',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/octet-stream' },
      payload: png,
    });
    if (res.statusCode !== 200) {
      problems.push(`stored file: PUT answered ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    return {
      key: typeof ticket?.key === 'string' ? ticket.key : 'partner-logo/none.png',
      token: link.searchParams.get('token') ?? 'none.none',
    };
  }
  const fileSet = await fileFixtures();

  // ---------------------------------------------------------------- branches and issuers
  // PUT branch and PUT branch/item get three fixtures each (their probes go three at a time);
  // each sends its own code / registration number, so no probe collides with another's.
  const issuerFields = { countryCode: 'DE', legalName: 'Sweep GmbH', address: 'Berlin' };
  const DE_VAT_IDS = ['DE136695976', 'DE811128135', 'DE813495425', 'DE129273398', 'DE811569869'];
  async function branchFixtures() {
    const newBranch = async (code: string) => {
      const data = await call(code, 'POST', 'branch', {
        name: `Sweep branch ${code}`,
        code,
        target: 'franchise',
      });
      return subject(code, `branch?id=${idOf(data)}`, {
        query: { id: idOf(data) },
        body: { id: idOf(data), code },
      });
    };
    const [home, spare, edited] = await Promise.all([
      newBranch('SWEEP-BRANCH'),
      newBranch('SWEEP-BRANCH-SPARE'),
      Promise.all([1, 2, 3].map((n) => newBranch(`SWEEP-BRANCH-EDIT-${n}`))),
    ]);
    const branchId = home.query!.id as string;
    const newIssuer = async (registrationNumber: string) => {
      const data = await call(registrationNumber, 'POST', 'branch/item', {
        ...issuerFields,
        branchId,
        registrationNumber,
      });
      return subject(registrationNumber, `branch/item?id=${idOf(data)}`, {
        query: { id: idOf(data) },
        body: { id: idOf(data), branchId, registrationNumber },
      });
    };
    const issuers = await Promise.all(DE_VAT_IDS.slice(1).map(newIssuer));
    return { home, spare, edited, branchId, issuers };
  }
  const branchSet = await branchFixtures();
  const issuerId = branchSet.issuers[0]!.query!.id as string;

  // ---------------------------------------------------------------- baselines
  const version = (state: Json) => ({ body: { version: state?.version } });
  const stockSubject = subject('stock item', `stock?id=${stockItem}`);
  const spareStockSubject = subject('stock item to delete', `stock?id=${spareStockItem}`);
  const sellingPriceJpy = 5000;
  const baselines: Record<string, OperationBaseline> = {
    // access
    'GET /api/mng/permission': { query: { email: user.email } },
    'GET /api/mng/role': { query: { id: roleId } },
    'POST /api/mng/role': { unique: ['name'] },
    // The updates send the fixture's own name (a probe's new name lasts until the next one).
    'PUT /api/mng/role': { live: { subjects: [access.role], values: version } },
    'POST /api/mng/role/permission': {
      body: { roleId, permissions: [{ path: RESOURCES.products, methods: ['GET'] }] },
      touches: access.role,
    },
    'POST /api/mng/role/user': { body: { roleId, userIds: [user.id] } },
    'POST /api/mng/role/assign': { body: { roleId, userIds: [user.id] } },
    'GET /api/mng/user/select': { query: { roleId } },
    'POST /api/mng/user/select': { body: { roleId } },
    'PUT /api/mng/user/status': { body: { id: user.id, status: 'active' } },
    'POST /api/mng/user/list': { body: { roleId } },
    'GET /api/mng/user': { query: { id: user.id } },
    // The first request invites the sample e-mail; the probes after it meet the 409 (their
    // names still reach the insert).
    'POST /api/mng/user': { body: { roleId } },
    // releases
    'PUT /api/mng/release/pin': { body: { remote, version: '1.0.0', reason: 'sweep' } },
    'POST /api/mng/release/rollback': { body: { remote, reason: 'sweep' } },
    'PUT /api/mng/release/canary': {
      body: { remote, version: '1.0.2', percent: 10, roleIds: [], reason: 'sweep' },
    },
    'DELETE /api/mng/release/canary': { body: { remote, reason: 'sweep' } },
    'POST /api/mng/release/publish': {
      query: { remote, version: '1.0.3' },
      raw: { contentType: 'application/gzip', payload: publishArchive },
    },
    'POST /api/mng/release/beacon': {
      body: { events: [{ remote, version: '1.0.0', kind: 'loaded' }] },
    },
    'POST /api/mng/release/token': { body: { name: 'sweep token', expiresInDays: 30 } },
    // tariffs
    'GET /api/mng/tariff/profile-detail': { query: { tariffGroup: 'SWEEP-PROFILE' } },
    'GET /api/mng/tariff': { query: { id: tariffCode.id } },
    'POST /api/mng/tariff': { body: { tariffGroup: 'SWEEP-PROFILE' }, unique: ['tariffCode'] },
    'PUT /api/mng/tariff': { live: { subjects: [tariffs.editedCode], values: version } },
    'DELETE /api/mng/tariff': { query: { id: spareTariffCode.id } },
    'POST /api/mng/tariff/product-list': { body: { tariffCode: tariffCode.tariffCode } },
    'GET /api/mng/tariff/relation': { query: { code: tariffCode.tariffCode } },
    'GET /api/mng/tariff/history': { query: { id: tariffCode.id } },
    'POST /api/mng/tariff/group': { unique: ['tariffGroup'] },
    'PUT /api/mng/tariff/group': {
      live: {
        subjects: [tariffs.editedProfile],
        // The rule as it is now (each of its fields is a probe's), with the current version.
        values: (state) => ({
          body: {
            baseTariff: state?.baseTariff,
            logic1: state?.logic1,
            logic2: state?.logic2,
            logic3: state?.logic3,
            inputMode: state?.inputMode,
            version: state?.version,
          },
        }),
      },
    },
    'DELETE /api/mng/tariff/group': { query: { id: spareProfile } },
    'POST /api/mng/tariff/copy': {
      body: { sourceTariffCode: tariffCode.tariffCode },
      unique: ['tariffCode'],
    },
    'PUT /api/mng/tariff/product-price': {
      body: { tariffCode: tariffCode.tariffCode, productId, sellingPriceJpy },
    },
    'POST /api/mng/tariff/copy-product': {
      body: {
        sourceTariffCode: tariffCode.tariffCode,
        targetTariffCode: copyTarget.tariffCode,
      },
    },
    // The imports apply (dryRun false): a row's values reach the database.
    'POST /api/mng/tariff/import': {
      body: {
        tariffCode: tariffCode.tariffCode,
        csv: csvOf(TARIFF_IMPORT_COLUMNS, {
          productCode,
          sellingPriceJpy: String(sellingPriceJpy),
        }),
        dryRun: false,
      },
    },
    // products
    'GET /api/mng/product': { query: { id: productId } },
    'POST /api/mng/product': { body: productBody, unique: ['productCode'] },
    'PUT /api/mng/product': {
      body: productBody,
      live: { subjects: editedProducts, values: version },
    },
    'PUT /api/mng/product/edit-selling-price': {
      body: { sellingPriceJpy },
      live: { subjects: editedProducts, values: version },
    },
    'PUT /api/mng/product/edit-special-price': {
      body: { specialPriceJpy: sellingPriceJpy - 1000 },
      live: { subjects: editedProducts, values: version },
    },
    'PUT /api/mng/product/label': {
      body: { labels: ['sweep'] },
      live: { subjects: editedProducts, values: version },
    },
    'GET /api/mng/product/history': { query: { id: productId } },
    'GET /api/mng/product/prices': { query: { id: productId } },
    'GET /api/mng/audit/history': { query: { entityType: 'product', entityId: productId } },
    // suppliers
    'GET /api/mng/supplier': { query: { id: apiSupplierId } },
    'POST /api/mng/supplier': { body: apiSupplierBody, unique: ['name'] },
    'PUT /api/mng/supplier': {
      body: apiSupplierBody,
      live: { subjects: editedSuppliers, values: version },
    },
    'DELETE /api/mng/supplier': { query: { id: idOf(spareSupplier) } },
    'POST /api/mng/supplier/test-connection': { query: { id: apiSupplierId } },
    'GET /api/mng/supplier/history': { query: { id: apiSupplierId } },
    // stock
    'POST /api/mng/stock/list': { body: { productId } },
    'POST /api/mng/stock/detail': { body: { productId } },
    'GET /api/mng/stock': { query: { id: stockItem } },
    'PUT /api/mng/stock': {
      body: { id: stockItem, holdUntil: `${FUTURE_DATE}T00:00:00.000Z` },
      live: {
        subjects: [stockSubject],
        // Back and forth between on hand and holding (the matrix allows both moves).
        values: (state) => ({
          body: {
            version: state?.version,
            status: state?.status === 'on_hand' ? 'holding' : 'on_hand',
          },
        }),
      },
    },
    'DELETE /api/mng/stock': {
      query: { id: spareStockItem },
      live: {
        subjects: [spareStockSubject],
        values: (state) => ({ query: { version: state?.version } }),
      },
    },
    'POST /api/mng/stock/activation-code': { body: { id: stockItem } },
    'GET /api/mng/stock/history': { query: { id: stockItem } },
    'POST /api/mng/stock/csv': {
      query: { productId, fileName: 'sweep.csv' },
      raw: { contentType: 'text/csv', payload: stockFile([stockRow(FUTURE_DATE)]) },
    },
    'POST /api/mng/stock/csv/apply': { body: { importId: stagedImport } },
    'GET /api/mng/stock/csv/job': { query: { id: importJob } },
    // supplier sync
    'POST /api/mng/product/external/product-for-update/list': {
      body: { supplierId: syncSupplierId },
    },
    'GET /api/mng/product/external/product/get': {
      query: { supplierId: syncSupplierId, ref: syncItem.ref },
    },
    'PUT /api/mng/product/external/product-for-update': {
      body: { supplierId: syncSupplierId, items: [syncItem] },
    },
    'POST /api/mng/stock/external/stock/list': { body: { supplierId: syncSupplierId } },
    // branches and issuers
    'POST /api/mng/branch/list': {},
    'GET /api/mng/branch': { query: { id: branchSet.branchId } },
    'POST /api/mng/branch': { body: { target: 'msp' }, unique: ['code'] },
    'PUT /api/mng/branch': {
      body: { name: 'Sweep branch (edited)', target: 'msp' },
      live: { subjects: branchSet.edited, values: version },
    },
    'DELETE /api/mng/branch': { query: { id: branchSet.spare.query!.id } },
    'GET /api/mng/branch/history': { query: { id: branchSet.branchId } },
    'POST /api/mng/branch/template/preview': { body: { templateHtml: '<p>{{providerName}}</p>' } },
    'PUT /api/mng/branch/select-partner': {
      body: { partnerId: null },
      live: { subjects: branchSet.edited, values: version },
    },
    'POST /api/mng/branch/item/list': { body: { branchId: branchSet.branchId } },
    'GET /api/mng/branch/item': { query: { id: issuerId } },
    'POST /api/mng/branch/item': {
      body: { ...issuerFields, branchId: branchSet.branchId, registrationNumber: DE_VAT_IDS[0] },
    },
    'PUT /api/mng/branch/item': {
      body: issuerFields,
      live: { subjects: branchSet.issuers.slice(0, 3), values: version },
    },
    'DELETE /api/mng/branch/item': { query: { id: branchSet.issuers[3]!.query!.id } },
    'GET /api/mng/branch/item/history': { query: { id: issuerId } },
    // partners
    'GET /api/mng/partner': { query: { id: partnerSet.partnerId } },
    'GET /api/mng/partner/lookup': { query: { code: 'SWEEP-PARTNER' } },
    'GET /api/mng/partner/history': { query: { id: partnerSet.partnerId } },
    'POST /api/mng/partner': { unique: ['code'] },
    'PUT /api/mng/partner': { live: { subjects: [partnerSet.editedPartner], values: version } },
    'DELETE /api/mng/partner': { query: { id: partnerSet.sparePartnerId } },
    'POST /api/mng/partner/account': { body: { partnerId: partnerSet.partnerId } },
    'DELETE /api/mng/partner/account': { query: { id: partnerSet.accountId } },
    // files
    'POST /api/mng/utils/upload-file': {
      body: { purpose: 'partnerLogo', fileName: 'sweep.png', size: 100 },
    },
    'POST /api/mng/utils/check-exist-file': { body: { key: fileSet.key } },
    'PUT /api/mng/utils/upload-file/content': { query: { token: fileSet.token } },
    // currencies and exchange rates
    'POST /api/mng/currency': { unique: ['isoCode'] },
    'GET /api/mng/exchange-rate/history': { query: { id: idOf(rate) } },
    'POST /api/mng/exchange-rate/import': {
      body: {
        csv: csvOf(EXCHANGE_RATE_CSV_COLUMNS, {
          currency: 'USD',
          rate: '151',
          effectiveDate: '2001-01-01',
        }),
        dryRun: false,
      },
    },
  };

  return {
    baselines,
    problems,
    uniqueValue,
    async close() {
      await simulator.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
