import { createHash } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { contactKey } from '#shared/contacts/keys.ts';
import { contractIndexAttributes, contractKey } from '#shared/contracts/keys.ts';
import { documentClient, tableName } from '#shared/db/client.ts';
import { newId } from '#shared/http/ids.ts';
import { serviceKey } from '#shared/services/keys.ts';
import type { BenchEvent } from '../events.ts';
import { bodyOf, callerSub, json } from './reply.ts';

interface ContractRequest {
  contactId: string;
  items: { serviceId: string; quantity: number }[];
  startDate: string;
  endDate: string | null;
  minimumTermMonths: number | null;
  noticePeriodDays: number | null;
  terms: string | null;
  requireStudioSignature: boolean;
}

type Money = { amount: number; currency: string };

/**
 * POST /api/contracts: the contact, each service and the year's number counter
 * read at once (none depends on another), then one transaction: the counter,
 * the contract, the mark on the contact and a check on each service.
 */
export const handler = async (event: BenchEvent) => {
  const input = bodyOf<ContractRequest>(event);
  const TableName = tableName();
  const now = new Date();
  const year = now.getUTCFullYear();
  const counterKey = { pk: `CONTRACT_NUMBER#${year}`, sk: 'COUNTER' };
  const serviceIds = [...new Set(input.items.map((item) => item.serviceId))];
  const [contactRead, counterRead, ...serviceReads] = await Promise.all([
    documentClient.send(new GetCommand({ TableName, Key: contactKey(input.contactId) })),
    documentClient.send(new GetCommand({ TableName, Key: counterKey, ConsistentRead: true })),
    ...serviceIds.map((id) => documentClient.send(new GetCommand({ TableName, Key: serviceKey(id) }))),
  ]);
  const contact = contactRead.Item;
  if (!contact) return json(422);
  const services = new Map(serviceReads.flatMap(({ Item }) => (Item ? [[Item.id as string, Item] as const] : [])));
  const items = input.items.map(({ serviceId, quantity }) => {
    const service = services.get(serviceId);
    if (!service) throw new Error(`No service ${serviceId}`);
    const price = service.price as Money;
    const total = { amount: price.amount * quantity, currency: price.currency };
    return {
      serviceId,
      name: service.name,
      unitPrice: price,
      billingInterval: service.billingInterval,
      quantity,
      total,
    };
  });
  const totals: Record<string, Money> = {};
  for (const item of items) {
    const sum = totals[item.billingInterval]?.amount ?? 0;
    totals[item.billingInterval] = { amount: sum + item.total.amount, currency: item.total.currency };
  }
  const sequence = (counterRead.Item?.last ?? 0) + 1;
  const createdAt = now.toISOString();
  const content = {
    id: newId(),
    number: `${year}-${String(sequence).padStart(6, '0')}`,
    contactId: input.contactId,
    contact: {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      address: contact.address,
    },
    items,
    totals,
    startDate: input.startDate,
    endDate: input.endDate,
    minimumTermMonths: input.minimumTermMonths,
    noticePeriodDays: input.noticePeriodDays,
    terms: input.terms,
    requireStudioSignature: input.requireStudioSignature,
    createdAt,
  };
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  const contract = {
    ...content,
    status: 'pending' as const,
    documentHash: `sha256:${hash}`,
    createdBy: callerSub(event),
    cancelledAt: null,
    cancellationReason: null,
    cancelledBy: null,
    updatedAt: createdAt,
    version: 1,
  };
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName,
            Key: counterKey,
            UpdateExpression: 'SET #last = :sequence',
            ConditionExpression: sequence === 1 ? 'attribute_not_exists(pk)' : '#last = :previous',
            ExpressionAttributeNames: { '#last': 'last' },
            ExpressionAttributeValues: {
              ':sequence': sequence,
              ...(sequence === 1 ? {} : { ':previous': sequence - 1 }),
            },
          },
        },
        {
          Put: {
            TableName,
            Item: {
              ...contractKey(contract.id),
              entity: 'contract',
              ...contractIndexAttributes(contract),
              ...contract,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName,
            Key: contactKey(contact.id),
            UpdateExpression: 'SET hasContracts = :true',
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':true': true, ':version': contact.version },
          },
        },
        ...[...services.values()].map((service) => ({
          ConditionCheck: {
            TableName,
            Key: serviceKey(service.id),
            ConditionExpression: '#version = :version AND active = :true',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': service.version, ':true': true },
          },
        })),
      ],
    }),
  );
  return json(201, { ...contract, signatures: [] });
};
