import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionMethod } from '@esim/contracts';
import { matrixSections, type MatrixGroupKey, type MatrixRow } from './permissionMatrix';

/** The row of a path as the matrix shows it ('/stock/*' is the stock subtree). */
export function rowOfPath(path: string): MatrixRow {
  const row = matrixSections([path])
    .flatMap((section) => section.rows)
    .find((candidate) => candidate.path === path);
  return row ?? { kind: 'unknown', path };
}

/** The matrix's words in the user's language: rows, groups, methods. */
export function useMatrixLabels() {
  const { t } = useTranslation('roles');
  const row = useCallback(
    (matrixRow: MatrixRow): string => {
      switch (matrixRow.kind) {
        case 'everything':
          return t('matrix.everything');
        case 'resource':
          return t(`resources.${matrixRow.resource}`, { defaultValue: matrixRow.path });
        case 'subtree':
          return t('matrix.subtree', {
            name: t(`resources.${matrixRow.resource}`, { defaultValue: matrixRow.path }),
          });
        default:
          return matrixRow.path;
      }
    },
    [t],
  );
  const path = useCallback((value: string) => row(rowOfPath(value)), [row]);
  const group = useCallback(
    (key: MatrixGroupKey) => t(`groups.${key}`, { defaultValue: key }),
    [t],
  );
  const method = useCallback((value: PermissionMethod) => t(`methods.${value}`), [t]);
  return { row, path, group, method };
}
