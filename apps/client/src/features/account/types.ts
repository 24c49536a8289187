/** api.md 7.2 getSessions: one live session of the signed-in user. */
export interface AccountSession {
  sessionId: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  isCurrent?: boolean;
}

export interface SessionsAnswer {
  sessions: AccountSession[];
  currentSessionId: string;
}

/** getProfile fields the settings screen shows beyond the session's Profile (product.md 3 User). */
export interface AccountProfileExtras {
  surname?: string | null;
  createdAt?: string | null;
  passwordChangedAt?: string | null;
}
