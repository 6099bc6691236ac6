import { route } from '#shared/http/route.ts';
import { exportPersonalData } from '#shared/privacy/export.ts';

export const handler = route('contacts-export', {}, async ({ id }) => ({
  status: 200,
  body: await exportPersonalData(id),
  headers: { 'content-disposition': `attachment; filename="contact-${id}-personal-data.json"` },
}));
