import { DownloadOutlined, PlusOutlined } from '../icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';

export interface ListActionsProps {
  /** The export button (shown when given). */
  exportAction?: { label: string; exporting: boolean; run: () => void };
  /** The create button (shown when given: pass it only to users who may create). */
  createAction?: { label: string; run: () => void; icon?: ReactNode };
  /** More in the header, before the buttons (a link to a related screen, other buttons). */
  headerExtra?: ReactNode;
}

/** The buttons of a list's header: extras, export (spins while it runs), create. */
export function ListActions({ exportAction, createAction, headerExtra }: ListActionsProps) {
  if (!exportAction && !createAction && !headerExtra) return null;
  return (
    <Flex gap="small" align="center" wrap>
      {headerExtra}
      {exportAction && (
        <Button
          icon={<DownloadOutlined />}
          onClick={exportAction.run}
          loading={exportAction.exporting}
          autoInsertSpace={false}
        >
          {exportAction.label}
        </Button>
      )}
      {createAction && (
        <Button
          type="primary"
          icon={createAction.icon ?? <PlusOutlined />}
          onClick={createAction.run}
          autoInsertSpace={false}
        >
          {createAction.label}
        </Button>
      )}
    </Flex>
  );
}

/** The bar of search and filter controls above a list's table. */
export function ListFilterBar({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <Flex gap="small" wrap align="center" role="search">
      {children}
    </Flex>
  );
}
