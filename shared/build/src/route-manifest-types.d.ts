/** Types of route-manifest.js for TypeScript callers (a remote's own tests). */
export interface BuiltRouteManifest {
  schema: number;
  remote: string;
  version: string;
  routes: { path: string; labelKey: string; labels: Record<string, string> }[];
}

export function releaseRouteManifest(options: {
  dir: string;
  area: string;
}): Promise<BuiltRouteManifest>;
