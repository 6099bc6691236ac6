import { signedCopy } from '#shared/signing/signed-copy.ts';
import { signingRoute } from '#shared/signing/signing-route.ts';

export const handler = signingRoute(
  'signing-document',
  {
    // Only a token that has just signed: the copy of what its holder signed, for 15 minutes.
    accepts: ['signed'],
    reply: ({ fileName, pdf }: { fileName: string; pdf: Uint8Array }) => ({
      status: 200,
      raw: { contentType: 'application/pdf', content: Buffer.from(pdf) },
      headers: { 'content-disposition': `attachment; filename="${fileName}"` },
    }),
  },
  ({ presented }) => signedCopy(presented.session.contractId),
);
