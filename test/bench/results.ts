import type { BundleSize, SdkSource } from './bundles.ts';
import type { ColdStartResult } from './cold-start.ts';
import type { DocumentRenderResult } from './contract-document.ts';
import type { CostResult, IdempotencyCost, WriteCost } from './cost.ts';
import type { DeclarationPageResult } from './declaration-pages.ts';
import type { DuesAccountResult } from './dues-account.ts';
import type { HttpLoadResult } from './http-load.ts';
import type { CollectionResult } from './sepa.ts';
import type { SigningPageResult } from './signing-page.ts';
import type { Latency } from './stats.ts';
import type { WebhookResult } from './webhooks.ts';

/** The figures of one `npm run bench`, as written to bench-results/latest.json. */
export interface BundleResult {
  name: string;
  bytes: Record<SdkSource, BundleSize>;
}

export interface WarmEndpointResult {
  /** `GET /api/contacts/{id}` */
  endpoint: string;
  name: string;
  handler: Latency;
  floor: Latency;
  ratioP50: number;
  ratioP99: number;
}

export interface ScalingResult {
  page: string;
  byTableSize: Record<string, Latency & { floorP50: number; calls: string; readUnits: number }>;
  /** The handler's p50 with the most contacts / with the fewest. */
  ratioP50: number;
  /** The same for the floor: how much DynamoDB (Local) itself depends on the table's size. */
  floorRatioP50: number;
}

export interface Budget {
  budget: string;
  met: boolean;
  detail: string;
}

export interface BenchResults {
  generatedAt: string;
  machine: { node: string; platform: string; cpus: number; cpuModel: string };
  settings: Record<string, number | string>;
  shippedSdk: SdkSource;
  /** Functions measured only as far as possible (no sample event, no fixture, an error answer, or no bundle). */
  unmeasured: { name: string; reason: string }[];
  bundles: BundleResult[];
  coldStart: ColdStartResult[];
  warm: WarmEndpointResult[];
  cost: CostResult[];
  /** Every write request's transaction and what DynamoDB charged for it. */
  writes: WriteCost[];
  idempotency: IdempotencyCost[];
  scaling: ScalingResult[];
  http: HttpLoadResult[];
  /** The customer's copy rendered and sealed (issue 13); its function's bundle and cold start are under `bundles` and `coldStart`. */
  documents: DocumentRenderResult[];
  /** The signing page's weight and time to interactive in Chromium (issue 14); not in `--only documents`. */
  signingPage?: SigningPageResult;
  /** Change-to-delivery latency and the 1,000 changes' tally (issue 15); the event item's WCU is under `writes`. Not in `--only documents`. */
  webhooks?: WebhookResult;
  /** A collection of 2,000 dues, its file and returns (issue 22); not in `--only documents`. */
  sepa?: CollectionResult;
  /** The customer's buttons on a phone: each page's weight and time to interactive (issue 23). */
  declarationPages?: DeclarationPageResult[];
  /** An amended contract's dues against a plain one's, and a long account's read (`--only dues-account`). */
  duesAccount?: DuesAccountResult;
  budgets: Budget[];
}
