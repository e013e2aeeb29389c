import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/config';

/** The English label of a field key, as the API renders it (common:fields.<key>, else the key). */
export function fieldLabel(key: string): string {
  try {
    const common = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'locales', 'en', 'common.json'), 'utf8'),
    ) as { fields?: Record<string, unknown> };
    const label = common.fields?.[key];
    return typeof label === 'string' ? label : key;
  } catch {
    return key;
  }
}
