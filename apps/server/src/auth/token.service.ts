import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { CONFIG } from '../infra/tokens';
import type { AppConfig } from '../config/config';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Verified access tokens kept at most (the oldest goes first). */
const VERIFIED_TOKENS = 10_000;

/** Short-lived access tokens (JWT, HS256) and opaque refresh tokens stored only as hashes. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was checked, until they expire: a signature cannot change, and the HMAC through
   * WebCrypto was a tenth of a small read's time. Whether the session still lives is read on every call.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {
    this.key = new TextEncoder().encode(config.jwtSecret);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.config.ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    // Valid while the clock is before `exp`, as jose judges it (whole seconds, no tolerance).
    if (known && Math.floor(Date.now() / 1000) < known.exp) return known.claims;
    if (known) this.verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { claims, exp: payload.exp });
      }
      return claims;
    } catch {
      return null;
    }
  }

  /** A refresh token: `<sessionId>.<random>`; only its hash is stored. */
  newRefreshToken(sessionId: string): { token: string; hash: string } {
    const token = `${sessionId}.${randomBytes(32).toString('base64url')}`;
    return { token, hash: hashToken(token) };
  }

  refreshExpiry(now: Date): Date {
    return new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
  }

  /** The absolute lifetime of a session from sign-in (SESSION_MAX_AGE_DAYS). */
  get sessionMaxAgeMs(): number {
    return this.config.SESSION_MAX_AGE_DAYS * 86_400_000;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
