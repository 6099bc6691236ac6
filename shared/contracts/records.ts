import type { Contract, Signature } from './schema.ts';

export const toContract = (item: Record<string, unknown>): Contract => {
  const c = item as unknown as Contract;
  return {
    id: c.id,
    number: c.number,
    status: c.status,
    contactId: c.contactId,
    contact: c.contact,
    items: c.items,
    totals: c.totals,
    startDate: c.startDate,
    endDate: c.endDate,
    minimumTermMonths: c.minimumTermMonths,
    noticePeriodDays: c.noticePeriodDays,
    terms: c.terms,
    requireStudioSignature: c.requireStudioSignature,
    documentHash: c.documentHash,
    createdBy: c.createdBy,
    cancelledAt: c.cancelledAt,
    cancellationReason: c.cancellationReason,
    cancelledBy: c.cancelledBy,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    version: c.version,
  };
};

export const toSignature = (item: Record<string, unknown>): Signature => {
  const s = item as unknown as Signature;
  return {
    id: s.id,
    role: s.role,
    signerName: s.signerName,
    documentHash: s.documentHash,
    signedAt: s.signedAt,
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
    imageSha256: s.imageSha256,
    seal: s.seal,
  };
};
