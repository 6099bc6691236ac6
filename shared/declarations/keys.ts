/*
 * A declaration's key and the list of all, apart from entity.ts and its schemas: the privacy export and erasure
 * read the list without bundling the declarations' schemas and texts.
 */
export const declarationKey = (id: string) => ({ pk: `DECLARATION#${id}`, sk: 'DECLARATION' });
export const declarationListPartition = 'DECLARATIONS';
