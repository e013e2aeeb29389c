import type { BackendModule, ReadCallback } from 'i18next';

/** Loads one namespace of one language; resolves to the JSON object. */
export type NamespaceLoader = (language: string) => Promise<Record<string, unknown>>;

const namespaceLoaders = new Map<string, NamespaceLoader>();

/**
 * Lets a remote bring its own namespace (one the host build does not know), e.g.
 * registerNamespaceLoader('suppliers', (lng) => import(`./locales/${lng}.json`)).
 */
export function registerNamespaceLoader(namespace: string, loader: NamespaceLoader): void {
  namespaceLoaders.set(namespace, loader);
}

/** Reads locales/<lng>/<ns>.json from the @esim/locales package (one lazy chunk per file). */
async function loadFromLocalesPackage(
  language: string,
  namespace: string,
): Promise<Record<string, unknown>> {
  const module = (await import(
    /* webpackChunkName: "locale-[request]" */
    /* webpackInclude: /[\\/](en|ja|de|th)[\\/][\w-]+\.json$/ */
    `@esim/locales/${language}/${namespace}.json`
  )) as { default?: Record<string, unknown> } & Record<string, unknown>;
  return module.default ?? module;
}

/** A file that is not there: retrying cannot help (unlike a failed chunk download). */
function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'MODULE_NOT_FOUND' ||
    code === 'ERR_MODULE_NOT_FOUND' ||
    /Cannot find module|Failed to resolve/i.test(String(error))
  );
}

/**
 * i18next backend over dynamic imports. i18next itself retries failed reads (maxRetries 5)
 * and limits parallel reads (maxParallelReads 10) when the callback says a retry may help.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const loader = namespaceLoaders.get(namespace);
    const loading = loader ? loader(language) : loadFromLocalesPackage(language, namespace);
    loading.then(
      (data) => callback(null, data as never),
      (error: unknown) => callback(error as Error, !isMissing(error) as never),
    );
  },
};
