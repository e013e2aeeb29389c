import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '@esim/contracts';
import { api } from '@esim/platform';

export const profileKeys = { profile: ['settings', 'profile'] as const };

/** GET profile: the signed-in user's own account. */
export const profileQuery = () =>
  queryOptions({
    queryKey: profileKeys.profile,
    queryFn: ({ signal }) => api.get<Profile>('profile', { signal, notifyError: false }),
    staleTime: 0,
  });

/** PUT profile: the name only; the answer is the profile as it is now. */
export const updateProfileMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (input: UpdateProfileInput) => api.put<Profile>('profile', input),
    onSuccess: (profile: Profile) => queryClient.setQueryData(profileKeys.profile, profile),
  });
