import { serviceActivePartition, serviceListPartition, serviceListSortKey } from '#shared/services/keys.ts';

/** The fields of a service that its index keys are made of. */
export interface ServiceFields {
  name: string;
  active: boolean;
}

/** The index attributes a service item carries: the list by name (gsi1) and by active flag (gsi2). */
export const serviceIndexAttributes = (service: ServiceFields & { id: string }) => ({
  gsi1pk: serviceListPartition,
  gsi1sk: serviceListSortKey(service.name, service.id),
  gsi2pk: serviceActivePartition(service.active),
  gsi2sk: serviceListSortKey(service.name, service.id),
});
