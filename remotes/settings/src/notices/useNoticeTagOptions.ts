import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_TAGS } from '@esim/contracts';
import { useNoticeText } from '@esim/ui';
import { noticeTagsQuery } from './api';

/** The tags of the notificationsTag collection, labelled in the user's language. */
export function useNoticeTagOptions() {
  const text = useNoticeText();
  const tags = useQuery(noticeTagsQuery());
  // Until the collection answers, the contract's own list keeps the choices usable.
  const codes = tags.data?.map((row) => row.code) ?? NOTIFICATION_TAGS;
  return { options: codes.map((code) => ({ value: code, label: text.tag(code) })), tags };
}
