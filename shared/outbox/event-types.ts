import { type AreaDefinition, areas } from '../areas.ts';

/*
 * The event catalogue, derived from the areas' event types and apart from their
 * schemas: every writing function names the type of its change, and none of
 * them needs the schemas.
 */

export type EventType = (typeof areas)[number]['eventTypes'][number];
type PrefixOf<T> = T extends `${infer Prefix}.${string}` ? Prefix : never;
export type EventObject = PrefixOf<EventType>;

/** The object an event type is about: its prefix. */
export const objectOf = (type: EventType): EventObject => type.slice(0, type.indexOf('.')) as EventObject;

// Derived by calls marked pure, so a function that only names its event's type bundles none of the areas.
const typesOf = (declared: readonly AreaDefinition[]) =>
  declared.flatMap((area) => area.eventTypes) as readonly EventType[] as readonly [EventType, ...EventType[]];
const objectsOf = (types: readonly EventType[]) =>
  [...new Set(types.map(objectOf))] as readonly EventObject[] as readonly [EventObject, ...EventObject[]];

/**
 * Every event type, grouped by the object it is about, in the order of the list of areas. In a deployed
 * bundle the list the stack wrote into it (`functionConstants`), so the areas are not bundled for it.
 */
export const eventTypes =
  typeof __STUDIO_EVENT_TYPES__ === 'undefined'
    ? typesOf(areas)
    : (__STUDIO_EVENT_TYPES__.split(' ') as readonly EventType[] as readonly [EventType, ...EventType[]]);

/** Every kind of object an event is about, in the same order. */
export const eventObjects = /* @__PURE__ */ objectsOf(eventTypes);
