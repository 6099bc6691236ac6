import { collectionFile } from '#shared/collections/collection-file.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('collections-file', {}, ({ id }) => collectionFile(id));
