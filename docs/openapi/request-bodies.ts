import type { JsonSchema } from '@valibot/to-json-schema';
import type { Component } from './components.ts';
import { componentRef } from './json-schema.ts';
import { components, operationDocs } from './operations.ts';

/*
 * Request bodies live in `components.requestBodies`, not `components.schemas`. A body field with a
 * `default` is optional to send, while clients generated from the document (openapi-typescript) read a
 * `default` inside `components.schemas` as "always present", which holds for responses only: the
 * document's own minimal examples would not compile against such a client.
 */

const bodies = new Set(Object.values(operationDocs).flatMap((doc) => (doc.body ? [doc.body] : [])));
const bodyNames = new Map(
  Object.entries(components).flatMap(([name, component]) =>
    bodies.has(component) ? [[component, name] as const] : [],
  ),
);

export const requestBodyRef = (body: Component): string => {
  const name = bodyNames.get(body);
  if (name === undefined) throw new Error('A request body must be a component of the document');
  return `#/components/requestBodies/${name}`;
};

/** The converted components, request bodies taken out of `schemas` into `requestBodies`. */
export const splitRequestBodies = (converted: Record<string, JsonSchema>) => {
  const names = new Set(bodyNames.values());
  const schemas = Object.fromEntries(Object.entries(converted).filter(([name]) => !names.has(name)));
  for (const name of names) {
    if (JSON.stringify(schemas).includes(`"${componentRef(name)}"`)) {
      throw new Error(`${name} is a request body and cannot be part of another schema`);
    }
  }
  const requestBodies = Object.fromEntries(
    [...names].map((name) => [name, { required: true, content: { 'application/json': { schema: converted[name] } } }]),
  );
  return { schemas, requestBodies };
};
