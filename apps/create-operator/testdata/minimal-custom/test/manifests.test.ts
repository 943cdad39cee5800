// deploy/ must match what `op manifests` generates from src/, so a stale CRD or RBAC fails a test.
import { expectManifestsUpToDate } from '@opkit/manifests';
import { it } from 'vitest';

it('has up-to-date manifests for the zoo-operator', async () => {
  await expectManifestsUpToDate('.');
});
