/** Where a service lives in the table (see README "Access patterns"). */
const separator = '\u0001';

export const serviceKey = (id: string) => ({ pk: `SERVICE#${id}`, sk: 'SERVICE' });

export const serviceListPartition = 'SERVICES';
export const serviceActivePartition = (active: boolean) => (active ? 'SERVICES#ACTIVE' : 'SERVICES#INACTIVE');
export const serviceListSortKey = (name: string, id: string) =>
  [name.normalize('NFC').toLowerCase(), id].join(separator);
