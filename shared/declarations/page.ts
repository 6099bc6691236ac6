import { extname } from 'node:path';
import { declarationPageFiles } from './area.ts';

/*
 * The two public pages (§ 312k BGB „Verträge hier kündigen“, § 356a BGB „Vertrag widerrufen“), under the signing
 * page's policy and headers (shared/signing/page.ts): only our own script and style, nothing inline, nothing
 * from another origin, never framed. The form asks only what the law allows; the script sends it as JSON and
 * shows the receipt, which the customer can print or save as a file.
 */

/** The pages' files by the name they are served under (`/api/erklaerung/<name>`). */
export const declarationAssets: ReadonlyMap<string, string> = new Map(
  declarationPageFiles.map((file) => [file.slice(file.lastIndexOf('/') + 1), file] as const),
);

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
export const declarationAssetType = (name: string): string => contentTypes[extname(name)] ?? 'application/octet-stream';

const field = (id: string, label: string, input: string, hint?: string) => `
        <div class="field">
          <label for="${id}">${label}</label>${hint ? `\n          <p class="hint" id="${id}-hint">${hint}</p>` : ''}
          ${input}
          <p class="field-error" id="${id}-error" hidden></p>
        </div>`;

const describedBy = (id: string, hint: boolean) => `aria-describedby="${hint ? `${id}-hint ` : ''}${id}-error"`;

const personFields = [
  field(
    'firstName',
    'Vorname',
    `<input id="firstName" name="firstName" autocomplete="given-name" maxlength="100" required ${describedBy('firstName', false)}>`,
  ),
  field(
    'lastName',
    'Nachname',
    `<input id="lastName" name="lastName" autocomplete="family-name" maxlength="100" required ${describedBy('lastName', false)}>`,
  ),
  field(
    'email',
    'E-Mail-Adresse',
    `<input id="email" name="email" type="email" autocomplete="email" maxlength="254" required ${describedBy('email', true)}>`,
    'An diese Adresse schicken wir die Eingangsbestätigung.',
  ),
  field(
    'contractNumber',
    'Vertragsnummer (freiwillig)',
    `<input id="contractNumber" name="contractNumber" maxlength="40" inputmode="numeric" placeholder="2026-000123" ${describedBy('contractNumber', true)}>`,
    'Steht auf Ihrem Vertrag. Ohne Nummer ordnen wir die Erklärung über Name und E-Mail-Adresse zu.',
  ),
].join('');

const terminationFields = `
        <fieldset>
          <legend>Art der Kündigung</legend>
          <div class="choice"><input type="radio" id="kind-ordinary" name="kind" value="ordinary" checked><label for="kind-ordinary">Ordentliche Kündigung</label></div>
          <div class="choice"><input type="radio" id="kind-extraordinary" name="kind" value="extraordinary"><label for="kind-extraordinary">Außerordentliche Kündigung aus wichtigem Grund</label></div>
        </fieldset>${field('reason', 'Grund der außerordentlichen Kündigung', `<textarea id="reason" name="reason" rows="4" maxlength="2000" disabled ${describedBy('reason', false)}></textarea>`)}
        <fieldset>
          <legend>Gewünschtes Vertragsende</legend>
          <div class="choice"><input type="radio" id="end-earliest" name="end" value="earliest" checked><label for="end-earliest">Zum nächstmöglichen Zeitpunkt</label></div>
          <div class="choice"><input type="radio" id="end-date" name="end" value="date"><label for="end-date">Zu einem bestimmten Datum</label></div>
        </fieldset>${field('endsOn', 'Datum des Vertragsendes', `<input id="endsOn" name="endsOn" type="date" disabled ${describedBy('endsOn', false)}>`)}`;

interface PageText {
  type: 'termination' | 'withdrawal';
  title: string;
  intro: string;
  button: string;
}

const page = ({ type, title, intro, button }: PageText) => `<!DOCTYPE html>
<html lang="de">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>${title}</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="erklaerung/declaration-page.css">
    <script src="erklaerung/declaration-page.js" defer></script>
  </head>
  <body>
    <main id="main">
      <h1>${title}</h1>
      <p>${intro}</p>
      <form id="declaration" data-type="${type}" novalidate>${personFields}${type === 'termination' ? terminationFields : ''}
        <p class="form-error" id="form-error" role="alert" hidden></p>
        <button type="submit" id="submit">${button}</button>
      </form>
      <noscript><p class="form-error">Zum Absenden wird JavaScript benötigt. Sie können Ihre Erklärung auch per E-Mail oder Brief an das Studio senden.</p></noscript>
      <section id="receipt" hidden tabindex="-1" aria-labelledby="receipt-title">
        <h2 id="receipt-title"></h2>
        <dl id="receipt-content"></dl>
        <p>Eine Bestätigung geht an die angegebene E-Mail-Adresse. Bitte speichern oder drucken Sie diese Eingangsbestätigung.</p>
        <div class="actions">
          <button type="button" id="print">Drucken</button>
          <a id="download" class="button" href="#">Als Datei speichern</a>
        </div>
      </section>
    </main>
  </body>
</html>
`;

export const terminationPage = page({
  type: 'termination',
  title: 'Verträge hier kündigen',
  intro:
    'Kündigen Sie hier Ihren Vertrag, ohne Anmeldung. Pflichtfelder sind Vorname, Nachname und E-Mail-Adresse. Nach dem Absenden sehen Sie eine Eingangsbestätigung mit Datum und Uhrzeit, die Sie speichern können.',
  button: 'Jetzt kündigen',
});

export const withdrawalPage = page({
  type: 'withdrawal',
  title: 'Vertrag widerrufen',
  intro:
    'Widerrufen Sie hier Ihren Vertrag, ohne Anmeldung. Pflichtfelder sind Vorname, Nachname und E-Mail-Adresse. Nach dem Absenden sehen Sie eine Eingangsbestätigung mit Datum und Uhrzeit, die Sie speichern können.',
  button: 'Widerruf bestätigen',
});
