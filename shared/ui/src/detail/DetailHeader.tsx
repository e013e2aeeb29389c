import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface DetailHeaderProps {
  /** The record's name or number. */
  title: ReactNode;
  /** Status tags beside the title. */
  tags?: ReactNode;
  /** A line under the title (a code, the record it belongs to). */
  subtitle?: ReactNode;
  /** Buttons on the right: pass only those the user may use. */
  actions?: ReactNode;
  /** data-testid of the title. */
  titleTestId?: string;
  testId?: string;
}

/**
 * The head of a detail screen: the title with its status tags (and a subtitle), the actions on
 * the right; wraps on narrow screens.
 */
export function DetailHeader({
  title,
  tags,
  subtitle,
  actions,
  titleTestId,
  testId,
}: DetailHeaderProps) {
  return (
    <Flex justify="space-between" align="center" wrap gap="small" data-testid={testId}>
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Flex align="center" gap="small" wrap>
          <Typography.Title
            level={3}
            style={{ margin: 0, wordBreak: 'break-word' }}
            data-testid={titleTestId}
          >
            {title}
          </Typography.Title>
          {tags}
        </Flex>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </Flex>
      {actions && (
        <Flex gap="small" wrap align="center">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
