import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { CONFIG } from '../infra/tokens';
import type { AppConfig } from '../config/config';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Short-lived access tokens (JWT, HS256) and opaque refresh tokens stored only as hashes. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
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
