// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCompleteness, formatProblem } from '../completeness.mjs';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const script = join(localesDir, 'check-complete.mjs');

describe('the locales of the console', () => {
  it('have every English key, non-empty, in Japanese, German and Thai', () => {
    const { namespaces, problems } = checkCompleteness(localesDir);
    expect(namespaces).toContain('validation.json');
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('check-complete.mjs agrees (exit 0)', () => {
    expect(execFileSync(process.execPath, [script], { encoding: 'utf8' })).toContain(
      'Locales complete',
    );
  });

  it('validation messages in English are the spec wording with i18next parameters', () => {
    const en = JSON.parse(readFileSync(join(localesDir, 'en', 'validation.json'), 'utf8'));
    // The spec's messages, plus endAfterStart (a period's end after its start: notices).
    expect(Object.keys(en)).toHaveLength(24);
    expect(en.required).toBe('{{name}} is required.');
    expect(en.invalidRowFormat).toBe('Invalid {{name}} format at row {{rowCount}}.');
    expect(en.slugFormat).toBe(
      'URL slug can only contain lowercase letters, hyphens and underscores.',
    );
  });

  it('validation messages are translated, keeping every parameter', () => {
    const read = (language: string): Record<string, string> =>
      JSON.parse(readFileSync(join(localesDir, language, 'validation.json'), 'utf8'));
    const en = read('en');
    const params = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const language of ['ja', 'de', 'th']) {
      const translated = read(language);
      for (const [key, english] of Object.entries(en)) {
        expect(translated[key], `${language}:${key}`).not.toBe(english);
        expect(params(translated[key]!), `${language}:${key}`).toEqual(params(english));
      }
    }
  });
});

describe('the completeness check', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  function fixture(files: Record<string, string | object>): string {
    dir = mkdtempSync(join(tmpdir(), 'locales-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(
        join(dir, path),
        typeof content === 'string' ? content : JSON.stringify(content),
      );
    }
    return dir;
  }

  const complete = {
    'en/common.json': { menu: { home: 'Home', orders: 'Orders' }, ok: 'OK' },
    'ja/common.json': { menu: { home: 'ホーム', orders: '注文' }, ok: 'OK' },
    'de/common.json': { menu: { home: 'Start', orders: 'Bestellungen' }, ok: 'OK' },
    'th/common.json': { menu: { home: 'หน้าแรก', orders: 'คำสั่งซื้อ' }, ok: 'ตกลง' },
  };

  it('passes complete locales', () => {
    expect(checkCompleteness(fixture(complete)).problems).toEqual([]);
  });

  it('lists every key missing or empty in another language, with its nested path', () => {
    const root = fixture({
      ...complete,
      'ja/common.json': { menu: { home: 'ホーム' }, ok: 'OK' },
      'de/common.json': { menu: { home: ' ', orders: 'Bestellungen' } },
    });
    expect(checkCompleteness(root).problems.map(formatProblem)).toEqual([
      'ja/common.json: missing key "menu.orders"',
      'de/common.json: empty value for key "menu.home"',
      'de/common.json: missing key "ok"',
    ]);
  });

  it('lists every key of a namespace file missing in another language', () => {
    const { 'th/common.json': _removed, ...withoutThai } = complete;
    const lines = checkCompleteness(fixture(withoutThai)).problems.map(formatProblem);
    expect(lines).toEqual([
      'th/common.json: file missing (every key below is missing)',
      'th/common.json: missing key "menu.home"',
      'th/common.json: missing key "menu.orders"',
      'th/common.json: missing key "ok"',
    ]);
  });

  it('reports every file that does not parse, in any language', () => {
    const root = fixture({
      ...complete,
      'en/auth.json': '{ "signIn": "Sign in", }',
      'de/common.json': '{ not json',
      'th/extra.json': '[1, 2]',
    });
    const problems = checkCompleteness(root).problems;
    expect(
      problems.map((problem) => [problem.kind, `${problem.language}/${problem.namespace}`]),
    ).toEqual([
      ['parse', 'en/auth.json'],
      ['parse', 'de/common.json'],
      ['parse', 'th/extra.json'],
    ]);
    expect(formatProblem(problems[0]!)).toMatch(/^en\/auth\.json: invalid JSON/);
    expect(formatProblem(problems[2]!)).toBe('th/extra.json: must contain a JSON object');
  });

  it("asks for English's plural forms and each language's own", () => {
    const root = fixture({
      'en/orders.json': { item_one: '{{count}} item', item_other: '{{count}} items' },
      'ja/orders.json': { item_other: '{{count}}件' },
      'de/orders.json': { item_other: '{{count}} Artikel' },
      'th/orders.json': { item_other: '{{count}} รายการ' },
    });
    expect(checkCompleteness(root).problems.map(formatProblem)).toEqual([
      'ja/orders.json: missing key "item_one"',
      'de/orders.json: missing key "item_one"',
      'th/orders.json: missing key "item_one"',
    ]);
  });

  it('fails when the reference language has no namespace files', () => {
    const root = fixture({ 'ja/common.json': { ok: 'OK' } });
    expect(checkCompleteness(root).problems.map(formatProblem)).toEqual([
      'en/: no namespace files (*.json) found in the reference language',
    ]);
  });

  it('check-complete.mjs exits 1 and lists the problems', () => {
    const root = fixture({ ...complete, 'ja/common.json': { ok: 'OK' } });
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [script, root], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain('ja/common.json: missing key "menu.home"');
    expect(failure?.stderr).toContain('ja/common.json: missing key "menu.orders"');
  });
});
