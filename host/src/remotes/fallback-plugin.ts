import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The errorLoadRemote runtime plugin: when a remote cannot be loaded (its manifest or remote
 * entry 404s, the network drops, an exposed chunk is missing or throws) loadRemote() resolves
 * to a *failure module* instead of rejecting. The host renders that area's error page with a
 * retry button from it; nothing else of the console is affected.
 *
 * Only the 'onLoad' lifecycle gets a fallback: for 'afterResolve' (manifest) the runtime would
 * take the returned value as the manifest itself, and shared-module failures ('beforeLoadShare')
 * must not be masked. Those errors reach loadRemote's 'onLoad' handling anyway.
 */

/** The property that marks a failure module (no real module export has this name). */
export const REMOTE_FAILURE = '__esimRemoteFailure';

export interface RemoteFailure {
  /** The requested module, e.g. 'suppliers/routes'. */
  id: string;
  /** The remote's name, when the runtime knew it. */
  remote: string | undefined;
  /** The remote's manifest / entry URL, when known. */
  entry: string | undefined;
  message: string;
  error: unknown;
}

export interface RemoteFailureModule {
  readonly [REMOTE_FAILURE]: RemoteFailure;
  readonly default: undefined;
}

export function isRemoteFailure(value: unknown): value is RemoteFailureModule {
  return typeof value === 'object' && value !== null && REMOTE_FAILURE in value;
}

export function createFailureModule(failure: RemoteFailure): RemoteFailureModule {
  return Object.freeze({ [REMOTE_FAILURE]: failure, default: undefined });
}

type ErrorLoadRemoteArgs = Parameters<
  NonNullable<ModuleFederationRuntimePlugin['errorLoadRemote']>
>[0];

function remoteNameOf(args: ErrorLoadRemoteArgs): string | undefined {
  if (args.remote?.name) return args.remote.name;
  const slash = args.id.indexOf('/');
  return slash > 0 ? args.id.slice(0, slash) : undefined;
}

export interface FallbackPluginOptions {
  /** Told about every failure that got a fallback (logging). */
  onFailure?: (failure: RemoteFailure) => void;
}

export function remoteFallbackPlugin(
  options: FallbackPluginOptions = {},
): ModuleFederationRuntimePlugin {
  return {
    name: 'esim-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      const failure: RemoteFailure = {
        id: args.id,
        remote: remoteNameOf(args),
        entry: args.remote?.entry,
        message: args.error instanceof Error ? args.error.message : String(args.error),
        error: args.error,
      };
      options.onFailure?.(failure);
      return createFailureModule(failure);
    },
  };
}
