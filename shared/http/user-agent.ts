/** The longest `User-Agent` a record keeps, in code points; real ones are well under 300. */
export const maxUserAgentLength = 512;

/**
 * The caller's `User-Agent` as it is stored and sealed with a signature: its
 * first 512 code points. API Gateway passes headers of up to 10 KB, and a
 * record (and the seal over it) should not grow with whatever a client sends.
 * Cut between code points, never inside a surrogate pair.
 */
export const truncateUserAgent = (userAgent: string): string => {
  // Every code point is one or two UTF-16 units, so a short string needs no counting.
  if (userAgent.length <= maxUserAgentLength) return userAgent;
  let end = 0;
  for (let count = 0; count < maxUserAgentLength && end < userAgent.length; count++) {
    end += (userAgent.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  }
  return userAgent.slice(0, end);
};
