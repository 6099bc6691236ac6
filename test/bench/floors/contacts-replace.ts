import { contactKey } from '#shared/contacts/keys.ts';
import { type ContactFields, contactIndexAttributes } from './contact-item.ts';
import { versionedReplaceFloor } from './versioned-replace.ts';

/** PUT /api/contacts/{id} with the same email: GetItem, then the versioned update (alone: no claim moves). */
export const handler = versionedReplaceFloor<ContactFields>(contactKey, contactIndexAttributes);
