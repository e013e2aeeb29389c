import { Checkbox, Tooltip, Typography, theme } from 'antd';
import { Fragment, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSION_METHODS, type PermissionEntry, type PermissionMethod } from '@esim/contracts';
import { useMatrixLabels } from './matrixLabels';
import {
  matrixCell,
  type MatrixCell,
  type MatrixGrid,
  type MatrixRow,
  type MatrixSection,
} from './permissionMatrix';

export interface PermissionMatrixProps {
  sections: readonly MatrixSection[];
  grid: MatrixGrid;
  /** The signed-in user's permissions: what they do not hold cannot be ticked or cleared. */
  own: readonly PermissionEntry[];
  /** False: every cell read-only (a role above the user, the Administrators role). */
  editable: boolean;
  onToggle: (path: string, method: PermissionMethod, on: boolean) => void;
}

/**
 * A role's permissions as a table: resources (grouped, in the user's language, with their path)
 * by View / Create / Edit / Delete (with the method), Everything (*) first and subtrees
 * ('/stock/*') under their resource. A cell granted through a wider row shows ticked and says so.
 */
export function PermissionMatrix({
  sections,
  grid,
  own,
  editable,
  onToggle,
}: PermissionMatrixProps) {
  const { t } = useTranslation('roles');
  const labels = useMatrixLabels();
  const { token } = theme.useToken();
  const cellStyle: CSSProperties = {
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    textAlign: 'center',
  };
  const headStyle: CSSProperties = {
    ...cellStyle,
    background: token.colorFillAlter,
    fontWeight: token.fontWeightStrong,
  };

  const cellHint = (cell: MatrixCell): string | undefined => {
    if (cell.reason === 'notEditable') return t('matrix.notEditable');
    if (cell.reason === 'notHeld') return t('matrix.notHeld');
    if (cell.coveredBy) return t('matrix.coveredBy', { row: labels.path(cell.coveredBy) });
    return undefined;
  };

  const renderCell = (row: MatrixRow, method: PermissionMethod) => {
    const cell = matrixCell(grid, row.path, method, { own, editable });
    const hint = cellHint(cell);
    const box = (
      <Checkbox
        checked={cell.checked || Boolean(cell.coveredBy)}
        disabled={cell.disabled}
        onChange={(event) => onToggle(row.path, method, event.target.checked)}
        aria-label={t('matrix.cell', { method: labels.method(method), row: labels.row(row) })}
        data-testid={`perm-${row.path}-${method}`}
        data-covered={cell.coveredBy ? 'true' : undefined}
      />
    );
    return (
      <td key={method} style={cellStyle}>
        {hint ? (
          <Tooltip title={hint}>
            <span>{box}</span>
          </Tooltip>
        ) : (
          box
        )}
      </td>
    );
  };

  return (
    <div style={{ overflowX: 'auto' }}>
      <table
        style={{ width: '100%', borderCollapse: 'collapse', minWidth: 560 }}
        data-testid="permission-matrix"
      >
        <thead>
          <tr>
            <th scope="col" style={{ ...headStyle, textAlign: 'start' }}>
              {t('matrix.resource')}
            </th>
            {PERMISSION_METHODS.map((method) => (
              <th key={method} scope="col" style={headStyle}>
                <div>{labels.method(method)}</div>
                <Typography.Text type="secondary" code style={{ fontSize: token.fontSizeSM }}>
                  {method}
                </Typography.Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sections.map((section) => (
            <Fragment key={section.group}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={PERMISSION_METHODS.length + 1}
                  style={{
                    ...cellStyle,
                    textAlign: 'start',
                    color: token.colorTextSecondary,
                    fontSize: token.fontSizeSM,
                    paddingTop: token.paddingSM,
                  }}
                >
                  {labels.group(section.group)}
                </th>
              </tr>
              {section.rows.map((row) => (
                <tr key={row.path} data-testid={`perm-row-${row.path}`}>
                  <th
                    scope="row"
                    style={{
                      ...cellStyle,
                      textAlign: 'start',
                      fontWeight: 'normal',
                      paddingInlineStart: row.kind === 'subtree' ? token.paddingLG : undefined,
                    }}
                  >
                    <span>{labels.row(row)}</span>{' '}
                    <Typography.Text type="secondary" code style={{ fontSize: token.fontSizeSM }}>
                      {row.path}
                    </Typography.Text>
                  </th>
                  {PERMISSION_METHODS.map((method) => renderCell(row, method))}
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
