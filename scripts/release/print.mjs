// What the release CLI prints (the same lines through the console's API and offline).

const when = (date) =>
  new Date(date)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');

export function printChange(change) {
  if (!change.changed) {
    console.info(`${change.remote} is already pinned to ${change.toVersion}; nothing changed.`);
    return;
  }
  const verb = change.action === 'rollback' ? 'Rolled back' : 'Pinned';
  console.info(
    `${verb} ${change.remote}: ${change.fromVersion ?? '(none)'} -> ${change.toVersion} ` +
      `by ${change.pinnedBy} at ${when(change.pinnedAt)}${change.reason ? ` (${change.reason})` : ''}` +
      `${change.forced ? ' [forced past the compatibility gate]' : ''}.`,
  );
  console.info(
    'The console loads it on the next page load; no host rebuild or redeploy is needed.',
  );
}

function compatibilityText(compatibility) {
  if (!compatibility || compatibility.unchecked) return '';
  if (compatibility.compatible) return '';
  return `  INCOMPATIBLE: ${compatibility.problems
    .map((p) => `${p.package} ${p.required} (console: ${p.provided ?? 'none'})`)
    .join(', ')}`;
}

function rateText(errorRate) {
  if (!errorRate || errorRate.rate === null) return '';
  return `  errors ${(errorRate.rate * 100).toFixed(1)}% of ${errorRate.loads + errorRate.failures}`;
}

/** The console's release list (RemoteReleaseItem[]). */
export function printReleases(remotes) {
  if (remotes.length === 0) {
    console.info('No remote version is published yet (pnpm release publish <remote>).');
    return;
  }
  for (const entry of remotes) {
    const canary = entry.canary
      ? `  canary: ${entry.canary.version} (${[
          entry.canary.percent !== null ? `${entry.canary.percent}%` : null,
          entry.canary.roleIds.length > 0 ? `roles ${entry.canary.roleIds.join(', ')}` : null,
        ]
          .filter(Boolean)
          .join(', ')})`
      : '';
    console.info(`${entry.remote}  pinned: ${entry.pinnedVersion ?? '(none)'}${canary}`);
    for (const v of entry.versions) {
      const mark = v.pinned ? '*' : entry.canary?.version === v.version ? 'c' : ' ';
      console.info(
        `  ${mark} ${v.version.padEnd(14)} ${when(v.publishedAt)}  ${v.publishedBy}  sha256:${v.manifestHash.slice(0, 12)}` +
          `${compatibilityText(v.compatibility)}${rateText(v.errorRate)}`,
      );
    }
  }
}

/** Pin changes with their remote, newest first. */
export function printHistory(history) {
  if (history.length === 0) {
    console.info('No pin changes yet.');
    return;
  }
  for (const h of history) {
    console.info(
      `${when(h.pinnedAt)}  ${h.remote.padEnd(10)} ${(h.fromVersion ?? '(none)').padEnd(12)} -> ${h.toVersion.padEnd(12)} ` +
        `${h.action.padEnd(8)} ${h.pinnedBy}${h.reason ? `  "${h.reason}"` : ''}${h.forced ? '  [forced]' : ''}`,
    );
  }
}

export function printPublished(result) {
  if (result.published === false) {
    console.info(
      `${result.remote} ${result.version} is already published with this very build; nothing changed.`,
    );
  } else {
    console.info(`Published ${result.remote} ${result.version}`);
  }
  console.info(`  manifest sha256 ${result.manifestHash}`);
  const problems = compatibilityText(result.compatibility);
  if (problems) console.info(problems.trim());
  console.info(
    `Pin it to make the console load it: pnpm release pin ${result.remote} ${result.version} --reason "..."`,
  );
}

export function printCanary(remote, canary, ended) {
  if (ended) {
    console.info(
      `Canary of ${remote} ended (was ${canary.version}); everyone gets the pinned version.`,
    );
    return;
  }
  const audience = [
    canary.percent !== null ? `${canary.percent}% of users` : null,
    canary.roleIds.length > 0 ? `roles ${canary.roleIds.join(', ')}` : null,
  ]
    .filter(Boolean)
    .join(' and ');
  console.info(`Canary of ${remote}: ${canary.version} for ${audience} (${canary.reason}).`);
}
