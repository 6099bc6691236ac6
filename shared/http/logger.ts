/**
 * Structured logs: one JSON object per line with level, time, service and the
 * fields we pass. Only what we pass is logged, and we never pass request or
 * response bodies, names, emails or images: the logs hold no personal data.
 *
 * Not @aws-lambda-powertools/logger: it adds ~26 KB to every bundle (budget:
 * 60 KB) and to cold start, for the few lines below.
 */
const levels = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40, SILENT: 100 } as const;
type Level = Exclude<keyof typeof levels, 'SILENT'>;

const configuredLevel = (): number => {
  const name = (process.env.LOG_LEVEL ?? 'INFO').toUpperCase();
  return name in levels ? levels[name as keyof typeof levels] : levels.INFO;
};

const threshold = configuredLevel();

const write = (level: Level, message: string, fields: Record<string, unknown>) => {
  if (levels[level] < threshold) return;
  const line = JSON.stringify({
    level,
    message,
    timestamp: new Date().toISOString(),
    service: 'studio-api',
    ...fields,
  });
  process.stdout.write(`${line}\n`);
};

export const logger = {
  info: (message: string, fields: Record<string, unknown> = {}) => write('INFO', message, fields),
  warn: (message: string, fields: Record<string, unknown> = {}) => write('WARN', message, fields),
  error: (message: string, fields: Record<string, unknown> = {}) => write('ERROR', message, fields),
};
