import { useQuery } from '@tanstack/react-query';
import { EntityHistoryTab, useHistoryPaging } from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { tariffHistoryQuery } from '../api';

/** A group's or a code's audit history (GET tariff/history?id=). */
export function History({ id }: { id: string }) {
  const { t } = useTranslation(['tariffs', 'common']);
  const paging = useHistoryPaging();
  const query = useQuery(tariffHistoryQuery(id, paging.page, paging.pageSize));
  return (
    <EntityHistoryTab
      query={query}
      paging={paging}
      fieldLabel={(field) =>
        field.startsWith('price.')
          ? t('history.price', { code: field.slice('price.'.length) })
          : t(`common:fields.${field}`, { defaultValue: field })
      }
    />
  );
}
