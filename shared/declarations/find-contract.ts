import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { emailClaimKey, normalizeEmail } from '../contacts/entity.ts';
import { getContact } from '../contacts/store.ts';
import type { Contract } from '../contracts/schema.ts';
import { listContracts } from '../contracts/store.ts';
import { documentClient, tableName } from '../db/client.ts';
import type { DeclarationContent } from './schema.ts';

/*
 * The rule of matching (docs/declarations.md, "Matching"): a declaration names a contract when exactly one
 * contract has its number (or, without a number, exactly one signed contract belongs to the contact) and
 * that contract's contact has the given email (case-insensitively) and exactly the given last name.
 *
 * No lookup by contract number is needed: the email must match anyway, and it is unique among contacts
 * (its claim item names the one contact), so the contract is searched among that contact's contracts, one
 * Query on their list. Numbers are unique (one counter per year), so "exactly one contract with that number
 * whose contact matches" and "the contact's contract with that number" are the same.
 */

const sameName = (a: string, b: string) => a.normalize('NFC') === b.normalize('NFC');

const contactIdByEmail = async (email: string): Promise<string | undefined> => {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: emailClaimKey(email), ConsistentRead: true }),
  );
  return typeof Item?.contactId === 'string' ? Item.contactId : undefined;
};

const contractsOf = async (contactId: string): Promise<Contract[]> => {
  const all: Contract[] = [];
  let cursor: string | undefined;
  do {
    const page = await listContracts({ contactId, limit: 100, cursor });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
};

/** The one contract the declaration names, or undefined: none, several, or a person who does not fit. */
export const findDeclaredContract = async (declaration: DeclarationContent): Promise<Contract | undefined> => {
  const contactId = await contactIdByEmail(declaration.email);
  if (!contactId) return undefined;
  const contact = await getContact(contactId);
  if (!contact?.email || normalizeEmail(contact.email) !== normalizeEmail(declaration.email)) return undefined;
  if (!sameName(contact.lastName, declaration.lastName)) return undefined;
  const contracts = await contractsOf(contactId);
  const { contractNumber } = declaration;
  const candidates = contractNumber
    ? contracts.filter((contract) => contract.number === contractNumber)
    : contracts.filter((contract) => contract.status === 'signed');
  return candidates.length === 1 ? candidates[0] : undefined;
};
