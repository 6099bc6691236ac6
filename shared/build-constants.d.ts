import type { RouteDefinition } from './routes.ts';

/*
 * Constants the stack's esbuild writes into each function's bundle (`define`,
 * infra/bundling.ts `functionConstants`). Run from the repository (local
 * server, tests, `npm run invoke`) they are undefined, and the code falls back
 * to the route table, the list of areas and both languages of every text.
 */
declare global {
  /** The one language the function answers in: only its catalogue is bundled. */
  const __STUDIO_LANGUAGE__: 'en' | 'de' | undefined;
  /** The route the function serves: the route table itself is not bundled. */
  const __STUDIO_ROUTE__: RouteDefinition | undefined;
  /** Its name: a string, which esbuild can fold in `typeof` tests (an object it cannot). */
  const __STUDIO_ROUTE_NAME__: string | undefined;
  /** The event catalogue (shared/outbox/event-types.ts), space-separated: the list of areas is not bundled. */
  const __STUDIO_EVENT_TYPES__: string | undefined;
  /** The personal-data inventory as JSON (shared/privacy/inventory.ts): neither the areas nor their files are bundled. */
  const __STUDIO_INVENTORY__: string | undefined;
  /** The areas' problem types and not-found texts in the function's language, as JSON (shared/http/area-problems.ts). */
  const __STUDIO_AREA_PROBLEMS__: string | undefined;
}
