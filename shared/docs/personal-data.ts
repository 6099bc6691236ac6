import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** The documentation writes no items: nothing of it is in the table (see shared/privacy/item-kind.ts). */
export const itemKinds = [] as const satisfies AreaItemKinds;
