/**
 * Releases in the general audit history (docs/audit.md): who published, pinned, rolled back,
 * set or ended a canary, or started a preview, when and why. Read with
 * GET audit/history?entityType=<type>&entityId=<id> (GET on /settings/releases).
 */
import { RESOURCES, type CanaryPin } from '@esim/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { defineAuditEntity, recordAudit, type AuditActor, type Tx } from '../../audit';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { PinChange, PublishedVersion } from '../../release-store';

/** A published version; entityId '<remote>@<version>'. */
export const releaseVersionAudit = defineAuditEntity('releaseVersion', RESOURCES.releases);
/** A remote's main pin; entityId = the remote. */
export const releasePinAudit = defineAuditEntity('releasePin', RESOURCES.releases);
/** A remote's canary; entityId = the remote. */
export const releaseCanaryAudit = defineAuditEntity('releaseCanary', RESOURCES.releases);
/** A release manager's preview of a version in their own session; entityId '<remote>@<version>'. */
export const releasePreviewAudit = defineAuditEntity('releasePreview', RESOURCES.releases);

/** A preview is recorded once per user, version and this many minutes (it is read per page load). */
const PREVIEW_AUDIT_MINUTES = 60;

export async function auditPublish(
  tx: Tx,
  actor: AuditActor,
  published: PublishedVersion,
  source: 'upload' | 'cli',
): Promise<void> {
  await recordAudit(tx, {
    entityType: releaseVersionAudit.type,
    entityId: `${published.remote}@${published.version}`,
    action: 'create',
    actor,
    after: {
      remote: published.remote,
      version: published.version,
      manifestHash: published.manifestHash,
      entryHash: published.entryHash,
      source,
    },
  });
}

export async function auditPinChange(tx: Tx, actor: AuditActor, change: PinChange): Promise<void> {
  await recordAudit(tx, {
    entityType: releasePinAudit.type,
    entityId: change.remote,
    action: change.fromVersion === null ? 'create' : 'update',
    actor,
    before: { version: change.fromVersion },
    after: {
      version: change.toVersion,
      change: change.action,
      reason: change.reason,
      ...(change.forced ? { forced: true } : {}),
    },
  });
}

function canarySnapshot(canary: CanaryPin | null) {
  return {
    version: canary?.version ?? null,
    percent: canary?.percent ?? null,
    roleIds: canary?.roleIds ?? [],
  };
}

/** A canary set, changed or ended (an update to "no canary", so the reason is kept). */
export async function auditCanaryChange(
  tx: Tx,
  actor: AuditActor,
  remote: string,
  change: { before: CanaryPin | null; after: CanaryPin | null },
  reason: string,
  forced = false,
): Promise<void> {
  await recordAudit(tx, {
    entityType: releaseCanaryAudit.type,
    entityId: remote,
    action: change.before === null ? 'create' : 'update',
    actor,
    before: change.before === null ? null : { ...canarySnapshot(change.before), reason: null },
    after: { ...canarySnapshot(change.after), reason, ...(forced ? { forced: true } : {}) },
  });
}

/** Records a preview start, unless the same user previewed that version within the hour. */
export async function auditPreview(
  db: Db,
  actor: AuditActor,
  previews: readonly { remote: string; version: string }[],
): Promise<void> {
  for (const { remote, version } of previews) {
    const entityId = `${remote}@${version}`;
    await db.transaction(async (tx) => {
      const [recent] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityType, releasePreviewAudit.type),
            eq(auditLog.entityId, entityId),
            eq(auditLog.actorEmail, actor.email),
            gt(auditLog.at, sql`now() - ${`${PREVIEW_AUDIT_MINUTES} minutes`}::interval`),
          ),
        )
        .limit(1);
      if (recent) return;
      await recordAudit(tx, {
        entityType: releasePreviewAudit.type,
        entityId,
        action: 'create',
        actor,
        after: { remote, version, preview: 'started' },
      });
    });
  }
}
