import type { PreregisterInput } from '@okul/domain';
import { api } from '../../api/api';
import type { ApiResult } from '../../api/client';

/** api.md 7.2 preregister (no auth): the registration form; on success the client logs the user in. */
export function preregister(payload: PreregisterInput): Promise<ApiResult<unknown>> {
  return api.post('/preregister', payload, { noAuth: true });
}

/** api.md 7.2 verifyEmail {email, token} (no session needed: the link may be opened on another device). */
export function verifyEmail(email: string, token: string): Promise<ApiResult<unknown>> {
  return api.post('/verifyEmail', { email, token }, { noAuth: true });
}
