// @vitest-environment node
/**
 * The import-direction rules of eslint.config.js fire: each sample is linted with the real config
 * at a path where it would sit, so a rule that stops matching (a moved folder, a broken pattern)
 * fails here instead of silently letting the imports through.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { AREA_MESSAGE, HOST_MESSAGE, REMOTE_MESSAGE } from '../src/eslint-import-direction.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** Messages of no-restricted-imports for `source` linted as the file `file`. */
async function restricted(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, {
    filePath: path.join(ROOT, file),
  });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** Exactly one report, with the rule's explanation. */
function expectOne(messages: string[], explanation: string) {
  expect(messages).toHaveLength(1);
  expect(messages[0]).toContain(explanation);
}

const imports = (from: string) => `import { value } from '${from}';`;

describe('a remote imports only shared packages and its own files', () => {
  it.each([
    ['remotes/products/src/format.ts', '../../suppliers/src/sync/format'],
    ['remotes/products/src/screens/Screen.tsx', '../../../suppliers/src/api'],
    ['remotes/products/test/format.test.ts', '../../../host/src/main'],
    ['remotes/stock/src/components/deep/Thing.tsx', '../../../../../api/src/areas/list-helpers'],
    ['remotes/products/src/api.ts', '@esim/remote-suppliers'],
    ['remotes/products/src/api.ts', '@esim/host/src/main'],
    ['remotes/products/src/api.ts', '@esim/api'],
  ])('%s may not import %s', async (file, from) => {
    expectOne(await restricted(file, imports(from)), REMOTE_MESSAGE);
  });

  it.each([
    ['remotes/products/src/screens/Screen.tsx', '../format'],
    ['remotes/products/test/format.test.ts', '../src/format'],
    ['remotes/products/src/api.ts', '@esim/ui'],
    ['remotes/products/src/api.ts', '@esim/remote-kit'],
    ['remotes/products/src/api.ts', '@esim/remote-kit/manifest'],
    ['remotes/products/src/api.ts', 'antd'],
  ])('%s may import %s', async (file, from) => {
    expect(await restricted(file, imports(from))).toEqual([]);
  });
});

describe('the host reaches remotes only through federation', () => {
  it.each([
    ['host/src/main.tsx', '../../remotes/products/src/routes'],
    ['host/src/shell/SideMenu.tsx', '../../../remotes/suppliers/src/remote'],
    ['host/test/menu.test.ts', '../../api/src/areas/list-helpers'],
    ['host/src/shell/SideMenu.tsx', '@esim/remote-products'],
  ])('%s may not import %s', async (file, from) => {
    expectOne(await restricted(file, imports(from)), HOST_MESSAGE);
  });

  it.each([
    ['host/src/shell/SideMenu.tsx', '../remotes/route-manifests'],
    ['host/test/menu.test.ts', '../src/remotes/federation'],
    ['host/src/shell/SideMenu.tsx', '@esim/remote-kit/manifest'],
  ])('%s may import %s', async (file, from) => {
    expect(await restricted(file, imports(from))).toEqual([]);
  });
});

describe("an API area does not reach into another area's internals", () => {
  it.each([
    ['api/src/areas/products/service.ts', '../tariffs/service'],
    ['api/src/areas/products/service.ts', '../access/service'],
    ['api/src/areas/tariffs/prices.ts', '../exchange-rates/rates'],
    ['api/src/areas/tariffs/prices.ts', '../../areas/exchange-rates/rates'],
    ['api/src/areas/stock/sub/file.ts', '../../suppliers/service'],
  ])('%s may not import %s', async (file, from) => {
    expectOne(await restricted(file, imports(from)), AREA_MESSAGE);
  });

  it.each([
    ['api/src/areas/products/service.ts', '../tariffs/public'],
    ['api/src/areas/products/service.ts', '../list-helpers'],
    ['api/src/areas/products/service.ts', '../types'],
    ['api/src/areas/products/service.ts', './records'],
    ['api/src/areas/products/service.ts', '../../db/client'],
    ['api/src/areas/products/service.ts', '../../http/errors'],
    ['api/src/areas/stock/sub/file.ts', '../service'],
    ['api/src/areas/stock/sub/file.ts', '../../../db/client'],
  ])('%s may import %s', async (file, from) => {
    expect(await restricted(file, imports(from))).toEqual([]);
  });
});
