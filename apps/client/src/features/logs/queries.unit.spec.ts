import { describe, expect, it } from 'vitest';
import { nextLogCursor, orgLogsRequest, type OrgLog } from './queries';

const log = (id: string): OrgLog => ({
  id,
  createdAt: '2025-01-01T10:00:00.000Z',
  userId: 'u',
  userName: 'Ayşe',
  userEmail: 'a@b.co',
  action: 'login',
  details: {},
  ipAddress: '127.0.0.1',
  userAgent: 'x',
});

describe('log paging (api.md 7.3)', () => {
  it('asks for 50 from the start with the reset flag, then from the last id without it', () => {
    expect(orgLogsRequest(null, null)).toEqual({ action: null, limit: 50, lastDoc: null, reset: true });
    expect(orgLogsRequest('add_course', '812')).toEqual({
      action: 'add_course',
      limit: 50,
      lastDoc: '812',
      reset: false,
    });
  });

  it('continues from the last entry while the server has more, and stops at the start of the log', () => {
    expect(nextLogCursor({ logs: [log('9'), log('7')], hasMore: true })).toBe('7');
    expect(nextLogCursor({ logs: [log('9'), log('7')], hasMore: false })).toBeUndefined();
    expect(nextLogCursor({ logs: [], hasMore: true })).toBeUndefined();
  });
});
