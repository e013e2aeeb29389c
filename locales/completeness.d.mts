export declare const REFERENCE_LANGUAGE: string;
export declare const TARGET_LANGUAGES: string[];

export type ProblemKind = 'parse' | 'missingFile' | 'missingKey' | 'emptyKey' | 'noNamespaces';

export interface CompletenessProblem {
  kind: ProblemKind;
  language: string;
  namespace?: string;
  key?: string;
  detail?: string;
}

export interface CompletenessResult {
  /** Namespace files (e.g. 'common.json') found in the reference language. */
  namespaces: string[];
  problems: CompletenessProblem[];
}

export declare function flattenKeys(
  value: unknown,
  prefix?: string,
  into?: Map<string, unknown>,
): Map<string, unknown>;

export declare function requiredKeysFor(
  referenceKeys: Map<string, unknown>,
  language: string,
): Map<string, unknown>;

export declare function checkCompleteness(
  localesDir: string,
  options?: { reference?: string; languages?: string[] },
): CompletenessResult;

export declare function formatProblem(problem: CompletenessProblem): string;
