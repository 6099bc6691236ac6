// „Verträge hier kündigen“ and „Vertrag widerrufen“: sends the form as JSON and shows the receipt.
// Every text from the form or the server goes into the page as text (textContent), never as markup.

(() => {
  const form = document.getElementById('declaration');
  const type = form.dataset.type;
  const endpoint = type === 'termination' ? 'public/terminations' : 'public/withdrawals';
  const formError = document.getElementById('form-error');
  const submit = document.getElementById('submit');
  // One key per filled-in form: a double click or a retry after a lost answer files the declaration once.
  let idempotencyKey = crypto.randomUUID();

  const byId = (id) => document.getElementById(id);
  const value = (id) => (byId(id) ? byId(id).value.trim() : '');
  const checked = (name) => form.querySelector(`input[name="${name}"]:checked`)?.value;

  const syncChoices = () => {
    if (type !== 'termination') return;
    byId('reason').disabled = checked('kind') !== 'extraordinary';
    byId('reason').required = checked('kind') === 'extraordinary';
    byId('endsOn').disabled = checked('end') !== 'date';
    byId('endsOn').required = checked('end') === 'date';
  };
  form.addEventListener('change', (event) => {
    syncChoices();
    if (event.target.name !== 'kind' && event.target.name !== 'end') idempotencyKey = crypto.randomUUID();
  });
  form.addEventListener('input', () => {
    idempotencyKey = crypto.randomUUID();
  });
  syncChoices();

  const body = () => {
    const declaration = {
      firstName: value('firstName'),
      lastName: value('lastName'),
      email: value('email'),
      contractNumber: value('contractNumber') || null,
    };
    if (type !== 'termination') return declaration;
    const kind = checked('kind');
    return {
      ...declaration,
      kind,
      reason: kind === 'extraordinary' ? value('reason') || null : null,
      endsOn: checked('end') === 'date' ? value('endsOn') : 'earliest',
    };
  };

  const clearErrors = () => {
    formError.hidden = true;
    formError.textContent = '';
    for (const element of form.querySelectorAll('.field-error')) {
      element.hidden = true;
      element.textContent = '';
    }
    for (const element of form.querySelectorAll('[aria-invalid]')) element.removeAttribute('aria-invalid');
  };

  const showErrors = (problem) => {
    let first;
    for (const { path, message } of problem.errors ?? []) {
      const input = byId(path);
      const slot = byId(`${path}-error`);
      if (!input || !slot) continue;
      input.setAttribute('aria-invalid', 'true');
      slot.textContent = message;
      slot.hidden = false;
      first ??= input;
    }
    formError.textContent = problem.detail || problem.title || 'Die Eingaben sind nicht vollständig.';
    formError.hidden = false;
    (first ?? formError).focus?.();
  };

  const dateTime = (instant) =>
    new Intl.DateTimeFormat('de-DE', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(instant));
  const germanDate = (date) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

  const receiptRows = (receipt) => {
    const d = receipt.declaration;
    const rows = [
      ['Eingegangen am', dateTime(receipt.receivedAt)],
      ['Erklärung', type === 'termination' ? 'Kündigung' : 'Widerruf'],
      ['Name', `${d.firstName} ${d.lastName}`],
      ['E-Mail-Adresse', d.email],
      ['Vertragsnummer', d.contractNumber ?? 'nicht angegeben'],
    ];
    if (type === 'termination') {
      rows.push(['Art', d.kind === 'extraordinary' ? 'außerordentlich (aus wichtigem Grund)' : 'ordentlich']);
      if (d.reason) rows.push(['Grund', d.reason]);
      rows.push(['Gewünschtes Ende', d.endsOn === 'earliest' ? 'zum nächstmöglichen Zeitpunkt' : germanDate(d.endsOn)]);
    }
    rows.push(['Eingangsnummer', receipt.id]);
    return rows;
  };

  const showReceipt = (receipt) => {
    const rows = receiptRows(receipt);
    const list = byId('receipt-content');
    list.replaceChildren();
    for (const [term, description] of rows) {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = description;
      list.append(dt, dd);
    }
    const title = type === 'termination' ? 'Ihre Kündigung ist eingegangen' : 'Ihr Widerruf ist eingegangen';
    byId('receipt-title').textContent = title;
    const file = [title, '', ...rows.map(([term, description]) => `${term}: ${description}`), ''].join('\r\n');
    const link = byId('download');
    link.href = URL.createObjectURL(new Blob([file], { type: 'text/plain;charset=utf-8' }));
    link.download = `${type === 'termination' ? 'kuendigung' : 'widerruf'}-eingangsbestaetigung-${receipt.id}.txt`;
    form.hidden = true;
    const receiptSection = byId('receipt');
    receiptSection.hidden = false;
    receiptSection.focus();
  };

  byId('print').addEventListener('click', () => window.print());

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors();
    submit.disabled = true;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(body()),
      });
      const answer = await response.json().catch(() => ({}));
      if (response.status === 202) return showReceipt(answer);
      if (response.status === 429) {
        formError.textContent = answer.detail || 'Zu viele Erklärungen. Bitte versuchen Sie es später erneut.';
        formError.hidden = false;
        return;
      }
      showErrors(answer);
    } catch {
      formError.textContent =
        'Die Erklärung konnte nicht gesendet werden. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.';
      formError.hidden = false;
    } finally {
      submit.disabled = false;
    }
  });
})();
