// @vitest-environment node
/**
 * The console shares a curated antd (shared/ui/src/antd.ts, provided under the `antd` key) and a
 * curated icon set (@esim/ui/icons) instead of the package entries, which a shared module cannot
 * tree-shake (docs/decisions/0015). A value imported from 'antd' that the curated module does not
 * export would be undefined at run time, and an icon imported from '@ant-design/icons' would
 * bring every icon back: both fail here, naming the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CURATED_ANTD, createSharedConfig } from '../src/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The one module that imports from @ant-design/icons (icons.ts re-exports it). */
const ICONS_MODULE = path.join(ROOT, 'shared', 'ui', 'src', 'icon-set.ts');

/** The source files that end up in a browser bundle: host/src, shared/<pkg>/src, remotes/<area>/src. */
function sourceFiles(): string[] {
  const roots = [
    path.join(ROOT, 'host', 'src'),
    ...['shared', 'remotes'].flatMap((group) =>
      fs
        .readdirSync(path.join(ROOT, group), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join(ROOT, group, entry.name, 'src')),
    ),
  ].filter((dir) => fs.existsSync(dir));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.[cm]?[jt]sx?$/.test(entry.name)) files.push(full);
    }
  };
  roots.forEach(walk);
  return files;
}

interface Import {
  file: string;
  module: string;
  /** Value names imported ({ Button, Table as T } -> Button, Table); type-only ones left out. */
  names: string[];
  /** `import * as x`, `import x from`, `export * from`: every export of the module. */
  whole: boolean;
}

function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: Import[] = [];
  const relative = path.relative(ROOT, file);
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      let whole = false;
      if (clause && !clause.isTypeOnly) {
        if (clause.name) whole = true;
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) whole = true;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
          }
        }
      }
      found.push({ file: relative, module: node.moduleSpecifier.text, names, whole });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements
              .filter((element) => !element.isTypeOnly)
              .map((element) => (element.propertyName ?? element.name).text)
          : [];
      found.push({ file: relative, module: node.moduleSpecifier.text, names, whole: !clause });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ file: relative, module: node.arguments[0].text, names: [], whole: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The names a curated module re-exports (export { A, B } from '...'). */
function exportedNames(file: string): Set<string> {
  const names = new Set<string>();
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  for (const statement of source.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    }
  }
  return names;
}

const imports = sourceFiles().flatMap(importsOf);

describe('the curated antd (shared under the antd key)', () => {
  const curated = exportedNames(CURATED_ANTD);

  it('is what the host and every remote provide as antd', () => {
    expect(createSharedConfig({ dir: path.join(ROOT, 'host') }).antd?.import).toBe(CURATED_ANTD);
    expect(createSharedConfig({ dir: path.join(ROOT, 'remotes', 'stock') }).antd?.import).toBe(
      CURATED_ANTD,
    );
    expect(curated.size).toBeGreaterThan(30);
  });

  it("exports every antd value a workspace file imports from 'antd'", () => {
    const problems = imports
      .filter((item) => item.module === 'antd')
      .flatMap((item) => [
        ...(item.whole ? [`${item.file}: import only named values from 'antd'`] : []),
        ...item.names
          .filter((name) => !curated.has(name))
          .map(
            (name) =>
              `${item.file}: ${name} is not in shared/ui/src/antd.ts (add it there; it ships to every screen)`,
          ),
      ]);
    expect(problems).toEqual([]);
  });
});

describe('the curated icon set (@esim/ui/icons)', () => {
  it('is shared as a singleton, and the whole @ant-design/icons set is not', () => {
    const shared = createSharedConfig({ dir: path.join(ROOT, 'host') });
    expect(shared['@esim/ui/icons']).toMatchObject({ singleton: true, eager: false });
    expect(shared).not.toHaveProperty(['@ant-design/icons']);
  });

  it('is where every screen gets its icons from', () => {
    const problems = imports
      .filter((item) => item.module.startsWith('@ant-design/icons'))
      .filter((item) => path.join(ROOT, item.file) !== ICONS_MODULE)
      .map((item) => `${item.file}: imports ${item.module}; import icons from '@esim/ui/icons'`);
    expect(problems).toEqual([]);
  });

  it('re-exports every icon it lists by name, one module per icon', () => {
    const own = importsOf(ICONS_MODULE).filter((item) => item.module.startsWith('@ant-design'));
    expect(own.length).toBeGreaterThan(20);
    for (const item of own) expect(item.module).toMatch(/^@ant-design\/icons\/es\/icons\/\w+$/);
  });
});
