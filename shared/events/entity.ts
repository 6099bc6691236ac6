import { anyId, itemId, type KeyShape, keyPattern, oneOf } from '../db/key-shape.ts';
import { eventObjects } from '../outbox/event-types.ts';

/** An event's key as both lists read it; the studio's one profile has a fixed id (studio/entity.ts). */
export const eventListKey: KeyShape = {
  pk: keyPattern('EVENTS#', oneOf(eventObjects), '#', oneOf(['studio', anyId])),
  sk: keyPattern('EVENT#', itemId),
  indexSort: keyPattern(itemId),
};
