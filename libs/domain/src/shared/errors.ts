import { MESSAGES, type MessageKey } from './messages';

/**
 * A refusal by the domain. It carries a stable code (a key of the message catalogue); the HTTP status and
 * the Turkish text come from the catalogue, so the server's `{ error }` and the client's toasts agree.
 * `text` overrides the catalogue text when a message is composed (for example a list of student names).
 */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: MessageKey,
    text?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(text ?? MESSAGES[code].text);
    this.name = 'DomainError';
    this.status = MESSAGES[code].status;
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}
