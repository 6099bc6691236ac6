import type { SdkSource } from './bundles.ts';
import type { ColdStartResult } from './cold-start.ts';
import type { BenchResults } from './results.ts';

/** A Markdown table: readable in a terminal and ready to paste into docs/performance.md. */
export const markdownTable = (headers: string[], rows: (string | number)[][]): string => {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(headers), rule, ...cells.slice(1).map(line)].join('\n');
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => value.toFixed(2);
const units = (value: number) => String(Number(value.toFixed(2)));

const bundleSection = (results: BenchResults) => [
  `Bundle size, KB (the stack ships the SDK ${results.shippedSdk === 'bundled' ? 'inside the bundle' : 'from the runtime'})`,
  markdownTable(
    ['function', 'own code, minified', 'gzip', 'with SDK, minified', 'gzip'],
    results.bundles.map(({ name, bytes }) => [
      name,
      kb(bytes.runtime.minifiedBytes),
      kb(bytes.runtime.gzipBytes),
      kb(bytes.bundled.minifiedBytes),
      kb(bytes.bundled.gzipBytes),
    ]),
  ),
];

const coldStartSection = (results: BenchResults) => {
  const rows = new Map<string, ColdStartResult[]>();
  for (const result of results.coldStart) rows.set(result.name, [...(rows.get(result.name) ?? []), result]);
  const cells = (list: ColdStartResult[], sdk: SdkSource) => {
    const result = list.find((candidate) => candidate.sdk === sdk);
    if (!result) return ['', '', '', ''];
    return [result.handlerMs, result.floorMs, result.ratio, `${result.handlerCpuMs} / ${result.floorCpuMs}`];
  };
  return [
    `Cold start: ms from process start to the first response, median of ${results.settings.coldStartRuns}; CPU ms of the process (handler / floor)`,
    markdownTable(
      ['function', 'SDK bundled', 'floor', 'ratio', 'CPU', 'SDK from runtime', 'floor', 'ratio', 'CPU'],
      [...rows].map(([name, list]) => [name, ...cells(list, 'bundled'), ...cells(list, 'runtime')]),
    ),
  ];
};

const warmSection = (results: BenchResults) => [
  `Warm handler latency, ms, in-process (n calls per side: up to ${results.settings.warmIterations}, at least ${results.settings.warmMinimum} within ${Number(results.settings.warmBudgetMs) / 1_000} s per function; interleaved with the floor call by call: the handler's recorded DynamoDB calls replayed with a bare document client)`,
  markdownTable(
    ['function', 'request', 'n', 'handler p50', 'p99', 'floor p50', 'p99', 'ratio p50', 'ratio p99'],
    results.warm.map((row) => [
      row.name,
      row.endpoint,
      row.handler.n,
      ms(row.handler.p50),
      ms(row.handler.p99),
      ms(row.floor.p50),
      ms(row.floor.p99),
      row.ratioP50,
      row.ratioP99,
    ]),
  ),
];

const costSection = (results: BenchResults) => {
  const sizes = Object.keys(results.cost[0]?.byTableSize ?? {});
  const largest = sizes.at(-1) ?? '';
  return [
    'Cost per request: DynamoDB consumed capacity (ReturnConsumedCapacity INDEXES: table and indexes)',
    markdownTable(
      [
        'function',
        'calls',
        'items written',
        'RCU',
        'WCU',
        'same as floor',
        `same with ${sizes.join(' and ')} contacts`,
      ],
      results.cost.map((row) => {
        const cost = row.byTableSize[largest];
        return [
          row.name,
          cost?.calls || '(none)',
          cost?.itemsWritten ?? '',
          units(cost?.readUnits ?? 0),
          units(cost?.writeUnits ?? 0),
          row.sameAsFloor
            ? 'yes'
            : `no (floor: ${row.floor.calls}, ${units(row.floor.readUnits)} RCU, ${units(row.floor.writeUnits)} WCU)`,
          row.independentOfSize ? 'yes' : 'NO',
        ];
      }),
    ),
  ];
};

const writeSection = (results: BenchResults) => [
  "What each write costs: every write is one TransactWriteItems, billed 2 WCU per started KB of each item and of each index entry it writes (AWS's rules applied to the items before and after; DynamoDB Local sums a transaction's items before rounding, so it reports less)",
  markdownTable(
    [
      'function',
      'request',
      'calls',
      'items: WCU (table + indexes)',
      'WCU',
      'as plain writes',
      'Local reported',
      'RCU of its reads',
    ],
    results.writes.map((row) => [
      row.name,
      row.route,
      row.calls,
      row.itemWrites
        .map(
          (item) => `${item.action} ${item.item} ${item.tableUnits}${item.indexUnits ? ` + ${item.indexUnits}` : ''}`,
        )
        .join(', '),
      units(row.writeUnits),
      units(row.writeUnits / 2),
      units(row.reportedWriteUnits),
      units(row.readUnits),
    ]),
  ),
];

const idempotencySection = (results: BenchResults) => [
  "What an Idempotency-Key adds to a POST: the claim is a transaction of its own, the completion joins the work's transaction; a replay reads the stored response through the failed claim",
  markdownTable(
    ['function', 'without key', 'WCU', 'with a new key', 'WCU', 'adds WCU', 'replay: calls', 'RCU', 'WCU'],
    results.idempotency.map(({ name, plain, first, replay }) => [
      name,
      plain.calls,
      units(plain.writeUnits),
      first.calls,
      units(first.writeUnits),
      units(first.writeUnits - plain.writeUnits),
      replay.calls,
      units(replay.readUnits),
      units(replay.writeUnits),
    ]),
  ),
];

const scalingSection = (results: BenchResults) => {
  const sizes = Object.keys(results.scaling[0]?.byTableSize ?? {});
  return [
    `Scaling: list contacts (page of 25) and the studio person's export with ${sizes.join(' and ')} contacts in the table (and ${results.settings.largeTableDeclarations ?? 0} other people's declarations in the large one); p50 ms of the handler (and of its floor)`,
    markdownTable(
      ['page', ...sizes.flatMap((size) => [`${size} contacts`, 'calls', 'RCU']), 'ratio', 'floor ratio'],
      results.scaling.map((row) => [
        row.page,
        ...sizes.flatMap((size) => {
          const cell = row.byTableSize[size];
          return [`${ms(cell?.p50 ?? 0)} (${ms(cell?.floorP50 ?? 0)})`, cell?.calls ?? '', units(cell?.readUnits ?? 0)];
        }),
        row.ratioP50,
        row.floorRatioP50,
      ]),
    ),
  ];
};

const httpSection = (results: BenchResults) => {
  return [
    `HTTP through the local server (autocannon, ${results.settings.httpConnections} connections, ${results.settings.httpSeconds} s)`,
    markdownTable(
      ['request', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
      results.http.map((row) => [
        `GET ${row.path}`,
        row.requestsPerSecond,
        row.p50,
        row.p99,
        row.requests,
        row.non2xx,
        row.errors,
      ]),
    ),
  ];
};

const copySection = (results: BenchResults) => {
  if (!results.documents.length) return [];
  const bundle = results.bundles.find((row) => row.name === 'contracts-document');
  const cold = results.coldStart.find((row) => row.name === 'contracts-document' && row.sdk === results.shippedSdk);
  const unmeasured = results.unmeasured.find((row) => row.name === 'contracts-document');
  const coldText = cold
    ? `cold start ${cold.handlerMs} ms against its floor's ${cold.floorMs} ms (ratio ${cold.ratio}; CPU ${cold.handlerCpuMs} / ${cold.floorCpuMs} ms)`
    : `cold start not measured (${unmeasured?.reason ?? 'no recording'})`;
  const bundleText = bundle
    ? `bundle ${kb(bundle.bytes.runtime.minifiedBytes)} KB minified without the SDK, ${kb(bundle.bytes.bundled.minifiedBytes)} KB with it (${kb(bundle.bytes.bundled.gzipBytes)} KB gzip)`
    : 'bundle not built';
  return [
    `Customer's copy (issue 13): rendered and sealed in-process with the local sealer (ECDSA P-256) and its certificate, ms; contracts-document: ${bundleText}, ${coldText}`,
    markdownTable(
      ['contract', 'renders', 'p50 ms', 'p99 ms', 'PDF KB', 'pages'],
      results.documents.map((row) => [
        `${row.contract} (${row.description})`,
        row.render.n,
        ms(row.render.p50),
        ms(row.render.p99),
        (row.pdfBytes / 1000).toFixed(1),
        row.pages,
      ]),
    ),
  ];
};

const signingPageSection = (results: BenchResults) => {
  const page = results.signingPage;
  if (!page) return [];
  const files = [...page.files, ...page.data];
  return [
    `Signing page (issue 14) in Chromium, ${page.viewport}, a fresh context per visit: time to interactive (contract shown, pad ready) p50 ${page.timeToInteractive.p50} ms, p99 ${page.timeToInteractive.p99} ms of ${page.timeToInteractive.n} visits; medians: HTML received ${page.htmlReceivedMs} ms, DOMContentLoaded ${page.domContentLoadedMs} ms, contract JSON received ${page.contractLoadedMs} ms. Page weight (HTML + JS + CSS): ${kb(page.pageGzipBytes)} KB gzip`,
    markdownTable(
      ['file', 'type', 'bytes', 'gzip (level 9)', 'page weight'],
      files.map((file) => [
        file.path,
        file.type,
        file.bytes,
        file.gzipBytes,
        page.files.includes(file) ? 'yes' : 'no (data)',
      ]),
    ),
  ];
};

const declarationPagesSection = (results: BenchResults) =>
  (results.declarationPages ?? []).flatMap((page) => [
    `${page.path} (issue 23) in Chromium, ${page.viewport}, a fresh context per visit: time to interactive (DOMContentLoaded, the form's script attached) p50 ${page.timeToInteractive.p50} ms, p99 ${page.timeToInteractive.p99} ms of ${page.timeToInteractive.n} visits. Page weight (HTML + JS + CSS): ${kb(page.pageGzipBytes)} KB gzip`,
    markdownTable(
      ['file', 'type', 'bytes', 'gzip (level 9)'],
      page.files.map((file) => [file.path, file.type, file.bytes, file.gzipBytes]),
    ),
  ]);

const webhookSection = (results: BenchResults) => {
  if (!results.webhooks) return [];
  const { idle, burst, endpoints } = results.webhooks;
  // Each write route puts one event item in its transaction: what the event costs, grouped by its WCU.
  const eventWrites = results.writes.flatMap((row) =>
    row.itemWrites.filter((item) => item.item === 'event').map((item) => ({ route: row.name, ...item })),
  );
  const eventUnits = [...new Set(eventWrites.map((item) => `${item.tableUnits} + ${item.indexUnits}`))].map((units) => {
    const same = eventWrites.filter((item) => `${item.tableUnits} + ${item.indexUnits}` === units);
    const bytes = same.map((item) => item.bytes);
    return `${units} WCU (table + index; ${Math.min(...bytes)}–${Math.max(...bytes)} B) in ${same.length} of ${results.writes.length} write routes`;
  });
  return [
    `Webhooks (issue 15), locally: a contact created through the handler, then DynamoDB Local's stream, the stream poller, the dispatcher, the local queue and the delivery handler, to ${endpoints} loopback receivers verifying with standardwebhooks. One change at a time: delivered p50 ${ms(idle.delivery.p50)} ms, p99 ${ms(idle.delivery.p99)} ms after the change's request (${idle.delivery.n} deliveries of ${idle.changes} changes; the handler's own answer p50 ${ms(idle.handler.p50)} ms). ${burst.changes} changes from ${burst.clients} clients: all delivered ${(burst.elapsedMs / 1000).toFixed(1)} s after the first, ${burst.deliveriesPerSecond} deliveries/s, each p50 ${(burst.delivery.p50 / 1000).toFixed(1)} s / p99 ${(burst.delivery.p99 / 1000).toFixed(1)} s after its change (the queue's backlog). Each change's event item, from the write table above: ${eventUnits.join('; ') || 'not measured'}`,
    markdownTable(
      ['endpoint', 'requests', 'distinct webhook-ids', 'lost', 'repeats beyond retries', 'unverified'],
      burst.byEndpoint.map((row, index) => [
        index + 1,
        row.requests,
        row.distinctEvents,
        row.lost,
        row.duplicatesBeyondRetries,
        row.unverified,
      ]),
    ),
  ];
};

const duesAccountSection = (results: BenchResults) => {
  const found = results.duesAccount;
  if (!found) return [];
  const { dues, account } = found;
  return [
    `Dues and account of a long contract, in-process, ${results.settings.warmIterations} calls each: the dues of ${dues.months} months of a contract with ${dues.pauses} pauses and ${dues.priceChanges} price changes interleaved with a plain one's (ratio p50 ${dues.ratioP50}); the account of ${account.dueEntries} monthly dues, ${account.returns} returns and ${account.payments} payments after its first read booked what had come due (${account.firstRead})`,
    markdownTable(
      ['request', 'calls', 'items read', 'p50 ms', 'p99 ms'],
      [
        ['dues, plain contract', dues.plain.calls, dues.plain.itemsRead, ms(dues.plain.p50), ms(dues.plain.p99)],
        [
          'dues, amended contract',
          dues.amended.calls,
          dues.amended.itemsRead,
          ms(dues.amended.p50),
          ms(dues.amended.p99),
        ],
        [`account, ${account.entries} entries`, account.calls, account.itemsRead, ms(account.p50), ms(account.p99)],
      ],
    ),
  ];
};

const budgetSection = (results: BenchResults) => [
  'Budgets',
  markdownTable(
    ['budget', 'met', 'measured'],
    results.budgets.map((budget) => [budget.budget, budget.met ? 'yes' : 'NO', budget.detail]),
  ),
];

const unmeasuredSection = (results: BenchResults) =>
  results.unmeasured.length
    ? ['Not measured', results.unmeasured.map(({ name, reason }) => `- ${name}: ${reason}`).join('\n')]
    : [];

// A `--only` run measures nothing of the whole table (seed, cost, scaling, HTTP).
const tableSections = [costSection, writeSection, idempotencySection, scalingSection, httpSection];

export const renderReport = (results: BenchResults): string =>
  [
    bundleSection,
    unmeasuredSection,
    coldStartSection,
    warmSection,
    ...(results.settings.only === 'all' ? tableSections : []),
    copySection,
    signingPageSection,
    declarationPagesSection,
    webhookSection,
    duesAccountSection,
    budgetSection,
  ]
    .map((section) => section(results).join('\n\n'))
    .filter(Boolean)
    .join('\n\n');
