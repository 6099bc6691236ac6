import { now } from '../clock.ts';
import { tableName } from '../db/client.ts';
import { ConditionFailed, PreconditionFailed } from '../db/errors.ts';
import { getExistingRecord, getRecord, writeNextVersion } from '../db/record-store.ts';
import { checkPrecondition, nextVersion, replaceWithRetry, VersionChanged } from '../db/versioned.ts';
import { write } from '../db/write.ts';
import type { VersionPrecondition } from '../http/if-match.ts';
import { studioEventId, studioItem, studioRecords } from './entity.ts';
import type { StudioInput } from './input.ts';
import { studioKey } from './keys.ts';
import type { Studio } from './schema.ts';

export const getStudioProfile = (): Promise<Studio | undefined> => getRecord(studioRecords, studioKey);

export const getExistingStudioProfile = (): Promise<Studio> => getExistingRecord(studioRecords, studioKey);

/** The first PUT announces `studio.updated` too (docs/events-and-webhooks.md); the one profile's event id is fixed. */
const studioChange = (profile: Studio) => ({
  type: 'studio.updated' as const,
  id: studioEventId,
  version: profile.version,
});

/** What `PUT /api/studio` did: `created` answers 201, a replace 200. */
export interface StudioPut {
  profile: Studio;
  created: boolean;
}

/**
 * Creates the profile or replaces all its fields. An `If-Match` on a profile
 * that does not exist yet is a 412 (there is no version it could match).
 * Without `If-Match`, two first PUTs at once both succeed: one creates, the
 * other replaces what the first created.
 */
export const putStudioProfile = (
  input: StudioInput,
  ifMatch: VersionPrecondition | undefined,
  updatedBy: string,
): Promise<StudioPut> =>
  replaceWithRetry(ifMatch, async () => {
    const current = await getStudioProfile();
    if (!current) {
      if (ifMatch) throw new PreconditionFailed(undefined);
      const at = now().toISOString();
      const profile: Studio = { ...input, createdAt: at, updatedAt: at, updatedBy, version: 1 };
      const result: StudioPut = { profile, created: true };
      try {
        await write(
          [
            {
              Put: {
                TableName: tableName(),
                Item: studioItem(profile),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
          { result, change: studioChange(profile) },
        );
      } catch (error) {
        if (error instanceof ConditionFailed) throw new VersionChanged();
        throw error;
      }
      return result;
    }
    checkPrecondition(ifMatch, current.version);
    const profile = nextVersion(current, { ...input, updatedBy });
    const result: StudioPut = { profile, created: false };
    await writeNextVersion(studioRecords, studioKey, profile, { result, change: studioChange(profile) });
    return result;
  });
