/**
 * The instant the contract rules take as "now": contract creation (its `createdAt` and its number's
 * year), signatures, terminations and every computed date ("today" in the studio's time zone).
 *
 * Outside AWS Lambda, `STUDIO_CLOCK` (an RFC 3339 instant such as `2027-01-01T00:30:00+01:00`) stops
 * the clock at that instant, so tests and demos can stand on any day of the calendar: a year
 * boundary, the last day of a notice. In Lambda the variable is never read, so a deployed
 * function cannot be told another time.
 */
export const now = (): Date => {
  const fixed = process.env.AWS_LAMBDA_FUNCTION_NAME === undefined ? process.env.STUDIO_CLOCK : undefined;
  if (fixed === undefined || fixed === '') return new Date();
  const instant = new Date(fixed);
  if (Number.isNaN(instant.getTime())) throw new Error(`STUDIO_CLOCK is not an RFC 3339 instant: ${fixed}`);
  return instant;
};
