import {
  NOTIFICATION_LANGUAGES,
  noticeState,
  type LocalizedNoticeText,
  type NoticeItem,
  type NoticeRecord,
  type NotificationLanguage,
  type NotificationSeverity,
  type NotificationTag,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditSnapshot } from '../../audit';
import { iso } from '../list-helpers';

/** A notices row as the area's queries select it (SELECT_NOTICE). */
export interface NoticeRow {
  id: string;
  tag: NotificationTag;
  severity: NotificationSeverity;
  title_en: string;
  title_ja: string | null;
  title_de: string | null;
  title_th: string | null;
  body_en: string;
  body_ja: string | null;
  body_de: string | null;
  body_th: string | null;
  valid_from: string | Date;
  valid_to: string | Date | null;
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
  created_by: string;
  updated_by: string;
  read_count?: number | string;
  read?: boolean | string;
}

export const SELECT_NOTICE = sql`
  n.id, n.tag, n.severity, n.title_en, n.title_ja, n.title_de, n.title_th, n.body_en, n.body_ja,
  n.body_de, n.body_th, n.valid_from, n.valid_to, n.version, n.created_at, n.updated_at,
  n.created_by, n.updated_by`;

/** Valid at `now`: from included, to excluded, no end = open-ended. */
export function validAt(now: SQL = sql`now()`): SQL {
  return sql`(n.valid_from <= ${now} AND (n.valid_to IS NULL OR n.valid_to > ${now}))`;
}

function localized(row: NoticeRow, field: 'title' | 'body'): LocalizedNoticeText {
  return {
    en: row[`${field}_en`],
    ja: row[`${field}_ja`],
    de: row[`${field}_de`],
    th: row[`${field}_th`],
  };
}

export function toRecord(row: NoticeRow, now = new Date()): NoticeRecord {
  const validFrom = iso(row.valid_from);
  const validTo = row.valid_to === null ? null : iso(row.valid_to);
  return {
    id: row.id,
    tag: row.tag,
    severity: row.severity,
    title: localized(row, 'title'),
    body: localized(row, 'body'),
    validFrom,
    validTo,
    state: noticeState({ validFrom, validTo }, now),
    readCount: Number(row.read_count ?? 0),
    version: row.version,
    createdBy: row.created_by,
    createdDate: iso(row.created_at),
    updatedBy: row.updated_by,
    updatedDate: iso(row.updated_at),
  };
}

/**
 * The notice in the reader's language. Title and body fall back together: a notice whose
 * Japanese title was written without a Japanese body is shown all in English, never mixed.
 */
export function toItem(row: NoticeRow, language: NotificationLanguage): NoticeItem {
  const title = localized(row, 'title')[language];
  const body = localized(row, 'body')[language];
  const shown: NotificationLanguage = title && body ? language : 'en';
  return {
    id: row.id,
    tag: row.tag,
    severity: row.severity,
    title: localized(row, 'title')[shown] ?? row.title_en,
    body: localized(row, 'body')[shown] ?? row.body_en,
    language: shown,
    validFrom: iso(row.valid_from),
    validTo: row.valid_to === null ? null : iso(row.valid_to),
    read: row.read === true || row.read === 't' || row.read === 'true',
    createdDate: iso(row.created_at),
  };
}

/** What the audit log keeps of a notice (flat, so each language's change is its own line). */
export function snapshot(record: NoticeRecord): AuditSnapshot {
  const out: AuditSnapshot = {
    tag: record.tag,
    severity: record.severity,
    validFrom: record.validFrom,
    validTo: record.validTo,
  };
  for (const language of NOTIFICATION_LANGUAGES) {
    const suffix = language.charAt(0).toUpperCase() + language.slice(1);
    out[`title${suffix}`] = record.title[language];
    out[`body${suffix}`] = record.body[language];
  }
  return out;
}
