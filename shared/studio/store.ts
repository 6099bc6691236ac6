import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { ConditionFailed, NotFound, PreconditionFailed } from '../db/errors.ts';
import { checkPrecondition, nextVersion, replaceWithRetry, VersionChanged, versionedUpdate } from '../db/versioned.ts';
import { write } from '../db/write.ts';
import type { VersionPrecondition } from '../http/if-match.ts';
import { studioEventId, studioFromItem, studioItem, studioKey } from './entity.ts';
import type { Studio, StudioInput } from './schema.ts';

/** The profile as a consistent read: a contract created right after a PUT copies the new one. */
export const getStudioProfile = async (): Promise<Studio | undefined> => {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: studioKey, ConsistentRead: true }),
  );
  return Item ? studioFromItem(Item) : undefined;
};

export const getExistingStudioProfile = async (): Promise<Studio> => {
  const profile = await getStudioProfile();
  if (!profile) throw new NotFound('studio');
  return profile;
};

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
      const at = new Date().toISOString();
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
    try {
      await write([versionedUpdate(studioKey, studioItem(profile))], { result, change: studioChange(profile) });
    } catch (error) {
      if (error instanceof ConditionFailed) throw new VersionChanged();
      throw error;
    }
    return result;
  });
