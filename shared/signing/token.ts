import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../hashing.ts';

/** 32 random bytes, base64url: 256 bits, far beyond guessing even at the gateway's full rate. */
export const newSigningToken = (): string => randomBytes(32).toString('base64url');

/** Only this is stored: a table read never hands anyone a usable token. */
export const signingTokenHash = (token: string): string => sha256Hex(token);

const signingAuthorization = /^Signing ([A-Za-z0-9_-]{43})$/;

/** The token of an `Authorization: Signing <token>` header, or undefined for any other header. */
export const signingTokenOf = (authorization: string | undefined): string | undefined =>
  signingAuthorization.exec(authorization?.trim() ?? '')?.[1];
