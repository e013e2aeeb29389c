import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { UserOption } from '@esim/contracts';
import { userSearchQuery } from '../api';

const withLabels = (labels: ReadonlyMap<string, string>, options: readonly UserOption[]) =>
  new Map([...labels, ...options.map((option) => [option.value, option.label] as const)]);

/**
 * Options of a user picker searched on the server (GET user/select?search=): the users found for
 * what is typed, plus the chosen ones, each labelled by its e-mail whatever the current search
 * (`known` labels users chosen before the picker opened, e.g. a role's users).
 */
export function useUserOptions(chosenIds: readonly string[], known: readonly UserOption[] = []) {
  const [search, setSearch] = useState('');
  const result = useQuery(userSearchQuery(search.trim()));
  const [labels, setLabels] = useState(() => withLabels(new Map(), known));
  const [labelled, setLabelled] = useState<readonly UserOption[] | undefined>(undefined);
  if (result.data && result.data !== labelled) {
    // Every user shown once keeps its label (set while rendering: no extra effect pass).
    setLabelled(result.data);
    setLabels(withLabels(labels, result.data));
  }
  const options = useMemo(() => {
    const found = result.data ?? [];
    const foundIds = new Set(found.map((option) => option.value));
    const chosen = chosenIds
      .filter((id) => !foundIds.has(id))
      .map((id) => ({ value: id, label: labels.get(id) ?? id }));
    return [...chosen, ...found];
  }, [labels, result.data, chosenIds]);
  return { options, onSearch: setSearch, loading: result.isFetching };
}
