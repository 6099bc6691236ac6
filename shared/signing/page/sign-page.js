// @ts-check
// The signing page (docs/walkthrough.md, "Signing at the counter"): shows the contract a signing link was opened for, takes the
// signature, and offers the copy. A file of its own because the page's policy allows no
// inline script. The token travels in the URL's fragment (never sent to a server) and then
// only in the Authorization header; it is kept in this closure, nowhere else.
(() => {
  // Loaded before this file by the page (signature_pad's UMD build), as a global.
  const { SignaturePad } = /** @type {{ SignaturePad: typeof import('signature_pad').default }} */ (
    /** @type {unknown} */ (globalThis)
  );
  const main = /** @type {HTMLElement} */ (document.getElementById('main'));
  const token = location.hash.slice(1);
  // Out of the address bar and the history at once: nobody reads it off the tablet afterwards.
  history.replaceState(null, '', location.pathname + location.search);
  const authorization = `Signing ${token}`;

  const element = (tag, attributes = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === false || value === null || value === undefined) continue;
      if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value === true ? '' : value);
    }
    node.append(...children.filter((child) => child !== null && child !== undefined));
    return node;
  };

  const money = ({ amount, currency }) =>
    new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(amount / 100);
  const date = (day) => day.split('-').reverse().join('.');
  const time = (instant) =>
    new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
  // A link sent home lasts days: its end needs the date as well.
  const until = (view) =>
    view.channel === 'remote'
      ? new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(view.expiresAt))
      : time(view.expiresAt);
  const regionNames = new Intl.DisplayNames(['de'], { type: 'region' });
  const country = (code) => {
    try {
      return regionNames.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const intervals = {
    once: 'einmalig',
    week: 'wöchentlich',
    month: 'monatlich',
    quarter: 'vierteljährlich',
    year: 'jährlich',
  };
  const roleLabels = { customer: 'Kundin/Kunde', studio: 'Studio' };

  const show = (...nodes) => {
    main.replaceChildren(...nodes.filter((node) => node));
    main.focus();
  };

  const stop = (heading, text) =>
    show(element('section', { class: 'notice' }, element('h1', { text: heading }), element('p', { text })));

  const linkInvalid = () =>
    stop(
      'Dieser Link gilt nicht mehr',
      'Er ist ungültig, abgelaufen oder wurde schon verwendet. Bitte lassen Sie sich vom Studio einen neuen Link geben.',
    );

  const addressLines = (address) =>
    address ? [address.street, `${address.postalCode} ${address.city}`, country(address.country)] : [];

  const party = (heading, lines) =>
    element(
      'section',
      { class: 'party' },
      element('h3', { text: heading }),
      element('p', {}, ...lines.filter(Boolean).flatMap((line, index) => (index ? [element('br'), line] : [line]))),
    );

  const partiesSection = ({ studio, contact }) => {
    const studioLines = [
      studio.legalName,
      ...addressLines(studio.address),
      studio.email,
      studio.phone && `Telefon ${studio.phone}`,
      studio.website,
      studio.vatId && `USt-IdNr. ${studio.vatId}`,
      studio.registerEntry,
      studio.representedBy && `Vertreten durch ${studio.representedBy}`,
    ];
    const contactLines = [`${contact.firstName} ${contact.lastName}`, ...addressLines(contact.address), contact.email];
    return element(
      'section',
      { 'aria-labelledby': 'parties' },
      element('h2', { id: 'parties', text: 'Vertragsparteien' }),
      element('div', { class: 'parties' }, party('Studio', studioLines), party(roleLabels.customer, contactLines)),
    );
  };

  const itemsSection = ({ items, totals }) => {
    const header = ['Leistung', 'Menge', 'Einzelpreis', 'Abrechnung', 'Gesamt'];
    const row = (item) =>
      element(
        'tr',
        {},
        element('th', { scope: 'row', text: item.name }),
        ...[String(item.quantity), money(item.unitPrice), intervals[item.billingInterval], money(item.total)].map(
          (text, index) => element('td', { 'data-label': header[index + 1], text }),
        ),
      );
    const totalLines = Object.keys(intervals)
      .filter((interval) => totals[interval])
      .map((interval) =>
        element('li', {}, `Summe ${intervals[interval]}: `, element('strong', { text: money(totals[interval]) })),
      );
    return element(
      'section',
      { 'aria-labelledby': 'items' },
      element('h2', { id: 'items', text: 'Leistungen und Preise' }),
      element(
        'table',
        {},
        element('thead', {}, element('tr', {}, ...header.map((text) => element('th', { scope: 'col', text })))),
        element('tbody', {}, ...items.map(row)),
      ),
      element('ul', { class: 'totals' }, ...totalLines),
    );
  };

  const termSection = (contract, term) =>
    element(
      'section',
      { 'aria-labelledby': 'term' },
      element('h2', { id: 'term', text: 'Laufzeit und Kündigung' }),
      element('p', { text: `Vertragsbeginn: ${date(contract.startDate)}.` }),
      element('p', { text: term.minimumTerm }),
      element('p', { text: term.renewal }),
      element('p', { text: term.notice }),
    );

  const termsSection = ({ terms }) =>
    element(
      'section',
      { 'aria-labelledby': 'terms' },
      element('h2', { id: 'terms', text: 'Vertragsbedingungen' }),
      element('p', { class: 'terms', text: terms ?? 'Keine besonderen Vertragsbedingungen vereinbart.' }),
    );

  /** The pad, sized to its box on every resize (a rotated tablet too), keeping what was drawn. */
  const signaturePad = (canvas, changed) => {
    const pad = new SignaturePad(canvas, { minWidth: 1, maxWidth: 3, penColor: '#111' });
    let drawn = { width: 0, height: 0 };
    const fitToBox = () => {
      const { width, height } = canvas.getBoundingClientRect();
      if (width === 0 || (width === drawn.width && height === drawn.height)) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      const scaleX = drawn.width ? width / drawn.width : 1;
      const scaleY = drawn.height ? height / drawn.height : 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d').scale(ratio, ratio);
      pad.clear();
      pad.fromData(
        strokes.map((stroke) => ({
          ...stroke,
          points: stroke.points.map((point) => ({ ...point, x: point.x * scaleX, y: point.y * scaleY })),
        })),
      );
      drawn = { width, height };
    };
    new ResizeObserver(fitToBox).observe(canvas);
    fitToBox();
    pad.addEventListener('endStroke', changed);
    return pad;
  };

  const maxImageBytes = 100 * 1024;
  const decodedBytes = (dataUrl) => Math.floor(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4);

  /** A PNG within the API's rules: at most 1200 px wide (2000 allowed) and 100 KiB, scaled down until it fits. */
  const signatureImage = (canvas) => {
    let width = Math.min(canvas.width, 1200);
    for (;;) {
      const copy = element('canvas', {
        width,
        height: Math.max(1, Math.round((canvas.height * width) / canvas.width)),
      });
      copy.getContext('2d').drawImage(canvas, 0, 0, copy.width, copy.height);
      const dataUrl = copy.toDataURL('image/png');
      if (decodedBytes(dataUrl) <= maxImageBytes || width <= 200) return dataUrl;
      width = Math.round(width * 0.7);
    }
  };

  const randomKey = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

  const post = async (path, body, key) => {
    // A lost answer is asked again under the same Idempotency-Key: the server answers with the first outcome.
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetch(path, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', 'idempotency-key': key },
          body,
          cache: 'no-store',
        });
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  };

  const fileNameOf = (response, number) =>
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `Vertrag-${number}.pdf`;

  const download = async (number, message) => {
    message.textContent = 'Die Kopie wird geladen …';
    const response = await fetch('signing/document', { headers: { authorization }, cache: 'no-store' }).catch(
      () => undefined,
    );
    if (!response?.ok) {
      message.textContent =
        response?.status === 401
          ? 'Der Download ist nur 15 Minuten nach der Unterschrift möglich. Das Studio sendet Ihnen die Kopie gern zu.'
          : 'Die Kopie konnte nicht geladen werden. Bitte versuchen Sie es noch einmal.';
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = element('a', { href: url, download: fileNameOf(response, number) });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    message.textContent = 'Die Kopie wurde heruntergeladen.';
  };

  const thanks = (contract, signerName, withMandate) => {
    const message = element('p', { role: 'status', class: 'form-message' });
    const button = element('button', { type: 'button', class: 'primary', text: 'Vertrag herunterladen (PDF)' });
    button.addEventListener('click', () => download(contract.number, message));
    show(
      element(
        'section',
        { class: 'notice done' },
        element('h1', { text: `Vielen Dank, ${signerName}!` }),
        element('p', {
          text: withMandate
            ? `Der Vertrag Nr. ${contract.number} und das SEPA-Lastschriftmandat sind unterschrieben.`
            : `Der Vertrag Nr. ${contract.number} ist unterschrieben.`,
        }),
        element('p', { text: 'Ihre Kopie mit allen Angaben zur Unterschrift können Sie jetzt herunterladen.' }),
        button,
        message,
      ),
    );
  };

  /**
   * A signature form, the contract's and the mandate's alike: the name (prefilled), the pad with
   * „Löschen“, the consent and the button, enabled once all three are given. The ids of the
   * mandate's form carry the prefix `mandate-`. On a 201 `signed` gets the answer and the name.
   */
  const signatureForm = ({ prefix, heading, signerName, consentText, submitText, path, echo, signed }) => {
    const id = (name) => `${prefix}${name}`;
    const nameInput = element('input', {
      id: id('signer-name'),
      name: 'signerName',
      type: 'text',
      autocomplete: 'name',
      required: true,
      maxlength: '200',
      value: signerName,
    });
    const canvas = element('canvas', { id: id('pad'), class: 'pad', role: 'img', 'aria-labelledby': id('pad-label') });
    const clear = element('button', { type: 'button', class: 'secondary', text: 'Löschen' });
    const consent = element('input', { id: id('consent'), name: 'consent', type: 'checkbox' });
    const submit = element('button', { type: 'submit', class: 'primary', disabled: true, text: submitText });
    const message = element('p', { id: id('form-message'), class: 'form-message', role: 'alert' });
    let pad;
    const update = () => {
      submit.disabled = !(nameInput.value.trim() && pad && !pad.isEmpty() && consent.checked);
    };
    const form = element(
      'form',
      { id: id('signing'), 'aria-labelledby': id('signature'), novalidate: true },
      element('h2', { id: id('signature'), text: heading }),
      element(
        'div',
        { class: 'field' },
        element('label', { for: id('signer-name'), text: 'Name der unterschreibenden Person' }),
        nameInput,
      ),
      element(
        'div',
        { class: 'field' },
        element('p', { id: id('pad-label'), class: 'label', text: 'Unterschrift mit Finger, Stift oder Maus' }),
        canvas,
        clear,
      ),
      element('div', { class: 'consent' }, consent, element('label', { for: id('consent'), text: consentText })),
      submit,
      message,
    );
    nameInput.addEventListener('input', update);
    consent.addEventListener('change', update);
    clear.addEventListener('click', () => {
      pad.clear();
      update();
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (submit.disabled) return;
      submit.disabled = true;
      message.textContent = 'Die Unterschrift wird gespeichert …';
      const name = nameInput.value.trim();
      const echoed = typeof echo === 'function' ? echo() : echo;
      const body = JSON.stringify({
        signerName: name,
        signatureImage: signatureImage(canvas),
        consent: true,
        ...echoed,
      });
      const response = await post(path, body, randomKey()).catch(() => undefined);
      if (response?.status === 201) return signed(await response.json(), name);
      if (response?.status === 401) return linkInvalid();
      const problem = response ? await response.json().catch(() => ({})) : {};
      message.textContent = response
        ? `Das hat nicht geklappt: ${problem.detail ?? problem.title ?? response.status}`
        : 'Keine Verbindung. Bitte prüfen Sie das Netz und versuchen Sie es noch einmal.';
      update();
    });
    // The pad needs its box laid out, so it starts once the form is in the page.
    return {
      form,
      start: () => {
        pad = signaturePad(canvas, update);
        update();
      },
    };
  };

  /** The IBAN as a bank statement prints it: in groups of four. */
  const groupedIban = (iban) => iban.replace(/(.{4})(?!$)/g, '$1 ');

  const mandateSection = (mandate) =>
    element(
      'section',
      { 'aria-labelledby': 'mandate' },
      element('h2', { id: 'mandate', text: 'Das Mandat' }),
      element(
        'dl',
        { class: 'mandate-facts' },
        ...[
          ['Zahlungsempfänger', mandate.creditor.name],
          ['Gläubiger-Identifikationsnummer', mandate.creditor.creditorId],
          ['Mandatsreferenz', mandate.reference],
          ['Kontoinhaber/in', mandate.accountHolder],
          ['IBAN', groupedIban(mandate.iban)],
        ].map(([term, value]) => element('div', {}, element('dt', { text: term }), element('dd', { text: value }))),
      ),
      element('p', { class: 'mandate-text', text: mandate.text }),
      element('p', { class: 'hash', text: `Mandats-Hash: ${mandate.mandateHash}` }),
    );

  /**
   * The session's second step, after the contract: the SEPA mandate, with a pad of its own. The thanks go to the
   * customer who signed the contract (`customerName`; after a reload, the name the contract expects), not to the
   * account holder, who may be someone else.
   */
  const renderMandate = (view, customerName = view.signerName) => {
    const { contract, mandate } = view;
    const signing = signatureForm({
      prefix: 'mandate-',
      heading: 'Unterschrift (Kontoinhaber/in)',
      signerName: mandate.accountHolder,
      consentText:
        'Ich habe das SEPA-Lastschriftmandat oben gelesen und erteile es mit meiner Unterschrift für das genannte Konto.',
      submitText: 'Mandat erteilen',
      path: 'signing/mandate',
      echo: { mandateHash: mandate.mandateHash },
      signed: () => thanks(contract, customerName, true),
    });
    show(
      element(
        'header',
        {},
        element('p', { class: 'eyebrow', text: `Vertrag Nr. ${contract.number} · Schritt 2 von 2` }),
        element('h1', { text: 'SEPA-Lastschriftmandat erteilen' }),
        element('p', {
          class: 'hint',
          text: `Der Vertrag ist unterschrieben. Die Beiträge werden per Lastschrift eingezogen: Bitte erteilen Sie dafür das Mandat (bis ${time(view.expiresAt)} Uhr).`,
        }),
      ),
      mandateSection(mandate),
      signing.form,
    );
    signing.start();
  };

  /**
   * Signing at home (docs/walkthrough.md, "Signing at home"): the Belehrung and the model form before the pad, and, when the contract would
   * start within the period, a box of its own, never ticked, by which the customer asks for an early start.
   */
  const withdrawalSection = (withdrawal) => {
    const box = withdrawal.earlyStartRequest
      ? element('input', { id: 'early-start', name: 'requestedEarlyStart', type: 'checkbox' })
      : null;
    const section = element(
      'section',
      { id: 'withdrawal', 'aria-labelledby': 'withdrawal-heading' },
      element('h2', { id: 'withdrawal-heading', text: withdrawal.notice.heading }),
      ...withdrawal.notice.sections.flatMap((part) => [
        element('h3', { text: part.heading }),
        ...part.paragraphs.map((paragraph) => element('p', { text: paragraph })),
      ]),
      element('h3', { text: withdrawal.form.heading }),
      ...withdrawal.form.paragraphs.map((line) => element('p', { class: 'form-line', text: line })),
      box
        ? element(
            'div',
            { class: 'consent early-start' },
            box,
            element('label', { for: 'early-start', text: withdrawal.earlyStartRequest }),
          )
        : null,
    );
    return { section, fields: () => ({ requestedEarlyStart: box ? box.checked : false }) };
  };

  const decided = (heading, text, ...more) =>
    show(
      element('section', { class: 'notice done' }, element('h1', { text: heading }), element('p', { text }), ...more),
    );

  /**
   * An amendment's session (docs/amendments.md, "Am Tablet und zu Hause"): what changes, then one form with the
   * pad for agreeing and two buttons of equal weight, „Zustimmen“ and „Ablehnen“. Neither is preselected,
   * greyed out or smaller: agreeing asks for the signature and the consent when tapped, declining asks for nothing.
   */
  const renderAmendment = (view) => {
    const { contract, amendment } = view;
    document.title = 'Änderung des Vertrags';
    if (amendment.status !== 'offered') {
      return stop('Über diese Änderung ist schon entschieden', 'Bitte wenden Sie sich an das Studio.');
    }
    const nameInput = element('input', {
      id: 'signer-name',
      name: 'signerName',
      type: 'text',
      autocomplete: 'name',
      required: true,
      maxlength: '200',
      value: view.signerName,
    });
    const canvas = element('canvas', { id: 'pad', class: 'pad', role: 'img', 'aria-labelledby': 'pad-label' });
    const clear = element('button', { type: 'button', class: 'secondary', text: 'Löschen' });
    const consent = element('input', { id: 'consent', name: 'consent', type: 'checkbox' });
    const agree = element('button', { type: 'submit', class: 'choice', text: 'Zustimmen' });
    const decline = element('button', { type: 'button', class: 'choice', text: 'Ablehnen' });
    const message = element('p', { id: 'form-message', class: 'form-message', role: 'alert' });
    const form = element(
      'form',
      { id: 'decision', 'aria-labelledby': 'decision-heading', novalidate: true },
      element('h2', { id: 'decision-heading', text: 'Ihre Entscheidung' }),
      element('p', {
        class: 'hint',
        text: 'Zum Zustimmen unterschreiben Sie bitte im Feld und bestätigen das Kästchen. Zum Ablehnen brauchen Sie nichts weiter.',
      }),
      element(
        'div',
        { class: 'field' },
        element('label', { for: 'signer-name', text: 'Name der unterschreibenden Person' }),
        nameInput,
      ),
      element(
        'div',
        { class: 'field' },
        element('p', { id: 'pad-label', class: 'label', text: 'Unterschrift mit Finger, Stift oder Maus' }),
        canvas,
        clear,
      ),
      element(
        'div',
        { class: 'consent' },
        consent,
        element('label', {
          for: 'consent',
          text: 'Ich habe die Änderung oben gelesen und stimme ihr mit meiner Unterschrift verbindlich zu.',
        }),
      ),
      element('div', { class: 'choices' }, agree, decline),
      message,
    );
    let pad;
    clear.addEventListener('click', () => pad.clear());
    const busy = (on) => {
      agree.disabled = on;
      decline.disabled = on;
    };
    const failed = async (response) => {
      if (response?.status === 401) return linkInvalid();
      const problem = response ? await response.json().catch(() => ({})) : {};
      message.textContent = response
        ? `Das hat nicht geklappt: ${problem.detail ?? problem.title ?? response.status}`
        : 'Keine Verbindung. Bitte prüfen Sie das Netz und versuchen Sie es noch einmal.';
      busy(false);
    };
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const name = nameInput.value.trim();
      if (!name || pad.isEmpty() || !consent.checked) {
        message.textContent =
          'Zum Zustimmen fehlt noch etwas: Bitte geben Sie Ihren Namen an, unterschreiben Sie im Feld und bestätigen Sie das Kästchen.';
        return;
      }
      busy(true);
      message.textContent = 'Ihre Zustimmung wird gespeichert …';
      const body = JSON.stringify({
        signerName: name,
        signatureImage: signatureImage(canvas),
        consent: true,
        amendmentHash: amendment.amendmentHash,
      });
      const response = await post('signing/amendment', body, randomKey()).catch(() => undefined);
      if (response?.status !== 201) return failed(response);
      const saved = element('p', { role: 'status', class: 'form-message' });
      const copy = element('button', { type: 'button', class: 'primary', text: 'Vereinbarung herunterladen (PDF)' });
      copy.addEventListener('click', () => download(amendment.number, saved));
      decided(
        `Vielen Dank, ${name}!`,
        `Sie haben der Änderung Nr. ${amendment.number} zugestimmt. Sie gilt ab dem ${date(amendment.effectiveFrom)}.`,
        element('p', {
          text: 'Die unterschriebene Vereinbarung können Sie jetzt herunterladen.',
        }),
        copy,
        saved,
      );
    });
    decline.addEventListener('click', async () => {
      busy(true);
      message.textContent = 'Ihre Ablehnung wird gespeichert …';
      const response = await post('signing/amendment/decline', '{}', randomKey()).catch(() => undefined);
      if (response?.status !== 200) return failed(response);
      decided(
        'Die Änderung ist abgelehnt',
        `Sie haben die Änderung Nr. ${amendment.number} abgelehnt. Ihr Vertrag Nr. ${contract.number} bleibt, wie er ist.`,
      );
    });
    show(
      element(
        'header',
        {},
        element('p', { class: 'eyebrow', text: `Vertrag Nr. ${contract.number} · Änderung Nr. ${amendment.number}` }),
        element('h1', { text: amendment.title }),
        element('p', {
          class: 'hint',
          text: `Bitte lesen Sie die Änderung in Ruhe. Am Ende der Seite stimmen Sie zu oder lehnen ab (bis ${until(view)} Uhr). Ohne Ihre Zustimmung ändert sich nichts.`,
        }),
      ),
      element(
        'section',
        { 'aria-labelledby': 'changes' },
        element('h2', { id: 'changes', text: 'Was sich ändert' }),
        ...amendment.lines.map((line) => element('p', { text: line })),
      ),
      element('p', { class: 'hash', text: `Änderungs-Hash: ${amendment.amendmentHash}` }),
      form,
    );
    pad = signaturePad(canvas, () => {});
  };

  const render = (view) => {
    if (view.amendment) return renderAmendment(view);
    const { contract, mandate } = view;
    const withdrawal = view.withdrawal ? withdrawalSection(view.withdrawal) : null;
    if (view.contractSigned) {
      // Reloaded after the contract's step: only the mandate is left, unless it was signed or revoked meanwhile.
      if (mandate) return renderMandate(view);
      return stop('Der Vertrag ist schon unterschrieben', 'Bitte wenden Sie sich an das Studio.');
    }
    const signing = signatureForm({
      prefix: '',
      heading: `Unterschrift (${roleLabels[view.role]})`,
      signerName: view.signerName,
      consentText:
        'Ich habe den Vertrag oben vollständig gelesen und bin mit seinem Inhalt einverstanden. Mit meiner Unterschrift schließe ich ihn verbindlich ab.',
      submitText: 'Verbindlich unterschreiben',
      path: 'signing',
      echo: () => ({ documentHash: view.documentHash, ...withdrawal?.fields() }),
      signed: (signed, signerName) => (mandate ? renderMandate(view, signerName) : thanks(signed, signerName, false)),
    });
    const lastStep = mandate ? ' Danach folgt das SEPA-Lastschriftmandat.' : '';
    show(
      element(
        'header',
        {},
        element('p', {
          class: 'eyebrow',
          text: `Vertrag Nr. ${contract.number}${mandate ? ' · Schritt 1 von 2' : ''}`,
        }),
        element('h1', { text: `Vertrag mit ${contract.studio.legalName}` }),
        element('p', {
          class: 'hint',
          text: `Bitte lesen Sie den Vertrag in Ruhe. Unterschreiben können Sie am Ende der Seite (bis ${until(view)} Uhr).${lastStep}`,
        }),
      ),
      partiesSection(contract),
      itemsSection(contract),
      termSection(contract, view.term),
      termsSection(contract),
      element('p', { class: 'hash', text: `Dokument-Hash: ${view.documentHash}` }),
      withdrawal?.section,
      signing.form,
    );
    signing.start();
  };

  const load = async () => {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return linkInvalid();
    const response = await fetch('signing', { headers: { authorization }, cache: 'no-store' }).catch(() => undefined);
    if (response?.status === 401) return linkInvalid();
    if (!response?.ok)
      return stop('Der Vertrag konnte nicht geladen werden', 'Bitte laden Sie die Seite über den Link neu.');
    render(await response.json());
  };

  load();
})();
