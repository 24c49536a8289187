import { ApiError, errorText } from '../api/client';

/**
 * api.md 8.2/8.3: failure toasts read "<action>: <reason>". Some server answers already carry the action
 * (docs/DECISIONS.md "Student save errors": every refusal of registerStudent/editStudent, and catalogue texts
 * such as "Kurs kaydı eklenemedi: Bilgi eksik"), so the prefix is added only when it is not there yet. An action
 * the spec ends with its own stop or colon ("Çalışan eklenemedi.", "Çalışan geri getirilemedi:") keeps it.
 */
export function withPrefix(prefix: string, reason: string): string {
  const head = prefix.trimEnd();
  const bare = head.replace(/[.:]$/, '');
  const text = reason.trim();
  if (text === head || text === bare || text.startsWith(`${bare}:`)) return text;
  if (text === '') return head;
  return /[.:]$/.test(head) ? `${head} ${text}` : `${head}: ${text}`;
}

/**
 * The request got no answer of the server's own: a network failure (status 0), or a 5xx from something in
 * between (a proxy, a restart) whose body is not the API's `{ error, code }`. A refusal the server worded
 * itself, even a 503, has a code and is shown as it is.
 */
export function gotNoAnswer(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 0 || (error.status >= 500 && error.code === undefined))
  );
}

/** The texts of one write's failure toast: the action, and the spec's "<action>: Bağlantı hatası" if it has one. */
export interface FailureTexts {
  failure: string;
  noAnswer?: string;
}

/**
 * api.md 8.2/8.3: the failure toast of a write. With no answer it is the catalogue's "Bağlantı hatası"
 * variant (the status text of a bare 502 would mean nothing to the user); otherwise the action followed by
 * the server's error.
 */
export function failureText(texts: FailureTexts, error: unknown): string {
  if (texts.noAnswer !== undefined && gotNoAnswer(error)) return texts.noAnswer;
  return withPrefix(texts.failure, errorText(error));
}
