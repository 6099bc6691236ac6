import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { PDFDocument } from '@cantoo/pdf-lib';
import { type AddressObject, simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMimeMessage } from '#shared/mail/mime-message.ts';
import { outboxSender } from '#shared/mail/outbox-sender.ts';
import { sendContractCopy } from '#shared/mail/send-contract-copy.ts';
import { sesSender } from '#shared/mail/ses-sender.ts';

const studio = {
  legalName: 'Körperwerk Studio Müller & Töchter GmbH – Fitness für alle',
  email: 'kontakt@koerperwerk.example',
};
const contact = { firstName: 'Änne', lastName: 'Groß' };

let pdf: Uint8Array;
beforeAll(async () => {
  const document = await PDFDocument.create();
  document.addPage().drawText('Vertrag Nr. 2026-000001');
  pdf = await document.save();
});

const copy = () => ({
  to: 'aenne.gross@example.org',
  contractNumber: '2026-000001',
  studio,
  contact,
  pdf,
  fileName: 'Vertrag-2026-000001.pdf',
});

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((object) => object.value.map((entry) => entry.address));

describe('sending the customer’s copy locally', () => {
  it('writes one .eml to the outbox that a mail parser reads as the German message with the PDF', async () => {
    const outbox = join(mkdtempSync(join(tmpdir(), 'mail-')), 'outbox');

    const { messageId } = await sendContractCopy(copy(), {
      sender: outboxSender(outbox),
      from: 'vertraege@studio.invalid',
    });

    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = await simpleParser(readFileSync(join(outbox, files[0] as string)));
    expect(mail.messageId).toBe(`<${messageId}>`);
    expect(addresses(mail.from)).toEqual(['vertraege@studio.invalid']);
    expect(addresses(mail.to)).toEqual(['aenne.gross@example.org']);
    expect(addresses(mail.replyTo)).toEqual(['kontakt@koerperwerk.example']);
    expect(mail.subject).toBe(
      'Ihr Vertrag Nr. 2026-000001 mit Körperwerk Studio Müller & Töchter GmbH – Fitness für alle',
    );
    expect(mail.text).toContain('Guten Tag Änne Groß,');
    expect(mail.text).toContain(
      'Ihr Exemplar des Vertrags Nr. 2026-000001 mit Körperwerk Studio Müller & Töchter GmbH – Fitness für alle',
    );
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toBe('Vertrag-2026-000001.pdf');
    expect(attachment?.contentDisposition).toBe('attachment');
    expect(Buffer.compare(attachment?.content ?? Buffer.alloc(0), Buffer.from(pdf))).toBe(0);
  });

  it('names the studio as the sender, in any script, from the sending identity', async () => {
    const outbox = join(mkdtempSync(join(tmpdir(), 'mail-')), 'outbox');

    await sendContractCopy(copy(), { sender: outboxSender(outbox), from: 'vertraege@studio.invalid' });

    const mail = await simpleParser(readFileSync(join(outbox, readdirSync(outbox)[0] as string)));
    expect([mail.from].flat().flatMap((object) => object?.value ?? [])).toEqual([
      { name: studio.legalName, address: 'vertraege@studio.invalid' },
    ]);
  });

  it('keeps every line of the message within 78 characters, as RFC 5322 asks', async () => {
    const message = await buildMimeMessage({
      from: 'vertraege@studio.invalid',
      to: 'aenne.gross@example.org',
      subject: `Ihr Vertrag mit ${'Ä'.repeat(120)}`,
      text: 'Hallo',
      attachments: [{ fileName: 'a.pdf', contentType: 'application/pdf', bytes: pdf }],
    });

    const lines = Buffer.from(message.raw).toString('utf8').split('\r\n');

    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(78);
    expect((await simpleParser(Buffer.from(message.raw))).subject).toBe(`Ihr Vertrag mit ${'Ä'.repeat(120)}`);
  });

  it('refuses an address that would add a header', async () => {
    await expect(
      buildMimeMessage({
        from: 'vertraege@studio.invalid',
        to: 'aenne@example.org\r\nBcc: everyone@example.org',
        subject: 'x',
        text: 'x',
        attachments: [],
      }),
    ).rejects.toThrow('Not a plain mail address');
  });
});

describe('sending through SES', () => {
  const recordingClient = () => {
    const inputs: unknown[] = [];
    const client = {
      send: async (command: { input: unknown }) => {
        inputs.push(command.input);
        return { MessageId: '0100018f-ses-id' };
      },
    } as unknown as SESv2Client;
    return { client, inputs };
  };

  it('sends the raw message from the configured identity and keeps SES’s message id', async () => {
    const { client, inputs } = recordingClient();
    const message = await buildMimeMessage({
      from: 'vertraege@koerperwerk.example',
      to: 'aenne.gross@example.org',
      subject: 'Ihr Vertrag',
      text: 'Hallo',
      attachments: [],
    });

    const result = await sesSender('vertraege@koerperwerk.example', client).send(message);

    expect(result).toEqual({ messageId: '0100018f-ses-id' });
    expect(inputs).toEqual([
      {
        FromEmailAddress: 'vertraege@koerperwerk.example',
        Destination: { ToAddresses: ['aenne.gross@example.org'] },
        Content: { Raw: { Data: message.raw } },
      },
    ]);
  });

  it('refuses to send from any other address', async () => {
    const { client, inputs } = recordingClient();
    const message = await buildMimeMessage({
      from: 'someone@elsewhere.example',
      to: 'aenne.gross@example.org',
      subject: 'x',
      text: 'x',
      attachments: [],
    });

    await expect(sesSender('vertraege@koerperwerk.example', client).send(message)).rejects.toThrow(
      'SES may send only from vertraege@koerperwerk.example',
    );
    expect(inputs).toEqual([]);
  });
});
